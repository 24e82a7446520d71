import MFECore

/// Paths with their symbolic links resolved (`FileSystem.realPath`), to tell where a link
/// really leads.
enum RealPath {
    /// Whether `path` (resolved) lies inside `folder` (resolved here, on `fileSystem`).
    static func isInside(_ path: String, folder: String, fileSystem: any FileSystem) -> Bool {
        let root = fileSystem.realPath(folder) ?? folder
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

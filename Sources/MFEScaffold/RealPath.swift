import Foundation

/// Paths with their symbolic links resolved, to tell where a link really leads.
enum RealPath {
    /// `path` with every symbolic link resolved; nil when it does not exist.
    static func of(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` (resolved) lies inside `folder` (resolved here).
    static func isInside(_ path: String, folder: String) -> Bool {
        let root = of(folder) ?? folder
        return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }
}

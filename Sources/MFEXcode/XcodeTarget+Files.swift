import MFECore

extension XcodeTarget {
    /// The target's Swift sources (absolute, sorted): the `.swift` files below its
    /// synchronized folders but those its exceptions leave out and those in folders Xcode
    /// takes as one resource (a `.docc` catalog's snippets), and the `.swift` files of its
    /// Sources build phase. A folder that does not exist has no sources, as in Xcode.
    package func swiftFiles(in project: XcodeProject, fileSystem: any FileSystem) throws -> [String] {
        let excluded = Set(excluded.map { PathUtilities.absolute($0, relativeTo: project.rootDirectory) })
        var result: Set<String> = []
        for folder in folders {
            let absolute = PathUtilities.absolute(folder, relativeTo: project.rootDirectory)
            guard fileSystem.isDirectory(absolute) else { continue }
            for relative in try fileSystem.filesBelow(absolute) where relative.hasSuffix(".swift") && !SourceFolderRules.isInsideOpaqueFolder(relative) {
                let path = PathUtilities.join(absolute, relative)
                if !excluded.contains(path) { result.insert(path) }
            }
        }
        for file in files where file.hasSuffix(".swift") {
            let path = PathUtilities.absolute(file, relativeTo: project.rootDirectory)
            if fileSystem.exists(path) { result.insert(path) }
        }
        return result.sorted()
    }

    /// The folders and files that hold the target's sources and resources, and its `.xcconfig`
    /// files, relative to the project's root folder: what a change to makes the target change.
    package var ownedPaths: [String] { folders + files + configurationFiles }
}

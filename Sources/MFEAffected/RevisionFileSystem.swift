import Foundation
import MFECore
import MFEManifest

/// A read-only file system holding a workspace as it was at a git revision, seen at the path
/// where the workspace is on disk (so findings print the same relative paths): every file of
/// the revision below the workspace's folder is listed, and the contents of what loading a
/// workspace reads (every `mfe.yml` and manifest) are kept. Loading a graph from it never runs
/// manifest code and never writes: `mfe graph --base` compares the head with it.
package struct RevisionFileSystem: FileSystem {
    /// Absolute path → contents, for the files read.
    let files: [String: Data]
    /// Absolute path of every file of the revision below the root.
    let paths: Set<String>
    /// Absolute folder → the names in it, sorted.
    let folders: [String: [String]]

    /// The workspace at `revision` of `repository`, whose root (`prefix` below the repository's
    /// top level) is shown at `root`. O(files) for the listing, one `git show` per manifest
    /// (in parallel). Throws an `InputError` when git fails.
    package static func load(repository: GitRepository, revision: String, prefix: String, root: String) async throws -> RevisionFileSystem {
        let listing = try await repository.git(["ls-tree", "-r", "-z", "--name-only", "--full-tree", revision])
        guard listing.status == 0 else {
            throw AffectedError.gitFailed(command: "ls-tree", directory: repository.directory, gitSays: GitRepository.firstLine(of: listing.standardError))
        }
        let inside = prefix.isEmpty ? "" : prefix + "/"
        var relativePaths: [String] = []
        for entry in listing.standardOutput.split(separator: "\0") where entry.hasPrefix(inside) {
            relativePaths.append(String(entry.dropFirst(inside.count)))
        }
        let read = relativePaths.filter { path in
            let name = path.split(separator: "/").last ?? ""
            return name == "mfe.yml" || ChangeOwners.isManifest(name)
        }
        let contents = try await OrderedConcurrency.map(count: read.count, width: 8) { index in
            try await repository.contents(of: inside + read[index], at: revision)
        }
        var files: [String: Data] = [:]
        for (path, text) in zip(read, contents) { if let text { files[PathUtilities.join(root, path)] = Data(text.utf8) } }
        var folders: [String: Set<String>] = [root: []]
        var paths: Set<String> = []
        for path in relativePaths {
            let absolute = PathUtilities.join(root, path)
            paths.insert(absolute)
            var child = absolute
            var parent = (absolute as NSString).deletingLastPathComponent
            while child != root, child.count > root.count {
                let isNew = folders[parent] == nil
                folders[parent, default: []].insert((child as NSString).lastPathComponent)
                if !isNew { break }
                child = parent
                parent = (parent as NSString).deletingLastPathComponent
            }
        }
        return RevisionFileSystem(files: files, paths: paths, folders: folders.mapValues { $0.sorted() })
    }

    package func contents(of path: String) throws -> Data {
        guard let data = files[PathUtilities.normalize(path)] else {
            throw FileOperationError("read", path, code: paths.contains(PathUtilities.normalize(path)) ? EACCES : ENOENT)
        }
        return data
    }

    package func exists(_ path: String) -> Bool {
        let path = PathUtilities.normalize(path)
        return paths.contains(path) || folders[path] != nil
    }

    package func isDirectory(_ path: String) -> Bool { folders[PathUtilities.normalize(path)] != nil }

    package func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let names = folders[PathUtilities.normalize(path)] else { throw FileOperationError("list the folder", path, code: ENOENT) }
        return names
    }

    package func createDirectory(_ path: String) throws { throw FileOperationError("create the folder", path, code: EROFS) }
    package func writeAtomically(_ data: Data, to path: String) throws { throw FileOperationError("write", path, code: EROFS) }
    package func move(_ source: String, to destination: String) throws { throw FileOperationError("move", source, code: EROFS) }
    package func remove(_ path: String) throws { throw FileOperationError("remove", path, code: EROFS) }
    package func append(_ data: Data, to path: String) throws { throw FileOperationError("append to", path, code: EROFS) }
    package func directoryIdentity(_ path: String) -> DirectoryIdentity? { nil }
    package func isSymbolicLink(_ path: String) -> Bool { false }

    package func status(of path: String) -> FileStatus? {
        let path = PathUtilities.normalize(path)
        if folders[path] != nil { return FileStatus(kind: .directory, size: 0, modificationDate: Date(timeIntervalSince1970: 0)) }
        guard paths.contains(path) else { return nil }
        return FileStatus(kind: .file, size: files[path]?.count ?? 0, modificationDate: Date(timeIntervalSince1970: 0))
    }

    package func realPath(_ path: String) -> String? { exists(path) ? PathUtilities.normalize(path) : nil }
    package func isExecutableFile(_ path: String) -> Bool { false }
    package func tryLock(_ path: String) throws -> FileLockAttempt { throw FileOperationError("lock", path, code: EROFS) }
}

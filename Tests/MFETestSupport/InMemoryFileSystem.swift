import Foundation
import MFECore

/// A file system in memory, for unit tests that need files but no disk (as SwiftPM's tests run
/// on its `InMemoryFileSystem`): files, folders, symbolic links, pipes and permissions, with the
/// contract `LocalFileSystem` keeps — the same operation fails with the same
/// `FileOperationError` (a missing file, a folder read as a file, a pipe refused, an unreadable
/// file, a link loop), listings are sorted, a write replaces a file whole, a move never
/// overwrites. `FileSystemContractTests` runs one scenario on both and compares.
///
/// A relative path is taken from `currentDirectory` (`/` unless given), as the disk takes it
/// from the process's working directory, so a service runs on it in process as if mfe had been
/// started in that folder. Permissions are the owner's bits of a
/// mode (`0o644`) and are enforced for every user, so a test of an unreadable file also runs
/// as root, where the real disk would let it read.
package final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    /// One entry: a file, folder, link or pipe.
    private struct Node {
        enum Kind { case file, directory, symbolicLink, pipe }
        var kind: Kind
        /// A file's bytes.
        var data = Data()
        /// A link's target, as written.
        var target = ""
        /// A folder's entries.
        var children: Set<String> = []
        /// Permission bits (`0o644`).
        var mode: UInt16
        /// Unique per entry, as an inode: a lock or an identity is on the entry, not its path.
        var identity: UInt64
        var modified: Date
    }

    /// How deep links may chain before a path is a loop (Linux's limit).
    private static let maximumLinks = 40

    private let lock = NSLock()
    private var nodes: [String: Node]
    private var nextIdentity: UInt64 = 2
    /// The identities of the entries locked with `tryLock`.
    private var locked: Set<UInt64> = []

    /// The folder relative paths start from (read under `lock`, or by code holding it).
    private var workingDirectory: String
    /// What `~/` names in a package location.
    package let homeDirectory: String?

    /// Creates an empty file system: only `/` (and `currentDirectory`, created when given).
    package init(currentDirectory: String = "/", homeDirectory: String? = nil) {
        nodes = ["/": Node(kind: .directory, mode: 0o755, identity: 1, modified: Date(timeIntervalSince1970: 0))]
        workingDirectory = PathUtilities.normalize(currentDirectory.hasPrefix("/") ? currentDirectory : "/" + currentDirectory)
        self.homeDirectory = homeDirectory
        if workingDirectory != "/" { try? createDirectory(workingDirectory) }
    }

    /// The absolute folder relative paths start from.
    package var currentDirectory: String { lock.withLock { workingDirectory } }

    /// Makes `path` (absolute, or relative to the current folder) the folder relative paths
    /// start from, as `cd` does.
    package func changeDirectory(to path: String) {
        lock.withLock { workingDirectory = PathUtilities.normalize(path.hasPrefix("/") ? path : Self.join(workingDirectory, path)) }
    }

    // MARK: Setting up

    /// Writes `text` to the file at `path`, creating the folders on the way (as
    /// `TemporaryDirectory.write` does).
    package func write(_ text: String, to path: String) throws {
        try createDirectory(Self.parent(of: absolute(path)))
        try writeAtomically(Data(text.utf8), to: path)
    }

    /// A folder of this file system with `TemporaryDirectory`'s shape, created if missing.
    package func folder(_ path: String) throws -> InMemoryFolder {
        try createDirectory(path)
        return InMemoryFolder(fileSystem: self, path: absolute(path))
    }

    /// Creates a symbolic link at `path` to `target` (absolute, or relative to the link's folder).
    package func createSymbolicLink(_ path: String, to target: String) throws {
        try add(path, operation: "create the link") { Node(kind: .symbolicLink, target: target, mode: 0o777, identity: $0, modified: Date()) }
    }

    /// Creates a named pipe at `path`: a file mfe must never read or append to.
    package func createPipe(_ path: String) throws {
        try add(path, operation: "create the pipe") { Node(kind: .pipe, mode: 0o644, identity: $0, modified: Date()) }
    }

    /// Sets the permission bits of what `path` names (links followed, as `chmod`).
    package func setMode(_ mode: UInt16, of path: String) throws {
        try lock.withLock {
            guard let found = try resolve(path, operation: "change the mode of").existing else { throw FileOperationError("change the mode of", path, code: ENOENT) }
            nodes[found]?.mode = mode
        }
    }

    /// Sets the modification time of what `path` names (links followed, as `touch -d`).
    package func setModificationDate(_ date: Date, of path: String) throws {
        try lock.withLock {
            guard let found = try resolve(path, operation: "touch").existing else { throw FileOperationError("touch", path, code: ENOENT) }
            nodes[found]?.modified = date
        }
    }

    // MARK: FileSystem

    package func contents(of path: String) throws -> Data {
        try lock.withLock {
            guard let found = try resolve(path, operation: "read").existing, let node = nodes[found] else {
                throw FileOperationError("read", path, code: ENOENT)
            }
            switch node.kind {
            case .directory: throw FileOperationError("read", path, code: EISDIR)
            case .pipe: throw FileOperationError.notRegularFile("read", path)
            case .file, .symbolicLink: break
            }
            guard node.mode & 0o400 != 0 else { throw FileOperationError("read", path, code: EACCES) }
            return node.data
        }
    }

    package func exists(_ path: String) -> Bool {
        lock.withLock { (try? resolve(path, operation: "").existing) != nil }
    }

    package func isDirectory(_ path: String) -> Bool {
        lock.withLock { node(at: path)?.kind == .directory }
    }

    package func contentsOfDirectory(_ path: String) throws -> [String] {
        try lock.withLock {
            let operation = "list the folder"
            // Foundation on Linux reports a file listed as a folder without its errno; the disk's
            // message ("the system refused") is the contract.
            let resolution: Resolution
            do {
                resolution = try resolve(path, operation: operation)
            } catch let error as FileOperationError where error.code == ENOTDIR {
                throw FileOperationError(operation, path, code: nil)
            }
            guard let found = resolution.existing, let node = nodes[found] else {
                throw FileOperationError(operation, path, code: ENOENT)
            }
            guard node.kind == .directory else { throw FileOperationError(operation, path, code: nil) }
            guard node.mode & 0o400 != 0 else { throw FileOperationError(operation, path, code: EACCES) }
            return node.children.sorted()
        }
    }

    package func createDirectory(_ path: String) throws {
        try lock.withLock {
            let operation = "create the folder"
            var current = path.hasPrefix("/") ? "/" : workingDirectory
            let components = Self.components(of: path)
            for (index, component) in components.enumerated() {
                let next = Self.join(current, component)
                let resolved = try resolve(next, operation: operation)
                if let existing = resolved.existing {
                    // A file at the path is EEXIST; a file on the way is reported by Foundation on
                    // Linux without its errno, and the disk's message is the contract.
                    guard nodes[existing]?.kind == .directory else { throw FileOperationError(operation, path, code: index == components.count - 1 ? EEXIST : nil) }
                    current = existing
                    continue
                }
                try insert(at: resolved.path, operation: operation, reportedAs: path, Node(kind: .directory, mode: 0o755, identity: newIdentity(), modified: Date()))
                current = resolved.path
            }
        }
    }

    package func writeAtomically(_ data: Data, to path: String) throws {
        try lock.withLock {
            var destination = try resolveEntry(path, operation: "write")
            // As on disk: a link is written through (its target replaced, the link kept); one
            // that leads nowhere is refused.
            if let link = nodes[destination], link.kind == .symbolicLink {
                guard let target = (try? resolve(path, operation: "write"))?.existing, nodes[target]?.kind != .directory else {
                    throw FileOperationError.danglingLink("write", path, target: link.target)
                }
                destination = target
            }
            let existing = nodes[destination]
            if existing?.kind == .directory { throw FileOperationError("write", path, code: EISDIR) }
            // As on disk: an existing file's mode is kept (through a link, its target's).
            let mode = (try? resolve(path, operation: "write").existing).flatMap { nodes[$0]?.mode } ?? 0o644
            let file = Node(kind: .file, data: data, mode: mode, identity: newIdentity(), modified: Date())
            if existing == nil {
                try insert(at: destination, operation: "write", reportedAs: path, file)
            } else {
                // The temporary file beside it needs a writable folder; the old file stays on failure.
                try checkWritableParent(of: destination, operation: "write", reportedAs: path)
                nodes[destination] = file
            }
        }
    }

    package func move(_ source: String, to destination: String) throws {
        try lock.withLock {
            let operation = "move '\(source)' to"
            if (try? resolve(destination, operation: operation).existing) != nil { throw FileOperationError(operation, destination, code: EEXIST) }
            let from = try resolveEntry(source, operation: operation, reportedAs: destination)
            guard nodes[from] != nil else { throw FileOperationError(operation, destination, code: ENOENT) }
            let to = try resolveEntry(destination, operation: operation)
            guard to != from, !to.hasPrefix(from + "/") else { throw FileOperationError(operation, destination, code: EINVAL) }
            try checkWritableParent(of: to, operation: operation, reportedAs: destination)
            try checkWritableParent(of: from, operation: operation, reportedAs: destination)
            let moved = nodes.filter { $0.key == from || $0.key.hasPrefix(from + "/") }
            for key in moved.keys { nodes[key] = nil }
            nodes[Self.parent(of: from)]?.children.remove(Self.name(of: from))
            for (key, node) in moved { nodes[to + String(key.dropFirst(from.count))] = node }
            nodes[Self.parent(of: to)]?.children.insert(Self.name(of: to))
        }
    }

    package func remove(_ path: String) throws {
        try lock.withLock {
            let entry = try resolveEntry(path, operation: "remove")
            guard nodes[entry] != nil, entry != "/" else { throw FileOperationError("remove", path, code: entry == "/" ? EBUSY : ENOENT) }
            try checkWritableParent(of: entry, operation: "remove", reportedAs: path)
            for key in nodes.keys where key == entry || key.hasPrefix(entry + "/") { nodes[key] = nil }
            nodes[Self.parent(of: entry)]?.children.remove(Self.name(of: entry))
        }
    }

    package func append(_ data: Data, to path: String) throws {
        try lock.withLock {
            let resolved = try resolve(path, operation: "append to")
            guard let found = resolved.existing, let node = nodes[found] else {
                try insert(at: resolved.path, operation: "append to", reportedAs: path, Node(kind: .file, data: data, mode: 0o644, identity: newIdentity(), modified: Date()))
                return
            }
            switch node.kind {
            case .directory: throw FileOperationError("append to", path, code: EISDIR)
            case .pipe: throw FileOperationError.notRegularFile("append to", path)
            case .file, .symbolicLink: break
            }
            guard node.mode & 0o200 != 0 else { throw FileOperationError("append to", path, code: EACCES) }
            nodes[found]?.data.append(data)
            nodes[found]?.modified = Date()
        }
    }

    package func directoryIdentity(_ path: String) -> DirectoryIdentity? {
        lock.withLock {
            guard let node = node(at: path), node.kind == .directory else { return nil }
            return DirectoryIdentity(device: 1, inode: node.identity)
        }
    }

    package func isSymbolicLink(_ path: String) -> Bool {
        lock.withLock {
            guard let entry = try? resolveEntry(path, operation: "") else { return false }
            return nodes[entry]?.kind == .symbolicLink
        }
    }

    package func status(of path: String) -> FileStatus? {
        lock.withLock {
            guard let entry = try? resolveEntry(path, operation: ""), let node = nodes[entry] else { return nil }
            switch node.kind {
            case .file: return FileStatus(kind: .file, size: node.data.count, modificationDate: node.modified)
            case .directory: return FileStatus(kind: .directory, size: 0, modificationDate: node.modified)
            case .symbolicLink: return FileStatus(kind: .symbolicLink, size: node.target.utf8.count, modificationDate: node.modified)
            case .pipe: return FileStatus(kind: .other, size: 0, modificationDate: node.modified)
            }
        }
    }

    package func realPath(_ path: String) -> String? {
        lock.withLock { (try? resolve(path, operation: ""))?.existing }
    }

    package func isExecutableFile(_ path: String) -> Bool {
        lock.withLock {
            guard let node = node(at: path) else { return false }
            return node.kind == .file && node.mode & 0o100 != 0
        }
    }

    package func tryLock(_ path: String) throws -> FileLockAttempt {
        try lock.withLock {
            let entry = try resolveEntry(path, operation: "lock")
            if nodes[entry] == nil {
                try insert(at: entry, operation: "lock", reportedAs: path, Node(kind: .file, mode: 0o644, identity: newIdentity(), modified: Date()))
            }
            guard let node = nodes[entry] else { throw FileOperationError("lock", path, code: ENOENT) }
            switch node.kind {
            // O_NOFOLLOW refuses a link with ELOOP.
            case .symbolicLink: throw FileOperationError("lock", path, code: ELOOP)
            case .directory: throw FileOperationError("lock", path, code: EISDIR)
            case .file, .pipe: break
            }
            guard node.mode & 0o600 == 0o600 else { throw FileOperationError("lock", path, code: EACCES) }
            if locked.contains(node.identity) { return .held(contents: node.data.prefix(31)) }
            locked.insert(node.identity)
            return .acquired(InMemoryFileLock(fileSystem: self, path: entry, identity: node.identity))
        }
    }

    /// Writes `data` into the locked entry `identity`, if it is still at `path`.
    fileprivate func record(_ data: Data, path: String, identity: UInt64) {
        lock.withLock {
            guard nodes[path]?.identity == identity else { return }
            nodes[path]?.data = data
        }
    }

    /// Unlocks the entry `identity`, removing it first when asked and still at `path`.
    fileprivate func unlock(path: String, identity: UInt64, removingFile: Bool) {
        lock.withLock {
            if removingFile, nodes[path]?.identity == identity {
                nodes[path] = nil
                nodes[Self.parent(of: path)]?.children.remove(Self.name(of: path))
            }
            locked.remove(identity)
        }
    }

    // MARK: Paths

    /// Where a path leads: the canonical path of the entry (links resolved), and whether
    /// something is there.
    private struct Resolution {
        var path: String
        var exists: Bool
        /// The canonical path when something is there.
        var existing: String? { exists ? path : nil }
    }

    /// Resolves every link of `path` (the last component too, unless `followingLast` is
    /// false), as the kernel does; `..` goes to the parent of the folder reached so far. Throws
    /// `ENOENT` for a missing folder on the way, `ENOTDIR` for a file used as one, `ELOOP` for
    /// a loop, naming `path` and `operation`.
    private func resolve(_ path: String, operation: String, followingLast: Bool = true) throws -> Resolution {
        var pending = Array(Self.components(of: path).reversed())
        var current = path.hasPrefix("/") ? "/" : workingDirectory
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                current = Self.parent(of: current)
                continue
            }
            guard nodes[current]?.kind == .directory else { throw FileOperationError(operation, path, code: ENOTDIR) }
            let next = Self.join(current, component)
            let isLast = pending.isEmpty
            guard let node = nodes[next] else {
                if isLast { return Resolution(path: next, exists: false) }
                throw FileOperationError(operation, path, code: ENOENT)
            }
            if node.kind == .symbolicLink, !isLast || followingLast {
                links += 1
                guard links <= Self.maximumLinks else { throw FileOperationError(operation, path, code: ELOOP) }
                if node.target.hasPrefix("/") { current = "/" }
                pending += Self.components(of: node.target).reversed()
                continue
            }
            if !isLast, node.kind != .directory { throw FileOperationError(operation, path, code: ENOTDIR) }
            current = next
        }
        return Resolution(path: current, exists: true)
    }

    /// The canonical path of the entry `path` names itself: its folder resolved, its last
    /// component not followed (what `lstat`, `rename` and `unlink` act on).
    private func resolveEntry(_ path: String, operation: String, reportedAs reported: String? = nil) throws -> String {
        let absolute = self.absolute(path)
        guard absolute != "/" else { return "/" }
        do {
            let folder = try resolve(Self.parent(of: absolute), operation: operation)
            guard let existing = folder.existing else { throw FileOperationError(operation, path, code: ENOENT) }
            guard nodes[existing]?.kind == .directory else { throw FileOperationError(operation, path, code: ENOTDIR) }
            let name = Self.name(of: absolute)
            if name == ".." { return Self.parent(of: existing) }
            return name == "." ? existing : Self.join(existing, name)
        } catch let error as FileOperationError {
            throw FileOperationError(operation, reported ?? path, code: error.code)
        }
    }

    /// The node `path` leads to (links followed), if any.
    private func node(at path: String) -> Node? {
        guard let found = try? resolve(path, operation: "").existing else { return nil }
        return nodes[found]
    }

    /// Adds the node `make` builds at `path` (a new entry), naming `path` in errors.
    private func add(_ path: String, operation: String, _ make: (UInt64) -> Node) throws {
        try lock.withLock {
            let entry = try resolveEntry(path, operation: operation)
            guard nodes[entry] == nil else { throw FileOperationError(operation, path, code: EEXIST) }
            try insert(at: entry, operation: operation, reportedAs: path, make(newIdentity()))
        }
    }

    /// Inserts `node` at the canonical path `entry`, whose folder must exist and be writable.
    private func insert(at entry: String, operation: String, reportedAs path: String, _ node: Node) throws {
        let folder = Self.parent(of: entry)
        guard let parent = nodes[folder] else { throw FileOperationError(operation, path, code: ENOENT) }
        guard parent.kind == .directory else { throw FileOperationError(operation, path, code: ENOTDIR) }
        guard parent.mode & 0o200 != 0 else { throw FileOperationError(operation, path, code: EACCES) }
        nodes[entry] = node
        nodes[folder]?.children.insert(Self.name(of: entry))
    }

    /// Throws `EACCES` when the folder of `entry` may not be written.
    private func checkWritableParent(of entry: String, operation: String, reportedAs path: String) throws {
        guard let parent = nodes[Self.parent(of: entry)], parent.mode & 0o200 != 0 else {
            throw FileOperationError(operation, path, code: EACCES)
        }
    }

    private func newIdentity() -> UInt64 {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    /// `path` taken from `currentDirectory` when relative (not normalised: `resolve` follows its
    /// `..` through links as the kernel does).
    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : Self.join(workingDirectory, path)
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder == "/" ? "/" + name : folder + "/" + name
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? "/"
    }
}

/// A lock of an `InMemoryFileSystem` entry.
private final class InMemoryFileLock: FileLock, @unchecked Sendable {
    let fileSystem: InMemoryFileSystem
    let path: String
    let identity: UInt64
    private let lock = NSLock()
    private var released = false

    init(fileSystem: InMemoryFileSystem, path: String, identity: UInt64) {
        self.fileSystem = fileSystem
        self.path = path
        self.identity = identity
    }

    func record(_ data: Data) {
        lock.withLock {
            guard !released else { return }
            fileSystem.record(data, path: path, identity: identity)
        }
    }

    func release(removingFile: Bool) {
        lock.withLock {
            guard !released else { return }
            released = true
            fileSystem.unlock(path: path, identity: identity, removingFile: removingFile)
        }
    }
}

/// A folder of an `InMemoryFileSystem` with `TemporaryDirectory`'s shape, so a fixture writes
/// into either.
package struct InMemoryFolder: TestFolder {
    /// The file system it is in.
    package let fileSystem: InMemoryFileSystem
    /// Its absolute path.
    package let path: String

    package func write(_ text: String, to relative: String) throws {
        try fileSystem.write(text, to: PathUtilities.join(path, relative))
    }
}

/// A folder tests write fixtures into: a `TemporaryDirectory` on disk or an `InMemoryFolder`.
package protocol TestFolder {
    /// The folder's absolute path.
    var path: String { get }
    /// Writes `text` to the file at `relative`, creating its folders.
    func write(_ text: String, to relative: String) throws
}

extension TemporaryDirectory: TestFolder {}

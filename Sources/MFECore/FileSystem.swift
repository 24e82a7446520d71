import Foundation

/// The file-system operations mfe needs: every file mfe reads, writes, lists, locks or removes
/// goes through one, so tests run on `InMemoryFileSystem` (Tests/MFETestSupport) and only
/// `LocalFileSystem` touches the disk. Every failure is a `FileOperationError` naming the path.
public protocol FileSystem: Sendable {
    /// The bytes of the file at `path`.
    func contents(of path: String) throws -> Data
    /// Whether anything exists at `path`.
    func exists(_ path: String) -> Bool
    /// Whether `path` is a directory.
    func isDirectory(_ path: String) -> Bool
    /// The names (not paths) in the directory at `path`, sorted.
    func contentsOfDirectory(_ path: String) throws -> [String]
    /// Creates the directory at `path` and any missing parents.
    func createDirectory(_ path: String) throws
    /// Writes `data` to `path` atomically: through a temporary file in the same folder, then
    /// renamed into place, so a reader never sees half a file.
    func writeAtomically(_ data: Data, to path: String) throws
    /// Moves `source` to `destination`; fails if `destination` exists.
    func move(_ source: String, to destination: String) throws
    /// Removes the file or directory at `path` (used only on mfe's own temporary files).
    func remove(_ path: String) throws
    /// Appends `data` to the file at `path`, creating it when missing.
    func append(_ data: Data, to path: String) throws
    /// The device and inode of the directory at `path` (symbolic links followed), so a walk
    /// can visit each real folder once; nil when it is not a directory.
    func directoryIdentity(_ path: String) -> DirectoryIdentity?
    /// Whether `path` itself is a symbolic link.
    func isSymbolicLink(_ path: String) -> Bool
    /// What is at `path` itself, as `lstat` says (a symbolic link is reported, not followed);
    /// nil when nothing is there.
    func status(of path: String) -> FileStatus?
    /// `path` absolute, with every symbolic link in it resolved; nil when it does not resolve
    /// (nothing there, a dangling link, a loop).
    func realPath(_ path: String) -> String?
    /// Whether `path` (links followed) is a file this user may execute.
    func isExecutableFile(_ path: String) -> Bool
    /// Tries once to lock the file at `path` exclusively (an advisory lock, created when missing,
    /// never through a symbolic link): `.acquired` with the lock, or `.held` with the start of
    /// the file's contents when another holder has it. The lock is always on the file still at
    /// the path, never on one removed meanwhile.
    func tryLock(_ path: String) throws -> FileLockAttempt
    /// The absolute folder relative paths start from (SwiftPM's `currentWorkingDirectory`):
    /// where a path a person gave is resolved, and what messages print paths relative to.
    var currentDirectory: String { get }
    /// The user's home folder, what `~/` names in a package location; nil when there is none.
    var homeDirectory: String? { get }
}

/// What is at a path: its kind, size and modification time.
public struct FileStatus: Sendable, Equatable {
    /// The kinds of entry mfe tells apart.
    public enum Kind: Sendable, Equatable {
        /// A regular file.
        case file
        /// A folder.
        case directory
        /// A symbolic link (`status(of:)` does not follow it).
        case symbolicLink
        /// A device, pipe or socket: never read or written by mfe.
        case other
    }

    /// The kind of entry.
    package var kind: Kind
    /// Its size in bytes.
    package var size: Int
    /// When its contents last changed.
    package var modificationDate: Date

    /// Creates a status.
    package init(kind: Kind, size: Int, modificationDate: Date) {
        self.kind = kind
        self.size = size
        self.modificationDate = modificationDate
    }
}

/// A folder's identity on disk: two paths with equal identities are the same folder.
public struct DirectoryIdentity: Sendable, Hashable {
    /// The device number.
    package var device: UInt64
    /// The inode number.
    package var inode: UInt64

    /// Creates an identity.
    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

extension FileSystem {
    /// Appends by rewriting the file atomically (a file system with no append of its own, such
    /// as a commit's snapshot).
    public func append(_ data: Data, to path: String) throws {
        let existing = exists(path) ? try contents(of: path) : Data()
        try writeAtomically(existing + data, to: path)
    }

    /// No identities: every path is its own folder, which is right for a file system without
    /// symbolic links.
    public func directoryIdentity(_ path: String) -> DirectoryIdentity? { nil }

    /// No links, for a file system without them.
    public func isSymbolicLink(_ path: String) -> Bool { false }

    /// The normalised absolute path when something is there, for a file system without links.
    public func realPath(_ path: String) -> String? {
        exists(path) ? PathUtilities.absolute(path, relativeTo: currentDirectory) : nil
    }

    /// The root, for a tree of its own (a commit's snapshot).
    public var currentDirectory: String { "/" }

    /// None, for a tree of its own.
    public var homeDirectory: String? { nil }

    /// `path` made absolute against `currentDirectory` and normalised.
    package func absolute(_ path: String) -> String {
        PathUtilities.absolute(path, relativeTo: currentDirectory)
    }
}

/// The real file system. Every failure names the file and says what to do
/// (`FileOperationError`); Foundation's own messages name no path.
///
/// Relative paths start from the process's working directory, or from the folder given at
/// creation, so a test runs a service in process as if mfe had been started there; messages
/// name a path as it was given either way.
public struct LocalFileSystem: FileSystem {
    /// The folder relative paths start from, when not the process's working directory.
    private let workingDirectory: String?
    /// The home folder, when not the user's.
    private let home: String?

    /// Creates the real file system; relative paths start from `currentDirectory` (absolute)
    /// when given, else from the process's working directory, and `~/` is `homeDirectory`
    /// when given, else the user's.
    public init(currentDirectory: String? = nil, homeDirectory: String? = nil) {
        workingDirectory = currentDirectory.map(PathUtilities.normalize)
        home = homeDirectory
    }

    public var currentDirectory: String { workingDirectory ?? ProcessState.currentDirectory }

    public var homeDirectory: String? { home ?? ProcessState.homeDirectory }

    /// Where `path` is on the disk: itself when absolute or when relative paths start from the
    /// process's working directory (the system resolves them), else joined to that folder.
    func disk(_ path: String) -> String {
        guard let workingDirectory, !path.hasPrefix("/") else { return path }
        return PathUtilities.join(workingDirectory, path.isEmpty ? "." : path)
    }

    public func contents(of path: String) throws -> Data {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let descriptor = open(disk(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw FileOperationError("read", path, code: errno) }
        defer { _ = close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileOperationError("read", path, code: errno) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileOperationError("read", path, code: EISDIR)
        default: throw FileOperationError.notRegularFile("read", path)
        }
        var data = Data(count: Int(status.st_size))
        var length = 0
        while true {
            if length == data.count { data.count += max(4096, data.count) }
            let count = data.count - length
            let read = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.read(descriptor, base + length, count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw FileOperationError("read", path, code: errno)
            }
            if read == 0 { break }
            length += read
        }
        data.count = length
        return data
    }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: disk(path)) }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: disk(path), isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: disk(path)).sorted()
        } catch {
            throw FileOperationError("list the folder", path, error: error)
        }
    }

    public func createDirectory(_ path: String) throws {
        do {
            try InterruptCleanup.shared.whileCreating {
                try FileManager.default.createDirectory(atPath: disk(path), withIntermediateDirectories: true)
            }
        } catch {
            throw FileOperationError("create the folder", path, error: error)
        }
    }

    public func writeAtomically(_ data: Data, to given: String) throws {
        let reported = given
        var path = disk(given)
        // A symbolic link is written through: the file it leads to is replaced, the link kept
        // (a shared `Package.resolved`, a baseline kept elsewhere). A link leading nowhere is
        // refused, never replaced by a file.
        var linkStatus = stat()
        if lstat(path, &linkStatus) == 0, linkStatus.st_mode & S_IFMT == S_IFLNK {
            guard let target = realPath(path), !isDirectory(target) else {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw FileOperationError.danglingLink("write", given, target: target)
            }
            path = target
        }
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = PathUtilities.join(folder.isEmpty ? "." : folder, ".\((path as NSString).lastPathComponent).mfe-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let cleanup = InterruptCleanup.shared
        let token = cleanup.register(temporary)
        defer { cleanup.unregister(token) }
        try cleanup.whileCreating {
            // An existing file keeps its permissions; a new one gets 0666 minus the umask.
            var existing = stat()
            let keptMode: mode_t? = stat(path, &existing) == 0 ? mode_t(existing.st_mode & 0o7777) : nil
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, keptMode ?? 0o666)
            guard descriptor >= 0 else { throw FileOperationError("write", reported, code: errno) }
            var failure: Int32? = data.withUnsafeBytes { ProcessOutput.writeAll($0.bindMemory(to: UInt8.self), to: descriptor) }
            if failure == nil, let keptMode, fchmod(descriptor, keptMode) != 0 { failure = errno }
            if close(descriptor) != 0, failure == nil { failure = errno }
            if failure == nil, rename(temporary, path) != 0 { failure = errno }
            if let failure {
                _ = unlink(temporary)
                throw FileOperationError("write", reported, code: failure)
            }
        }
    }

    public func append(_ data: Data, to path: String) throws {
        // O_NONBLOCK: opening a FIFO must not wait for a reader (it fails with ENXIO without
        // one); anything but a regular file is refused below, before a byte is written.
        let descriptor = InterruptCleanup.shared.whileCreating { open(disk(path), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o666) }
        guard descriptor >= 0 else {
            if errno == ENXIO { throw FileOperationError.notRegularFile("append to", path) }
            throw FileOperationError("append to", path, code: errno)
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            _ = close(descriptor)
            throw FileOperationError.notRegularFile("append to", path)
        }
        var failure: Int32? = data.withUnsafeBytes { ProcessOutput.writeAll($0.bindMemory(to: UInt8.self), to: descriptor) }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if let failure { throw FileOperationError("append to", path, code: failure) }
    }

    public func move(_ source: String, to destination: String) throws {
        do {
            try InterruptCleanup.shared.whileCreating {
                try FileManager.default.moveItem(atPath: disk(source), toPath: disk(destination))
            }
        } catch {
            throw FileOperationError("move '\(source)' to", destination, error: error)
        }
    }

    public func remove(_ path: String) throws {
        do {
            try FileManager.default.removeItem(atPath: disk(path))
        } catch {
            throw FileOperationError("remove", path, error: error)
        }
    }

    public func directoryIdentity(_ path: String) -> DirectoryIdentity? {
        var status = stat()
        guard stat(disk(path), &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return DirectoryIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    public func isSymbolicLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(disk(path), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    public func status(of path: String) -> FileStatus? {
        var status = stat()
        guard lstat(disk(path), &status) == 0 else { return nil }
        let kind: FileStatus.Kind
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        #if canImport(Darwin)
            let modified = status.st_mtimespec
        #else
            let modified = status.st_mtim
        #endif
        let seconds = Double(modified.tv_sec) + Double(modified.tv_nsec) / 1_000_000_000
        return FileStatus(kind: kind, size: Int(status.st_size), modificationDate: Date(timeIntervalSince1970: seconds))
    }

    public func realPath(_ path: String) -> String? {
        guard let resolved = realpath(disk(path), nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func isExecutableFile(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: disk(path)) }

    /// The folder for temporary files and folders (`TMPDIR`, else `/tmp`): where mfe checks out
    /// a commit for SwiftPM, which runs on the real disk.
    package var temporaryDirectory: String {
        var path = FileManager.default.temporaryDirectory.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

import Foundation

/// An exclusive advisory lock on a file, taken with `FileSystem.tryLock`: while it is held, every
/// other attempt on that file (from this process or another) finds it `.held`. The kernel drops
/// the lock of a process that ends however it ends (`kill -9` included), so a dead run's lock
/// is taken over with no guessing about staleness.
public protocol FileLock: Sendable {
    /// Replaces the locked file's contents with `data`: the holder's pid, for the messages of
    /// runs that wait.
    func record(_ data: Data)
    /// Unlocks, once. With `removingFile`, removes the lock file first while it is still the
    /// file at its path; a waiter that then locks the removed file sees that and tries again.
    func release(removingFile: Bool)
}

/// What one `FileSystem.tryLock` found.
public enum FileLockAttempt: Sendable {
    /// The lock is this caller's until it releases it.
    case acquired(any FileLock)
    /// Another holder has it; `contents` is the start of the file (what the holder recorded).
    case held(contents: Data)
}

extension FileSystem {
    /// Locks the file at `path` (`tryLock`), trying again every `interval` while another holder
    /// has it, without blocking a thread. After each refused attempt `held` gets what the holder
    /// recorded, and may throw to give up; `failure` turns a file-system failure into the
    /// caller's own message. `clock` waits between attempts.
    package func lock(
        _ path: String, every interval: Duration, clock: any MFEClock, failure: (FileOperationError) -> any Error, held: (Data) throws -> Void = { _ in }
    ) async throws -> any FileLock {
        while true {
            let attempt: FileLockAttempt
            do {
                attempt = try tryLock(path)
            } catch let error as FileOperationError {
                throw failure(error)
            }
            switch attempt {
            case .acquired(let lock): return lock
            case .held(let contents): try held(contents)
            }
            try await clock.sleep(for: interval)
        }
    }
}

extension FileOperationError {
    /// The system's own description of the failure, as `strerror` words it (`Permission
    /// denied`): the lock messages quote it unchanged.
    package var systemReason: String { String(cString: strerror(code ?? 0)) }
}

extension LocalFileSystem {
    public func tryLock(_ given: String) throws -> FileLockAttempt {
        let path = disk(given)
        while true {
            // O_NOFOLLOW: a link planted at the path cannot redirect the lock (or its removal).
            let descriptor = InterruptCleanup.shared.whileCreating { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
            guard descriptor >= 0 else { throw FileOperationError("lock", given, code: errno) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                var buffer = [UInt8](repeating: 0, count: 32)
                let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
                close(descriptor)
                return .held(contents: Data(buffer[..<max(0, count)]))
            }
            // The file may have been removed (by the holder that just unlocked) between the open
            // and the lock: only the file still at the path is the lock.
            if DescriptorLock.isFile(at: path, descriptor) { return .acquired(DescriptorLock(path: path, descriptor: descriptor)) }
            close(descriptor)
        }
    }
}

/// A `flock` held on an open descriptor.
private final class DescriptorLock: FileLock, @unchecked Sendable {
    let path: String
    /// Guards `descriptor`, so a release is done once.
    private let lock = NSLock()
    private var descriptor: Int32?

    init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    func record(_ data: Data) {
        lock.withLock {
            guard let descriptor else { return }
            _ = ftruncate(descriptor, 0)
            _ = data.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        }
    }

    func release(removingFile: Bool) {
        lock.withLock {
            guard let descriptor else { return }
            if removingFile, Self.isFile(at: path, descriptor) { unlink(path) }
            flock(descriptor, LOCK_UN)
            close(descriptor)
            self.descriptor = nil
        }
    }

    /// Whether the file open as `descriptor` is the one at `path` (not one removed since).
    static func isFile(at path: String, _ descriptor: Int32) -> Bool {
        var held = stat()
        var current = stat()
        return fstat(descriptor, &held) == 0 && lstat(path, &current) == 0 && held.st_dev == current.st_dev && held.st_ino == current.st_ino
    }
}

import Foundation
import MFECore

/// An exclusive lock on a workspace while `mfe create` plans and writes, so runs of different
/// names at once each wire the shell in turn: the second plans its edits from the shell the
/// first wrote, instead of both editing the same bytes and one losing its wiring.
///
/// The lock is `flock` on `.mfe-create.lock` at the workspace root, holding the holder's pid
/// (for the message of a run that waits). The kernel drops a `flock` when its process ends,
/// however it ends (`kill -9` included), so a dead run's lock is taken over with no guessing
/// about staleness. The holder removes the file before it unlocks; a waiter that then locks a
/// removed file sees that it is no longer the file at the path and tries again, so two runs
/// can never both hold it.
package final class WorkspaceLock: Sendable {
    /// The lock file's name, at the workspace root.
    package static let fileName = ".mfe-create.lock"

    /// The lock file.
    package let path: String
    private let descriptor: Int32
    /// The interrupt cleanup's token: an interrupted run removes its lock file too.
    private let cleanupToken: Int

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
        cleanupToken = InterruptCleanup.shared.register(path)
    }

    /// Locks the workspace at `root`, waiting up to `timeout` seconds for another run to finish;
    /// `waiting` is called once, with the holder's pid when known, if the wait passes a second.
    package static func acquire(workspaceRoot root: String, timeout: Double = 120, waiting: (Int32?) -> Void = { _ in }) async throws -> WorkspaceLock {
        let path = PathUtilities.join(root, fileName)
        let start = Date()
        let deadline = start.addingTimeInterval(timeout)
        var announced = false
        while true {
            let descriptor = InterruptCleanup.shared.whileCreating { open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644) }
            guard descriptor >= 0 else {
                throw ScaffoldError.cannotOpenLock(path: path, reason: String(cString: strerror(errno)))
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The file may have been removed (by the holder that just unlocked) between the
                // open and the lock: only the file still at the path is the lock.
                if Self.isFile(at: path, descriptor) {
                    let pid = "\(getpid())\n"
                    _ = ftruncate(descriptor, 0)
                    _ = pid.withCString { pwrite(descriptor, $0, strlen($0), 0) }
                    return WorkspaceLock(path: path, descriptor: descriptor)
                }
                close(descriptor)
                continue
            }
            let holder = Self.holder(descriptor)
            close(descriptor)
            // Said only when the wait is long enough to notice: a turn usually takes a moment.
            if !announced, Date().timeIntervalSince(start) > 1 {
                waiting(holder)
                announced = true
            }
            if Date() >= deadline {
                throw ScaffoldError.lockTimeout(path: path, holder: holder, seconds: Int(timeout))
            }
            try await Task.sleep(nanoseconds: 25_000_000)
        }
    }

    /// Whether the file open as `descriptor` is the one at `path` (not one removed since).
    private static func isFile(at path: String, _ descriptor: Int32) -> Bool {
        var held = stat()
        var current = stat()
        return fstat(descriptor, &held) == 0 && lstat(path, &current) == 0 && held.st_dev == current.st_dev && held.st_ino == current.st_ino
    }

    /// The pid written in the lock file, if it holds one.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 31, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Removes the lock file and unlocks. Called once, when the run's writes are done.
    package func release() {
        InterruptCleanup.shared.unregister(cleanupToken)
        if Self.isFile(at: path, descriptor) { unlink(path) }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

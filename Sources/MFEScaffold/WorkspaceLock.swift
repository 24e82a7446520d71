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
    private let lock: any FileLock
    /// The interrupt cleanup's token: an interrupted run removes its lock file too.
    private let cleanupToken: Int

    private init(path: String, lock: any FileLock) {
        self.path = path
        self.lock = lock
        cleanupToken = InterruptCleanup.shared.register(path)
    }

    /// Locks the workspace at `root`, waiting up to `timeout` seconds of `clock` for another run
    /// to finish; `waiting` is called once, with the holder's pid when known, if the wait
    /// passes a second.
    package static func acquire(
        workspaceRoot root: String, timeout: Double = 120, fileSystem: any FileSystem = LocalFileSystem(), clock: any MFEClock, waiting: (Int32?) -> Void = { _ in }
    ) async throws -> WorkspaceLock {
        let path = PathUtilities.join(root, fileName)
        let start = clock.now
        let deadline = start + .milliseconds(Int64(timeout * 1000))
        var announced = false
        let lock = try await fileSystem.lock(path, every: .milliseconds(25), clock: clock) { error in
            ScaffoldError.cannotOpenLock(path: path, reason: error.systemReason)
        } held: { contents in
            let holder = Self.holder(contents)
            // Said only when the wait is long enough to notice: a turn usually takes a moment.
            if !announced, clock.now - start > .seconds(1) {
                waiting(holder)
                announced = true
            }
            if clock.now >= deadline {
                throw ScaffoldError.lockTimeout(path: path, holder: holder, seconds: Int(timeout))
            }
        }
        lock.record(Data("\(getpid())\n".utf8))
        return WorkspaceLock(path: path, lock: lock)
    }

    /// The pid written in the lock file, if it holds one.
    private static func holder(_ contents: Data) -> Int32? {
        guard !contents.isEmpty else { return nil }
        return Int32(String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Removes the lock file and unlocks. Called once, when the run's writes are done.
    package func release() {
        InterruptCleanup.shared.unregister(cleanupToken)
        lock.release(removingFile: true)
    }
}

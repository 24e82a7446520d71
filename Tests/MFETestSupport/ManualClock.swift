import Foundation
import MFECore

/// A clock a test sets (`MFEClock`): its time moves only when told — by `advance(by:)`, by
/// `advancesOnRead` at each reading, or by a `sleep`, which moves it on at once instead of
/// waiting. A two-minute wait for a lock takes no time, and an elapsed time in a report is
/// the same on every run, however loaded the machine.
package final class ManualClock: MFEClock, @unchecked Sendable {
    private let lock = NSLock()
    private var elapsed: Duration = .zero
    private let start: Date
    private let step: Duration
    private var sleeps: [Duration] = []

    /// A clock at `date`, moving `advancesOnRead` at each reading of `now`.
    package init(date: Date = Date(timeIntervalSince1970: 1_800_000_000), advancesOnRead: Duration = .zero) {
        start = date
        step = advancesOnRead
    }

    package var now: Duration {
        lock.withLock {
            defer { elapsed += step }
            return elapsed
        }
    }

    package var date: Date {
        lock.withLock { start.addingTimeInterval(elapsed / .seconds(1)) }
    }

    /// Moves the time on by `duration`, at once; yields so other tasks run meanwhile.
    package func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock {
            sleeps.append(duration)
            elapsed += duration
        }
        await Task.yield()
    }

    /// Moves the time on by `duration`.
    package func advance(by duration: Duration) {
        lock.withLock { elapsed += duration }
    }

    /// Every sleep asked for, in order.
    package var sleptFor: [Duration] { lock.withLock { sleeps } }
}

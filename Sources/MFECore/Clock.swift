import Foundation

/// Where mfe reads the time: the elapsed time in reports, the deadline of a wait, the age of a
/// temporary file, the pace of a progress line. It comes through `ServiceEnvironment` as the
/// file system and the processes do, so a test sets the time instead of waiting for it.
public protocol MFEClock: Sendable {
    /// A reading of a clock that never goes back, as the time since an origin of the clock's
    /// choosing: only the difference of two readings means anything.
    var now: Duration { get }
    /// The date and time of day, to compare with the modification dates of files.
    var date: Date { get }
    /// Waits `duration` (a test clock moves its time on instead).
    func sleep(for duration: Duration) async throws
}

/// The real clocks: `ContinuousClock` for readings, the system's date, `Task.sleep`.
public struct SystemClock: MFEClock {
    private let origin: ContinuousClock.Instant

    /// Creates the clock; its readings count from this moment.
    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration { ContinuousClock.now - origin }

    public var date: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

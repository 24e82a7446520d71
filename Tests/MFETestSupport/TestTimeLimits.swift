import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test whose work is `processes` runs of `mfe`, `git` or `swift` (or
    /// services that run them; a service run in process counts as one): a hang guard, not a
    /// speed check, since the whole test run shares two cores. Each run gets
    /// `minutesPerProcess`, many times what a debug build takes on a 2-core machine shared by
    /// several builds, so a loaded CI runner never trips it and a hang still ends the test.
    /// Speed is measured in `mfe-bench`, never asserted in tests. `.hangGuard()` is the least,
    /// for a test whose work is one run or whose runs are too many to count.
    package static func hangGuard(processes: Int = 1) -> Self {
        .timeLimit(.minutes(max(HangGuard.minimumMinutes, processes * HangGuard.minutesPerProcess)))
    }
}

/// The allowance behind `hangGuard(processes:)`.
package enum HangGuard {
    /// What one process run may take before a test counts as hung.
    package static let minutesPerProcess = 3
    /// The least any test gets: Swift Testing counts a limit from the test's start, including
    /// the time it waits for the cooperative pool behind every other suite's work (0.1 s
    /// in-process tests waited over a minute in CI), so a limit below the whole run's length
    /// can trip without a hang.
    package static let minimumMinutes = 20
}

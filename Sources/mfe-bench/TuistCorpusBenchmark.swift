import Foundation
import MFEKit
import MFETestSupport

/// Every Tuist `Project.swift` of the repositories checked out under `$MFE_TUIST_CORPUS`,
/// read as `lint-graph` reads them: read or refused, with each project's targets and
/// dependencies (`MFE_TUIST_CORPUS_VERBOSE=1`) for checking against the sources.
enum TuistCorpusBenchmark: Benchmark {
    static let name = "tuist-corpus"
    static let summary = "the Tuist reader on every Project.swift of the repositories under $MFE_TUIST_CORPUS: read or refused"

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let root = environment["MFE_TUIST_CORPUS"] ?? "/work/real/tuist-corpus"
        let clock = ContinuousClock()
        var outcomes: [TuistCorpus.Outcome] = []
        let duration = clock.measure { outcomes = TuistCorpus.measure(root: root) }
        let verbose = environment["MFE_TUIST_CORPUS_VERBOSE"] == "1"
        for outcome in outcomes {
            if let summary = outcome.summary {
                print("read     \(outcome.path)")
                if verbose { print(summary.split(separator: "\n").map { "           \($0)" }.joined(separator: "\n")) }
            } else {
                print("refused  \(outcome.path): \(outcome.error ?? "")")
            }
        }
        let read = outcomes.filter { $0.summary != nil }.count
        print(
            "\n| projects | read | refused | seconds |\n|---|---|---|---|\n| \(outcomes.count) | \(read) | \(outcomes.count - read) | \(String(format: "%.2f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)) |"
        )
    }
}

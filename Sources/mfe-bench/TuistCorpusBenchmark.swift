import Foundation
import MFEKit
import MFETestSupport

/// Every Tuist `Project.swift` of the repositories checked out under `$MFE_TUIST_CORPUS`,
/// read as `lint-graph` reads them: read or refused, with each project's targets and
/// dependencies (`MFE_TUIST_CORPUS_VERBOSE=1`) for checking against the sources. With
/// `$MFE_TUIST_TRUTH` (a folder of Tuist's own dumps, `<owner+name>/<path>.json`), each
/// reading is compared with what Tuist makes of the file: exact, refused, wrong or no-truth.
enum TuistCorpusBenchmark: Benchmark {
    static let name = "tuist-corpus"
    static let summary = "the Tuist reader on every Project.swift of the repositories under $MFE_TUIST_CORPUS: read or refused; with $MFE_TUIST_TRUTH, exact/refused/wrong against Tuist's own dumps"

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
        if let truth = environment["MFE_TUIST_TRUTH"], !truth.isEmpty {
            print("\n### against Tuist's own ProjectDescription (\(truth))\n")
            printComparison(TuistCorpus.compare(root: root, truth: truth))
        }
    }

    /// The wrong and refused readings with their first difference, then one row per
    /// repository and the totals.
    static func printComparison(_ comparisons: [TuistCorpus.Comparison]) {
        for comparison in comparisons where comparison.verdict == .wrong || comparison.verdict == .refused {
            print("\(comparison.verdict.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(comparison.path): \(comparison.detail ?? "")")
        }
        let verdicts = TuistCorpus.Comparison.Verdict.allCases
        print("\n| repository | " + verdicts.map(\.rawValue).joined(separator: " | ") + " |")
        print("|---|" + String(repeating: "---|", count: verdicts.count))
        let repositories = Dictionary(grouping: comparisons, by: \.repository)
        for repository in repositories.keys.sorted() {
            let rows = repositories[repository] ?? []
            print("| \(repository) | " + verdicts.map { verdict in String(rows.filter { $0.verdict == verdict }.count) }.joined(separator: " | ") + " |")
        }
        print("| **all \(repositories.count)** | " + verdicts.map { verdict in "**\(comparisons.filter { $0.verdict == verdict }.count)**" }.joined(separator: " | ") + " |")
    }
}

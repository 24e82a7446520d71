import Foundation
import MFEKit

// mfe-bench: performance budgets, measured in release mode against SwiftPM doing the same
// work in the same run. `swift run -c release mfe-bench [NAME…]` runs the named benchmarks
// (all when none is named) and prints a Markdown table per benchmark.

/// A benchmark: generates its own fixtures in a temporary directory and prints its results.
protocol Benchmark {
    /// The name used on the command line.
    static var name: String { get }
    /// One line saying what is measured.
    static var summary: String { get }
    /// Runs the benchmark and prints its results to standard output.
    static func run() async throws
}

/// Every benchmark, in the order they run.
let benchmarks: [any Benchmark.Type] = [
    ManifestFidelityBenchmark.self,
    ManifestCorpusBenchmark.self,
    LintBenchmark.self,
    ComposeBenchmark.self,
    ImportsBenchmark.self,
    GraphHTMLBenchmark.self,
    ComposeSweepBenchmark.self,
    TuistCorpusBenchmark.self,
    TuistScaleBenchmark.self,
]

/// Benchmarks that run only when named: the sweep resolves ~120 real graphs with SwiftPM.
let onlyWhenNamed: Set<String> = [ComposeSweepBenchmark.name, TuistCorpusBenchmark.name]

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains("--help") || requested.contains("-h") {
    print("usage: mfe-bench [NAME…]\n")
    for benchmark in benchmarks { print("  \(benchmark.name)\t\(benchmark.summary)") }
    exit(0)
}
let unknown = requested.filter { name in !benchmarks.contains { $0.name == name } }
if !unknown.isEmpty {
    Terminal.writeError("error: unknown benchmark \(unknown.map { "'\($0)'" }.joined(separator: ", ")); run 'mfe-bench --help' for the list\n")
    exit(2)
}
#if DEBUG
    Terminal.writeError("warning: mfe-bench is a debug build; measure with 'swift run -c release mfe-bench'\n")
#endif
for benchmark in benchmarks where requested.isEmpty ? !onlyWhenNamed.contains(benchmark.name) : requested.contains(benchmark.name) {
    print("## \(benchmark.name)\n\n\(benchmark.summary)\n")
    try await benchmark.run()
    print("")
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

extension LintWorkspace {
    /// mfe started in the workspace's folder, with `variables`.
    func mfe(_ variables: [String: String] = [:]) -> InProcessMFE {
        InProcessMFE(fileSystem: fileSystem, variables: variables)
    }
}

private let productToProduct = ".product(name: \"Order\", package: \"Order\")"

/// `mfe lint-graph` in process on a workspace in memory: the reports, baselines, `allow:`
/// entries and input errors (the end-to-end suite keeps what is about the process).
@Suite("lint-graph in process")
struct LintGraphServiceTests {
    @Test func aCleanWorkspaceExitsZero() async throws {
        let workspace = try LintWorkspace()
        let result = await workspace.mfe().lintGraph(.init(path: workspace.path))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("0 errors, 0 warnings, 0 notices in 4 packages, 8 targets, 9 dependencies ("))
    }

    /// The elapsed time is the environment's clock's: the whole report is the same on every run.
    @Test func theElapsedTimeComesFromTheClock() async throws {
        let workspace = try LintWorkspace()
        var mfe = workspace.mfe()
        mfe.environment.clock = ManualClock(advancesOnRead: .milliseconds(1500))
        let result = await mfe.lintGraph(.init(path: workspace.path))
        #expect(result.standardOutput == "0 errors, 0 warnings, 0 notices in 4 packages, 8 targets, 9 dependencies (1.50s)\n")
    }

    @Test func aLayerViolationIsReportedAtTheDependencyEntryAndExitsOne() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let result = await workspace.mfe().lintGraph(.init())
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "Features/Browse/Package.swift:15:17: error: Browse depends on Order, the implementation of another product feature; depend on OrderInterface [product-to-product]")
        #expect(lines.count == 2)
    }

    @Test func jsonIsByteIdenticalBetweenRuns() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct, "\"OrderTesting\""])
        let first = await workspace.mfe().lintGraph(.init(path: workspace.path, format: .json))
        let second = await workspace.mfe().lintGraph(.init(path: workspace.path, format: .json))
        #expect(first.status == 1)
        #expect(first.standardOutput == second.standardOutput)
        let findings = try #require(try first.json()["findings"] as? [[String: Any]])
        #expect(findings.compactMap { $0["rule"] as? String } == ["product-to-product", "production-to-testing"])
        #expect(findings.compactMap { $0["line"] as? Int } == [15, 16])
    }

    @Test func sarifAndGitHubFormats() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let sarif = await workspace.mfe().lintGraph(.init(path: workspace.path, format: .sarif))
        #expect(sarif.status == 1)
        #expect(try sarif.json()["version"] as? String == "2.1.0")

        let summary = PathUtilities.join(workspace.path, "summary.md")
        try workspace.write("# Earlier step\n", to: "summary.md")
        let github = await workspace.mfe(["GITHUB_STEP_SUMMARY": summary]).lintGraph(.init(path: workspace.path, format: .github))
        #expect(github.status == 1)
        #expect(github.standardOutput.hasPrefix("::error file=Features/Browse/Package.swift,line=15,col=17,title=product-to-product::Browse depends on Order"))
        let markdown = try #require(workspace.read("summary.md"))
        #expect(markdown.hasPrefix("# Earlier step\n### mfe lint-graph\n"))
        #expect(markdown.contains("| error | `product-to-product` | `Features/Browse/Package.swift:15` |"))
    }

    @Test func aBaselineAcceptsKnownFindingsAcrossLineMovesAndGoesStale() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let written = await workspace.mfe().lintGraph(.init(path: ".", writeBaselinePath: "mfe-baseline.json"))
        #expect(written.status == 0)
        #expect(written.standardError.contains("wrote 1 finding to the baseline 'mfe-baseline.json'"))
        let baseline = try #require(workspace.read("mfe-baseline.json"))
        #expect(baseline.contains("\"rule\": \"product-to-product\""))

        try workspace.writeBrowse([productToProduct], padding: 5)
        let moved = await workspace.mfe().lintGraph(.init(baselinePath: "mfe-baseline.json"))
        #expect(moved.status == 0, "\(moved.standardOutput)")
        #expect(moved.standardOutput.contains("1 in the baseline"))

        try workspace.writeBrowse([])
        let stale = await workspace.mfe().lintGraph(.init(format: .json, baselinePath: "mfe-baseline.json"))
        #expect(stale.status == 0)
        #expect(stale.standardOutput.contains("\"rule\": \"stale-baseline\""))
        #expect(stale.standardOutput.contains("\"file\": \"mfe-baseline.json\""))
        let strict = await workspace.mfe().lintGraph(.init(baselinePath: "mfe-baseline.json", strict: true))
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains("mfe-baseline.json:3:1: error: baseline entry 'product-to-product' Browse -> Order matches no finding"))
    }

    @Test func theBaselineKeyOfMfeYmlIsTheDefaultBaseline() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct], configuration: "baseline: mfe-baseline.json\n")
        let before = await workspace.mfe().lintGraph(.init(path: workspace.path))
        #expect(before.status == 1, "a configured baseline that does not exist yet is empty")
        let written = await workspace.mfe().lintGraph(.init(path: workspace.path, writeBaselinePath: PathUtilities.join(workspace.path, "mfe-baseline.json")))
        #expect(written.status == 0)
        let after = await workspace.mfe().lintGraph(.init(path: workspace.path))
        #expect(after.status == 0, "\(after.standardOutput)")
    }

    @Test func allowEntriesSuppressAndUnusedOnesWarnAtTheirLine() async throws {
        let allow =
            "allow:\n  - rule: product-to-product\n    from: Browse\n    to: Order\n    reason: \"migration tracked in FM-123\"\n  - rule: cycle\n    from: Order\n    to: Browse\n    reason: \"old\"\n"
        let workspace = try LintWorkspace(browseDependencies: [productToProduct], configuration: allow)
        let result = await workspace.mfe().lintGraph(.init(path: workspace.path))
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("mfe.yml:16:5: warning: allow entry 'cycle' from Order to Browse matches no finding"))
        let strict = await workspace.mfe().lintGraph(.init(path: workspace.path, strict: true))
        #expect(strict.status == 1)
    }

    @Test func malformedInputExitsTwoNamingFileAndLine() async throws {
        let workspace = try LintWorkspace()
        try workspace.write(
            "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"Env\",\n    targets: [.target(name: \"Env\"\n)\n", to: "Foundation/Env/Package.swift")
        let manifest = await workspace.mfe().lintGraph(.init(path: workspace.path))
        #expect(manifest.status == 2)
        #expect(manifest.standardError.contains("Foundation/Env/Package.swift:"))
        #expect(manifest.standardOutput.isEmpty)

        let configuration = try LintWorkspace()
        try configuration.write("workspace: FeedMe\npackages: [Features/*]\nlayerz:\n  product: [Browse]\n", to: "mfe.yml")
        let yaml = await configuration.mfe().lintGraph(.init(path: configuration.path))
        #expect(yaml.status == 2)
        #expect(yaml.standardError.contains("mfe.yml:3:1: unknown key 'layerz'"))
    }

    @Test func missingPathsAndBadBaselinesAreInputErrors() async throws {
        let workspace = try LintWorkspace()
        let missing = await workspace.mfe().lintGraph(.init(path: "/nonexistent/mfe-workspace"))
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("'/nonexistent/mfe-workspace' does not exist"))

        let baseline = await workspace.mfe().lintGraph(.init(path: workspace.path, baselinePath: "nope.json"))
        #expect(baseline.status == 2)
        #expect(baseline.standardError.contains("'nope.json' does not exist"))

        try workspace.write("{\"version\": 1,\n \"findings\": [oops]}\n", to: "bad.json")
        let badBaseline = await workspace.mfe().lintGraph(.init(path: ".", baselinePath: "bad.json"))
        #expect(badBaseline.status == 2)
        #expect(badBaseline.standardError.contains("bad.json:"))
    }

    /// SwiftPM reads the manifests on the disk: the same findings, byte for byte.
    @Test func theSwiftPMLoaderGivesTheSameFindings() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct], onDisk: true)
        let reader = await workspace.mfe().lintGraph(.init(path: workspace.path, format: .json))
        let swiftpm = await workspace.mfe().lintGraph(.init(path: workspace.path, format: .json, loader: .swiftpm))
        #expect(swiftpm.status == 1, "\(swiftpm.standardError)")
        #expect(swiftpm.standardOutput == reader.standardOutput)
    }
}

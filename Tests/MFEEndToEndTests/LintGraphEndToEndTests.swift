import Foundation
import MFEKit
import MFETestSupport
import Testing

private let productToProduct = ".product(name: \"Order\", package: \"Order\")"

/// What `mfe lint-graph` is as a process: the exit codes the executable maps its output and
/// errors to, and its argument parsing. The reports, baselines and `allow:` entries are
/// checked in process (MFEFrontendTests, `LintGraphServiceTests`).
@Suite("mfe lint-graph")
struct LintGraphEndToEndTests {
    @Test func aLayerViolationIsReportedAtTheDependencyEntryAndExitsOne() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct], onDisk: true)
        let result = try await MFEBinary.run(["lint-graph"], in: workspace.path)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "Features/Browse/Package.swift:15:17: error: Browse depends on Order, the implementation of another product feature; depend on OrderInterface [product-to-product]")
        #expect(lines.count == 2)
    }

    @Test func missingPathsAndBadFlagsAreInputErrors() async throws {
        let missing = try await MFEBinary.run(["lint-graph", "/nonexistent/mfe-workspace"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("'/nonexistent/mfe-workspace' does not exist"))

        let workspace = try LintWorkspace(onDisk: true)
        let format = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "xml"])
        #expect(format.status == 64)
        #expect(format.standardError.contains("'xml'"))
    }
}

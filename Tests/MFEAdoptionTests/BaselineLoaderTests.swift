import Foundation
import MFECore
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEFrontend

/// Finding and reading the baseline of a workspace, on an in-memory file system: the
/// adopted legacy app (mfe.yml with `baseline:`, and the baseline `init --adopt` wrote).
@Suite("baselines: found, read and applied")
struct BaselineLoaderTests {
    /// The legacy app adopted in memory at `/repo`.
    static func adopted() async throws -> (files: InMemoryFileSystem, workspace: Workspace) {
        let files = InMemoryFileSystem()
        try LegacyAppFixture.write(to: try files.folder("/repo"))
        let service = InitService(environment: ServiceEnvironment(fileSystem: files))
        try await CommandOutputWriter(fileSystem: files).perform(try await service.run(InitService.Request(name: "/repo", adopt: true, loader: .static)))
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(fileSystem: files, environment: [:]), fileSystem: files).load(at: "/repo", checkNames: true)
        return (files, workspace)
    }

    @Test func theAdoptedBaselineAcceptsTodaysFindings() async throws {
        let (files, workspace) = try await Self.adopted()
        #expect(Linter().lint(workspace).exitCode == 1, "the legacy app has a violation")
        let (baseline, file) = try #require(try BaselineLoader(fileSystem: files).load(given: nil, workspace: workspace))
        #expect(file == "mfe-baseline.json")
        let report = Linter().lint(workspace, options: LintOptions(baseline: baseline, baselineFile: file))
        #expect(report.exitCode == 0)
        #expect(report.findings.isEmpty)
    }

    @Test func theConfiguredBaselineIsOptionalButAGivenOneMustExist() async throws {
        let (files, workspace) = try await Self.adopted()
        try files.remove("/repo/mfe-baseline.json")
        #expect(try BaselineLoader(fileSystem: files).load(given: nil, workspace: workspace) == nil)
        #expect(throws: BaselineError.missing(given: "/repo/mfe-baseline.json")) {
            try BaselineLoader(fileSystem: files).load(given: "/repo/mfe-baseline.json", workspace: workspace)
        }
    }

    @Test func aBaselineThatCannotBeUsedIsNamed() async throws {
        let (files, workspace) = try await Self.adopted()
        try files.write("{\"version\": 1,\n \"findings\": [\n", to: "/repo/mfe-baseline.json")
        let error = try #require(throws: BaselineError.self) {
            try BaselineLoader(fileSystem: files).load(given: nil, workspace: workspace)
        }
        #expect(error.location?.file == "mfe-baseline.json")
        try files.setMode(0o200, of: "/repo/mfe-baseline.json")
        #expect(throws: FileOperationError("read", "/repo/mfe-baseline.json", code: EACCES)) {
            try BaselineLoader(fileSystem: files).load(given: nil, workspace: workspace)
        }
    }
}

import Foundation
import MFECore
import MFELint
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEFrontend

/// The services: one shape, the loader chosen in one place, writes planned as data.
@Suite("command services", .hangGuard(processes: 3))
struct ServiceTests {
    @Test func theLoaderIsChosenInOnePlace() throws {
        #expect(try ServiceEnvironment().loaderKind(flag: nil) == nil)
        #expect(try ServiceEnvironment(variables: ["MFE_LOADER": "auto"]).loaderKind(flag: nil) == .auto)
        #expect(try ServiceEnvironment(variables: ["MFE_LOADER": "auto"]).loaderKind(flag: .static) == .static, "--loader beats MFE_LOADER")
        #expect(throws: (any Error).self) { try ServiceEnvironment(variables: ["MFE_LOADER": "fast"]).loaderKind(flag: nil) }
        // Without a choice, the static reader that notes a workspace's 'loader:'.
        #expect(try ServiceEnvironment().manifestLoader(flag: nil) is ConfiguredManifestLoader)
    }

    /// Two packages, Browse (product) depending on Env (foundation) and on Other (no layer).
    static func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("workspace: Demo\nlayers:\n  foundation: [Env]\n  product: [Browse]\n", to: "mfe.yml")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Env", products: [.library(name: "Env", targets: ["Env"])], targets: [.target(name: "Env")])
            """, to: "Env/Package.swift")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Browse", dependencies: [.package(path: "../Env")], targets: [.target(name: "Browse", dependencies: ["Env"])])
            """, to: "Browse/Package.swift")
        return directory
    }

    @Test func lintGraphPlansItsWritesAndWritesNothing() async throws {
        let directory = try Self.workspace()
        let baseline = directory.path + "/mfe-baseline.json"
        let summary = directory.path + "/summary.md"
        let service = LintGraphService(environment: ServiceEnvironment(variables: ["GITHUB_STEP_SUMMARY": summary]))
        let output = try await service.run(LintGraphService.Request(path: directory.path, format: .github, writeBaselinePath: baseline))
        #expect(output.writes.count == 2)
        guard case .replace(baseline, let data, createsFolder: false)? = output.writes.first, case .append(summary, _, _)? = output.writes.last else {
            Issue.record("planned \(output.writes)")
            return
        }
        #expect(String(decoding: data, as: UTF8.self).contains("\"findings\""))
        #expect(output.standardError == "wrote 1 finding to the baseline '\(baseline)'\n", "Browse lacks an Interface target")
        #expect(!FileManager.default.fileExists(atPath: baseline) && !FileManager.default.fileExists(atPath: summary), "a service writes nothing")
        try await CommandOutputWriter().perform(output)
        #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == data)
    }

    @Test func baselineProblemsAreTyped() async throws {
        let directory = try Self.workspace()
        let service = LintGraphService(environment: ServiceEnvironment())
        await #expect(throws: BaselineError.missing(given: "nope.json")) {
            try await service.run(LintGraphService.Request(path: directory.path, baselinePath: "nope.json"))
        }
        await #expect(throws: BaselineError.wouldReplaceOtherFile(given: directory.path + "/mfe.yml")) {
            try await service.run(LintGraphService.Request(path: directory.path, writeBaselinePath: directory.path + "/mfe.yml"))
        }
        await #expect(throws: BaselineError.writeTargetIsFolder(given: directory.path + "/Env")) {
            try await service.run(LintGraphService.Request(path: directory.path, writeBaselinePath: directory.path + "/Env"))
        }
        #expect(BaselineError.missing(given: "b.json").errorDescription == "the baseline 'b.json' does not exist; create it with 'mfe lint-graph --write-baseline b.json'")
    }

    /// `mfe create` plans under the workspace lock and keeps it until the writer has written
    /// the plan, so the next create plans from this one's shell; a dry run takes no lock.
    @Test func createHoldsTheWorkspaceLockUntilItsWritesAreDone() async throws {
        let directory = try TemporaryDirectory()
        let environment = ServiceEnvironment()
        try await CommandOutputWriter().perform(try await InitService(environment: environment).run(InitService.Request(name: "Demo", path: directory.path)))
        let root = directory.path + "/Demo"
        let lockFile = root + "/.mfe-create.lock"
        let request = CreateService.Request(name: "Search", path: root + "/Features", wire: false)

        var dryRun = request
        dryRun.dryRun = true
        let planned = try await CreateService(environment: environment).run(dryRun)
        #expect(planned.writes.isEmpty && planned.lock == nil)
        #expect(planned.standardOutput.hasPrefix("Would create "))

        let output = try await CreateService(environment: environment).run(request)
        #expect(output.lock != nil)
        #expect(FileManager.default.fileExists(atPath: lockFile))
        #expect(!FileManager.default.fileExists(atPath: root + "/Features/Search"), "a service writes nothing")
        try await CommandOutputWriter().perform(output)
        #expect(!FileManager.default.fileExists(atPath: lockFile))
        #expect(FileManager.default.fileExists(atPath: root + "/Features/Search/Package.swift"))
        #expect(output.exitCode == 0)
    }

    /// What a command prints keeps its order across the two streams.
    @Test func printedTextKeepsItsOrderAcrossStreams() {
        var output = CommandOutput()
        output.printError("note: first\n")
        output.print("result\n")
        output.print("")
        output.printError("error: last\n")
        #expect(output.printed.map(\.stream) == [.error, .output, .error])
        #expect(output.standardOutput == "result\n")
        #expect(output.standardError == "note: first\nerror: last\n")
    }
}

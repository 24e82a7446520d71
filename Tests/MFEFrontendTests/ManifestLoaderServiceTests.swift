import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// A workspace of two packages, one of which (`Feature`) only SwiftPM can read: its targets
/// depend on the host name.
func mixedLoaderWorkspace(configuredLoader: String? = nil) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    try directory.write("workspace: Mixed\npackages: [Core, Feature]\n" + (configuredLoader.map { "loader: \($0)\n" } ?? ""), to: "mfe.yml")
    try directory.write(
        """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "Core", products: [.library(name: "Core", targets: ["Core"])], targets: [.target(name: "Core")])
        """, to: "Core/Package.swift")
    try directory.write(
        """
        // swift-tools-version: 6.0
        import PackageDescription
        import Foundation
        let package = Package(
            name: "Feature",
            dependencies: [.package(path: "../Core")],
            targets: ProcessInfo.processInfo.hostName.isEmpty ? [] : [.target(name: "Feature", dependencies: [.product(name: "Core", package: "Core")])]
        )
        """, to: "Feature/Package.swift")
    return directory
}

/// `--loader auto` and `loader:` in mfe.yml, in process (SwiftPM runs for real, on the disk).
@Suite("--loader auto and loader: in mfe.yml, in process", .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil))
struct ManifestLoaderServiceTests {
    @Test func theStaticReaderRefusesAndSuggestsAuto() async throws {
        let workspace = try mixedLoaderWorkspace()
        let result = await InProcessMFE().graph(.init(path: workspace.path, format: .json))
        #expect(result.status == 2)
        #expect(result.standardError.contains("Feature/Package.swift:7:"), "\(result.standardError)")
        #expect(result.standardError.contains("'--loader auto'"))
    }

    @Test func autoReadsTheRestStaticallyAndTheRefusedManifestWithSwiftPM() async throws {
        let workspace = try mixedLoaderWorkspace()
        let result = await InProcessMFE().graph(.init(path: workspace.path, format: .json, loader: .auto))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"name\": \"Feature\""))
        #expect(result.standardOutput.contains("\"Core\""))
        let lint = await InProcessMFE().lintGraph(.init(path: workspace.path, loader: .auto))
        #expect(lint.status == 0, "\(lint.standardError)")
    }

    /// `loader: auto` in mfe.yml alone runs no manifest code (a pull request can add it): the
    /// static reader reads, refuses, and the note says how to opt in; `--loader auto` and
    /// `MFE_LOADER=auto` do opt in.
    @Test func loaderAutoInMfeYmlAloneRunsNothingAndTheCommandLineOptsIn() async throws {
        let workspace = try mixedLoaderWorkspace(configuredLoader: "auto")
        let configured = await InProcessMFE().graph(.init(path: workspace.path, format: .json))
        #expect(configured.status == 2)
        #expect(configured.standardError.contains("Feature/Package.swift:7:"), "\(configured.standardError)")
        let flagged = await InProcessMFE().graph(.init(path: workspace.path, format: .json, loader: .auto))
        #expect(flagged.status == 0, "\(flagged.standardError)")
        #expect(flagged.standardOutput.contains("\"name\": \"Feature\""))
        let fromEnvironment = await InProcessMFE(variables: ["MFE_LOADER": "auto"]).graph(.init(path: workspace.path, format: .json))
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
        #expect(fromEnvironment.standardOutput == flagged.standardOutput)
    }
}

import Foundation
import MFECore
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// Third-party imports against packages the real `swift package resolve` checked out (from the
/// local mirrors git maps `https://github.com/...` to): one resolve, three targets.
/// `MFE_SKIP_INTEGRATION=1` skips it.
@Suite(
    "third-party imports after swift package resolve",
    .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil && FileManager.default.fileExists(atPath: "/opt/swift-packages/apple/swift-algorithms.git"))
)
struct ExternalResolveIntegrationTests {
    @Test func undeclaredImportsOfResolvedProductsAreImplicitOrTransitive() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [
                    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
                    .package(url: "https://github.com/apple/swift-algorithms", from: "1.2.0"),
                ],
                targets: [
                    .executableTarget(name: "Tool", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
                    .target(name: "Stats", dependencies: [.product(name: "Algorithms", package: "swift-algorithms")]),
                    .target(name: "Loose"),
                ]
            )

            """, to: "App/Package.swift")
        try directory.write("import ArgumentParser\n\n@main struct Tool: ParsableCommand {}\n", to: "App/Sources/Tool/main.swift")
        try directory.write("import Algorithms\nimport RealModule\nimport Foundation\n", to: "App/Sources/Stats/Stats.swift")
        try directory.write("import ArgumentParser\n", to: "App/Sources/Loose/Loose.swift")
        let resolve = try await SubprocessRunner().run("swift", ["package", "resolve"], workingDirectory: directory.path + "/App", environment: [:])
        try #require(resolve.status == 0, "\(resolve.standardError)")

        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: directory.path)
        let analysis = try await ImportRules.analysis(in: workspace, graph: TargetGraph(workspace: workspace), manifestLoader: ManifestReader(), cacheRoot: nil)
        #expect(analysis.notes == [])
        #expect(
            analysis.findings.map { "\($0.rule) \($0.file):\($0.line) \($0.from ?? "") -> \($0.to ?? "")\($0.path.map { " via " + $0.joined(separator: " → ") } ?? "")" } == [
                "implicit-dependency App/Sources/Loose/Loose.swift:1 Loose -> ArgumentParser",
                "transitive-dependency App/Sources/Stats/Stats.swift:2 Stats -> RealModule via Stats → Algorithms → RealModule",
            ])
        let transitive = try #require(analysis.findings.last)
        #expect(
            transitive.message.hasSuffix(
                "add .product(name: \"RealModule\", package: \"swift-numerics\") to the dependencies of Stats in App/Package.swift (with .package(url: \"https://github.com/apple/swift-numerics.git\", from: \"\(try #require(Self.pinnedVersion(of: "swift-numerics", in: directory.path + "/App")))\") in the package's dependencies)"
            ))
    }

    static func pinnedVersion(of identity: String, in directory: String) -> String? {
        let data = FileManager.default.contents(atPath: directory + "/Package.resolved") ?? Data()
        return (try? ResolvedFile(decoding: data, reading: .lenient))?.pins.first { $0.identity == identity }?.state.version?.description
    }
}

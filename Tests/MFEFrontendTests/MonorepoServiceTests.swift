import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe lint-graph` on a single-package app: features are stems, layered by `layers:` globs
/// and named with configured `roles:`, in process on a file system in memory.
@Suite("lint-graph in process on a monorepo package")
struct MonorepoServiceTests {
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Core"),
                .target(name: "ApiClient", dependencies: ["Core"]),
                .target(name: "ApiClientLive", dependencies: ["ApiClient"]),
                .target(name: "HomeFeature", dependencies: ["ApiClient", "SearchFeature"]),
                .target(name: "SearchFeature", dependencies: ["ApiClient"]),
                .target(name: "AppFeature", dependencies: ["HomeFeature", "SearchFeature", "ApiClientLive"]),
                .testTarget(name: "HomeFeatureTests", dependencies: ["HomeFeature"]),
            ]
        )

        """

    static func workspace(_ configuration: String) throws -> InMemoryFolder {
        let folder = try InMemoryFolder.workspace("Shop")
        try folder.write(manifest, to: "Package.swift")
        try folder.write("workspace: Shop\n" + configuration, to: "mfe.yml")
        return folder
    }

    @Test func productToProductInsideOnePackageFailsTheRun() async throws {
        let folder = try Self.workspace(
            "layers:\n  shell: [AppFeature]\n  product: [\"*Feature\"]\n  foundation: [Core, ApiClient]\nroles:\n  interface: [Interface, Client]\n  source: [ClientLive]\n")
        let result = await folder.mfe().lintGraph(.init(path: folder.path, format: .json))
        #expect(result.status == 1, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(
            findings.map { "\($0["rule"] ?? "") \($0["from"] ?? $0["feature"] ?? "")" } == [
                "missing-interface HomeFeature", "product-to-product HomeFeature", "missing-interface SearchFeature",
            ])
        #expect(findings[1]["message"] as? String == "HomeFeature depends on SearchFeature, the implementation of another product feature; depend on SearchFeatureInterface")
        #expect(findings[0]["feature"] as? String == "HomeFeature")
        #expect(findings[0]["line"] as? Int == 10, "at HomeFeature's declaration")
    }

    @Test func aMisspeltLayerNameIsExitTwoWithItsLineAndASuggestion() async throws {
        let folder = try Self.workspace("layers:\n  product: [HomeFeature, SerchFeature]\n")
        let result = await folder.mfe().lintGraph(.init(path: folder.path))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError.contains("mfe.yml:3:26: 'SerchFeature' under 'layers.product' matches no package or feature of the workspace; did you mean 'SearchFeature'?"),
            "\(result.standardError)")
    }

    @Test func aBadRoleIsExitTwoWithItsLine() async throws {
        let folder = try Self.workspace("roles:\n  mocks: [Mocks]\n")
        let result = await folder.mfe().lintGraph(.init(path: folder.path))
        #expect(result.status == 2)
        #expect(result.standardError.contains("mfe.yml:3:3: unknown key 'mocks' in 'roles:'"), "\(result.standardError)")
    }
}

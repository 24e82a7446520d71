import Foundation
import MFECore
@testable import MFEFrontend
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@Suite("mfe init --adopt: inference")
struct AdoptionInferenceTests {
    static func manifest(_ targets: [(String, Target.Kind)]) -> (directory: String, manifest: PackageManifest) {
        let declared = targets.map { Target(name: $0.0, kind: $0.1, dependencies: [], location: SourceLocation(file: "Package.swift", line: 1, column: 1)) }
        return (".", PackageManifest(name: "App", toolsVersion: ToolsVersion(6, 0), targets: declared, manifestPath: "Package.swift"))
    }

    @Test func infersTheRoleSuffixesARepositoryUses() {
        let package = Self.manifest([
            ("ApiClient", .regular), ("ApiClientLive", .regular), ("DatabaseClient", .regular), ("DatabaseLive", .regular),
            ("FileClient", .regular), ("FirstPartyMocks", .regular), ("PocketGraphTestMocks", .regular), ("TimerMock", .regular),
            ("Home", .regular), ("Home-iOS", .regular), ("HomeTests", .test), ("SearchTests", .test),
        ])
        let suffixes = RoleInference.infer([package])
        #expect(suffixes.map { "\($0.role.rawValue) \($0.suffix)" } == [
            "interface Client", "source ClientLive", "source Live", "testing TestMocks", "testing Mocks", "testing Mock", "source -iOS",
        ])
        let roles = RoleInference.roles(suffixes)
        #expect(roles.interface == ["Interface", "Client"])
        #expect(roles.stem(of: "PocketGraphTestMocks", kind: .regular) == "PocketGraph")
        #expect(roles.stem(of: "DatabaseLive", kind: .regular) == "Database")
        #expect(RoleInference.infer([Self.manifest([("NetworkClient", .regular), ("Home", .regular)])]).isEmpty, "a Client without a Live implementation is just a name")
    }

    @Test func aPackageHoldsSeveralFeaturesWhenThreeStemsDoNotExtendEachOther() {
        #expect(!AdoptionPipeline.holdsSeveralFeatures(Self.manifest([("RSCore", .regular), ("RSCoreObjC", .regular), ("RSCoreResources", .regular), ("RSCoreTests", .test)]).manifest, roles: .standard))
        #expect(AdoptionPipeline.holdsSeveralFeatures(Self.manifest([("Home", .regular), ("Search", .regular), ("Core", .regular)]).manifest, roles: .standard))
        #expect(!AdoptionPipeline.holdsSeveralFeatures(Self.manifest([("Search", .regular), ("SearchInterface", .regular), ("SearchTesting", .regular), ("SearchExample", .executable)]).manifest, roles: .standard))
    }

    @Test(arguments: [
        ("SwiftUIExtensions", ["Swift", "UI", "Extensions"]),
        ("RSCore", ["RS", "Core"]),
        ("PMLogger", ["PM", "Logger"]),
        ("HomeFeature", ["Home", "Feature"]),
        ("container-apiserver", ["container", "apiserver"]),
        ("DesignSystem", ["Design", "System"]),
        ("PreferencesUI-macOS", ["Preferences", "UI"]),
    ])
    func splitsNamesIntoWords(name: String, words: [String]) {
        #expect(LayerInference.words(name) == words)
    }

    @Test func userInterfaceIsSwiftUIOrAViewSubclass() {
        #expect(AdoptionPipeline.hasUserInterface("import SwiftUI\nstruct A: View {}"))
        #expect(AdoptionPipeline.hasUserInterface("import UIKit\nfinal class A: UIViewController {}"))
        #expect(AdoptionPipeline.hasUserInterface("import AppKit\nclass A: NSView {}"))
        #expect(!AdoptionPipeline.hasUserInterface("import UIKit\nlet scale = UIScreen.main.scale"))
        #expect(!AdoptionPipeline.hasUserInterface("import Foundation\nstruct A {}"))
    }

    @Test func packagesAreGlobbedWhenEveryPackageOfAFolderIsKept() {
        var renderer = AdoptionConfigurationRenderer(
            workspace: "Shop", packageDirectories: [".", "Packages/A", "Packages/B", "Tools/C"], allPackageDirectories: [".", "Packages/A", "Packages/B", "Tools/C", "Tools/D"],
            leftOut: [.init(directory: "Tools/D", reason: "package D has no targets (a placeholder)")], roles: [], layers: [], refusedManifests: [], baseline: "mfe-baseline.json"
        )
        #expect(renderer.packageEntries() == [".", "Packages/*", "Tools/C"])
        renderer.layers = [.init(name: "*Feature", layer: .product, reason: "named …Feature"), .init(name: "Core", layer: .foundation, reason: "named like foundation (Core)")]
        let text = renderer.render()
        #expect(text.contains("  # left out: Tools/D — package D has no targets (a placeholder)\n"))
        #expect(text.contains("  product:\n    - \"*Feature\"  # named …Feature\n"))
        guard case .workspace(let configuration) = try? ConfigurationParser().parse(text, file: "mfe.yml") else {
            Issue.record("the rendered mfe.yml does not parse:\n\(text)")
            return
        }
        #expect(configuration.packages == [".", "Packages/*", "Tools/C"])
        #expect(configuration.layers["*Feature"]?.layer == .product)
        #expect(configuration.baseline == "mfe-baseline.json")
    }

    @Test(arguments: [("Home", "Home"), ("*Feature", "\"*Feature\""), ("-iOS", "\"-iOS\""), ("yes", "\"yes\""), ("Packages/*", "\"Packages/*\""), ("a\"b", "\"a\\\"b\"")])
    func yamlScalarsAreQuotedWhenNeeded(text: String, expected: String) {
        #expect(AdoptionConfigurationRenderer.quoted(text) == expected)
    }
}

@Suite("mfe init --adopt: a legacy repository")
struct AdoptionPipelineTests {
    @Test func infersPackagesRolesAndLayersOfALegacyApp() async throws {
        let directory = try TemporaryDirectory()
        try LegacyAppFixture.write(to: directory)
        let output = try await AdoptionPipeline().run(AdoptionRequest(path: directory.path, dryRun: true))
        #expect(output.files.isEmpty, "a dry run plans no file")
        #expect(output.layers == [
            "AppFeature": .shell,
            "HomeFeature": .product, "SearchFeature": .product, "SettingsFeature": .product,
            "Api": .foundation, "UserDefaults": .foundation, "Styleguide": .foundation, "Models": .foundation, "FirstParty": .foundation,
            "Networking": .foundation, "DesignTokens": .foundation,
        ])
        let text = output.standardOutput
        #expect(text.contains("packages:\n  - .\n  - \"Packages/*\"\n"), "\(text)")
        #expect(text.contains("  # left out: App — package client has no targets (a placeholder)"))
        #expect(text.contains("    - Client     # 2 targets end in Client"), "\(text)")
        #expect(text.contains("    - \"*Feature\""))
        #expect(text.contains("    - AppFeature  # the composition root"))
        #expect(text.contains("baseline: 4 findings accepted (missing-interface 3, product-to-product 1)"), "\(text)")
    }

    @Test func writesBothFilesAndNeverOverwritesThem() async throws {
        let directory = try TemporaryDirectory()
        try LegacyAppFixture.write(to: directory)
        let pipeline = AdoptionPipeline()
        let output = try await pipeline.run(AdoptionRequest(path: directory.path))
        #expect(output.files.map { ($0.path as NSString).lastPathComponent } == ["mfe.yml", "mfe-baseline.json"])
        try pipeline.write(output)
        let written = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/mfe.yml"))
        #expect(written == output.files[0].data)
        await #expect {
            try await pipeline.run(AdoptionRequest(path: directory.path))
        } throws: { error in
            (error as? PlainInputError)?.message.contains("mfe.yml' already exists; 'mfe init --adopt' never overwrites it") == true
        }
        // A baseline alone also stops it.
        try FileManager.default.removeItem(atPath: directory.path + "/mfe.yml")
        await #expect(throws: PlainInputError.self) { try await pipeline.run(AdoptionRequest(path: directory.path)) }
        // A file that appears between planning and writing is left alone, and nothing else is written.
        try FileManager.default.removeItem(atPath: directory.path + "/mfe-baseline.json")
        let planned = try await pipeline.run(AdoptionRequest(path: directory.path))
        try directory.write("mine\n", to: "mfe-baseline.json")
        #expect(throws: PlainInputError.self) { try pipeline.write(planned) }
        #expect(try String(contentsOfFile: directory.path + "/mfe-baseline.json", encoding: .utf8) == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/mfe.yml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("mfe-adopt") }.isEmpty)
    }

    @Test func aFolderWithoutPackagesIsAnInputError() async throws {
        let directory = try TemporaryDirectory()
        await #expect(throws: PlainInputError.self) { try await AdoptionPipeline().run(AdoptionRequest(path: directory.path)) }
        await #expect(throws: PlainInputError.self) { try await AdoptionPipeline().run(AdoptionRequest(path: directory.path + "/missing")) }
    }
}

@Suite("mfe init --adopt: layers from names and the graph")
struct LayerInferenceTests {
    /// One monorepo package; `ui` lists the targets with user interface.
    static func decisions(_ targets: [WorkspaceFixture.TargetSpec], ui: Set<String>) -> [String: (Layer, String)] {
        var fixture = WorkspaceFixture()
        fixture.monorepo("App", targets: targets)
        let graph = TargetGraph(workspace: fixture.workspace)
        let uiTargets = Set(graph.nodes.indices.filter { ui.contains(graph.nodes[$0].name) })
        let decisions = LayerInference(graph: graph, uiTargets: uiTargets).infer()
        var result: [String: (Layer, String)] = [:]
        for (index, feature) in graph.features.enumerated() { result[feature.name] = (decisions[index].layer, decisions[index].reason) }
        return result
    }

    @Test func namesThenTheGraphDecide() {
        let result = Self.decisions([
            .init("AppFeature", .regular, ["HomeFeature", "SearchFeature"]),
            .init("HomeFeature", .regular, ["Profile", "Avatar", "Core"]),
            .init("SearchFeature", .regular, ["Avatar", "Core"]),
            .init("Profile", .regular, ["Avatar", "Core"]),
            .init("Avatar", .regular, ["Core"]),
            .init("Core", .regular, ["Formatting"]),
            .init("Formatting"),
            .init("LegacyCommon", .regular, ["HomeFeature", "SearchFeature"]),
            .init("Tool", .executable, ["Core"]),
            .init("IntegrationTests", .test, ["HomeFeature"]),
        ], ui: ["HomeFeature", "SearchFeature", "Profile", "Avatar"])
        #expect(result["AppFeature"]?.0 == .shell)
        #expect(result["HomeFeature"]?.0 == .product)
        #expect(result["Profile"]?.0 == .product, "a feature with UI that one other feature opens")
        #expect(result["Avatar"]?.0 == .foundation, "UI that three features use is a shared component")
        #expect(result["Core"]?.1 == "named like foundation (Core)")
        #expect(result["Formatting"]?.1 == "used by foundation Core")
        #expect(result["LegacyCommon"]?.0 == .shell, "named like foundation, but it composes product features")
        #expect(result["Tool"]?.0 == .shell, "an executable nothing depends on")
        #expect(result["Integration"]?.0 == .product, "tests sit with what they test")
    }

    @Test func aSiblingSuffixMarksFeaturesAndABrandMarksAKit() {
        let features = Self.decisions([
            .init("FeedUI", .regular, ["DesignSystem"]), .init("PostUI", .regular, ["FeedUI", "DesignSystem"]),
            .init("ProfileUI", .regular, ["DesignSystem"]), .init("DesignSystem"),
        ], ui: ["FeedUI", "PostUI", "ProfileUI", "DesignSystem"])
        #expect(features["FeedUI"]?.0 == .product)
        #expect(features["FeedUI"]?.1 == "named …UI, like most features of package App")
        let sdk = Self.decisions([
            .init("MastodonCore"), .init("MastodonAsset"), .init("MastodonUI", .regular, ["MastodonCore", "MastodonAsset"]), .init("MastodonLocalization"),
        ], ui: ["MastodonUI"])
        #expect(sdk["MastodonUI"]?.0 == .foundation)
    }
}

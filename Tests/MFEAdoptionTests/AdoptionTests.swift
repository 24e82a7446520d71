import Foundation
import MFECore
import MFEFrontend
import MFEManifest
import MFETestSupport
import MFEWorkspace
import MFEXcode
import Testing

@testable import MFEAdoption

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
        #expect(
            suffixes.map { "\($0.role.rawValue) \($0.suffix)" } == [
                "interface Client", "source ClientLive", "source Live", "testing TestMocks", "testing Mocks", "testing Mock", "source -iOS",
            ])
        let roles = RoleInference.roles(suffixes)
        #expect(roles.interface == ["Interface", "Client"])
        #expect(roles.stem(of: "PocketGraphTestMocks", kind: .regular) == "PocketGraph")
        #expect(roles.stem(of: "DatabaseLive", kind: .regular) == "Database")
        #expect(RoleInference.infer([Self.manifest([("NetworkClient", .regular), ("Home", .regular)])]).isEmpty, "a Client without a Live implementation is just a name")
    }

    @Test func aPackageHoldsSeveralFeaturesWhenThreeStemsDoNotExtendEachOther() {
        #expect(
            !AdoptionPlanner.holdsSeveralFeatures(Self.manifest([("RSCore", .regular), ("RSCoreObjC", .regular), ("RSCoreResources", .regular), ("RSCoreTests", .test)]).manifest, roles: .standard))
        #expect(AdoptionPlanner.holdsSeveralFeatures(Self.manifest([("Home", .regular), ("Search", .regular), ("Core", .regular)]).manifest, roles: .standard))
        #expect(
            !AdoptionPlanner.holdsSeveralFeatures(
                Self.manifest([("Search", .regular), ("SearchInterface", .regular), ("SearchTesting", .regular), ("SearchExample", .executable)]).manifest, roles: .standard))
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
        #expect(AdoptionPlanner.hasUserInterface("import SwiftUI\nstruct A: View {}"))
        #expect(AdoptionPlanner.hasUserInterface("import UIKit\nfinal class A: UIViewController {}"))
        #expect(AdoptionPlanner.hasUserInterface("import AppKit\nclass A: NSView {}"))
        #expect(!AdoptionPlanner.hasUserInterface("import UIKit\nlet scale = UIScreen.main.scale"))
        #expect(!AdoptionPlanner.hasUserInterface("import Foundation\nstruct A {}"))
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

    /// Names from the repository (folders, targets) cannot add a key to the written mfe.yml:
    /// a line break in a comment is shown, and one in a value is a YAML escape that reads back
    /// as the name.
    @Test func hostileNamesStayInTheirValueOrComment() {
        let hostile = "Zed\nbaseline: /etc/passwd\u{1B}[2J"
        let renderer = AdoptionConfigurationRenderer(
            workspace: "Shop", packageDirectories: [hostile], allPackageDirectories: [hostile, "Tools/\(hostile)"],
            leftOut: [.init(directory: "Tools/\(hostile)", reason: "package \(hostile) has no targets")], roles: [],
            layers: [.init(name: hostile, layer: .foundation, reason: "named like \(hostile)")], refusedManifests: [hostile], baseline: "mfe-baseline.json")
        let text = renderer.render()
        #expect(!text.unicodeScalars.contains { OutputEscaping.isControl($0) && $0 != "\n" }, "\(text)")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("baseline:") } == ["baseline: mfe-baseline.json   # today's findings, accepted so CI fails only on new ones"], "\(text)")
        guard case .workspace(let configuration) = try? ConfigurationParser().parse(text, file: "mfe.yml") else {
            Issue.record("the rendered mfe.yml does not parse:\n\(text)")
            return
        }
        #expect(configuration.packages == [hostile])
        #expect(configuration.layers[hostile]?.layer == .foundation)
        #expect(configuration.baseline == "mfe-baseline.json")
    }

    @Test(arguments: [("Home", "Home"), ("*Feature", "\"*Feature\""), ("-iOS", "\"-iOS\""), ("yes", "\"yes\""), ("Packages/*", "\"Packages/*\""), ("a\"b", "\"a\\\"b\"")])
    func yamlScalarsAreQuotedWhenNeeded(text: String, expected: String) {
        #expect(AdoptionConfigurationRenderer.quoted(text) == expected)
    }
}

@Suite("mfe init --adopt: a legacy repository")
struct AdoptionPlannerTests {
    @Test func infersPackagesRolesAndLayersOfALegacyApp() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/repo")
        try LegacyAppFixture.write(to: directory)
        let output = try await AdoptionPlanner(fileSystem: files, environment: [:]).plan(AdoptionRequest(path: directory.path, dryRun: true))
        #expect(output.files.isEmpty, "a dry run plans no file")
        #expect(
            output.layers == [
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
        let files = InMemoryFileSystem()
        let directory = try files.folder("/repo")
        try LegacyAppFixture.write(to: directory)
        let service = InitService(environment: ServiceEnvironment(fileSystem: files))
        let request = InitService.Request(name: directory.path, adopt: true)
        let output = try await service.run(request)
        let created = output.writes.compactMap { write -> (path: String, data: Data)? in
            if case .create(let path, let data, "adopting the repository") = write { return (path, data) }
            return nil
        }
        #expect(created.map { ($0.path as NSString).lastPathComponent } == ["mfe.yml", "mfe-baseline.json"])
        #expect(output.writes.count == 2)
        try await CommandOutputWriter(fileSystem: files).perform(output)
        let written = try files.contents(of: directory.path + "/mfe.yml")
        #expect(written == created.first?.data)
        await #expect(throws: AdoptionError.wouldOverwrite(path: directory.path + "/mfe.yml")) { try await service.run(request) }
        // A baseline alone also stops it.
        try files.remove(directory.path + "/mfe.yml")
        await #expect(throws: AdoptionError.wouldOverwrite(path: directory.path + "/mfe-baseline.json")) { try await service.run(request) }
        // A file that appears between planning and writing is left alone, and nothing else is written.
        try files.remove(directory.path + "/mfe-baseline.json")
        let planned = try await service.run(request)
        try directory.write("mine\n", to: "mfe-baseline.json")
        await #expect(throws: FrontendError.appearedWhileWriting(path: directory.path + "/mfe-baseline.json", activity: "adopting the repository")) {
            try await CommandOutputWriter(fileSystem: files).perform(planned)
        }
        #expect(try files.contents(of: directory.path + "/mfe-baseline.json") == Data("mine\n".utf8))
        #expect(!files.exists(directory.path + "/mfe.yml"))
        #expect(try files.contentsOfDirectory(directory.path).filter { $0.contains(".mfe-") }.isEmpty)
    }

    @Test func aFolderWithoutPackagesIsAnInputError() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/repo")
        await #expect(throws: AdoptionError.noPackages(given: directory.path)) { try await AdoptionPlanner(fileSystem: files, environment: [:]).plan(AdoptionRequest(path: directory.path)) }
        await #expect(throws: AdoptionError.notAFolder(given: directory.path + "/missing", exists: false)) {
            try await AdoptionPlanner(fileSystem: files, environment: [:]).plan(AdoptionRequest(path: directory.path + "/missing"))
        }
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
        let result = Self.decisions(
            [
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
        let features = Self.decisions(
            [
                .init("FeedUI", .regular, ["DesignSystem"]), .init("PostUI", .regular, ["FeedUI", "DesignSystem"]),
                .init("ProfileUI", .regular, ["DesignSystem"]), .init("DesignSystem"),
            ], ui: ["FeedUI", "PostUI", "ProfileUI", "DesignSystem"])
        #expect(features["FeedUI"]?.0 == .product)
        #expect(features["FeedUI"]?.1 == "named …UI, like most features of package App")
        let sdk = Self.decisions(
            [
                .init("MastodonCore"), .init("MastodonAsset"), .init("MastodonUI", .regular, ["MastodonCore", "MastodonAsset"]), .init("MastodonLocalization"),
            ], ui: ["MastodonUI"])
        #expect(sdk["MastodonUI"]?.0 == .foundation)
    }
}

/// Shapes from real repositories that adoption once described wrongly: a prebuilt framework
/// (brave-ios's `GRDWireGuardKit`), command plugins (swift-build), a stem of test doubles that
/// is no module (isowords' `ServerTestHelpers`), and a test stem sharing a package's name
/// (home-assistant/iOS's `SharedPushTests` beside two `SharedPush` packages).
@Suite("mfe init --adopt: real code shapes")
struct AdoptionRealCodeTests {
    static func manifest(_ name: String, products: String = "", dependencies: String = "", targets: String) -> String {
        "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"\(name)\",\n    products: [\(products)],\n    dependencies: [\(dependencies)],\n    targets: [\n        \(targets)\n    ]\n)\n"
    }

    /// The comment on the `layers:` line of `name` in the written mfe.yml.
    static func reason(of name: String, in text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("    - \(name) ") }), let mark = line.range(of: "# ") else { return nil }
        return String(line[mark.upperBound...])
    }

    static func adopt(_ directory: InMemoryFolder) async throws -> AdoptionPlan {
        try await AdoptionPlanner(fileSystem: directory.fileSystem, environment: [:]).plan(AdoptionRequest(path: directory.path, loader: .static, dryRun: true))
    }

    /// apple-browsers' macOS packages say `.package(path: "../../BrowserServicesKit")`, a folder
    /// that is not there, and Xcode's workspace puts the repository's BrowserServicesKit in its
    /// place: they are adopted, as the loader reads them; a dependency that stands for no
    /// package still leaves its package out.
    @Test func aPackageTheWorkspaceOverridesIsAdoptedAndOneThatIsNotThereIsLeftOut() async throws {
        let directory = try InMemoryFileSystem().folder("/repo")
        try directory.write(
            Self.manifest("BrowserServicesKit", products: ".library(name: \"Kit\", targets: [\"Kit\"])", targets: ".target(name: \"Kit\")"),
            to: "BrowserServicesKit/Package.swift")
        try directory.write("import Foundation\n", to: "BrowserServicesKit/Sources/Kit/Kit.swift")
        try directory.write(
            Self.manifest(
                "NewTabPage", dependencies: ".package(path: \"../../BrowserServicesKit\")",
                targets: ".target(name: \"NewTabPage\", dependencies: [.product(name: \"Kit\", package: \"BrowserServicesKit\")])"),
            to: "macOS/LocalPackages/NewTabPage/Package.swift")
        try directory.write("import Kit\n", to: "macOS/LocalPackages/NewTabPage/Sources/NewTabPage/NewTabPage.swift")
        try directory.write(
            Self.manifest("Fixture", dependencies: ".package(path: \"../Generated\")", targets: ".target(name: \"Fixture\")"), to: "macOS/Fixture/Package.swift")
        try directory.write("import Foundation\n", to: "macOS/Fixture/Sources/Fixture/Fixture.swift")
        let output = try await Self.adopt(directory)
        let text = output.standardOutput
        #expect(!text.contains("# left out: macOS/LocalPackages/NewTabPage"), "\(text)")
        #expect(output.layers["NewTabPage"] != nil, "\(text)")
        #expect(text.contains("# left out: macOS/Fixture — package Fixture depends on a package that is not there (Package.swift:7: '../Generated' names no folder), which SwiftPM refuses"), "\(text)")
    }

    @Test func aBinaryTargetIsALibraryAndACommandPluginIsTooling() async throws {
        let directory = try InMemoryFileSystem().folder("/repo")
        try directory.write(
            Self.manifest(
                "App", dependencies: ".package(path: \"ThirdParty/WireKit\")",
                targets: """
                    .executableTarget(name: "App", dependencies: ["HomeFeature", "SearchFeature"]),
                            .target(name: "HomeFeature", dependencies: ["Core", .product(name: "WireKit", package: "WireKit")]),
                            .target(name: "SearchFeature", dependencies: ["Core"]),
                            .target(name: "Core"),
                            .plugin(name: "format-source", capability: .command(intent: .sourceCodeFormatting()))
                    """), to: "Package.swift")
        for target in ["App", "HomeFeature", "SearchFeature", "Core"] {
            try directory.write("import Foundation\n", to: "Sources/\(target)/\(target).swift")
        }
        try directory.write("import PackagePlugin\n", to: "Plugins/format-source/Plugin.swift")
        try directory.write(
            Self.manifest("WireKit", products: ".library(name: \"WireKit\", targets: [\"WireKit\"])", targets: ".binaryTarget(name: \"WireKit\", path: \"WireKit.xcframework\")"),
            to: "ThirdParty/WireKit/Package.swift")
        try directory.write("<plist/>\n", to: "ThirdParty/WireKit/WireKit.xcframework/Info.plist")
        let output = try await Self.adopt(directory)
        let text = output.standardOutput
        #expect(output.layers["WireKit"] == .foundation, "\(text)")
        #expect(Self.reason(of: "WireKit", in: text) == "a prebuilt framework (.binaryTarget): a library that features link", "\(text)")
        #expect(output.layers["format-source"] == .foundation)
        #expect(Self.reason(of: "format-source", in: text) == "a package plugin: build or command tooling, not part of the app", "\(text)")
        #expect(text.contains("baseline: 2 findings accepted (missing-interface 2)"), "only HomeFeature and SearchFeature miss an interface, never the binary target")
    }

    @Test func aStemOfTestDoublesIsNoLibraryAndNoFeatureToGiveAnInterface() async throws {
        let directory = try InMemoryFileSystem().folder("/repo")
        try directory.write(
            Self.manifest(
                "Server",
                targets: """
                    .executableTarget(name: "server", dependencies: ["SiteMiddleware"]),
                            .target(name: "SiteMiddleware", dependencies: ["DatabaseClient", "MailgunClient"]),
                            .target(name: "DatabaseClient", dependencies: ["ServerTestHelpers"]),
                            .target(name: "MailgunClient"),
                            .target(name: "ServerTestHelpers", dependencies: ["MailgunClient"]),
                            .testTarget(name: "SiteMiddlewareTests", dependencies: ["SiteMiddleware", "ServerTestHelpers"])
                    """), to: "Package.swift")
        for target in ["server", "SiteMiddleware", "DatabaseClient", "MailgunClient", "ServerTestHelpers"] {
            try directory.write("import Foundation\n", to: "Sources/\(target)/\(target).swift")
        }
        try directory.write("import XCTest\n", to: "Tests/SiteMiddlewareTests/Tests.swift")
        let output = try await Self.adopt(directory)
        #expect(Self.reason(of: "Server", in: output.standardOutput) == "test support of MailgunClient", "\(output.standardOutput)")

        // The lint finding on the production dependency says what to move, not which
        // interface to give a stem that is no module.
        let environment = ServiceEnvironment(fileSystem: directory.fileSystem)
        try await CommandOutputWriter(fileSystem: directory.fileSystem).perform(
            try await InitService(environment: environment).run(InitService.Request(name: directory.path, adopt: true, loader: .static)))
        try directory.write("{\"version\": 1, \"findings\": []}\n", to: "empty-baseline.json")
        let lint = try await LintGraphService(environment: environment).lint(LintGraphService.Request(path: directory.path, baselinePath: directory.path + "/empty-baseline.json"))
        let finding = lint.report.findings.first { $0.rule.rawValue == "production-to-testing" }
        #expect(
            finding?.message
                == "DatabaseClient depends on ServerTestHelpers, a testing target, so mocks and fixtures would ship in the app; move what DatabaseClient uses of ServerTestHelpers into a target that is not test doubles, depend on that and use ServerTestHelpers only from tests and examples",
            "\(lint.output.standardOutput)")
    }

    @Test func aTestStemNamedLikeAnotherPackageKeepsItsPackageWhole() async throws {
        let directory = try InMemoryFileSystem().folder("/repo")
        try directory.write(
            Self.manifest(
                "PushServer", dependencies: ".package(name: \"SharedPush\", path: \"SharedPush\")",
                targets: """
                    .target(name: "App", dependencies: [.product(name: "SharedPush", package: "SharedPush")]),
                            .executableTarget(name: "Run", dependencies: ["App"]),
                            .testTarget(name: "AppTests", dependencies: ["App"]),
                            .testTarget(name: "SharedPushTests", dependencies: [.product(name: "SharedPush", package: "SharedPush")])
                    """), to: "Sources/PushServer/Package.swift")
        for (folder, target) in [("Sources/PushServer/Sources/App", "App"), ("Sources/PushServer/Sources/Run", "Run")] {
            try directory.write("import Foundation\n", to: "\(folder)/\(target).swift")
        }
        try directory.write("import XCTest\n", to: "Sources/PushServer/Tests/AppTests/T.swift")
        try directory.write("import XCTest\n", to: "Sources/PushServer/Tests/SharedPushTests/T.swift")
        for folder in ["Sources/PushServer/SharedPush", "Sources/SharedPush"] {
            try directory.write(
                Self.manifest("SharedPush", products: ".library(name: \"SharedPush\", targets: [\"SharedPush\"])", targets: ".target(name: \"SharedPush\")"), to: "\(folder)/Package.swift")
            try directory.write("import Foundation\n", to: "\(folder)/Sources/SharedPush/SharedPush.swift")
        }
        let output = try await Self.adopt(directory)
        let text = output.standardOutput
        #expect(output.layers["PushServer"] == .shell, "\(text)")
        #expect(text.contains("inferred 3 features in 3 packages: 1 shell, 0 product, 2 foundation\n"), "the summary agrees with the layers written:\n\(text)")
    }
}

/// What adoption got wrong on real Xcode apps (issue 30): a stem with a trailing space from
/// Xcode's `UI Tests`, extensions and widgets called foundation for their names, an aggregate
/// target (simplenote's `ScreenshotsSecrets`) and command-line tools (apple-browsers'
/// `tests-server`) made the shell, TCA's examples adopted with no product feature, and a
/// server package beside an app (home-assistant's `PushServer`) made a second shell.
@Suite("mfe init --adopt: Xcode apps and single-package examples")
struct AdoptionXcodeShapesTests {
    static let location = SourceLocation(file: "/repo/App.xcodeproj/project.pbxproj", line: 1, column: 1)

    static func target(_ name: String, _ type: XcodeProductType, _ dependencies: [String] = []) -> XcodeTarget {
        XcodeTarget(name: name, productType: type, location: location, dependencies: dependencies.map { XcodeTargetDependency(target: $0, location: location) })
    }

    /// The decisions on a workspace of one Xcode project with `targets`.
    static func decisions(_ targets: [XcodeTarget]) throws -> [String: LayerInference.Decision] {
        let project = XcodeProject(path: "/repo/App.xcodeproj", pbxprojPath: location.file, name: "App", rootDirectory: "/repo", objectVersion: 77, targets: targets)
        var package = WorkspacePackage(manifest: try project.manifest(), directory: "App.xcodeproj", layer: nil)
        package.project = project
        let graph = TargetGraph(packages: [package], root: "/repo", roles: .standard)
        let decisions = LayerInference(graph: graph, uiTargets: [], applications: AdoptionPlanner.applicationNodes(graph)).infer()
        var result: [String: LayerInference.Decision] = [:]
        for (index, feature) in graph.features.enumerated() { result[feature.name] = decisions[index] }
        return result
    }

    @Test(arguments: [("UI Tests", "UI"), ("Home-Tests", "Home"), ("Home_Tests", "Home"), ("Unit Tests App Store", "Unit Tests App Store"), ("SearchTests", "Search")])
    func aStemNeverEndsInASeparator(name: String, stem: String) {
        #expect(RoleSuffixes.standard.stem(of: name, kind: .test) == stem)
    }

    /// apple-browsers' `sandbox-test-tool` is an app only the browser's unit tests build: a
    /// test helper, not a second shell that the tests would then "depend on".
    @Test func anAppOnlyOtherFeaturesTestsUseIsTestTooling() throws {
        let decisions = try Self.decisions([
            Self.target("Browser", .application, ["Core"]),
            Self.target("Core", .framework),
            Self.target("sandbox-test-tool", .application, ["Core"]),
            Self.target("BrowserTests", .unitTestBundle, ["Browser", "sandbox-test-tool"]),
        ])
        #expect(decisions["Browser"]?.layer == .shell)
        #expect(decisions["sandbox-test-tool"]?.layer == .foundation, "\(String(describing: decisions["sandbox-test-tool"]))")
        #expect(decisions["sandbox-test-tool"]?.reason == "an app only the tests of Browser use: test tooling, never the shell")
    }

    @Test func onlyAnApplicationIsTheShellAndWhatItEmbedsIsPartOfIt() throws {
        let decisions = try Self.decisions([
            Self.target("Simplenote", .application, ["SimplenoteShare", "SimplenoteWidgetsExtension", "WatchApp", "Core"]),
            Self.target("SimplenoteShare", .appExtension, ["Core"]),
            Self.target("SimplenoteWidgetsExtension", .appExtension, ["Core"]),
            Self.target("WatchApp", .other("com.apple.product-type.application.watchapp2"), ["Core"]),
            Self.target("Core", .framework),
            Self.target("ScreenshotsSecrets", .other("")),
            Self.target("tests-server", .commandLineTool),
            Self.target("UI Tests", .uiTestBundle, ["tests-server"]),
        ])
        #expect(decisions["Simplenote"]?.layer == .shell)
        // What the app embeds is part of the app's feature, as Xcode ships it: no feature of its own.
        for name in ["SimplenoteShare", "SimplenoteWidgetsExtension", "WatchApp"] {
            #expect(decisions[name] == nil, "\(name): \(String(describing: decisions[name]))")
        }
        for name in ["ScreenshotsSecrets", "tests-server"] {
            #expect(decisions[name]?.layer == .foundation, "\(name): \(String(describing: decisions[name]))")
            #expect(decisions[name]?.reason == "a tool or aggregate target no app embeds: tooling, never the shell")
        }
        #expect(decisions["UI"] != nil && decisions["UI "] == nil, "\(decisions.keys.sorted())")
        #expect(decisions["UI"]?.layer == .foundation, "tests sit with the tool they test")
    }

    @Test func aFeatureSplitIntoLogicAndViewsIsOneProductFeature() async throws {
        let directory = try InMemoryFileSystem().folder("/repo")
        let targets: [(String, [String])] = [
            ("TicTacToe", ["AppSwiftUI", "AppUIKit"]),
            ("AppCore", ["LoginCore", "NewGameCore"]), ("AppSwiftUI", ["AppCore", "LoginSwiftUI", "NewGameSwiftUI"]), ("AppUIKit", ["AppCore", "LoginUIKit", "NewGameUIKit"]),
            ("LoginCore", ["AuthenticationClient"]), ("LoginSwiftUI", ["LoginCore"]), ("LoginUIKit", ["LoginCore"]),
            ("NewGameCore", []), ("NewGameSwiftUI", ["NewGameCore"]), ("NewGameUIKit", ["NewGameCore"]),
            ("AuthenticationClient", []), ("AuthenticationClientLive", ["AuthenticationClient"]),
        ]
        let declarations = targets.map { name, dependencies in
            ".\(name == "TicTacToe" ? "executableTarget" : "target")(name: \"\(name)\", dependencies: [\(dependencies.map { "\"\($0)\"" }.joined(separator: ", "))])"
        }
        try directory.write(AdoptionRealCodeTests.manifest("tic-tac-toe", targets: declarations.joined(separator: ",\n        ")), to: "Package.swift")
        for (name, _) in targets {
            try directory.write(name.hasSuffix("SwiftUI") ? "import SwiftUI\n" : "import Foundation\n", to: "Sources/\(name)/\(name).swift")
        }
        let output = try await AdoptionRealCodeTests.adopt(directory)
        let text = output.standardOutput
        for feature in ["App", "Login", "NewGame"] {
            #expect(output.layers[feature] == .product, "\(feature):\n\(text)")
        }
        #expect(AdoptionRealCodeTests.reason(of: "Login", in: text) == "a feature: its logic and its views (LoginCore, LoginSwiftUI, LoginUIKit)", "\(text)")
        #expect(output.layers["LoginCore"] == nil && output.layers["AppCore"] == nil, "no …Core is a feature of its own:\n\(text)")
        #expect(text.contains("    - Core        # the logic of a feature beside its views: AppCore, LoginCore, NewGameCore"), "\(text)")
        #expect(output.layers["Authentication"] == .foundation, "\(text)")
    }

    @Test func aProgramOfItsOwnBesideAnXcodeAppIsLeftOut() async throws {
        let directory = try InMemoryFileSystem().folder("/repo")
        try directory.write(XcodeFixtures.classic(name: "App"), to: "App.xcodeproj/project.pbxproj")
        try directory.write("import UIKit\n", to: "App/AppDelegate.swift")
        try directory.write(
            AdoptionRealCodeTests.manifest(
                "PushServer", targets: ".target(name: \"App\"),\n        .executableTarget(name: \"Run\", dependencies: [\"App\"])"), to: "Server/Package.swift")
        try directory.write("import Foundation\n", to: "Server/Sources/App/App.swift")
        try directory.write("import Foundation\n", to: "Server/Sources/Run/main.swift")
        let output = try await AdoptionRealCodeTests.adopt(directory)
        let text = output.standardOutput
        #expect(text.contains("# left out: Server — package PushServer builds a program of its own (no library product; a server or a tool), not part of the Xcode apps"), "\(text)")
        #expect(!text.contains("depends-on-shell"), "\(text)")
    }
}

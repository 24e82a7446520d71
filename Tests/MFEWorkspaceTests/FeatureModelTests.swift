import Foundation
import MFECore
import MFEManifest
import MFETestSupport
@testable import MFEWorkspace
import Testing

@Suite("roles, stems and name globs")
struct RoleSuffixesTests {
    static let custom = RoleSuffixes(interface: ["Interface", "Client"], testing: ["Testing", "Mocks", "TestSupport"], example: ["Example", "Demo"], source: ["ClientLive", "Live"])

    @Test(arguments: [
        // name, kind, role, stem — DESIGN's defaults.
        ("Search", Target.Kind.regular, Role.source, "Search"),
        ("SearchInterface", .regular, .interface, "Search"),
        ("SearchTesting", .regular, .testing, "Search"),
        ("SearchTests", .test, .tests, "Search"),
        ("SearchInterfaceTests", .test, .tests, "Search"),
        ("SearchExample", .executable, .example, "Search"),
        ("SearchExample", .regular, .source, "SearchExample"),
        ("Interface", .regular, .interface, "Interface"),
        ("Tests", .test, .tests, "Tests"),
        ("IntegrationTests", .test, .tests, "Integration"),
    ])
    func defaults(name: String, kind: Target.Kind, role: Role, stem: String) {
        let result = RoleSuffixes.standard.classify(name, kind: kind)
        #expect(result.role == role)
        #expect(result.stem == stem)
        #expect(Role(targetName: name, kind: kind) == role)
    }

    @Test(arguments: [
        ("ApiClient", Target.Kind.regular, Role.interface, "Api"),
        // The longest suffix wins: ClientLive over Client (and over Live).
        ("ApiClientLive", .regular, .source, "Api"),
        ("DatabaseLive", .regular, .source, "Database"),
        ("ApiClientLiveTests", .test, .tests, "Api"),
        ("FirstPartyMocks", .regular, .testing, "FirstParty"),
        ("SKTestSupport", .regular, .testing, "SK"),
        ("GameDemo", .executable, .example, "Game"),
        ("HomeFeature", .regular, .source, "HomeFeature"),
    ])
    func configured(name: String, kind: Target.Kind, role: Role, stem: String) {
        let result = Self.custom.classify(name, kind: kind)
        #expect(result.role == role)
        #expect(result.stem == stem)
    }

    @Test func globsMatchWithStarAndQuestionMark() {
        #expect(NameGlob("*Feature").matches("HomeFeature"))
        #expect(NameGlob("*Feature").matches("Feature"))
        #expect(!NameGlob("*Feature").matches("FeatureFlags"))
        #expect(NameGlob("Core*").matches("CoreUI"))
        #expect(NameGlob("RS?ore").matches("RSCore"))
        #expect(NameGlob("*a*b*").matches("xxaxxbxx"))
        #expect(!NameGlob("Core").matches("CoreUI"))
        #expect(!NameGlob("core").matches("Core"), "names are case-sensitive")
        #expect(NameGlob("Hoem").nearest(among: ["Home", "Search"]) == "Home")
        #expect(NameGlob("*Featur").nearest(among: ["HomeFeature", "Core"]) == "HomeFeature")
        #expect(NameGlob("Zebra").nearest(among: ["Home", "Search"]) == nil)
    }
}

@Suite("roles: in mfe.yml")
struct RolesConfigurationTests {
    @Test func parsesRolesAndKeepsDefaultsForRolesLeftOut() throws {
        let yaml = "workspace: W\nroles:\n  interface: [Interface, Client]\n  source: [ClientLive]\n"
        guard case .workspace(let configuration) = try ConfigurationParser().parse(yaml, file: "mfe.yml") else {
            Issue.record("expected a workspace configuration")
            return
        }
        #expect(configuration.roles == RoleSuffixes(interface: ["Interface", "Client"], testing: ["Testing"], example: ["Example"], source: ["ClientLive"]))
        #expect(configuration.roleSuffixes.role(of: "ApiClient", kind: .regular) == .interface)
    }

    @Test(arguments: [
        ("workspace: W\nroles:\n  interfaces: [Client]\n", 3, "unknown key 'interfaces' in 'roles:' (the role suffixes); did you mean 'interface'?"),
        ("workspace: W\nroles:\n  testing: []\n", 3, "'roles.testing:' is empty; list at least one suffix, or remove the key to keep the default ['Testing']"),
        ("workspace: W\nroles:\n  source:\n", 3, "'roles.source:' is empty; list at least one suffix, or remove the key to keep the default no suffix"),
        ("workspace: W\nroles:\n  interface: [Client]\n  testing: [Mocks, Client]\n", 4, "the suffix 'Client' is listed under both 'roles.interface' (line 3) and 'roles.testing'"),
        ("workspace: W\nroles:\n  source: [Interface]\n", 3, "the suffix 'Interface' is the default of 'roles.interface' but is listed under 'roles.source' here"),
        ("workspace: W\nroles:\n  testing: [Tests]\n", 3, "'Tests' under 'roles.testing:'"),
        ("workspace: W\nroles:\n  testing: [\"Mock s\"]\n", 3, "'Mock s' under 'roles.testing:' is not a name suffix"),
        ("workspace: W\nroles: [Client]\n", 2, "'roles:' must be a mapping"),
        ("workspace: W\nlayers:\n  product: [\"\"]\n", 3, "an empty name under 'layers.product:'"),
    ])
    func badRolesAreErrorsWithTheirLine(yaml: String, line: Int, message: String) {
        do {
            _ = try ConfigurationParser().parse(yaml, file: "mfe.yml")
            Issue.record("expected an error for \(yaml)")
        } catch let error as LocatedInputError {
            #expect(error.location.line == line, "\(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

@Suite("layers: globs and names")
struct LayerConfigurationTests {
    /// A workspace with packages `Packages/Core` (targets Core, CoreTests), `Packages/Search`
    /// (its own mfe.yml: product), and the monorepo package `App` at the root, with `mfe`.
    static func workspace(_ configuration: String) throws -> InMemoryFolder {
        let directory = try InMemoryFileSystem().folder("/ws")
        try directory.write("workspace: W\npackages: [., Packages/*]\n" + configuration, to: "mfe.yml")
        try directory.write(manifest("App", [
            ".target(name: \"AppFeature\", dependencies: [\"HomeFeature\"])",
            ".target(name: \"HomeFeature\", dependencies: [.product(name: \"Core\", package: \"Core\")])",
            ".testTarget(name: \"HomeFeatureTests\", dependencies: [\"HomeFeature\"])",
            ".target(name: \"SettingsFeature\")",
            ".target(name: \"Styleguide\")",
        ], dependencies: ["Packages/Core"]), to: "Package.swift")
        try directory.write(manifest("Core", [".target(name: \"Core\")", ".testTarget(name: \"CoreTests\", dependencies: [\"Core\"])"]), to: "Packages/Core/Package.swift")
        try directory.write(manifest("Search", [".target(name: \"Search\")", ".target(name: \"SearchKit\")"]), to: "Packages/Search/Package.swift")
        try directory.write("feature: Search\nlayer: product\n", to: "Packages/Search/mfe.yml")
        return directory
    }

    /// A manifest with `targets` (Swift expressions) and a library product per non-test target.
    static func manifest(_ name: String, _ targets: [String], dependencies: [String] = []) -> String {
        let libraries = targets.filter { !$0.contains("testTarget") }.compactMap { target -> String? in
            guard let match = target.firstMatch(of: /name: "(\w+)"/) else { return nil }
            let library = String(match.1)
            return ".library(name: \"" + library + "\", targets: [\"" + library + "\"])"
        }
        var lines = ["// swift-tools-version: 6.0", "import PackageDescription", "", "let package = Package(", "    name: \"" + name + "\","]
        lines.append("    products: [" + libraries.joined(separator: ", ") + "],")
        lines.append("    dependencies: [" + dependencies.map { ".package(path: \"" + $0 + "\")" }.joined(separator: ", ") + "],")
        lines.append("    targets: [")
        lines += targets.map { "        " + $0 + "," }
        lines += ["    ]", ")", ""]
        return lines.joined(separator: "\n")
    }

    static func load(_ directory: InMemoryFolder) async throws -> Workspace {
        try await WorkspaceLoader(manifestLoader: ManifestReader(fileSystem: directory.fileSystem), fileSystem: directory.fileSystem).load(at: directory.path, checkNames: true)
    }

    /// The messages `load` throws, or [] when it loads.
    static func problems(_ configuration: String) async throws -> [String] {
        let directory = try workspace(configuration)
        do {
            _ = try await load(directory)
            return []
        } catch let error as InputErrors {
            return error.messages.map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
        }
    }

    @Test func globsAndNamesLayerPackagesAndFeatures() async throws {
        let directory = try Self.workspace("layers:\n  shell: [AppFeature]\n  product: [\"*Feature\"]\n  foundation: [Core, Style*]\n")
        let workspace = try await Self.load(directory)
        let graph = TargetGraph(workspace: workspace)
        #expect(workspace.packages.map(\.directory) == [".", "Packages/Core", "Packages/Search"])
        #expect(workspace.packages.map(\.layer) == [nil, .foundation, .product])
        #expect(workspace.packages[0].featureLayers == ["AppFeature": .shell, "HomeFeature": .product, "SettingsFeature": .product, "Styleguide": .foundation])
        #expect(graph.features.map { "\($0.name):\($0.layer?.rawValue ?? "-")" } == [
            "AppFeature:shell", "HomeFeature:product", "SettingsFeature:product", "Styleguide:foundation", "Core:foundation", "Search:product",
        ])
    }

    @Test func aGlobOverAPackageNameMakesItOneFeatureUnlessItsFeaturesAreListed() async throws {
        let whole = try await Self.load(try Self.workspace("layers:\n  foundation: [\"C*\"]\n  product: [\"App\"]\n"))
        #expect(whole.packages.map(\.layer) == [.product, .foundation, .product])
        let split = try await Self.load(try Self.workspace("layers:\n  product: [\"A*\", \"*Feature\"]\n"))
        #expect(split.packages[0].layer == nil, "App's features are listed, so App is a monorepo package")
        #expect(split.packages[0].featureLayers["AppFeature"] == .product)
    }

    @Test func anExactNameBeatsAGlob() async throws {
        let workspace = try await Self.load(try Self.workspace("layers:\n  product: [\"*Feature\"]\n  shell: [AppFeature]\n  foundation: [Core]\n"))
        #expect(workspace.packages[0].featureLayers["AppFeature"] == .shell)
        #expect(workspace.packages[0].featureLayers["HomeFeature"] == .product)
    }

    @Test func aFeatureMayBeNamedByOneOfItsTargets() async throws {
        let workspace = try await Self.load(try Self.workspace("layers:\n  product: [HomeFeatureTests]\n"))
        #expect(workspace.packages[0].featureLayers == ["HomeFeature": .product])
    }

    @Test func twoGlobsPuttingOneFeatureInTwoLayersIsAnErrorNamingBothLines() async throws {
        let problems = try await Self.problems("layers:\n  product: [\"*Feature\"]\n  shell: [\"App*\"]\n")
        #expect(problems == ["mfe.yml:5:11: feature 'AppFeature' (package 'App') matches both '*Feature' under 'layers.product' (line 4) and 'App*' under 'layers.shell' (line 5); list it by name under one layer (an exact name beats a glob), or narrow one glob"])
    }

    @Test(arguments: [
        ("layers:\n  product: [HomeFeatur]\n", "mfe.yml:4:13: 'HomeFeatur' under 'layers.product' matches no package or feature of the workspace; did you mean 'HomeFeature'?"),
        ("layers:\n  product: [\"*Featuer\"]\n", "mfe.yml:4:13: '*Featuer' under 'layers.product' matches no package or feature of the workspace; did you mean 'AppFeature'?"),
        ("layers:\n  foundation: [Zebra]\n", "mfe.yml:4:16: 'Zebra' under 'layers.foundation' matches no package or feature of the workspace; the names are 'App', 'AppFeature', 'Core', 'HomeFeature', 'Search', 'SettingsFeature', 'Styleguide' (globs may use '*' and '?')"),
        ("layers:\n  product: [SearchKit]\n", "mfe.yml:4:13: 'SearchKit' under 'layers.product' matches no package or feature of the workspace: it names a target of package 'Search', which holds one feature (it has its own mfe.yml); list 'Search' instead"),
        ("allow:\n  - rule: product-to-product\n    from: HomeFeature\n    to: Serch\n    reason: \"x\"\n", "mfe.yml:6:9: 'to: Serch' in an 'allow:' entry matches no package, feature or target of the workspace; did you mean 'Search'?"),
        ("allow:\n  - rule: cycle\n    from: \"Hme*\"\n    to: \"*\"\n    reason: \"x\"\n", "mfe.yml:5:11: 'from: Hme*' in an 'allow:' entry matches no package, feature or target of the workspace; did you mean 'HomeFeature'?"),
    ])
    func namesThatMatchNothingAreErrorsWithLineAndSuggestion(configuration: String, expected: String) async throws {
        #expect(try await Self.problems(configuration) == [expected])
    }

    @Test func everyUnmatchedNameIsReportedAtOnce() async throws {
        let problems = try await Self.problems("layers:\n  product: [Hom, Serch]\nallow:\n  - rule: cycle\n    from: Cor\n    to: \"*\"\n    reason: \"x\"\n")
        #expect(problems.map { $0.prefix(12) } == ["mfe.yml:4:13", "mfe.yml:4:18", "mfe.yml:7:11"])
    }

    @Test func twoPackagesMayShareANameInDifferentFolders() async throws {
        let directory = try InMemoryFileSystem().folder("/ws")
        let placeholder = "// swift-tools-version:5.2\nimport PackageDescription\nlet package = Package(\n  name: \"client\",\n  products: [],\n  targets: []\n)\n"
        try directory.write(placeholder, to: "App/Package.swift")
        try directory.write(placeholder, to: "Bootstrap/Package.swift")
        try directory.write(Self.manifest("client", [".target(name: \"Client\")"]), to: "Tools/Package.swift")
        try directory.write(Self.manifest("isowords", [".target(name: \"Core\")"]), to: "Package.swift")
        let workspace = try await Self.load(directory)
        #expect(workspace.packages.map(\.name) == ["isowords", "client", "client", "client"])
        let graph = TargetGraph(workspace: workspace)
        #expect((0..<4).map(graph.displayName(ofPackage:)) == ["isowords", "client (App)", "client (Bootstrap)", "client (Tools)"])
    }
}

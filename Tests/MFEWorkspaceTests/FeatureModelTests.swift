import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEWorkspace

@Suite("roles, stems and name globs")
struct RoleSuffixesTests {
    static let custom = RoleSuffixes(interface: ["Interface", "Client"], testing: ["Testing", "Mocks", "TestSupport"], example: ["Example", "Demo"], source: ["ClientLive", "Live"])

    @Test(arguments: [
        // name, kind, role, stem — the default suffixes.
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

    /// Line `line`, column `column` of `mfe.yml`.
    static func at(_ line: Int, _ column: Int) -> MFECore.SourceLocation { SourceLocation(file: "mfe.yml", line: line, column: column) }

    @Test(arguments: [
        (
            "workspace: W\nroles:\n  interfaces: [Client]\n",
            WorkspaceError.unknownKey("interfaces", in: "'roles:' (the role suffixes)", allowed: ["interface", "testing", "example", "source"], at: at(3, 3))
        ),
        ("workspace: W\nroles:\n  testing: []\n", .emptyRoleSuffixes(role: .testing, at: at(3, 12))),
        ("workspace: W\nroles:\n  source:\n", .emptyRoleSuffixes(role: .source, at: at(3, 10))),
        ("workspace: W\nroles:\n  interface: [Client]\n  testing: [Mocks, Client]\n", .suffixListedTwice("Client", role: .testing, earlier: .interface, earlierLine: 3, at: at(4, 20))),
        ("workspace: W\nroles:\n  source: [Interface]\n", .defaultSuffixClaimed("Interface", role: .interface, claimedBy: .source, at: at(3, 1))),
        ("workspace: W\nroles:\n  testing: [Tests]\n", .testsSuffix(role: .testing, at: at(3, 13))),
        ("workspace: W\nroles:\n  testing: [\"Mock s\"]\n", .notASuffix("Mock s", role: .testing, at: at(3, 13))),
        ("workspace: W\nroles: [Client]\n", .notAMapping(what: "'roles:'", at: at(2, 8))),
        ("workspace: W\nlayers:\n  product: [\"\"]\n", .emptyLayerName(layer: .product, at: at(3, 13))),
    ])
    func badRolesAreErrorsWithTheirLine(yaml: String, expected: WorkspaceError) {
        #expect(throws: expected) { try ConfigurationParser().parse(yaml, file: "mfe.yml") }
    }
}

@Suite("layers: globs and names")
struct LayerConfigurationTests {
    /// A workspace with packages `Packages/Core` (targets Core, CoreTests), `Packages/Search`
    /// (its own mfe.yml: product), and the monorepo package `App` at the root, with `mfe`.
    static func workspace(_ configuration: String) throws -> InMemoryFolder {
        let directory = try InMemoryFileSystem().folder("/ws")
        try directory.write("workspace: W\npackages: [., Packages/*]\n" + configuration, to: "mfe.yml")
        try directory.write(
            manifest(
                "App",
                [
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

    /// The problems `load` throws ([] when it loads), and where in the workspace's `mfe.yml`
    /// a line and column are.
    static func problems(_ configuration: String) async throws -> (errors: [WorkspaceError], at: (Int, Int) -> MFECore.SourceLocation) {
        let directory = try workspace(configuration)
        let at = { MFECore.SourceLocation(file: directory.path + "/mfe.yml", line: $0, column: $1) }
        do {
            _ = try await load(directory)
            return ([], at)
        } catch let error as InputErrors {
            return (error.errors.compactMap { $0 as? WorkspaceError }, at)
        }
    }

    @Test func globsAndNamesLayerPackagesAndFeatures() async throws {
        let directory = try Self.workspace("layers:\n  shell: [AppFeature]\n  product: [\"*Feature\"]\n  foundation: [Core, Style*]\n")
        let workspace = try await Self.load(directory)
        let graph = TargetGraph(workspace: workspace)
        #expect(workspace.packages.map(\.directory) == [".", "Packages/Core", "Packages/Search"])
        #expect(workspace.packages.map(\.layer) == [nil, .foundation, .product])
        #expect(workspace.packages[0].featureLayers == ["AppFeature": .shell, "HomeFeature": .product, "SettingsFeature": .product, "Styleguide": .foundation])
        #expect(
            graph.features.map { "\($0.name):\($0.layer?.rawValue ?? "-")" } == [
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
        let (problems, at) = try await Self.problems("layers:\n  product: [\"*Feature\"]\n  shell: [\"App*\"]\n")
        let product = LayerTable.Entry(glob: NameGlob("*Feature"), assignment: LayerAssignment(layer: .product, location: at(4, 13)))
        let shell = LayerTable.Entry(glob: NameGlob("App*"), assignment: LayerAssignment(layer: .shell, location: at(5, 11)))
        #expect(problems == [.globConflict(what: "feature 'AppFeature' (package 'App')", first: product, second: shell)])
    }

    /// A configuration and the problem it makes, given where in `mfe.yml` a line and column are.
    typealias UnmatchedCase = (configuration: String, expected: @Sendable ((Int, Int) -> MFECore.SourceLocation) -> WorkspaceError)

    static let unmatched: [UnmatchedCase] = [
        ("layers:\n  product: [HomeFeatur]\n", { .unmatchedLayerEntry(pattern: "HomeFeatur", layer: .product, hint: .nearest("HomeFeature"), at: $0(4, 13)) }),
        ("layers:\n  product: [\"*Featuer\"]\n", { .unmatchedLayerEntry(pattern: "*Featuer", layer: .product, hint: .nearest("AppFeature"), at: $0(4, 13)) }),
        (
            "layers:\n  foundation: [Zebra]\n",
            { .unmatchedLayerEntry(pattern: "Zebra", layer: .foundation, hint: .names(["App", "AppFeature", "Core", "HomeFeature", "Search", "SettingsFeature", "Styleguide"]), at: $0(4, 16)) }
        ),
        (
            "layers:\n  product: [SearchKit]\n",
            { .unmatchedLayerEntry(pattern: "SearchKit", layer: .product, hint: .targetOfOneFeaturePackage(package: "Search", hasOwnConfiguration: true), at: $0(4, 13)) }
        ),
        ("allow:\n  - rule: product-to-product\n    from: HomeFeature\n    to: Serch\n    reason: \"x\"\n", { .unmatchedAllowName(key: "to", value: "Serch", hint: .nearest("Search"), at: $0(6, 9)) }),
        ("allow:\n  - rule: cycle\n    from: \"Hme*\"\n    to: \"*\"\n    reason: \"x\"\n", { .unmatchedAllowName(key: "from", value: "Hme*", hint: .nearest("HomeFeature"), at: $0(5, 11)) }),
        ("owners:\n  \"@a/home\": [HomeFeatur]\n", { .unmatchedOwnerEntry(pattern: "HomeFeatur", handle: "@a/home", hint: .nearest("HomeFeature"), at: $0(4, 15)) }),
        ("owners:\n  \"@a/home\": \"Hme*\"\n", { .unmatchedOwnerEntry(pattern: "Hme*", handle: "@a/home", hint: .nearest("HomeFeature"), at: $0(4, 14)) }),
    ]

    @Test(arguments: unmatched.indices)
    func namesThatMatchNothingAreErrorsWithLineAndSuggestion(index: Int) async throws {
        let (problems, at) = try await Self.problems(Self.unmatched[index].configuration)
        #expect(problems == [Self.unmatched[index].expected(at)])
    }

    @Test func everyUnmatchedNameIsReportedAtOnce() async throws {
        let (problems, at) = try await Self.problems("layers:\n  product: [Hom, Serch]\nallow:\n  - rule: cycle\n    from: Cor\n    to: \"*\"\n    reason: \"x\"\n")
        #expect(problems.map(\.location) == [at(4, 13), at(4, 18), at(7, 11)])
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

import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFELint

/// The rules at feature granularity in a single-package monorepo ("Vocabulary" in the Design
/// contract article: "in any other package each stem is a feature"), laid out like a real
/// TCA-style app.
@Suite("feature-granular rules in a monorepo package")
struct FeatureRuleTests {
    /// One package `App`: foundation `Core` and `Styleguide`; product features `Home`,
    /// `Search` (with interface, testing, tests) and `Profile` (no interface); the shell feature
    /// `AppFeature`, the composition root, depending on the product features; `Loose`, listed
    /// nowhere. `extra` adds dependencies to a target.
    static func app(_ extra: [String: [String]] = [:], layers: [(String, Layer)]? = nil) -> WorkspaceFixture {
        var fixture = WorkspaceFixture()
        func spec(_ name: String, _ kind: Target.Kind = .regular, _ dependencies: [String] = []) -> WorkspaceFixture.TargetSpec {
            .init(name, kind, dependencies + (extra[name] ?? []))
        }
        fixture.monorepo(
            "App",
            targets: [
                spec("Core"),
                spec("Styleguide", .regular, ["Core"]),
                spec("HomeFeatureInterface", .regular, ["Core"]),
                spec("HomeFeature", .regular, ["HomeFeatureInterface", "SearchFeatureInterface", "Styleguide"]),
                spec("HomeFeatureTests", .test, ["HomeFeature", "SearchFeatureTesting"]),
                spec("SearchFeatureInterface", .regular, ["Core"]),
                spec("SearchFeature", .regular, ["SearchFeatureInterface", "Styleguide"]),
                spec("SearchFeatureTesting", .regular, ["SearchFeatureInterface"]),
                spec("SearchFeatureTests", .test, ["SearchFeature", "SearchFeatureTesting"]),
                spec("ProfileFeature", .regular, ["Styleguide"]),
                spec("AppFeature", .regular, ["HomeFeature", "SearchFeature", "ProfileFeature", "Core"]),
                spec("AppFeatureTests", .test, ["AppFeature", "SearchFeatureTesting"]),
                spec("Loose"),
            ])
        fixture.layers = layers ?? [("AppFeature", .shell), ("*Feature", .product), ("Core", .foundation), ("Styleguide", .foundation)]
        return fixture
    }

    /// The findings of `app(extra)` without the fixture's own `missing-interface ProfileFeature`
    /// and `unassigned-layer Loose`, and without the cycles a dependency on the shell makes.
    static func keys(_ extra: [String: [String]]) -> [String] {
        app(extra).lint().keys.filter { $0 != "missing-interface ProfileFeature" && $0 != "unassigned-layer Loose" && !$0.hasPrefix("cycle ") }
    }

    @Test func eachStemIsAFeatureWithItsOwnLayer() {
        let workspace = Self.app().workspace
        let graph = TargetGraph(workspace: workspace)
        #expect(graph.features.map(\.name) == ["AppFeature", "Core", "HomeFeature", "Loose", "ProfileFeature", "SearchFeature", "Styleguide"])
        let search = graph.nodeIndex(named: "SearchFeatureTesting")
        #expect(search.map { graph.feature(of: $0).name } == "SearchFeature")
        #expect(search.map { graph.role(of: $0) } == .testing)
        #expect(search.map { graph.layer(of: $0) } == .product)
        #expect(graph.nodeIndex(named: "AppFeatureTests").map { graph.layer(of: $0) } == .shell)
        #expect(graph.nodeIndex(named: "Loose").map { graph.layer(of: $0) } == Layer?.none)
        #expect(graph.features.allSatisfy { !$0.isWholePackage })
        #expect(workspace.packages[0].layer == nil)
    }

    @Test func theCleanAppHasOnlyItsOwnTwoFindings() {
        let report = Self.app().lint()
        #expect(report.keys == ["missing-interface ProfileFeature", "unassigned-layer Loose"])
        #expect(report.exitCode == 0)
    }

    @Test(arguments: [
        // product-to-product inside one package: Home → Search's implementation.
        ("HomeFeature", "SearchFeature", "product-to-product HomeFeature->SearchFeature"),
        ("HomeFeatureTests", "SearchFeature", "product-to-product HomeFeatureTests->SearchFeature"),
        // depends-on-shell: a product feature on the composition root.
        ("SearchFeature", "AppFeature", "depends-on-shell SearchFeature->AppFeature"),
        ("Core", "AppFeature", "depends-on-shell Core->AppFeature"),
        ("Loose", "AppFeature", "depends-on-shell Loose->AppFeature"),
        // foundation-to-upper.
        ("Styleguide", "HomeFeatureInterface", "foundation-to-upper Styleguide->HomeFeatureInterface"),
        // production-to-testing.
        ("HomeFeature", "SearchFeatureTesting", "production-to-testing HomeFeature->SearchFeatureTesting"),
        // testing-to-implementation: the testing target of Search on Search itself.
        ("SearchFeatureTesting", "SearchFeature", "testing-to-implementation SearchFeatureTesting->SearchFeature"),
    ])
    func edgeRulesWorkBetweenFeaturesOfOnePackage(from: String, dependency: String, expected: String) {
        #expect(Self.keys([from: [dependency]]) == [expected])
    }

    @Test(arguments: [
        // The shell feature may depend on product implementations (it composes them).
        ("AppFeature", "HomeFeature"),
        // Its own tests are part of the shell feature.
        ("AppFeatureTests", "AppFeature"),
        // Within one feature, anything the roles allow.
        ("SearchFeatureTests", "SearchFeature"),
        ("HomeFeature", "HomeFeatureInterface"),
        // Another feature's interface and testing targets from tests.
        ("HomeFeatureTests", "SearchFeatureInterface"),
        // Unassigned features get only the role rules.
        ("Loose", "HomeFeature"),
    ])
    func allowedEdgesBetweenFeaturesGiveNoFinding(from: String, dependency: String) {
        #expect(Self.keys([from: [dependency]]).isEmpty)
    }

    @Test func productToProductSaysWhichInterfaceToDependOn() {
        let report = Self.app(["HomeFeature": ["SearchFeature"], "HomeFeatureTests": ["SearchFeature"]]).lint()
        let messages = report.findings.filter { $0.rule == ProductToProductRule.id }.map(\.message)
        #expect(
            messages == [
                "HomeFeature depends on SearchFeature, the implementation of another product feature; depend on SearchFeatureInterface",
                "HomeFeatureTests depends on SearchFeature, the implementation of another product feature; depend on SearchFeatureInterface or SearchFeatureTesting",
            ])
        let shell = Self.app(["SearchFeature": ["AppFeature"]]).lint().findings.first { $0.rule == DependsOnShellRule.id }
        #expect(shell?.message.hasPrefix("SearchFeature depends on AppFeature of the shell feature AppFeature;") == true)
    }

    @Test func missingInterfaceAndUnassignedLayerNameTheFeatureAndPointAtItsTarget() {
        let report = Self.app().lint()
        let missing = report.findings[0]
        let unassigned = report.findings[1]
        #expect(missing.feature == "ProfileFeature")
        #expect(
            missing.message
                == "product feature ProfileFeature has no interface target; add ProfileFeatureInterface with its public protocols and models, so other features depend on it instead of the implementation"
        )
        #expect(missing.file == "App/Package.swift")
        #expect(missing.line > 3, "at ProfileFeature's declaration, not at the package")
        #expect(unassigned.feature == "Loose")
        #expect(unassigned.message.hasPrefix("feature Loose of package App has no layer"))
        #expect(unassigned.severity == .notice)
    }

    @Test func aPackageWithNoLayeredFeatureIsOneUnassignedNotice() {
        let report = Self.app(layers: []).lint()
        #expect(report.keys == ["unassigned-layer App"])
        #expect(report.findings[0].message.contains("or its features: AppFeature, Core, HomeFeature, Loose, ProfileFeature and 2 more"))
    }

    @Test func configuredRolesDecideStemsAndInterfaces() {
        var fixture = WorkspaceFixture()
        fixture.monorepo(
            "App",
            targets: [
                .init("ApiClient"),
                .init("ApiClientLive", .regular, ["ApiClient"]),
                .init("ApiClientTests", .test, ["ApiClientLive"]),
                .init("FirstPartyMocks"),
                .init("HomeFeature", .regular, ["ApiClient", "ApiClientLive"]),
                .init("SettingsFeature", .regular, ["FirstPartyMocks"]),
            ])
        fixture.roles = RoleSuffixes(interface: ["Interface", "Client"], testing: ["Testing", "Mocks"], example: ["Example"], source: ["ClientLive"])
        fixture.layers = [("*Feature", .product), ("ApiClient", .product), ("FirstParty*", .foundation)]
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.features.map(\.name) == ["Api", "FirstParty", "HomeFeature", "SettingsFeature"])
        #expect(["ApiClient", "ApiClientLive", "ApiClientTests"].compactMap { graph.nodeIndex(named: $0) }.map { graph.role(of: $0) } == [.interface, .source, .tests])
        let keys = fixture.lint().keys
        #expect(keys.count == 4)
        #expect(
            Set(keys) == [
                "production-to-testing SettingsFeature->FirstPartyMocks",
                "product-to-product HomeFeature->ApiClientLive",
                "missing-interface HomeFeature",
                "missing-interface SettingsFeature",
            ])
        let message = fixture.lint().findings.first { $0.rule == ProductToProductRule.id }?.message
        #expect(message == "HomeFeature depends on ApiClientLive, the implementation of another product feature; depend on ApiClient")
    }

    @Test func allowEntriesNameFeaturesPackagesTargetsOrGlobs() {
        let extra = ["HomeFeature": ["SearchFeature"], "HomeFeatureTests": ["SearchFeature"]]
        for (from, to) in [("HomeFeature", "SearchFeature"), ("Home*", "Search*"), ("App", "SearchFeature"), ("*", "SearchFeature")] {
            var fixture = Self.app(extra)
            fixture.allow("product-to-product", from: from, to: to)
            let report = fixture.lint()
            #expect(report.summary.allowed == 2, "from \(from) to \(to)")
            #expect(!report.keys.contains { $0.hasPrefix("product-to-product") })
        }
        var feature = Self.app()
        feature.allow("missing-interface", from: "Profile*", to: "*")
        feature.allow("unassigned-layer", from: "Loose", to: "Loose")
        #expect(feature.lint().findings.isEmpty)
        var narrow = Self.app(extra)
        narrow.allow("product-to-product", from: "HomeFeatureTests", to: "SearchFeature")
        #expect(narrow.lint().keys.contains("product-to-product HomeFeature->SearchFeature"))
        #expect(narrow.lint().summary.allowed == 1)
    }

    @Test func polyrepoPackagesStayOneFeatureEach() {
        // Browse's targets have different stems (BrowseKit) but the package holds one feature.
        var fixture = WorkspaceFixture.feedMe(browse: ["Browse": ["BrowseKit"]])
        fixture.packages[1].manifest.targets.append(Target(name: "BrowseKit", kind: .regular, dependencies: [], location: SourceLocation(file: "/ws/Browse/Package.swift", line: 60, column: 9)))
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.features.map(\.name) == ["Browse", "Env", "Order", "Shell"])
        #expect(graph.features.allSatisfy { $0.isWholePackage })
        #expect(fixture.lint().findings.isEmpty)
    }
}

import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFELint

@Suite("lint rules")
struct LintRuleTests {
    @Test func theFeedMeWorkspaceIsClean() {
        let report = WorkspaceFixture.feedMe().lint()
        #expect(report.findings.isEmpty)
        #expect(report.exitCode == 0)
        #expect(report.summary.packages == 4)
        #expect(report.summary.targets == 15)
    }

    @Test(arguments: [
        // (target of Browse, dependency, expected finding)
        ("Browse", "Order/Order", "product-to-product Browse->Order"),
        ("Browse", "Order/OrderExample", "product-to-product Browse->OrderExample"),
        ("BrowseTests", "Order/Order", "product-to-product BrowseTests->Order"),
        ("BrowseExample", "Order/OrderExample", "product-to-product BrowseExample->OrderExample"),
        ("BrowseInterface", "Order/Order", "product-to-product BrowseInterface->Order"),
        // product-to-product wins over testing-to-implementation's neighbour rules: a testing
        // target depending on another feature's implementation.
        ("BrowseTesting", "Order/Order", "product-to-product BrowseTesting->Order"),
        // product-to-product wins over production-to-testing when b is an example.
        ("BrowseInterface", "Order/OrderExample", "product-to-product BrowseInterface->OrderExample"),
        // b is testing, not source: product-to-product does not match, production-to-testing does.
        ("Browse", "Order/OrderTesting", "production-to-testing Browse->OrderTesting"),
        ("BrowseInterface", "Env/EnvTesting", "production-to-testing BrowseInterface->EnvTesting"),
        ("Browse", "BrowseTesting", "production-to-testing Browse->BrowseTesting"),
        ("Browse", "Env/EnvTesting", "production-to-testing Browse->EnvTesting"),
        ("BrowseTesting", "Browse", "testing-to-implementation BrowseTesting->Browse"),
        // depends-on-shell wins over everything.
        ("Browse", "Shell/AppSupport", "depends-on-shell Browse->AppSupport"),
        ("BrowseTests", "Shell/App", "depends-on-shell BrowseTests->App"),
    ])
    func edgeRulesInPrecedenceOrder(from: String, dependency: String, expected: String) {
        let report = WorkspaceFixture.feedMe(browse: [from: [dependency]]).lint()
        #expect(report.keys == [expected])
    }

    @Test(arguments: [
        ("BrowseTests", "Order/OrderTesting"),
        ("BrowseExample", "Order/OrderInterface"),
        ("BrowseTesting", "Order/OrderInterface"),
        ("BrowseTests", "BrowseTesting"),
        ("BrowseTesting", "Env/EnvTesting"),
        ("Browse", "Order/OrderTests"),
    ])
    func allowedEdgesGiveNoFinding(from: String, dependency: String) {
        #expect(WorkspaceFixture.feedMe(browse: [from: [dependency]]).lint().findings.isEmpty)
    }

    /// production-to-testing names a target that exists: the feature's interface, else (a
    /// foundation package has none) its implementation.
    @Test(arguments: [
        ("Browse", "Order/OrderTesting", "depend on OrderInterface and use OrderTesting only from tests and examples"),
        ("Browse", "Env/EnvTesting", "depend on Env and use EnvTesting only from tests and examples"),
        ("Browse", "BrowseTesting", "depend on BrowseInterface and use BrowseTesting only from tests and examples"),
    ])
    func productionToTestingSuggestsATargetThatExists(from: String, dependency: String, fix: String) throws {
        let report = WorkspaceFixture.feedMe(browse: [from: [dependency]]).lint()
        let finding = try #require(report.findings.first)
        #expect(finding.rule == ProductionToTestingRule.id)
        #expect(finding.message.hasSuffix(fix), "\(finding.message)")
    }

    @Test func foundationToUpperWinsOverProductionToTesting() {
        let report = WorkspaceFixture.feedMe(envDependencies: ["Browse/BrowseTesting", "Browse/Browse", "Browse/BrowseInterface"], envDependsOn: ["Browse"]).lint()
        #expect(
            report.keys.filter { !$0.hasPrefix("package-cycle") && !$0.hasPrefix("cycle") } == [
                "foundation-to-upper Env->BrowseTesting", "foundation-to-upper Env->Browse", "foundation-to-upper Env->BrowseInterface",
            ])
    }

    @Test func foundationToShellIsDependsOnShell() {
        var fixture = WorkspaceFixture()
        fixture.add("Env", layer: .foundation, dependsOn: ["Shell"], targets: [.init("Env", .regular, ["Shell/Shell"])])
        fixture.add("Shell", layer: .shell, targets: [.init("Shell")])
        #expect(fixture.lint().keys == ["depends-on-shell Env->Shell"])
    }

    @Test func theShellMayDependOnImplementationsButNotOnTestingTargets() {
        var fixture = WorkspaceFixture.feedMe()
        fixture.packages[3].manifest.targets[0].dependencies.append(
            TargetDependency(.product(name: "OrderTesting", package: "Order"), location: MFECore.SourceLocation(file: "/ws/Shell/Package.swift", line: 40, column: 17)))
        #expect(fixture.lint().keys == ["production-to-testing App->OrderTesting"])
    }

    @Test func unassignedPackagesOnlyGetDependsOnShellAndRoleRules() {
        var fixture = WorkspaceFixture()
        fixture.add(
            "Loose", layer: nil, dependsOn: ["Browse", "Shell"],
            targets: [
                .init("Loose", .regular, ["Browse/Browse", "Shell/Shell"]),
                .init("LooseTesting"),
                .init("LooseKit", .regular, ["LooseTesting"]),
            ])
        fixture.feature("Browse")
        fixture.add("Shell", layer: .shell, targets: [.init("Shell")])
        #expect(
            fixture.lint().keys == [
                "unassigned-layer Loose", "depends-on-shell Loose->Shell", "production-to-testing LooseKit->LooseTesting",
            ])
    }

    @Test func productToProductMessageSaysWhatToDependOn() {
        let report = WorkspaceFixture.feedMe(browse: ["Browse": ["Order/Order"], "BrowseTests": ["Order/OrderExample"]]).lint()
        #expect(
            report.findings.map(\.message) == [
                "Browse depends on Order, the implementation of another product feature; depend on OrderInterface",
                "BrowseTests depends on OrderExample, the example app of another product feature; depend on OrderInterface or OrderTesting",
            ])
        #expect(report.findings[0].file == "Browse/Package.swift")
        #expect(report.findings[0].column == 17)
    }

    @Test func aTargetCycleIsOneFindingPerComponentWithAShortestPath() {
        var fixture = WorkspaceFixture()
        fixture.add(
            "Core", layer: nil,
            targets: [
                .init("A", .regular, ["B"]), .init("B", .regular, ["C", "A"]), .init("C", .regular, ["A"]),
                .init("D", .regular, ["D"]),
            ])
        let report = fixture.lint()
        let cycles = report.findings.filter { $0.rule == CycleRule.id }
        #expect(cycles.map(\.path) == [["A", "B", "A"], ["D", "D"]])
        #expect(cycles[0].severity == .error)
        #expect(cycles[0].message.contains("A -> B -> A"))
        #expect(cycles[0].message.contains("(one of the cycles among 3 targets)"))
        // Located at A's dependency on B.
        #expect(cycles[0].line == 6)
        #expect(report.exitCode == 1)
    }

    @Test func aCycleAcrossFeaturesSuggestsInterfacesOrAThirdTarget() {
        var fixture = WorkspaceFixture()
        fixture.add("Browse", layer: .product, dependsOn: ["Order"], targets: [.init("BrowseInterface"), .init("Browse", .regular, ["Order/OrderInterface"])])
        fixture.add("Order", layer: .product, dependsOn: ["Browse"], targets: [.init("OrderInterface", .regular, ["Browse/Browse"])])
        let report = fixture.lint()
        #expect(report.keys.contains("cycle Browse -> OrderInterface -> Browse"))
        #expect(report.keys.contains("product-to-product OrderInterface->Browse"))
        #expect(report.keys.contains("missing-interface Order") == false)
    }

    @Test(arguments: [(ToolsVersion(5, 9), Severity.error), (ToolsVersion(6, 0), .notice), (ToolsVersion(6, 1), .notice)])
    func packageCycleSeverityDependsOnToolsVersion(tools: ToolsVersion, severity: Severity) {
        var fixture = WorkspaceFixture()
        fixture.add("Alpha", layer: .foundation, dependsOn: ["Beta"], targets: [.init("Alpha")])
        fixture.add("Beta", layer: .foundation, tools: tools, dependsOn: ["Alpha"], targets: [.init("Beta")])
        let report = fixture.lint()
        #expect(report.keys == ["package-cycle Alpha -> Beta -> Alpha"])
        #expect(report.findings[0].severity == severity)
        #expect(report.findings[0].file == "Alpha/Package.swift")
        #expect(report.findings[0].line == 5)
        #expect(report.exitCode == (severity == .error ? 1 : 0))
    }

    @Test func aFiftyThousandTargetRingIsOneCycleFinding() {
        let count = 50_000
        var fixture = WorkspaceFixture()
        fixture.add("Ring", layer: .foundation, targets: (0..<count).map { .init("T\($0)", .regular, ["T\(($0 + 1) % count)"]) })
        let report = fixture.lint()
        let cycles = report.findings.filter { $0.rule == CycleRule.id }
        #expect(report.findings.count == 1)
        #expect(cycles.count == 1)
        #expect(cycles.first?.path?.count == count + 1)
        #expect(cycles.first?.path?.first == "T0")
        #expect(report.summary.dependencies == count)
    }

    @Test func missingInterfaceAndUnassignedLayer() {
        var fixture = WorkspaceFixture()
        fixture.add("Search", layer: .product, targets: [.init("Search"), .init("SearchTests", .test, ["Search"])])
        fixture.add("Env", layer: .foundation, targets: [.init("Env")])
        fixture.add("Tools", layer: nil, targets: [.init("Tools")])
        let report = fixture.lint()
        #expect(report.keys == ["missing-interface Search", "unassigned-layer Tools"])
        #expect(report.findings.map(\.severity) == [.warning, .notice])
        #expect(report.findings[0].line == 3)
        #expect(report.exitCode == 0)
    }
}

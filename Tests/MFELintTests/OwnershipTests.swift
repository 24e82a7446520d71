import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFELint

/// The Teams article: `owners:` gives features their teams, findings carry the owners of both
/// ends, and with `owners:` set a feature without one is `unowned-feature`.
@Suite("owners of features and findings")
struct OwnershipTests {
    /// Feed Me with `owners:`: Browse and Order by glob and name, Env by name; Shell unowned.
    static func owned(_ owners: [(String, String)] = [("@feedme/browse", "Brow*"), ("@feedme/orders", "Order"), ("@feedme/platform", "Env")]) -> WorkspaceFixture {
        var fixture = WorkspaceFixture.feedMe(browse: ["Browse": ["Order/Order"]])
        fixture.owners = owners
        return fixture
    }

    @Test func featuresGetTheTeamsThatNameThem() {
        let graph = TargetGraph(workspace: Self.owned().workspace)
        #expect(graph.features.map(\.name) == ["Browse", "Env", "Order", "Shell"])
        #expect(graph.features.map(\.owners) == [["@feedme/browse"], ["@feedme/platform"], ["@feedme/orders"], []])
        #expect(graph.requiresOwners)
    }

    @Test func anExactNameBeatsAGlobAndGlobsAddUp() {
        let table = OwnerTable([
            OwnerEntry(handle: "@a/all", glob: NameGlob("*"), location: SourceLocation(file: "mfe.yml", line: 2, column: 5)),
            OwnerEntry(handle: "@a/b", glob: NameGlob("B*"), location: SourceLocation(file: "mfe.yml", line: 3, column: 5)),
            OwnerEntry(handle: "@a/exact", glob: NameGlob("Browse"), location: SourceLocation(file: "mfe.yml", line: 4, column: 5)),
        ])
        #expect(table.owners(of: ["Browse"]) == ["@a/exact"])
        #expect(table.owners(of: ["Basket"]) == ["@a/all", "@a/b"])
        #expect(OwnerTable([]).owners(of: ["Basket"]) == nil)
    }

    @Test func monorepoStemsTakeTheirOwnEntryElseThePackages() {
        var fixture = WorkspaceFixture()
        fixture.monorepo("App", targets: [.init("HomeFeature"), .init("HomeFeatureTests", .test, ["HomeFeature"]), .init("Core"), .init("AppFeature", .regular, ["HomeFeature", "Core"])])
        fixture.layers = [("*Feature", .product), ("Core", .foundation)]
        fixture.owners = [("@app/home", "HomeFeature"), ("@app/core", "App")]
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.features.map { "\($0.name) \($0.owners)" } == ["AppFeature [\"@app/core\"]", "Core [\"@app/core\"]", "HomeFeature [\"@app/home\"]"])
    }

    @Test func findingsCarryTheOwnersOfBothEnds() throws {
        let report = Self.owned().lint()
        let edge = try #require(report.findings.first { $0.rule == ProductToProductRule.id })
        #expect(edge.owners == Finding.Owners(from: ["@feedme/browse"], to: ["@feedme/orders"]))
        #expect(report.keys.contains("unowned-feature Shell"))
        let unowned = try #require(report.findings.first { $0.rule == UnownedFeatureRule.id })
        #expect(unowned.severity == .warning)
        #expect(
            unowned.message
                == "feature Shell has no owner; list 'Shell' (or a glob matching it) under a team in 'owners:' in the workspace mfe.yml, or add 'owner:' to the package's own mfe.yml")
        #expect(unowned.file == "Shell/Package.swift")
    }

    @Test func withoutOwnersFindingsKeepTheirShapeAndNoFeatureIsUnowned() {
        let report = WorkspaceFixture.feedMe(browse: ["Browse": ["Order/Order"]]).lint()
        #expect(report.findings.allSatisfy { $0.owners == nil })
        #expect(!report.keys.contains { $0.hasPrefix("unowned-feature") })
    }

    @Test func aCyclesOwnersAreItsFirstTargetsAndTheRest() {
        var fixture = WorkspaceFixture()
        fixture.add("A", layer: .foundation, targets: [.init("A", .regular, ["B/B"])])
        fixture.add("B", layer: .foundation, targets: [.init("B", .regular, ["A/A"])])
        fixture.owners = [("@t/a", "A"), ("@t/b", "B")]
        let cycle = fixture.lint().findings.first { $0.rule == CycleRule.id }
        #expect(cycle?.owners == Finding.Owners(from: ["@t/a"], to: ["@t/b"]))
    }
}

import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEWorkspace

@Suite("target graph")
struct TargetGraphTests {
    @Test(arguments: [
        ("Search", Target.Kind.regular, Role.source),
        ("SearchInterface", .regular, .interface),
        ("SearchTesting", .regular, .testing),
        ("SearchTests", .test, .tests),
        ("SearchTests", .regular, .source),
        ("SearchExample", .executable, .example),
        ("SearchExample", .regular, .source),
        ("SearchApp", .executable, .source),
        ("InterfaceTesting", .regular, .testing),
        ("TestingInterface", .regular, .interface),
        ("SearchInterface", .test, .tests),
        ("SearchInterface", .executable, .interface),
    ])
    func roleComesFromNameAndKind(name: String, kind: Target.Kind, role: Role) {
        #expect(Role(targetName: name, kind: kind) == role)
    }

    @Test func byNamePrefersALocalTargetThenAProductOfADependency() {
        var fixture = WorkspaceFixture()
        fixture.add("Env", layer: .foundation, targets: [.init("Env"), .init("Shared")])
        fixture.add("App", layer: .shell, dependsOn: ["Env"], targets: [.init("App", .executable, ["Shared", "Env"]), .init("Shared")])
        let graph = TargetGraph(workspace: fixture.workspace)
        let edges = graph.edges.map { "\(graph.package(of: $0.from).name).\(graph.nodes[$0.from].name)->\(graph.package(of: $0.to).name).\(graph.nodes[$0.to].name)" }
        #expect(edges == ["App.App->Env.Env", "App.App->App.Shared"])
    }

    @Test func productDependenciesEdgeToEveryVendedTarget() {
        var fixture = WorkspaceFixture()
        fixture.add("Env", layer: .foundation, targets: [.init("EnvCore"), .init("EnvUI")])
        fixture.packages[0].manifest.products = [
            Product(name: "Env", kind: .library, targets: ["EnvCore", "EnvUI"], location: MFECore.SourceLocation(file: "/ws/Env/Package.swift", line: 20, column: 9))
        ]
        fixture.add("Browse", layer: .product, dependsOn: ["Env"], targets: [.init("Browse", .regular, ["Env/Env", "Other/Other", "Missing"])])
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.edges.map { graph.nodes[$0.to].name } == ["EnvCore", "EnvUI"])
        #expect(graph.edges.allSatisfy { $0.location.line == graph.edges[0].location.line })
    }

    @Test func urlDependenciesMatchWorkspacePackagesByIdentity() {
        var fixture = WorkspaceFixture()
        fixture.feature("Browse")
        fixture.add(
            "Shell", layer: .shell, urls: ["https://github.com/feedme/Browse.git", "https://github.com/apple/swift-collections"],
            targets: [
                .init("App", .executable, ["Browse/BrowseInterface", "swift-collections/Collections"])
            ])
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.packageEdges.map { "\(graph.packages[$0.from].name)->\(graph.packages[$0.to].name)" } == ["Shell->Browse"])
        let app = graph.nodeIndex(named: "App")!
        #expect(graph.successors[app].map { graph.nodes[$0].name } == ["BrowseInterface"])
    }

    @Test func targetDependencyOnlyNamesTheSamePackage() {
        var fixture = WorkspaceFixture()
        fixture.add("Env", layer: .foundation, targets: [.init("Env")])
        fixture.add("Browse", layer: .product, dependsOn: ["Env"], targets: [.init("Browse", .regular, ["=Env", "=BrowseKit"]), .init("BrowseKit")])
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.edges.map { graph.nodes[$0.to].name } == ["BrowseKit"])
    }

    @Test func nodesAreSortedByNameAndDuplicateEdgesCollapse() {
        var fixture = WorkspaceFixture()
        fixture.add("P", layer: nil, targets: [.init("Zeta", .regular, ["Alpha", "=Alpha"]), .init("Alpha")])
        let graph = TargetGraph(workspace: fixture.workspace)
        #expect(graph.nodes.map(\.name) == ["Alpha", "Zeta"])
        #expect(graph.edges.count == 1)
        #expect(graph.edges[0].location.line == 6)
    }
}

@Suite("strongly connected components")
struct StronglyConnectedComponentsTests {
    @Test func findsComponentsSortedBySmallestMember() {
        let successors = [[1], [2], [0], [4], [3], [5], []]
        #expect(StronglyConnectedComponents.components(successors: successors) == [[0, 1, 2], [3, 4], [5], [6]])
        #expect(StronglyConnectedComponents.cyclicComponents(successors: successors) == [[0, 1, 2], [3, 4], [5]])
    }

    @Test func shortestCycleStartsAtTheSmallestNode() {
        // 0 -> 1 -> 2 -> 3 -> 0 and a shortcut 2 -> 1: the shortest cycle is 1 -> 2 -> 1.
        let successors = [[1], [2], [3, 1], [0]]
        let component = StronglyConnectedComponents.cyclicComponents(successors: successors)[0]
        #expect(StronglyConnectedComponents.shortestCycle(in: component, successors: successors) == [1, 2, 1])
    }

    @Test func aSelfDependencyIsACycleOfOne() {
        let successors = [[0], [0]]
        #expect(StronglyConnectedComponents.cyclicComponents(successors: successors) == [[0]])
        #expect(StronglyConnectedComponents.shortestCycle(in: [0], successors: successors) == [0, 0])
    }

    @Test func amongEqualCyclesTheFirstInIndexOrderWins() {
        // Two triangles share node 0: 0 -> 1 -> 2 -> 0 and 0 -> 3 -> 4 -> 0.
        let successors = [[3, 1], [2], [0], [4], [0]]
        #expect(StronglyConnectedComponents.shortestCycle(in: [0, 1, 2, 3, 4], successors: successors) == [0, 1, 2, 0])
    }

    @Test func aFiftyThousandNodeRingIsOneComponentWithoutOverflowingTheStack() {
        let count = 50_000
        let successors = (0..<count).map { [($0 + 1) % count] }
        let components = StronglyConnectedComponents.cyclicComponents(successors: successors)
        #expect(components.count == 1)
        let cycle = StronglyConnectedComponents.shortestCycle(in: components[0], successors: successors)
        #expect(cycle?.count == count + 1)
        #expect(cycle?.first == 0 && cycle?.last == 0 && cycle?[1] == 1)
    }

    @Test func aFiftyThousandNodeChainHasNoCycle() {
        let count = 50_000
        let successors = (0..<count).map { $0 + 1 < count ? [$0 + 1] : [] }
        #expect(StronglyConnectedComponents.cyclicComponents(successors: successors).isEmpty)
        #expect(StronglyConnectedComponents.components(successors: successors).count == count)
    }

    @Test func aDenseComponentStopsAtTheLowerBound() {
        // A complete graph of 2,000 nodes: a two-node cycle is the shortest possible.
        let count = 2_000
        let successors = (0..<count).map { node in (0..<count).filter { $0 != node } }
        let cycle = StronglyConnectedComponents.shortestCycle(in: Array(0..<count), successors: successors)
        #expect(cycle == [0, 1, 0])
    }
}

import Foundation
import MFECore
@testable import MFEReport
import MFETestSupport
import MFEWorkspace
import Testing

/// Golden files of `mfe graph` under `Tests/Goldens/Graph/` (re-record with
/// `MFE_RECORD_GOLDENS=1` and review the diff), plus structural checks and, where Graphviz is
/// installed, a real `dot -Tsvg` run.
@Suite("graph renderers")
struct GraphRendererTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens/Graph")

    /// Feed Me (Env ← Order ← Browse ← Shell) plus an unassigned package whose names need
    /// escaping in every format.
    static var graph: TargetGraph {
        var fixture = WorkspaceFixture()
        fixture.add("Env", layer: .foundation, targets: [
            .init("Env"), .init("EnvTesting", .regular, ["Env"]), .init("EnvTests", .test, ["Env", "EnvTesting"]),
        ])
        fixture.add("Browse", layer: .product, dependsOn: ["Env", "Order"], targets: [
            .init("BrowseInterface", .regular, ["Env/Env"]),
            .init("Browse", .regular, ["BrowseInterface", "Order/OrderInterface"]),
            .init("BrowseTesting", .regular, ["BrowseInterface", "Order/OrderTesting"]),
            .init("BrowseTests", .test, ["Browse", "BrowseTesting"]),
            .init("BrowseExample", .executable, ["Browse", "BrowseTesting"]),
        ])
        fixture.feature("Order", dependsOn: ["Env"], sourceDependencies: ["Env/Env"])
        fixture.add("Shell", layer: .shell, dependsOn: ["Browse", "Order", "Env"], targets: [
            .init("App", .executable, ["Browse/Browse", "Order/Order", "Env/Env"]),
            .init("AppSupport"),
        ])
        fixture.add("Odd-Pkg", layer: nil, dependsOn: ["Env"], targets: [
            .init("end", .regular, ["Env/Env"]), .init("Quote\"Target", .regular, ["end"]),
        ])
        return TargetGraph(workspace: fixture.workspace)
    }

    static var document: GraphDocument { GraphDocument(graph: graph, name: "Feed \"Me\"") }

    static func check(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["MFE_RECORD_GOLDENS"] != nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = String(decoding: try #require(FileManager.default.contents(atPath: url.path), "golden \(name) missing; record with MFE_RECORD_GOLDENS=1"), as: UTF8.self)
        if expected != actual {
            Issue.record("\(name) differs from its golden file (re-record with MFE_RECORD_GOLDENS=1 if intended):\n\(Golden.diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
        }
    }

    @Test func dot() throws {
        try Self.check(GraphDotRenderer().render(Self.document), named: "graph.dot")
    }

    @Test func mermaid() throws {
        try Self.check(GraphMermaidRenderer().render(Self.document), named: "graph.mmd")
    }

    @Test func json() throws {
        try Self.check(GraphJSONRenderer().render(Self.document), named: "graph.json")
    }

    @Test func jsonHasExactlyTheDesignShapeWithEveryTargetAndDependency() throws {
        let graph = Self.graph
        let text = GraphJSONRenderer().render(Self.document)
        #expect(text == GraphJSONRenderer().render(Self.document))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["packages"])
        let packages = try #require(object["packages"] as? [[String: Any]])
        #expect(packages.map { $0["name"] as? String } == ["Browse", "Env", "Odd-Pkg", "Order", "Shell"])
        #expect(packages.allSatisfy { Set($0.keys) == ["name", "layer", "path", "targets"] })
        #expect(packages[2]["layer"] is NSNull)
        let targets = packages.flatMap { $0["targets"] as? [[String: Any]] ?? [] }
        #expect(targets.allSatisfy { Set($0.keys) == ["name", "role", "dependencies"] })
        #expect(targets.count == graph.nodes.count)
        #expect(targets.reduce(0) { $0 + (($1["dependencies"] as? [String])?.count ?? 0) } == graph.edges.count)
        let browse = try #require(targets.first { $0["name"] as? String == "BrowseTesting" })
        #expect(browse["role"] as? String == "testing")
        #expect(browse["dependencies"] as? [String] == ["BrowseInterface", "OrderTesting"])
    }

    @Test func mermaidIdsAreSanitisedAndLabelsQuoted() {
        let text = GraphMermaidRenderer().render(Self.document)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart LR")
        #expect(lines.contains("  subgraph p_Odd_Pkg[\"Odd-Pkg (unassigned)\"]"))
        #expect(lines.contains("    t_Quote_Target[\"Quote#quot;Target\"]"))
        #expect(lines.contains("  t_Quote_Target --> t_end"))
        #expect(lines.contains("    t_BrowseInterface([\"BrowseInterface\"])"))
        #expect(lines.filter { $0.hasPrefix("  subgraph ") }.count == lines.filter { $0 == "  end" }.count)
        // Every edge endpoint is a declared node id.
        let nodes = Set(lines.filter { $0.hasPrefix("    t_") }.map { String($0.dropFirst(4).prefix { $0.isLetter || $0.isNumber || $0 == "_" }) })
        for edge in lines where edge.contains(" --> ") {
            let ends = edge.trimmingCharacters(in: .whitespaces).components(separatedBy: " --> ")
            #expect(nodes.contains(ends[0]) && nodes.contains(ends[1]), "\(edge)")
        }
    }

    @Test func dotRendersWithGraphvizWhenInstalled() async throws {
        let text = GraphDotRenderer().render(Self.document)
        #expect(text.components(separatedBy: "subgraph \"cluster_").count - 1 == 5)
        #expect(text.contains("\"Quote\\\"Target\" -> \"end\";"))
        #expect(text.filter { $0 == "{" }.count == text.filter { $0 == "}" }.count)
        let which = try await SubprocessRunner().run("sh", ["-c", "command -v dot"])
        guard which.status == 0 else { return }
        let directory = try TemporaryDirectory()
        try directory.write(text, to: "graph.dot")
        let result = try await SubprocessRunner().run("dot", ["-Tsvg", "-o", directory.path + "/graph.svg", directory.path + "/graph.dot"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        let svg = String(decoding: FileManager.default.contents(atPath: directory.path + "/graph.svg") ?? Data(), as: UTF8.self)
        #expect(svg.contains("<title>cluster_Odd&#45;Pkg</title>"))
    }

    @Test func focusKeepsThePackageWhatItNeedsAndWhatNeedsIt() throws {
        let graph = Self.graph
        let order = GraphDocument(graph: graph, name: "W", keeping: try GraphDocument.neighbourhood(ofPackage: "Order", in: graph))
        #expect(order.packages.map(\.name) == ["Browse", "Env", "Order", "Shell"])
        let browse = try #require(order.packages.first { $0.name == "Browse" })
        // BrowseInterface neither reaches Order nor is reached from it.
        #expect(browse.targets.map(\.name) == ["Browse", "BrowseExample", "BrowseTesting", "BrowseTests"])
        let env = try #require(order.packages.first { $0.name == "Env" })
        #expect(env.targets.map(\.name) == ["Env"])

        let odd = GraphDocument(graph: graph, name: "W", keeping: try GraphDocument.neighbourhood(ofPackage: "Odd-Pkg", in: graph))
        #expect(odd.packages.map(\.name) == ["Env", "Odd-Pkg"])
        #expect(odd.packages[0].targets.map(\.name) == ["Env"])

        #expect(throws: PlainInputError.self) { try GraphDocument.neighbourhood(ofPackage: "Nope", in: graph) }
    }
}

import Foundation
import MFECore
import MFELint
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEReport

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
        fixture.add(
            "Env", layer: .foundation,
            targets: [
                .init("Env"), .init("EnvTesting", .regular, ["Env"]), .init("EnvTests", .test, ["Env", "EnvTesting"]),
            ])
        fixture.add(
            "Browse", layer: .product, dependsOn: ["Env", "Order"],
            targets: [
                .init("BrowseInterface", .regular, ["Env/Env"]),
                .init("Browse", .regular, ["BrowseInterface", "Order/OrderInterface"]),
                .init("BrowseTesting", .regular, ["BrowseInterface", "Order/OrderTesting"]),
                .init("BrowseTests", .test, ["Browse", "BrowseTesting"]),
                .init("BrowseExample", .executable, ["Browse", "BrowseTesting"]),
            ])
        fixture.feature("Order", dependsOn: ["Env"], sourceDependencies: ["Env/Env"])
        fixture.add(
            "Shell", layer: .shell, dependsOn: ["Browse", "Order", "Env"],
            targets: [
                .init("App", .executable, ["Browse/Browse", "Order/Order", "Env/Env"]),
                .init("AppSupport"),
            ])
        fixture.add(
            "Odd-Pkg", layer: nil, dependsOn: ["Env"],
            targets: [
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

    /// The contract's shape (Output formats article), plus the additions (`edges` on each target), nothing renamed.
    @Test func jsonHasTheDesignShapeWithEveryTargetAndDependency() throws {
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
        #expect(targets.allSatisfy { Set($0.keys) == ["name", "role", "dependencies", "edges", "feature", "layer"] })
        #expect(targets.allSatisfy { ($0["edges"] as? [[String: Any]])?.count == ($0["dependencies"] as? [String])?.count })
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

        #expect(throws: GraphError.noSuchPackage("Nope", names: Set(graph.packages.map(\.name)).sorted())) { try GraphDocument.neighbourhood(ofPackage: "Nope", in: graph) }
    }
}

/// Golden files of graphs with lint findings on their edges and two packages that each have a
/// target named `Formatting`: every format keeps the two apart and marks the violations.
@Suite("graph renderers: violations and same-named targets")
struct GraphViolationTests {
    /// Feed Me where Browse depends on Order's implementation (product-to-product), Order on
    /// OrderTesting (production-to-testing), OrderTesting on Order (testing-to-implementation,
    /// a warning), Env and Tooling each have a `Formatting` target, and Tooling's two targets
    /// depend on each other (a cycle).
    static var workspace: Workspace {
        var fixture = WorkspaceFixture()
        fixture.add("Env", layer: .foundation, targets: [.init("Env", .regular, ["Formatting"]), .init("Formatting")])
        fixture.add(
            "Browse", layer: .product, dependsOn: ["Env", "Order", "Tooling"],
            targets: [
                .init("BrowseInterface"),
                .init("Browse", .regular, ["BrowseInterface", "Order/Order", "Env/Formatting", "Tooling/Formatting"]),
                .init("BrowseTests", .test, ["Browse"]),
            ])
        fixture.add(
            "Order", layer: .product, dependsOn: ["Env"],
            targets: [
                .init("OrderInterface"), .init("Order", .regular, ["OrderInterface", "OrderTesting"]), .init("OrderTesting", .regular, ["Order"]),
            ])
        fixture.add("Tooling", layer: nil, targets: [.init("Formatting", .regular, ["Lexer"]), .init("Lexer", .regular, ["Formatting"])])
        return fixture.workspace
    }

    static var document: GraphDocument {
        let workspace = workspace
        let graph = TargetGraph(workspace: workspace)
        return GraphDocument(graph: graph, name: "Violations", findings: Linter().lint(workspace, graph: graph).findings)
    }

    @Test func dot() throws {
        let text = GraphDotRenderer().render(Self.document)
        try GraphRendererTests.check(text, named: "violations.dot")
        #expect(
            text.contains(
                "  \"Browse\" -> \"Order\" [color=\"#b91c1c\", fontcolor=\"#b91c1c\", penwidth=2, label=\"product-to-product\", tooltip=\"Browse depends on Order, the implementation of another product feature; depend on OrderInterface\"];"
            ))
        #expect(text.contains("    \"Env/Formatting\" [label=\"Formatting\", shape=box"))
        #expect(text.contains("    \"Tooling/Formatting\" [label=\"Formatting\", shape=box"))
        #expect(text.contains("  \"Browse\" -> \"Env/Formatting\";\n  \"Browse\" -> \"Tooling/Formatting\";"))
        // A cycle is an error, so red, but dashed: a warning rule and a cycle are on this edge.
        #expect(text.contains("  \"OrderTesting\" -> \"Order\" [color=\"#b91c1c\", fontcolor=\"#b91c1c\", penwidth=2, style=dashed, label=\"cycle, testing-to-implementation\""))
        #expect(text.contains("  \"Tooling/Formatting\" -> \"Lexer\" [color=\"#b91c1c\", fontcolor=\"#b91c1c\", penwidth=2, style=dashed, label=\"cycle\""))
    }

    @Test func mermaid() throws {
        let text = GraphMermaidRenderer().render(Self.document)
        try GraphRendererTests.check(text, named: "violations.mmd")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("    t_Env_Formatting[\"Formatting\"]"))
        #expect(lines.contains("    t_Tooling_Formatting[\"Formatting\"]"))
        #expect(lines.contains("  t_Browse -->|\"product-to-product\"| t_Order"))
        #expect(lines.contains("  t_Browse --> t_Tooling_Formatting"))
        // linkStyle counts edges in the order they are declared.
        let edges = lines.filter { $0.hasPrefix("  t_") && ($0.contains(" --> ") || $0.contains(" -->|") || $0.contains(" -.->|")) }
        let red = try #require(lines.first { $0.hasPrefix("  linkStyle ") && $0.hasSuffix("stroke:#b91c1c,stroke-width:2px,color:#b91c1c") })
        let indices = red.dropFirst("  linkStyle ".count).prefix { $0 != " " }.split(separator: ",").compactMap { Int($0) }
        #expect(indices.map { edges[$0] }.contains("  t_Browse -->|\"product-to-product\"| t_Order"))
        #expect(indices.allSatisfy { edges[$0].contains("|") })
    }

    @Test func json() throws {
        let text = GraphJSONRenderer().render(Self.document)
        try GraphRendererTests.check(text, named: "violations.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let packages = try #require(object["packages"] as? [[String: Any]])
        let browse = try #require((packages.first { $0["name"] as? String == "Browse" }?["targets"] as? [[String: Any]])?.first { $0["name"] as? String == "Browse" })
        #expect(browse["dependencies"] as? [String] == ["BrowseInterface", "Formatting", "Order"])
        let edges = try #require(browse["edges"] as? [[String: Any]])
        #expect(edges.map { "\($0["package"] ?? "")/\($0["target"] ?? "")" } == ["Browse/BrowseInterface", "Env/Formatting", "Tooling/Formatting", "Order/Order"])
        let order = try #require(edges.first { $0["target"] as? String == "Order" }?["findings"] as? [[String: Any]])
        #expect(order.count == 1)
        #expect(order.first?["rule"] as? String == "product-to-product")
        #expect(order.first?["severity"] as? String == "error")
        #expect(order.first?["file"] as? String == "Browse/Package.swift")
        #expect((edges.first { $0["target"] as? String == "BrowseInterface" }?["findings"] as? [Any])?.isEmpty == true)
    }

    @Test func findingsStayWithWhatIsInView() throws {
        let workspace = Self.workspace
        let graph = TargetGraph(workspace: workspace)
        let findings = Linter().lint(workspace, graph: graph).findings
        let whole = GraphDocument(graph: graph, name: "W", findings: findings)
        #expect(whole.findings == findings)
        let env = GraphDocument(graph: graph, name: "W", findings: findings, keeping: try GraphDocument.neighbourhood(ofPackage: "Env", in: graph, depth: 1))
        #expect(env.packages.map(\.name) == ["Browse", "Env"])
        // Order and Tooling are out of view, so are their edges' findings and Tooling's unassigned layer.
        #expect(env.findings.isEmpty)
    }
}

@Suite("graph: --depth and --no-tests")
struct GraphNeighbourhoodTests {
    @Test func depthCountsDependencyStepsBothWays() throws {
        let graph = GraphRendererTests.graph
        func names(_ nodes: Set<Int>) -> [String] { nodes.map { graph.nodes[$0].name }.sorted() }
        let zero = try GraphDocument.neighbourhood(ofPackage: "Order", in: graph, depth: 0)
        #expect(names(zero) == ["Order", "OrderExample", "OrderInterface", "OrderTesting", "OrderTests"])
        let one = try GraphDocument.neighbourhood(ofPackage: "Order", in: graph, depth: 1)
        #expect(names(one) == ["App", "Browse", "BrowseTesting", "Env", "Order", "OrderExample", "OrderInterface", "OrderTesting", "OrderTests"])
        let two = try GraphDocument.neighbourhood(ofPackage: "Order", in: graph, depth: 2)
        #expect(names(two) == ["App", "Browse", "BrowseExample", "BrowseTesting", "BrowseTests", "Env", "Order", "OrderExample", "OrderInterface", "OrderTesting", "OrderTests"])
        #expect(try GraphDocument.neighbourhood(ofPackage: "Order", in: graph, depth: 50) == GraphDocument.neighbourhood(ofPackage: "Order", in: graph))
    }

    @Test func testTargetsAreLeftOutAndNotWalkedThrough() throws {
        let graph = GraphRendererTests.graph
        let noTests: (Int) -> Bool = { graph.nodes[$0].kind != .test }
        let kept = try GraphDocument.neighbourhood(ofPackage: "Order", in: graph, depth: 1, including: noTests)
        #expect(!kept.contains { graph.nodes[$0].kind == .test })
        let document = GraphDocument(graph: graph, name: "W", keeping: Set(graph.nodes.indices.filter(noTests)))
        #expect(document.packages.flatMap(\.targets).allSatisfy { !$0.isTest })
        #expect(document.packages.flatMap(\.targets).count == graph.nodes.count - 3)
        #expect(!GraphDotRenderer().render(document).contains("Tests\""))
    }
}

/// Golden files of a shell repository's graph with the packages it pins: external nodes with
/// their products, edges from the targets that link them, drawn apart and never given a layer.
@Suite("graph renderers: external packages")
struct GraphExternalTests {
    /// The article's ShellApp: an Xcode app target linking About, Browse and RestaurantOrder,
    /// and a pinned Env nothing links directly.
    static var document: GraphDocument {
        var fixture = WorkspaceFixture()
        fixture.add("ShellApp", layer: .shell, targets: [.init("ShellApp", .executable), .init("ShellAppTests", .test, ["ShellApp"])])
        let document = GraphDocument(graph: TargetGraph(workspace: fixture.workspace), name: "ShellApp")
        let app = document.packages[0].targets.firstIndex { $0.name == "ShellApp" } ?? 0
        return document.adding([
            .init(name: "RestaurantOrder", location: "https://github.com/micro-frontends-mobile/RestaurantOrder", pin: "1.0.0", products: ["RestaurantOrder"], links: [(0, app, "RestaurantOrder")]),
            .init(name: "About", location: "https://github.com/micro-frontends-mobile/About", pin: "1.0.0", products: ["About", "AboutInterface"], links: [(0, app, "About")]),
            .init(name: "Browse", location: "https://github.com/micro-frontends-mobile/Browse", pin: "main (1a2b3c4)", products: [], links: [(0, app, "Browse")]),
            .init(name: "Env", location: "https://github.com/micro-frontends-mobile/Env", pin: "1.0.0", products: ["Env"], links: []),
        ])
    }

    @Test func dot() throws {
        try GraphRendererTests.check(GraphDotRenderer().render(Self.document), named: "external.dot")
    }

    @Test func mermaid() throws {
        try GraphRendererTests.check(GraphMermaidRenderer().render(Self.document), named: "external.mmd")
    }

    @Test func json() throws {
        try GraphRendererTests.check(GraphJSONRenderer().render(Self.document), named: "external.json")
    }

    @Test func externalPackagesComeAfterTheWorkspaceWithTheirProductsAndNoLayer() throws {
        let document = Self.document
        #expect(document.packages.map(\.name) == ["ShellApp", "About", "Browse", "Env", "RestaurantOrder"])
        #expect(document.packages.dropFirst().allSatisfy { $0.isExternal && $0.layer == nil })
        #expect(document.packages[2].targets.map(\.name) == ["Browse"], "a linked product is shown although the manifest was not read")
        let app = try #require(document.packages[0].targets.first { $0.name == "ShellApp" })
        #expect(app.dependencies.map { document.target($0).name } == ["About", "Browse", "RestaurantOrder"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(GraphJSONRenderer().render(document).utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        #expect(packages[0]["external"] == nil, "a workspace package's keys are unchanged")
        #expect(packages[1]["external"] as? Bool == true && packages[1]["layer"] is NSNull && packages[1]["pin"] as? String == "1.0.0")
        let html = try GraphHTMLRenderer().render(document)
        #expect(html.contains("\"external\""), "the page draws them in its external band")
    }
}

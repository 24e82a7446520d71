import MFECore
import MFEManifest
import MFEWorkspace

/// The rules that look at the target and package graphs, run in `BuiltInRules`' order: each
/// edge gets at most one finding, from the first edge rule that matches it (the precedence
/// of the Rules article), then every graph rule (`cycle`, `package-cycle`, `missing-interface`,
/// `unassigned-layer`) looks at the whole graph.
struct GraphRules {
    let graph: TargetGraph
    /// Turns a location's file into the workspace-relative form findings print.
    let relativePath: (String) -> String

    /// Every finding of the graph, unsorted.
    func findings() -> [Finding] {
        var findings: [Finding] = []
        for edge in graph.edges {
            if let finding = edgeFinding(edge) { findings.append(finding) }
        }
        let context = GraphContext(graph: graph, relativePath: relativePath)
        for rule in BuiltInRules.graphRules { findings += rule.findings(in: context) }
        return findings
    }

    /// The finding of the first edge rule `edge` breaks, in precedence order.
    func edgeFinding(_ edge: TargetGraph.Edge) -> Finding? {
        let context = EdgeContext(graph: graph, edge: edge)
        for rule in BuiltInRules.edgeRules {
            guard let message = rule.message(for: context) else { continue }
            let description = rule.description
            let from = Finding.Endpoint(name: context.a.name, package: graph.packages[context.a.package].name, feature: context.aFeature.name)
            let to = Finding.Endpoint(name: context.b.name, package: graph.packages[context.b.package].name, feature: context.bFeature.name)
            return Finding(
                rule: description.id, severity: description.severity, message: message,
                file: relativePath(edge.location.file), line: edge.location.line, column: edge.location.column,
                subject: .edge(from: from, to: to, chain: nil)
            )
        }
        return nil
    }
}

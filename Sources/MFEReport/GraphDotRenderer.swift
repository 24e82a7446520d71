/// Renders a `GraphDocument` as a Graphviz `digraph`: one `cluster_` subgraph per package
/// filled with its layer's colour, target shapes by role. Pure: text in, text out.
package struct GraphDotRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The dot text of `document`, ending with a newline.
    package func render(_ document: GraphDocument) -> String {
        var lines = [
            "digraph \(quoted(document.name)) {",
            "  graph [rankdir=LR, compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.25, ranksep=0.9];",
            "  node [fontname=\"Helvetica\", fontsize=11, style=filled, penwidth=1.2];",
            "  edge [color=\"#4b5563\", arrowsize=0.7];",
        ]
        for package in document.packages {
            let colors = GraphStyle.colors(of: package.layer)
            lines.append("")
            lines.append("  subgraph \(quoted("cluster_" + package.name)) {")
            lines.append("    label=\(quoted("\(package.name) (\(GraphStyle.name(of: package.layer)))"));")
            lines.append("    style=\"rounded,filled\"; color=\(quoted(colors.stroke)); fillcolor=\(quoted(colors.packageFill));")
            for target in package.targets {
                let style = target.role == .interface || target.role == .testing ? "\"filled,dashed\"" : "filled"
                lines.append("    \(quoted(target.name)) [shape=\(GraphStyle.dotShape(of: target.role)), style=\(style), color=\(quoted(colors.stroke)), fillcolor=\(quoted(colors.targetFill)), tooltip=\(quoted("\(target.name): \(target.role.rawValue)"))];")
            }
            lines.append("  }")
        }
        let edges = document.packages.flatMap { package in
            package.targets.flatMap { target in target.dependencies.map { "  \(quoted(target.name)) -> \(quoted($0));" } }
        }
        if !edges.isEmpty {
            lines.append("")
            lines += edges
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A dot double-quoted ID: backslashes and quotes escaped, newlines as `\n`.
    func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": continue
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

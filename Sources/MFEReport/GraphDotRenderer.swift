import MFECore

/// Renders a `GraphDocument` as a Graphviz `digraph`: one `cluster_` subgraph per package
/// filled with its layer's colour (an external package's dashed and grey), target shapes by role, violations in red. Pure: value in,
/// text out.
package struct GraphDotRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The dot text of `document`, ending with a newline. Node ids are `GraphNodeNames`
    /// (a target's name, `Package/Target` when two packages have a target of that name) and
    /// labels the target's name; an edge with lint findings is a violation: red (orange for
    /// warnings, dashed for cycles), thicker, labelled with the rule and its message as tooltip.
    package func render(_ document: GraphDocument) -> String {
        let names = GraphNodeNames(document)
        var lines = [
            "digraph \(quoted(document.name)) {",
            "  graph [rankdir=LR, compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.25, ranksep=0.9];",
            "  node [fontname=\"Helvetica\", fontsize=11, style=filled, penwidth=1.2];",
            "  edge [color=\"#4b5563\", arrowsize=0.7];",
        ]
        for (packageIndex, package) in document.packages.enumerated() {
            let colors = GraphStyle.colors(of: package)
            lines.append("")
            lines.append("  subgraph \(quoted("cluster_" + names.package(packageIndex))) {")
            lines.append("    label=\(quoted("\(package.name) (\(GraphStyle.kind(of: package)))"));")
            lines.append("    style=\(package.isExternal ? "\"rounded,filled,dashed\"" : "\"rounded,filled\""); color=\(quoted(colors.stroke)); fillcolor=\(quoted(colors.packageFill));")
            for (targetIndex, target) in package.targets.enumerated() {
                let id = names.target(package: packageIndex, target: targetIndex)
                let label = id == target.name ? "" : "label=\(quoted(target.name)), "
                let style = target.role == .interface || target.role == .testing ? "\"filled,dashed\"" : "filled"
                lines.append(
                    "    \(quoted(id)) [\(label)shape=\(GraphStyle.dotShape(of: target.role)), style=\(style), color=\(quoted(colors.stroke)), fillcolor=\(quoted(colors.targetFill)), tooltip=\(quoted("\(target.name): \(target.role.rawValue)"))];"
                )
            }
            lines.append("  }")
        }
        var edges: [String] = []
        for (packageIndex, package) in document.packages.enumerated() {
            for (targetIndex, target) in package.targets.enumerated() {
                let from = quoted(names.target(package: packageIndex, target: targetIndex))
                for dependency in target.dependencies {
                    var edge = "  \(from) -> \(quoted(names.target(dependency)))"
                    if let violation = GraphStyle.violation(dependency.findings) {
                        let dashed = violation.dashed ? ", style=dashed" : ""
                        edge += " [color=\(quoted(violation.color)), fontcolor=\(quoted(violation.color)), penwidth=2\(dashed), label=\(quoted(violation.label)), tooltip=\(quoted(violation.tooltip))]"
                    }
                    edges.append(edge + ";")
                }
            }
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

extension GraphDotRenderer: OutputRenderer {
    package typealias Input = GraphInput

    package static let summary = "Graphviz dot, e.g. for 'dot -Tsvg'"
    package static let sink = OutputSink.dot

    package func render(_ input: GraphInput) -> String { render(input.document) }
}

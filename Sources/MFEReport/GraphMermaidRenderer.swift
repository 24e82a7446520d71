import MFECore
import MFEWorkspace

/// Renders a `GraphDocument` as a Mermaid `flowchart LR` that GitHub renders in Markdown: one
/// `subgraph` per package, node shapes by role, one class per layer, violations red and
/// labelled. Node and subgraph ids are sanitised (`t_`/`p_` plus the name's letters, digits
/// and underscores, numbered on a clash) and every label is quoted. Pure: value in, text out.
package struct GraphMermaidRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The Mermaid text of `document`, ending with a newline. Targets are keyed by package
    /// and name (`GraphNodeNames`), so same-named targets of two packages are two nodes; an
    /// edge with lint findings is labelled with the rule and drawn red (orange for warnings,
    /// dotted for cycles and warnings) through `linkStyle`.
    package func render(_ document: GraphDocument) -> String {
        let names = GraphNodeNames(document)
        var ids = IdentifierTable()
        func targetID(_ package: Int, _ target: Int) -> String {
            ids.identifier(for: "t_" + names.target(package: package, target: target), key: "target:\(package)/\(target)")
        }
        var lines = ["flowchart LR"]
        var classes: [(layer: String, ids: [String])] = []
        var styles: [String] = []
        for (packageIndex, package) in document.packages.enumerated() {
            let packageID = ids.identifier(for: "p_" + names.package(packageIndex), key: "package:\(packageIndex)")
            let layer = package.isExternal ? "external" : GraphStyle.name(of: package.layer)
            let colors = GraphStyle.colors(of: package)
            lines.append("  subgraph \(packageID)[\(label("\(package.name) (\(GraphStyle.kind(of: package)))"))]")
            var members: [String] = []
            for (targetIndex, target) in package.targets.enumerated() {
                let id = targetID(packageIndex, targetIndex)
                members.append(id)
                lines.append("    \(id)\(GraphStyle.mermaidNode(label(target.name), role: target.role))")
            }
            lines.append("  end")
            styles.append("  style \(packageID) fill:\(colors.packageFill),stroke:\(colors.stroke)\(package.isExternal ? ",stroke-dasharray:4 3" : "")")
            if let index = classes.firstIndex(where: { $0.layer == layer }) {
                classes[index].ids += members
            } else if !members.isEmpty {
                classes.append((layer, members))
            }
        }
        var edgeCount = 0
        var violationLinks: [(style: String, indices: [Int])] = []
        for (packageIndex, package) in document.packages.enumerated() {
            for (targetIndex, target) in package.targets.enumerated() {
                let from = targetID(packageIndex, targetIndex)
                for dependency in target.dependencies {
                    let to = targetID(dependency.package, dependency.target)
                    if let violation = GraphStyle.violation(dependency.findings) {
                        lines.append("  \(from) \(violation.dashed ? "-.->" : "-->")|\(label(violation.label))| \(to)")
                        let style = "stroke:\(violation.color),stroke-width:2px,color:\(violation.color)"
                        if let index = violationLinks.firstIndex(where: { $0.style == style }) {
                            violationLinks[index].indices.append(edgeCount)
                        } else {
                            violationLinks.append((style, [edgeCount]))
                        }
                    } else {
                        lines.append("  \(from) --> \(to)")
                    }
                    edgeCount += 1
                }
            }
        }
        for (layer, members) in classes.sorted(by: { $0.layer < $1.layer }) {
            let colors = layer == "external" ? GraphStyle.externalColors : GraphStyle.colors(of: Layer(rawValue: layer))
            lines.append("  classDef \(layer) fill:\(colors.targetFill),stroke:\(colors.stroke),color:#111827")
            lines.append("  class \(members.joined(separator: ",")) \(layer)")
        }
        lines += styles
        for (style, indices) in violationLinks {
            lines.append("  linkStyle \(indices.map(String.init).joined(separator: ",")) \(style)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A quoted Mermaid label: `"` becomes `#quot;`, and the characters Mermaid would read as
    /// markup or entities are written as entities too.
    func label(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "#quot;"
            case "#": result += "#35;"
            case "<": result += "#lt;"
            case ">": result += "#gt;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result + "\""
    }
}

/// Assigns each name a unique Mermaid-safe identifier, the same one every time it is asked.
private struct IdentifierTable {
    var assigned: [String: String] = [:]
    var used: Set<String> = []

    mutating func identifier(for name: String, key: String) -> String {
        if let existing = assigned[key] { return existing }
        var base = ""
        for scalar in name.unicodeScalars {
            base.unicodeScalars.append(scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") ? scalar : "_")
        }
        var candidate = base
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(base)_\(counter)"
            counter += 1
        }
        used.insert(candidate)
        assigned[key] = candidate
        return candidate
    }
}

extension GraphMermaidRenderer: OutputRenderer {
    package typealias Input = GraphInput

    package static let summary = "a Mermaid flowchart, which GitHub renders in Markdown"
    package static let sink = OutputSink.mermaid

    package func render(_ input: GraphInput) -> String { render(input.document) }
}

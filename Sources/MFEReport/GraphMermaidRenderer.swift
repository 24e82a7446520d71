import MFEWorkspace

/// Renders a `GraphDocument` as a Mermaid `flowchart LR` that GitHub renders in Markdown: one
/// `subgraph` per package, node shapes by role, one class per layer. Node and subgraph ids are
/// sanitised (`t_`/`p_` plus the name's letters, digits and underscores, numbered on a clash)
/// and every label is quoted. Pure: text in, text out.
package struct GraphMermaidRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The Mermaid text of `document`, ending with a newline.
    package func render(_ document: GraphDocument) -> String {
        var ids = IdentifierTable()
        var lines = ["flowchart LR"]
        var classes: [(layer: String, ids: [String])] = []
        var styles: [String] = []
        for package in document.packages {
            let packageID = ids.identifier(for: "p_" + package.name, key: "package:" + package.name)
            let layer = GraphStyle.name(of: package.layer)
            let colors = GraphStyle.colors(of: package.layer)
            lines.append("  subgraph \(packageID)[\(label("\(package.name) (\(layer))"))]")
            var members: [String] = []
            for target in package.targets {
                let targetID = ids.identifier(for: "t_" + target.name, key: "target:" + target.name)
                members.append(targetID)
                lines.append("    \(targetID)\(GraphStyle.mermaidNode(label(target.name), role: target.role))")
            }
            lines.append("  end")
            styles.append("  style \(packageID) fill:\(colors.packageFill),stroke:\(colors.stroke)")
            if let index = classes.firstIndex(where: { $0.layer == layer }) {
                classes[index].ids += members
            } else if !members.isEmpty {
                classes.append((layer, members))
            }
        }
        for package in document.packages {
            for target in package.targets {
                let from = ids.identifier(for: "t_" + target.name, key: "target:" + target.name)
                for dependency in target.dependencies {
                    lines.append("  \(from) --> \(ids.identifier(for: "t_" + dependency, key: "target:" + dependency))")
                }
            }
        }
        for (layer, members) in classes.sorted(by: { $0.layer < $1.layer }) {
            let layerValue = Layer(rawValue: layer)
            let colors = GraphStyle.colors(of: layerValue)
            lines.append("  classDef \(layer) fill:\(colors.targetFill),stroke:\(colors.stroke),color:#111827")
            lines.append("  class \(members.joined(separator: ",")) \(layer)")
        }
        lines += styles
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

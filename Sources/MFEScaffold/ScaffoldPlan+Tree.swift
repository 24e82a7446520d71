import Foundation

extension ScaffoldPlan {
    /// The planned files as a tree under `root` (how the destination is shown, e.g.
    /// `Features/Home`), the way `tree` prints folders: what `--dry-run` shows.
    public func tree(root: String) -> String {
        final class Node {
            var children: [String: Node] = [:]
        }
        let top = Node()
        for file in files {
            var node = top
            for component in file.path.split(separator: "/") {
                let key = String(component)
                if let child = node.children[key] {
                    node = child
                } else {
                    let child = Node()
                    node.children[key] = child
                    node = child
                }
            }
        }
        var lines = [root.hasSuffix("/") ? root : root + "/"]
        // Iterative depth-first walk, so deep trees cannot overflow the stack.
        var stack: [(node: Node, name: String, prefix: String, isLast: Bool)] = []
        func push(_ node: Node, prefix: String) {
            let names = node.children.keys.sorted()
            for (index, name) in names.enumerated().reversed() {
                stack.append((node.children[name]!, name, prefix, index == names.count - 1))
            }
        }
        push(top, prefix: "")
        while let (node, name, prefix, isLast) = stack.popLast() {
            let isFolder = !node.children.isEmpty
            lines.append(prefix + (isLast ? "└── " : "├── ") + name + (isFolder ? "/" : ""))
            if isFolder { push(node, prefix: prefix + (isLast ? "    " : "│   ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ScaffoldPlan {
    /// What a successful run prints: what was created, then the commands to run next.
    public var summary: String {
        var text = created.map { "Created \($0)\n" }.joined()
        text += edits.map { "Edited \($0.summary)\n" }.joined()
        if createsDestination { text += "\(files.count) files written.\n" }
        if let notice {
            text += "\n" + notice + "\n"
        }
        if !nextSteps.isEmpty {
            text += "\nNext:\n" + nextSteps.map { "  \($0)\n" }.joined()
        }
        return text
    }
}

/// Renders `mfe templates`: each catalog's templates with their descriptions.
public enum TemplateListing {
    /// One block per catalog: its origin, then `  name  description` lines, aligned.
    public static func render(_ catalogs: [TemplateCatalog]) -> String {
        var blocks: [String] = []
        for catalog in catalogs {
            let width = catalog.templates.map(\.name.count).max() ?? 0
            var block = catalog.origin == "built-in" ? "Built-in templates:\n" : "Templates in \(catalog.origin):\n"
            for template in catalog.templates {
                block += "  " + template.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + template.summary + "\n"
            }
            blocks.append(block)
        }
        return blocks.joined(separator: "\n")
    }
}

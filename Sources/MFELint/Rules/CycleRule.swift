import MFEWorkspace

/// `cycle`: targets do not depend on each other in a cycle.
package enum CycleRule: GraphRule {
    package static let description = LintRule(
        id: "cycle", severity: .error,
        shortDescription: "Targets do not depend on each other in a cycle",
        fullDescription: "Targets form a dependency cycle (or a target depends on itself). The compiler cannot build a module cycle, and SwiftPM rejects it.",
        help: "Break the cycle: make the features depend on each other's …Interface targets, merge the targets into one feature, or extract what they share into a third target both depend on.",
        examples: .init(
            bad: ".target(name: \"Home\", dependencies: [\"Search\"]),\n.target(name: \"Search\", dependencies: [\"Home\"])",
            good: ".target(name: \"Home\", dependencies: [\"SearchInterface\"]),\n.target(name: \"Search\", dependencies: [\"SearchInterface\", \"HomeInterface\"])"
        ))

    /// One finding per strongly connected component with a cycle: its shortest cycle.
    package static func findings(in context: GraphContext) -> [Finding] {
        let graph = context.graph
        return graph.cyclicComponents().compactMap { component in
            guard let cycle = StronglyConnectedComponents.shortestCycle(in: component, successors: graph.successors) else { return nil }
            let names = cycle.map { graph.nodes[$0].name }
            let location = graph.edge(from: cycle[0], to: cycle[1])?.location ?? graph.nodes[cycle[0]].location
            let message: String
            if cycle.count == 2 {
                message = "\(names[0]) depends on itself; remove '\(names[0])' from its own dependencies"
            } else {
                let size = component.count > cycle.count - 1 ? " (one of the cycles among \(component.count) targets)" : ""
                message =
                    "dependency cycle: \(names.joined(separator: " -> "))\(size); depend on an Interface target instead of an implementation, merge the features, or extract what they share into a third target both depend on"
            }
            let path = cycle.map { Finding.Endpoint(name: graph.nodes[$0].name, package: graph.packages[graph.nodes[$0].package].name, feature: graph.feature(of: $0).name) }
            return context.finding(description, message: message, at: location, subject: .path(path))
        }
    }
}

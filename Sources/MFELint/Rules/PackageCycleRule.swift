import MFEManifest
import MFEWorkspace

/// `package-cycle`: packages do not depend on each other in a cycle.
package enum PackageCycleRule: GraphRule {
    package static let description = LintRule(
        id: "package-cycle", severity: .error,
        shortDescription: "Packages do not depend on each other in a cycle",
        fullDescription:
            "Workspace packages declare package dependencies on each other in a cycle. SwiftPM refuses such cycles for packages with swift-tools-version below 6.0 (an error); from 6.0 on it accepts them as long as the targets do not form a cycle (a notice), but the packages can no longer be versioned and released independently.",
        help: "Remove one of the '.package' dependencies: move what both packages share into a third package, or depend on an interface package instead.",
        examples: .init(
            bad: "// Features/Home/Package.swift\n.package(path: \"../Search\")\n// Features/Search/Package.swift\n.package(path: \"../Home\")",
            good: "// Features/Home/Package.swift\n.package(path: \"../Search\")\n// Features/Search/Package.swift: what both share, in a third package\n.package(path: \"../../Foundation/Env\")"
        ))

    /// One finding per strongly connected component of the package graph with more than one
    /// package: an error when a package in it declares swift-tools-version below 6.0 (SwiftPM
    /// refuses the cycle), else a notice.
    package static func findings(in context: GraphContext) -> [Finding] {
        let graph = context.graph
        let names = graph.packages.map(\.name)
        // Order packages by name so the path starts at the alphabetically first package.
        let order = graph.packages.indices.sorted { (names[$0], graph.packages[$0].directory) < (names[$1], graph.packages[$1].directory) }
        var rank = [Int](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { rank[index] = position }
        let successors = order.map { index in graph.packageSuccessors[index].map { rank[$0] }.sorted() }
        return graph.packageCycleComponents().compactMap { component in
            let ranked = component.map { rank[$0] }
            guard let cycle = StronglyConnectedComponents.shortestCycle(in: ranked, successors: successors)?.map({ order[$0] }) else { return nil }
            let old = component.filter { graph.packages[$0].manifest.toolsVersion < ToolsVersion(6, 0) }
                .sorted { names[$0] < names[$1] }
            let shown = cycle.map { graph.displayName(ofPackage: $0) }
            let location = graph.packageEdge(from: cycle[0], to: cycle[1])?.location ?? graph.packages[cycle[0]].manifest.location
            let severity: Severity
            var message = "package dependency cycle: \(shown.joined(separator: " -> "))"
            if component.count > cycle.count - 1 { message += " (one of the cycles among \(component.count) packages)" }
            if let first = old.first {
                severity = .error
                let version = graph.packages[first].manifest.toolsVersion
                message +=
                    "; SwiftPM refuses it because \(graph.displayName(ofPackage: first)) declares swift-tools-version \(version), below 6.0: remove one of the '.package' dependencies, moving what the packages share into a third package"
            } else {
                severity = .notice
                message += "; SwiftPM 6 accepts it while the targets form no cycle, but the packages can no longer be released independently: move what they share into a third package"
            }
            let path = cycle.map { Finding.Endpoint(name: names[$0], package: names[$0], feature: nil) }
            return context.finding(description, severity: severity, message: message, at: location, subject: .path(path))
        }
    }
}

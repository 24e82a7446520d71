import MFEWorkspace

/// Gives findings the owners of their ends, from the features of the graph: an end's feature
/// (by package and feature name), else its target, else its package. O(1) per end.
package struct FindingOwnership: Sendable {
    private let byName: [String: [String]]
    private let byPackage: [String: [String]]

    /// The owners of `graph`'s features, targets and packages.
    package init(graph: TargetGraph) {
        var byName: [String: [String]] = [:]
        var byPackage: [String: [String]] = [:]
        for package in graph.packages where byPackage[package.name] == nil { byPackage[package.name] = package.owners }
        for feature in graph.features {
            let package = graph.packages[feature.package].name
            byName[Self.key(package, feature.name)] = feature.owners
            for node in feature.targets where byName[Self.key(package, graph.nodes[node].name)] == nil {
                byName[Self.key(package, graph.nodes[node].name)] = feature.owners
            }
        }
        self.byName = byName
        self.byPackage = byPackage
    }

    private static func key(_ package: String, _ name: String) -> String { package + "\u{1F}" + name }

    /// The owners of `endpoint`: its feature's, else its target's, else its package's; none
    /// outside the workspace.
    package func owners(of endpoint: Finding.Endpoint) -> [String] {
        guard let package = endpoint.package else { return [] }
        if let feature = endpoint.feature, let owners = byName[Self.key(package, feature)] { return owners }
        return byName[Self.key(package, endpoint.name)] ?? byPackage[package] ?? []
    }

    /// The owners of `finding`'s ends: `from` the first end's, `to` the other ends' (without
    /// repeats, in order).
    package func owners(of finding: Finding) -> Finding.Owners {
        var ends = finding.endpoints
        // A cycle's path is closed: its last element is its first.
        if case .path = finding.subject, ends.count > 1, ends.first == ends.last { ends.removeLast() }
        guard let first = ends.first else { return Finding.Owners(from: [], to: []) }
        var seen: Set<String> = []
        let to = ends.dropFirst().flatMap(owners(of:)).filter { seen.insert($0).inserted }
        return Finding.Owners(from: owners(of: first), to: to)
    }

    /// `findings`, each with its owners.
    package func annotate(_ findings: [Finding]) -> [Finding] {
        findings.map { finding in
            var finding = finding
            finding.owners = owners(of: finding)
            return finding
        }
    }
}

import MFEWorkspace

/// `unassigned-layer`: every workspace package has a layer.
package enum UnassignedLayerRule: GraphRule {
    package static let description = LintRule(
        id: "unassigned-layer", severity: .notice,
        shortDescription: "Every workspace package has a layer",
        fullDescription: "A workspace package has no layer, so only the depends-on-shell rule can check its dependencies.",
        help: "Add an mfe.yml with 'feature:' and 'layer: product|foundation|shell' to the package, or list it under 'layers:' in the workspace mfe.yml.",
        examples: .init(
            bad: "# mfe.yml\nworkspace: FeedMe\npackages: [Features/*]",
            good: "# mfe.yml\nworkspace: FeedMe\npackages: [Features/*]\nlayers:\n  product: [Browse, RestaurantOrder]"
        ))

    /// One finding per package when none of a package's features has a layer (a package with
    /// no targets holds no feature), else one per unlayered feature of a monorepo package.
    package static func findings(in context: GraphContext) -> [Finding] {
        let graph = context.graph
        var findings: [Finding] = []
        for (index, package) in graph.packages.enumerated() where !package.holdsOneFeature {
            let features = graph.features(inPackage: index).map { graph.features[$0] }
            guard !features.isEmpty else { continue }
            let display = graph.displayName(ofPackage: index)
            if features.allSatisfy({ $0.layer == nil }) {
                let stems = features.count > 1 ? " (or its features: \(GraphContext.list(features.map(\.name))))" : ""
                findings.append(
                    context.finding(
                        description,
                        message:
                            "package \(display) has no layer, so only depends-on-shell checks its dependencies; add an mfe.yml with 'feature: \(package.name)' and 'layer: product|foundation|shell' to it, or list it\(stems) under 'layers:' in the workspace mfe.yml\(features.count > 1 ? " ('mfe init --adopt' infers them)" : "")",
                        at: package.manifest.location, subject: .feature(Finding.Endpoint(name: package.name, package: package.name, feature: package.name))
                    ))
                continue
            }
            for feature in features where feature.layer == nil {
                findings.append(
                    context.finding(
                        description,
                        message:
                            "feature \(feature.name) of package \(display) has no layer, so only depends-on-shell checks its dependencies; list '\(feature.name)' (or a glob matching it) under 'layers:' in the workspace mfe.yml",
                        at: feature.location, subject: .feature(Finding.Endpoint(name: feature.name, package: package.name, feature: feature.name))
                    ))
            }
        }
        return findings
    }
}

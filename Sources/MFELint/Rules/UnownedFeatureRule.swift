import MFEWorkspace

/// `unowned-feature`: with `owners:` in the workspace `mfe.yml`, every feature has an owner.
package enum UnownedFeatureRule: GraphRule {
    package static let description = LintRule(
        id: "unowned-feature", severity: .warning,
        shortDescription: "Every feature has an owning team",
        fullDescription: "The workspace mfe.yml maps features to teams with 'owners:', but a feature has no owner, so no team reviews its changes or is told of its findings.",
        help: "List the feature (or its package, or a glob matching it) under a team in 'owners:' in the workspace mfe.yml, or add 'owner: \"@org/team\"' to the feature's own mfe.yml.",
        examples: .init(
            bad: "# mfe.yml\nworkspace: FeedMe\nowners:\n  \"@feedme/browse\": [Browse]\n# RestaurantOrder has no owner",
            good: "# mfe.yml\nworkspace: FeedMe\nowners:\n  \"@feedme/browse\": [Browse]\n  \"@feedme/orders\": [RestaurantOrder]"
        ))

    /// One finding per feature without an owner, when `owners:` is set. A stem of test targets
    /// only in a monorepo package (`AppTests`) is no feature a team owns: it is left out.
    package static func findings(in context: GraphContext) -> [Finding] {
        let graph = context.graph
        guard graph.requiresOwners else { return [] }
        var findings: [Finding] = []
        for feature in graph.features where feature.owners.isEmpty {
            if !feature.isWholePackage && feature.targets.allSatisfy({ graph.nodes[$0].kind == .test }) { continue }
            let package = graph.packages[feature.package]
            let shown = feature.isWholePackage ? "feature \(graph.displayName(ofPackage: feature.package))" : "feature \(feature.name) of package \(graph.displayName(ofPackage: feature.package))"
            let ownFile = feature.isWholePackage ? ", or add 'owner:' to the package's own mfe.yml" : ""
            findings.append(
                context.finding(
                    description,
                    message: "\(shown) has no owner; list '\(feature.name)' (or a glob matching it) under a team in 'owners:' in the workspace mfe.yml\(ownFile)",
                    at: feature.location, subject: .feature(Finding.Endpoint(name: feature.name, package: package.name, feature: feature.name))
                ))
        }
        return findings
    }
}

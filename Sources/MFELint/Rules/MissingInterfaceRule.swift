import MFECore
import MFEWorkspace

/// `missing-interface`: every product feature has an interface target.
package enum MissingInterfaceRule: GraphRule {
    package static let description = LintRule(
        id: "missing-interface", severity: .warning,
        shortDescription: "Every product feature has an interface target",
        fullDescription: "A product feature has no …Interface target, so other features and the shell can only depend on its implementation.",
        help: "Add an …Interface target with the feature's public protocols and Sendable models, and make the implementation depend on it.",
        examples: .init(
            bad: "targets: [.target(name: \"Search\"), .testTarget(name: \"SearchTests\", dependencies: [\"Search\"])]",
            good: "targets: [.target(name: \"SearchInterface\"), .target(name: \"Search\", dependencies: [\"SearchInterface\"]), .testTarget(name: \"SearchTests\", dependencies: [\"Search\"])]"
        ))

    /// A finding per product feature without an interface target: a package holding one
    /// feature, or a feature (stem) of a monorepo package that has layers.
    package static func findings(in context: GraphContext) -> [Finding] {
        let graph = context.graph
        var findings: [Finding] = []
        for (index, package) in graph.packages.enumerated() {
            if package.holdsOneFeature {
                let hasInterface = graph.features(inPackage: index).contains { feature in graph.features[feature].targets.contains { graph.nodes[$0].role == .interface } }
                if package.layer == .product && !hasInterface {
                    findings.append(finding(in: context, feature: package.name, shown: "product feature \(graph.displayName(ofPackage: index))", at: package.manifest.location, package: package.name))
                }
                continue
            }
            let features = graph.features(inPackage: index).map { graph.features[$0] }
            // A package none of whose features has a layer is `unassigned-layer`'s.
            guard !features.allSatisfy({ $0.layer == nil }) else { continue }
            for feature in features where feature.layer == .product && !feature.targets.contains(where: { graph.nodes[$0].role == .interface }) {
                findings.append(finding(in: context, feature: feature.name, shown: "product feature \(feature.name)", at: feature.location, package: package.name))
            }
        }
        return findings
    }

    private static func finding(in context: GraphContext, feature: String, shown: String, at location: SourceLocation, package: String) -> Finding {
        let interface = context.graph.roles.conventionalName(stem: feature, role: .interface)
        return context.finding(
            description,
            message: "\(shown) has no interface target; add \(interface) with its public protocols and models, so other features depend on it instead of the implementation",
            at: location, subject: .feature(Finding.Endpoint(name: feature, package: package, feature: feature))
        )
    }
}

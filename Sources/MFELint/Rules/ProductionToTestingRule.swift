/// `production-to-testing`: production code does not depend on testing targets.
package enum ProductionToTestingRule: EdgeRule {
    package static let description = LintRule(
        id: "production-to-testing", severity: .error,
        shortDescription: "Production code does not depend on testing targets",
        fullDescription: "A source or interface target depends on a …Testing target, so mocks and fixture data would ship in the app.",
        help: "Depend on the …Interface target instead, and use the …Testing target only from test targets and example apps.",
        examples: .init(
            bad: ".target(name: \"Home\", dependencies: [.product(name: \"SearchTesting\", package: \"Search\")])",
            good: ".testTarget(name: \"HomeTests\", dependencies: [\"Home\", .product(name: \"SearchTesting\", package: \"Search\")])"
        ))

    package static func message(for edge: EdgeContext) -> String? {
        let (a, b) = (edge.a, edge.b)
        guard (a.role == .source || a.role == .interface) && b.role == .testing else { return nil }
        return "\(a.name) depends on \(b.name), a testing target, so mocks and fixtures would ship in the app; \(alternative(in: edge)) and use \(b.name) only from tests and examples"
    }

    /// What a production target should depend on instead of the testing target: the
    /// feature's interface when it has one; else its implementation, unless that is another
    /// product feature's (a product-to-product edge), where the fix is an interface to add.
    private static func alternative(in edge: EdgeContext) -> String {
        let graph = edge.graph
        let node = edge.edge.to
        let source = edge.edge.from
        if let interface = graph.existingCompanion(of: node, role: .interface) { return "depend on \(interface)" }
        let feature = graph.feature(of: node)
        let crossesProducts = feature.layer == .product && graph.feature(of: source).layer == .product && !graph.sameFeature(node, source)
        if !crossesProducts, let implementation = graph.existingCompanion(of: node, role: .source) {
            return "depend on \(implementation)"
        }
        // A stem of test doubles only (`FirstPartyMocks` with no `FirstParty`) is no module:
        // there is no feature to give an interface, only code to move out of the doubles.
        if !feature.targets.contains(where: { [.source, .interface].contains(graph.nodes[$0].role) }) {
            return "move what \(graph.nodes[source].name) uses of \(graph.nodes[node].name) into a target that is not test doubles, depend on that"
        }
        return "give \(edge.name(of: feature)) an interface target (\(graph.companion(of: node, role: .interface))) and depend on it"
    }
}

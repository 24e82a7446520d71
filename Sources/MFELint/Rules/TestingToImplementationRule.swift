/// `testing-to-implementation`: a feature's testing target builds on its interface.
package enum TestingToImplementationRule: EdgeRule {
    package static let description = LintRule(
        id: "testing-to-implementation", severity: .warning,
        shortDescription: "A feature's testing target builds on its interface, not its implementation",
        fullDescription:
            "The …Testing target of a product feature depends on the feature's own implementation. Mocks and fixtures should conform to the feature's Interface, so that other features can use them without compiling the implementation.",
        help: "Make the …Testing target depend on the feature's …Interface target only.",
        examples: .init(
            bad: ".target(name: \"SearchTesting\", dependencies: [\"Search\"])",
            good: ".target(name: \"SearchTesting\", dependencies: [\"SearchInterface\"])"
        ))

    package static func message(for edge: EdgeContext) -> String? {
        let (a, b) = (edge.a, edge.b)
        guard a.role == .testing && edge.aFeature.layer == .product && edge.sameFeature && b.role == .source else { return nil }
        return
            "\(a.name) depends on \(b.name), the implementation of its own feature; build the mocks on \(edge.graph.companion(of: edge.edge.from, role: .interface)) so using them does not compile the implementation"
    }
}

/// `product-to-product`: product features depend only on each other's interfaces.
package enum ProductToProductRule: EdgeRule {
    package static let description = LintRule(
        id: "product-to-product", severity: .error,
        shortDescription: "Product features depend only on each other's interfaces",
        fullDescription:
            "A target of one product feature depends on the implementation (source or example target) of another product feature. Product features never depend on each other's implementations: their Interface targets form the dependency-inversion layer, and the shell wires implementations together.",
        help: "Depend on the other feature's …Interface target instead; tests and examples may also depend on its …Testing target.",
        examples: .init(
            bad: ".target(name: \"Home\", dependencies: [.product(name: \"Search\", package: \"Search\")])",
            good: ".target(name: \"Home\", dependencies: [.product(name: \"SearchInterface\", package: \"Search\")])"
        ))

    package static func message(for edge: EdgeContext) -> String? {
        let (a, b) = (edge.a, edge.b)
        guard edge.aFeature.layer == .product && edge.bFeature.layer == .product && !edge.sameFeature && (b.role == .source || b.role == .example) else { return nil }
        let what = b.role == .example ? "the example app" : "the implementation"
        var fix = "depend on \(edge.graph.companion(of: edge.edge.to, role: .interface))"
        if a.role == .tests || a.role == .example {
            fix += " or \(edge.graph.companion(of: edge.edge.to, role: .testing))"
        }
        return "\(a.name) depends on \(b.name), \(what) of another product feature; \(fix)"
    }
}

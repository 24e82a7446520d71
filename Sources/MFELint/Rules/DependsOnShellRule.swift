/// `depends-on-shell`: nothing depends on the shell app.
package enum DependsOnShellRule: EdgeRule {
    package static let description = LintRule(
        id: "depends-on-shell", severity: .error,
        shortDescription: "Nothing depends on the shell app",
        fullDescription: "A target of another package depends on a target of the shell package. The shell composes the product features and is the only thing released; nothing may depend on it.",
        help: "Move what the target needs into a foundation package or into a product feature's Interface target, and let the shell inject it.",
        examples: .init(
            bad: "// Features/Search/Package.swift\n.target(name: \"Search\", dependencies: [.product(name: \"AppCore\", package: \"Shell\")])",
            good: "// Features/Search/Package.swift\n.target(name: \"Search\", dependencies: [.product(name: \"Env\", package: \"Env\")])  // what Search needs, in foundation"
        ))

    package static func message(for edge: EdgeContext) -> String? {
        guard edge.bFeature.layer == .shell && !edge.sameFeature else { return nil }
        let shell = edge.bFeature.isWholePackage ? "the shell package \(edge.graph.displayName(ofPackage: edge.b.package))" : "the shell feature \(edge.bFeature.name)"
        return
            "\(edge.a.name) depends on \(edge.b.name) of \(shell); nothing depends on the shell, which only composes features: move what \(edge.a.name) needs into a foundation package or a feature's Interface target"
    }
}

/// `foundation-to-upper`: foundation does not depend on product features.
package enum FoundationToUpperRule: EdgeRule {
    package static let description = LintRule(
        id: "foundation-to-upper", severity: .error,
        shortDescription: "Foundation does not depend on product features",
        fullDescription:
            "A target of a foundation package depends on a target of a product feature. Foundation is the bottom layer: shared tools every feature may use, which know nothing about the features above them.",
        help: "Move the code the foundation target needs down into foundation, or invert the dependency: declare a protocol in foundation and let the feature or the shell implement it.",
        examples: .init(
            bad: "// Foundation/Env/Package.swift\n.target(name: \"Env\", dependencies: [.product(name: \"BrowseInterface\", package: \"Browse\")])",
            good: "// Foundation/Env/Sources/Env/Router.swift: a protocol Browse implements\npublic protocol RestaurantOpening { func open(restaurantID: String) }"
        ))

    package static func message(for edge: EdgeContext) -> String? {
        guard edge.aFeature.layer == .foundation && edge.bFeature.layer == .product else { return nil }
        return
            "\(edge.a.name) is foundation but depends on \(edge.b.name) of the product feature \(edge.name(of: edge.bFeature)); foundation knows nothing of features: move the code down into foundation, or declare a protocol in foundation that the feature implements"
    }
}

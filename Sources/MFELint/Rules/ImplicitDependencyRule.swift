/// `implicit-dependency` (with `--imports`; the analysis is `MFEImports`'): targets declare
/// every workspace module they import.
package enum ImplicitDependencyRule: ImportRule {
    package static let description = LintRule(
        id: "implicit-dependency", severity: .error,
        shortDescription: "Targets declare every workspace module they import",
        fullDescription:
            "A target's sources import a workspace module the target neither declares nor reaches through its declared dependencies; it builds only by accident of build order, breaks when the target is built alone, and the layer rules cannot see the dependency.",
        help: "Add the module to the target's 'dependencies:' (its …Interface target, for another product feature) or remove the import.",
        examples: .init(
            bad: "// Sources/Home/HomeView.swift, Home declares only HomeInterface\nimport SearchInterface",
            good: ".target(name: \"Home\", dependencies: [\"HomeInterface\", .product(name: \"SearchInterface\", package: \"Search\")])"
        ))
}

/// `transitive-dependency` (with `--imports`): targets declare the workspace modules they
/// import instead of leaning on a dependency's.
package enum TransitiveDependencyRule: ImportRule {
    package static let description = LintRule(
        id: "transitive-dependency", severity: .warning,
        shortDescription: "Targets declare the workspace modules they import instead of leaning on a dependency's",
        fullDescription:
            "A target's sources import a workspace module the target does not declare but reaches through a declared dependency. It builds, but only because another target declares the module: when that target drops it, this one breaks, and the layer rules cannot see the dependency.",
        help: "Declare the module in the target's 'dependencies:' (the finding's path shows the chain it is reached through).",
        examples: .init(
            bad: "// Home imports Env but reaches it only through HomeInterface → Env\nimport Env",
            good: ".target(name: \"Home\", dependencies: [\"HomeInterface\", .product(name: \"Env\", package: \"Env\")])"
        ))
}

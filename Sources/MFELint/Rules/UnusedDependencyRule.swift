/// `unused-dependency` (with `--imports`): targets use every workspace module they declare.
package enum UnusedDependencyRule: ImportRule {
    package static let description = LintRule(
        id: "unused-dependency", severity: .warning,
        shortDescription: "Targets use every workspace module they declare",
        fullDescription: "A target declares a dependency on a workspace module its sources never import, which slows builds and widens what a change affects.",
        help: "Remove the dependency from the target's 'dependencies:'.",
        examples: .init(
            bad: ".target(name: \"Home\", dependencies: [\"HomeInterface\", .product(name: \"Env\", package: \"Env\")])  // no source imports Env",
            good: ".target(name: \"Home\", dependencies: [\"HomeInterface\"])"
        ))
}

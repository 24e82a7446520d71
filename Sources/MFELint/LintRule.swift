/// How serious a finding is.
package enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Fails the run (exit 1).
    case error
    /// Reported; fails the run only with `--strict`.
    case warning
    /// Reported for information; never fails the run.
    case notice

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .notice: return 2
        }
    }

    /// Errors first, then warnings, then notices.
    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A rule of `mfe lint-graph`: its id (a contract: tests, `allow:` entries and baselines use
/// it), default severity and the texts SARIF viewers and `--help` show.
package struct LintRule: Sendable, Hashable, Identifiable {
    /// The rule id, e.g. `product-to-product`.
    package var id: String
    /// The severity the rule reports with (`package-cycle` lowers it to notice for packages
    /// SwiftPM accepts).
    package var severity: Severity
    /// One line: what the rule checks.
    package var shortDescription: String
    /// What breaks the rule and why it matters.
    package var fullDescription: String
    /// How to fix a finding.
    package var help: String
    /// Whether a finding is about one edge `from → to` (at most one such finding per edge).
    package var isEdgeRule: Bool

    /// Creates a rule description.
    package init(id: String, severity: Severity, shortDescription: String, fullDescription: String, help: String, isEdgeRule: Bool = false) {
        self.id = id
        self.severity = severity
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.help = help
        self.isEdgeRule = isEdgeRule
    }

    /// `depends-on-shell`.
    package static let dependsOnShell = LintRule(
        id: "depends-on-shell", severity: .error,
        shortDescription: "Nothing depends on the shell app",
        fullDescription: "A target of another package depends on a target of the shell package. The shell composes the product features and is the only thing released; nothing may depend on it.",
        help: "Move what the target needs into a foundation package or into a product feature's Interface target, and let the shell inject it.",
        isEdgeRule: true)
    /// `foundation-to-upper`.
    package static let foundationToUpper = LintRule(
        id: "foundation-to-upper", severity: .error,
        shortDescription: "Foundation does not depend on product features",
        fullDescription: "A target of a foundation package depends on a target of a product feature. Foundation is the bottom layer: shared tools every feature may use, which know nothing about the features above them.",
        help: "Move the code the foundation target needs down into foundation, or invert the dependency: declare a protocol in foundation and let the feature or the shell implement it.",
        isEdgeRule: true)
    /// `product-to-product`.
    package static let productToProduct = LintRule(
        id: "product-to-product", severity: .error,
        shortDescription: "Product features depend only on each other's interfaces",
        fullDescription: "A target of one product feature depends on the implementation (source or example target) of another product feature. Product features never depend on each other's implementations: their Interface targets form the dependency-inversion layer, and the shell wires implementations together.",
        help: "Depend on the other feature's …Interface target instead; tests and examples may also depend on its …Testing target.",
        isEdgeRule: true)
    /// `production-to-testing`.
    package static let productionToTesting = LintRule(
        id: "production-to-testing", severity: .error,
        shortDescription: "Production code does not depend on testing targets",
        fullDescription: "A source or interface target depends on a …Testing target, so mocks and fixture data would ship in the app.",
        help: "Depend on the …Interface target instead, and use the …Testing target only from test targets and example apps.",
        isEdgeRule: true)
    /// `testing-to-implementation`.
    package static let testingToImplementation = LintRule(
        id: "testing-to-implementation", severity: .warning,
        shortDescription: "A feature's testing target builds on its interface, not its implementation",
        fullDescription: "The …Testing target of a product feature depends on the feature's own implementation. Mocks and fixtures should conform to the feature's Interface, so that other features can use them without compiling the implementation.",
        help: "Make the …Testing target depend on the feature's …Interface target only.",
        isEdgeRule: true)
    /// `cycle`.
    package static let cycle = LintRule(
        id: "cycle", severity: .error,
        shortDescription: "Targets do not depend on each other in a cycle",
        fullDescription: "Targets form a dependency cycle (or a target depends on itself). The compiler cannot build a module cycle, and SwiftPM rejects it.",
        help: "Break the cycle: make the features depend on each other's …Interface targets, merge the targets into one feature, or extract what they share into a third target both depend on.")
    /// `package-cycle`.
    package static let packageCycle = LintRule(
        id: "package-cycle", severity: .error,
        shortDescription: "Packages do not depend on each other in a cycle",
        fullDescription: "Workspace packages declare package dependencies on each other in a cycle. SwiftPM refuses such cycles for packages with swift-tools-version below 6.0 (an error); from 6.0 on it accepts them as long as the targets do not form a cycle (a notice), but the packages can no longer be versioned and released independently.",
        help: "Remove one of the '.package' dependencies: move what both packages share into a third package, or depend on an interface package instead.")
    /// `missing-interface`.
    package static let missingInterface = LintRule(
        id: "missing-interface", severity: .warning,
        shortDescription: "Every product feature has an interface target",
        fullDescription: "A product feature has no …Interface target, so other features and the shell can only depend on its implementation.",
        help: "Add an …Interface target with the feature's public protocols and Sendable models, and make the implementation depend on it.")
    /// `unassigned-layer`.
    package static let unassignedLayer = LintRule(
        id: "unassigned-layer", severity: .notice,
        shortDescription: "Every workspace package has a layer",
        fullDescription: "A workspace package has no layer, so only the depends-on-shell rule can check its dependencies.",
        help: "Add an mfe.yml with 'feature:' and 'layer: product|foundation|shell' to the package, or list it under 'layers:' in the workspace mfe.yml.")
    /// `implicit-dependency` (with `--imports`).
    package static let implicitDependency = LintRule(
        id: "implicit-dependency", severity: .error,
        shortDescription: "Targets declare every workspace module they import",
        fullDescription: "A target's sources import a workspace module the target neither declares nor reaches through its declared dependencies; it builds only by accident of build order, breaks when the target is built alone, and the layer rules cannot see the dependency.",
        help: "Add the module to the target's 'dependencies:' (its …Interface target, for another product feature) or remove the import.",
        isEdgeRule: true)
    /// `transitive-dependency` (with `--imports`).
    package static let transitiveDependency = LintRule(
        id: "transitive-dependency", severity: .warning,
        shortDescription: "Targets declare the workspace modules they import instead of leaning on a dependency's",
        fullDescription: "A target's sources import a workspace module the target does not declare but reaches through a declared dependency. It builds, but only because another target declares the module: when that target drops it, this one breaks, and the layer rules cannot see the dependency.",
        help: "Declare the module in the target's 'dependencies:' (the finding's path shows the chain it is reached through).",
        isEdgeRule: true)
    /// `unused-dependency` (with `--imports`).
    package static let unusedDependency = LintRule(
        id: "unused-dependency", severity: .warning,
        shortDescription: "Targets use every workspace module they declare",
        fullDescription: "A target declares a dependency on a workspace module its sources never import, which slows builds and widens what a change affects.",
        help: "Remove the dependency from the target's 'dependencies:'.",
        isEdgeRule: true)
    /// `stale-baseline`.
    package static let staleBaseline = LintRule(
        id: "stale-baseline", severity: .warning,
        shortDescription: "Every baseline entry still matches a finding",
        fullDescription: "An entry of the baseline file matches no finding any more: the problem was fixed, so the entry only hides a future regression.",
        help: "Remove the entry, or rewrite the baseline with 'mfe lint-graph --write-baseline FILE'.")
    /// `unused-allow`.
    package static let unusedAllow = LintRule(
        id: "unused-allow", severity: .warning,
        shortDescription: "Every allow: entry and mfe:ignore comment still matches a finding",
        fullDescription: "An 'allow:' entry of mfe.yml, or a rule of a '// mfe:ignore' comment, matches no finding: the exception was resolved, the names or the rule id are misspelt, the comment is not on the finding's line or the line above it, or the rule it names does not exist.",
        help: "Remove the entry from 'allow:' in mfe.yml (or the rule from the comment), or correct its rule, from and to (or move the comment).")

    /// Every rule, in the order DESIGN lists them: the edge rules in precedence order first.
    package static let all: [LintRule] = [
        dependsOnShell, foundationToUpper, productToProduct, productionToTesting, testingToImplementation,
        cycle, packageCycle, missingInterface, unassignedLayer, implicitDependency, transitiveDependency, unusedDependency,
        staleBaseline, unusedAllow,
    ]

    /// The rules whose findings only `--imports` produces.
    package static let importRuleIDs: Set<String> = [implicitDependency.id, transitiveDependency.id, unusedDependency.id]

    /// The rules about the baseline and `allow:` themselves, which neither can suppress.
    package static let metaRuleIDs: Set<String> = [staleBaseline.id, unusedAllow.id]

    /// The rule with id `id`, if there is one.
    package static func named(_ id: String) -> LintRule? {
        all.first { $0.id == id }
    }
}

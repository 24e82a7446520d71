/// A rule's id: the contract string tests, `allow:` entries, baselines and SARIF use.
///
/// Adding a rule: a file under `Rules/` with its type, and its case and its line in
/// `BuiltInRules.all` here.
package enum RuleID: String, Sendable, Hashable, Codable, CaseIterable, Comparable, CustomStringConvertible {
    case dependsOnShell = "depends-on-shell"
    case foundationToUpper = "foundation-to-upper"
    case productToProduct = "product-to-product"
    case productionToTesting = "production-to-testing"
    case testingToImplementation = "testing-to-implementation"
    case cycle
    case packageCycle = "package-cycle"
    case missingInterface = "missing-interface"
    case unassignedLayer = "unassigned-layer"
    case implicitDependency = "implicit-dependency"
    case transitiveDependency = "transitive-dependency"
    case unusedDependency = "unused-dependency"
    case staleBaseline = "stale-baseline"
    case unusedAllow = "unused-allow"
    case unownedFeature = "unowned-feature"

    /// The id as written everywhere (`product-to-product`), so interpolation prints it.
    package var description: String { rawValue }

    /// Ordered by the id's text, as findings are sorted.
    package static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rule's description.
    package var rule: LintRule { BuiltInRules.description(of: self) }
}

/// Every rule mfe has, in the order the Rules article lists them. The order of `edgeRules`
/// is the precedence the article gives: an edge gets at most one finding, the first edge rule
/// that matches it.
package enum BuiltInRules {
    /// Every rule, in the Rules article's order.
    package static let all: [any Rule.Type] = [
        DependsOnShellRule.self,
        FoundationToUpperRule.self,
        ProductToProductRule.self,
        ProductionToTestingRule.self,
        TestingToImplementationRule.self,
        CycleRule.self,
        PackageCycleRule.self,
        MissingInterfaceRule.self,
        UnassignedLayerRule.self,
        ImplicitDependencyRule.self,
        TransitiveDependencyRule.self,
        UnusedDependencyRule.self,
        StaleBaselineRule.self,
        UnusedAllowRule.self,
        UnownedFeatureRule.self,
    ]

    /// The rules that judge one edge of the target graph, in precedence order.
    package static let edgeRules: [any EdgeRule.Type] = all.compactMap { $0 as? any EdgeRule.Type }

    /// The rules that look at the whole graph (cycles, packages, features).
    package static let graphRules: [any GraphRule.Type] = all.compactMap { $0 as? any GraphRule.Type }

    private static let descriptions: [RuleID: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.description.id, $0.description) })

    /// The description of `id`'s rule.
    static func description(of id: RuleID) -> LintRule {
        // Every RuleID has a rule (`RuleRegistryTests` checks it), so the lookup always succeeds.
        descriptions[id] ?? LintRule(id: id, severity: .error, shortDescription: id.rawValue, fullDescription: id.rawValue, help: "")
    }
}

extension Set where Element == RuleID {
    /// Whether the set holds the rule whose id is `id` (as `allow:` entries, baselines and
    /// `mfe:ignore` comments spell it; an unknown id is in no set).
    package func contains(_ id: String) -> Bool {
        RuleID(rawValue: id).map(contains) ?? false
    }
}

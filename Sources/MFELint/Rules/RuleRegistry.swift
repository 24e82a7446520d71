/// A rule's id: the contract string tests, `allow:` entries, baselines and SARIF use. It is
/// written once, in its rule's file (`LintRule(id:)`); which ids exist is `BuiltInRules.all`'s
/// to say, so an id read from a file is checked against the registry (`init?(rawValue:)`).
package struct RuleID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id as written everywhere: `product-to-product`.
    package let rawValue: String

    /// The id a rule's description declares.
    init(declared rawValue: String) {
        self.rawValue = rawValue
    }

    /// The id of the built-in rule spelled `rawValue` (as `allow:` entries, baselines and
    /// `mfe:ignore` comments spell it); nil for an id no rule has.
    package init?(rawValue: String) {
        guard let id = BuiltInRules.ids[rawValue] else { return nil }
        self = id
    }

    /// The id as written everywhere (`product-to-product`), so interpolation prints it.
    package var description: String { rawValue }

    /// Ordered by the id's text, as findings are sorted.
    package static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The rule's description.
    package var rule: LintRule { BuiltInRules.description(of: self) }
}

/// Every rule mfe has, in the order the Rules article lists them (SwiftLint's `BuiltInRules`): the
/// one list of rules, from which the ids, the edge and graph rules, the import and bookkeeping
/// rules and the docs are derived. The order of `edgeRules` is the precedence the Rules article
/// gives: an edge gets at most one finding, the first edge rule that matches it.
///
/// Adding a rule: a file under `Rules/` with its type (its id, texts and examples), and its
/// line here.
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

    /// The ids of the rules of `kind` (`ImportRule`, `BookkeepingRule`).
    static func ids<Kind>(of kind: Kind.Type) -> Set<RuleID> {
        Set(all.filter { $0 is Kind }.map { $0.id })
    }

    /// Every rule's id by its text.
    fileprivate static let ids: [String: RuleID] = Dictionary(uniqueKeysWithValues: all.map { ($0.id.rawValue, $0.id) })

    private static let descriptions: [RuleID: LintRule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0.description) })

    /// The description of `id`'s rule.
    static func description(of id: RuleID) -> LintRule {
        // Ids come from the rules, or are checked against them (`RuleID(rawValue:)`), so the
        // lookup always succeeds.
        descriptions[id] ?? LintRule(id: id.rawValue, severity: .error, shortDescription: id.rawValue, fullDescription: id.rawValue, help: "")
    }
}

extension Set where Element == RuleID {
    /// Whether the set holds the rule whose id is `id` (as `allow:` entries, baselines and
    /// `mfe:ignore` comments spell it; an unknown id is in no set).
    package func contains(_ id: String) -> Bool {
        RuleID(rawValue: id).map(contains) ?? false
    }
}

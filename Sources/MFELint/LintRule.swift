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

/// What a rule is: its id (a contract: tests, `allow:` entries and baselines use it), default
/// severity, the texts SARIF viewers and the docs show, and a bad and a fixed example. Each
/// rule's type under `Rules/` holds its description; `BuiltInRules` lists them.
package struct LintRule: Sendable, Hashable, Identifiable {
    /// A manifest or configuration that breaks the rule, and the same one fixed.
    package struct Examples: Sendable, Hashable {
        /// What breaks the rule.
        package var bad: String
        /// The same, fixed.
        package var good: String

        /// Creates examples.
        package init(bad: String, good: String) {
            self.bad = bad
            self.good = good
        }
    }

    /// The rule id, e.g. `product-to-product`.
    package var id: RuleID
    /// The severity the rule reports with (`package-cycle` lowers it to notice for packages
    /// SwiftPM accepts).
    package var severity: Severity
    /// One line: what the rule checks.
    package var shortDescription: String
    /// What breaks the rule and why it matters.
    package var fullDescription: String
    /// How to fix a finding.
    package var help: String
    /// A bad and a fixed example, for the docs.
    package var examples: Examples?

    /// Creates a rule description; `id` is the rule's id, written here and nowhere else.
    package init(id: String, severity: Severity, shortDescription: String, fullDescription: String, help: String, examples: Examples? = nil) {
        self.id = RuleID(declared: id)
        self.severity = severity
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.help = help
        self.examples = examples
    }

    /// Every rule's description, in the registry's order (`BuiltInRules.all`).
    package static let all: [LintRule] = BuiltInRules.all.map { $0.description }

    /// The rules whose findings only `--imports` produces.
    package static let importRuleIDs: Set<RuleID> = BuiltInRules.ids(of: (any ImportRule.Type).self)

    /// The rules about the baseline and `allow:` themselves, which neither can suppress.
    package static let metaRuleIDs: Set<RuleID> = BuiltInRules.ids(of: (any BookkeepingRule.Type).self)

    /// The rule with id `id`, if there is one.
    package static func named(_ id: String) -> LintRule? {
        RuleID(rawValue: id)?.rule
    }
}

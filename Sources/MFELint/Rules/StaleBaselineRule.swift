/// `stale-baseline`: every baseline entry still matches a finding (reported by the linter).
package enum StaleBaselineRule: BookkeepingRule {
    package static let description = LintRule(
        id: "stale-baseline", severity: .warning,
        shortDescription: "Every baseline entry still matches a finding",
        fullDescription: "An entry of the baseline file matches no finding any more: the problem was fixed, so the entry only hides a future regression.",
        help: "Remove the entry, or rewrite the baseline with 'mfe lint-graph --write-baseline FILE'.",
        examples: .init(
            bad: "// mfe-baseline.json keeps an entry for Home -> Search, which Home no longer depends on",
            good: "mfe lint-graph --write-baseline mfe-baseline.json"
        ))
}

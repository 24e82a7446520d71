/// `unused-allow`: every `allow:` entry and `mfe:ignore` comment still matches a finding
/// (reported by the linter).
package enum UnusedAllowRule: BookkeepingRule {
    package static let description = LintRule(
        id: "unused-allow", severity: .warning,
        shortDescription: "Every allow: entry and mfe:ignore comment still matches a finding",
        fullDescription:
            "An 'allow:' entry of mfe.yml, or a rule of a '// mfe:ignore' comment, matches no finding: the exception was resolved, the names or the rule id are misspelt, the comment is not on the finding's line or the line above it, or the rule it names does not exist.",
        help: "Remove the entry from 'allow:' in mfe.yml (or the rule from the comment), or correct its rule, from and to (or move the comment).",
        examples: .init(
            bad: "allow:\n  - rule: product-to-product\n    from: Browse\n    to: RestaurantOrder   # Browse now depends on RestaurantOrderInterface\n    reason: \"FM-123\"",
            good: "allow: []"
        ))
}

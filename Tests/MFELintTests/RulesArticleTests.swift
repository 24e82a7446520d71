import Foundation
import MFECore
import Testing

@testable import MFELint

/// The DocC article on the rules is generated from the registry, as SwiftLint's rule docs are:
/// each rule's texts and its bad and fixed example, so the docs cannot drift from the code.
@Suite("rules article")
struct RulesArticleTests {
    static let path = PathUtilities.join(RuleRegistryTests.packageRoot, "Sources/MFEKit/MFEKit.docc/Rules.md")
    static let begin = "<!-- generated from the rule registry"
    static let end = "<!-- /generated -->"

    /// One section per rule, in the registry's order.
    static func rendered() -> String {
        LintRule.all.map { rule in
            var text = "### `\(rule.id.rawValue)`\n\n**\(rule.severity.rawValue)** — \(rule.shortDescription).\n\n\(rule.fullDescription)\n\nFix: \(rule.help)\n"
            if let examples = rule.examples {
                text += "\nBreaks the rule:\n\n```\(language(of: examples.bad))\n\(examples.bad)\n```\n\nFixed:\n\n```\(language(of: examples.good))\n\(examples.good)\n```\n"
            }
            return text
        }.joined(separator: "\n")
    }

    /// The fence language of an example: mfe.yml, a shell command, or Swift.
    static func language(of example: String) -> String {
        if example.hasPrefix("# mfe.yml") || example.hasPrefix("allow:") { return "yaml" }
        if example.hasPrefix("mfe ") { return "sh" }
        return "swift"
    }

    @Test func theArticleShowsEveryRuleOfTheRegistry() throws {
        let article = try String(contentsOfFile: Self.path, encoding: .utf8)
        let start = try #require(article.range(of: Self.begin), "Rules.md lacks its generated section")
        let startOfBody = article.index(after: try #require(article[start.upperBound...].firstIndex(of: "\n")))
        let stop = try #require(article.range(of: Self.end, range: startOfBody..<article.endIndex))
        let expected = "\n" + Self.rendered() + "\n"
        if ProcessInfo.processInfo.environment["MFE_RECORD_GOLDENS"] != nil {
            try (article[..<startOfBody] + expected + article[stop.lowerBound...]).write(toFile: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(article[startOfBody..<stop.lowerBound]) == expected, "Rules.md differs from the registry; re-record with MFE_RECORD_GOLDENS=1 swift test --filter RulesArticleTests")
        for rule in LintRule.all { #expect(article.contains("### `\(rule.id)`"), "Rules.md lacks \(rule.id)") }
    }

    @Test func theArticlesRuleTableEqualsTheRegistry() throws {
        let article = try String(contentsOfFile: Self.path, encoding: .utf8)
        RuleRegistryTests.check(RuleRegistryTests.ruleRows(in: article, after: "## Rule table"), in: "Rules.md")
    }
}

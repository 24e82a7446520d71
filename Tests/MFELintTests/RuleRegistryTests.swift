import Foundation
import MFECore
import Testing

@testable import MFELint

/// Rules are types, and the registry is the one list of them: its order is the edge rules'
/// precedence, and the docs' rule tables must say what it says.
@Suite("rule registry")
struct RuleRegistryTests {
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The ids are a contract: each written once, in its rule's file, and these strings.
    static let contractIDs = [
        "depends-on-shell", "foundation-to-upper", "product-to-product", "production-to-testing", "testing-to-implementation", "cycle", "package-cycle", "missing-interface",
        "unassigned-layer", "implicit-dependency", "transitive-dependency", "unused-dependency", "stale-baseline", "unused-allow", "unowned-feature",
    ]

    @Test func everyRuleHasOneIdAndTheIdsAreTheContracts() {
        let ids = BuiltInRules.all.map { $0.id }
        #expect(ids.map(\.rawValue) == Self.contractIDs)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(RuleID(rawValue: id.rawValue) == id)
            #expect(id.rule.id == id)
        }
        #expect(RuleID(rawValue: "product-to-products") == nil)
        #expect(LintRule.named("cycles") == nil)
    }

    @Test func theImportAndBookkeepingRulesFollowFromTheRulesKinds() {
        #expect(LintRule.importRuleIDs.map(\.rawValue).sorted() == ["implicit-dependency", "transitive-dependency", "unused-dependency"])
        #expect(LintRule.metaRuleIDs.map(\.rawValue).sorted() == ["stale-baseline", "unused-allow"])
    }

    @Test func edgeRulesComeFirstInTheContractsPrecedence() {
        #expect(BuiltInRules.edgeRules.map { $0.id.rawValue } == ["depends-on-shell", "foundation-to-upper", "product-to-product", "production-to-testing", "testing-to-implementation"])
        #expect(BuiltInRules.graphRules.map { $0.id.rawValue } == ["cycle", "package-cycle", "missing-interface", "unassigned-layer", "unowned-feature"])
    }

    @Test func everyRuleHasTextsAndExamples() {
        for rule in LintRule.all {
            #expect(!rule.shortDescription.isEmpty && !rule.fullDescription.isEmpty && !rule.help.isEmpty, "\(rule.id)")
            #expect(rule.examples.map { !$0.bad.isEmpty && !$0.good.isEmpty && $0.bad != $0.good } == true, "\(rule.id) lacks a bad and a fixed example")
        }
    }

    /// `(ids, severity)` of each row of the first Markdown table after `heading` whose header
    /// starts with `| id |`.
    static func ruleRows(in text: String, after heading: String) -> [(ids: [String], severity: String)] {
        guard let start = text.range(of: heading) else { return [] }
        var rows: [(ids: [String], severity: String)] = []
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| id |") {
                inTable = true
                continue
            }
            if line.hasPrefix("## ") && inTable && rows.count >= LintRule.all.count - 1 { break }
            guard inTable, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let ids = cells[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            rows.append((ids, cells[1]))
        }
        return rows
    }

    static func check(_ rows: [(ids: [String], severity: String)], in document: String) {
        let documented = rows.flatMap(\.ids)
        #expect(documented == LintRule.all.map(\.id.rawValue), "\(document)'s rule table lists \(documented)")
        for row in rows {
            for id in row.ids {
                guard let rule = LintRule.named(id) else { continue }
                #expect(row.severity.hasPrefix(rule.severity.rawValue), "\(document): '\(id)' is \(row.severity), the registry says \(rule.severity)")
            }
        }
    }

    @Test func theREADMERuleTableEqualsTheRegistry() throws {
        let readme = try String(contentsOfFile: PathUtilities.join(Self.packageRoot, "README.md"), encoding: .utf8)
        Self.check(Self.ruleRows(in: readme, after: "### Rules"), in: "README.md")
    }
}

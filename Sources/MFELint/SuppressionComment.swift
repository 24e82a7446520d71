import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

extension SuppressionComment {
    /// Whether the comment suppresses `finding`: same file, the covered line, a listed rule.
    /// `unused-allow` and `stale-baseline` cannot be suppressed.
    package func suppresses(_ finding: Finding) -> Bool {
        finding.file == file && finding.line == coveredLine && rules.contains(finding.rule.rawValue) && !LintRule.metaRuleIDs.contains(finding.rule)
    }
}

extension Workspace {
    /// The `mfe:ignore` comments of every package's manifest, as the manifest reader recorded
    /// them, with files relative to the workspace root (as findings print them).
    package var manifestSuppressions: [SuppressionComment] {
        packages.flatMap { package in
            package.manifest.suppressions.map { comment in
                var comment = comment
                comment.file = relativePath(comment.file)
                return comment
            }
        }
    }
}

/// The `mfe:ignore` comments of a lint run, indexed by the line they cover, with which of
/// their rules suppressed something.
struct SuppressionComments {
    private let comments: [SuppressionComment]
    /// `"file\u{1F}line"` → indices into `comments`.
    private let byLine: [String: [Int]]
    /// `used[i][j]`: rule `j` of comment `i` suppressed a finding.
    private var used: [[Bool]]

    init(_ comments: [SuppressionComment]) {
        self.comments = comments
        var byLine: [String: [Int]] = [:]
        for (index, comment) in comments.enumerated() { byLine[Self.key(comment.file, comment.coveredLine), default: []].append(index) }
        self.byLine = byLine
        self.used = comments.map { [Bool](repeating: false, count: $0.rules.count) }
    }

    private static func key(_ file: String, _ line: Int) -> String { file + "\u{1F}" + String(line) }

    /// Whether a comment suppresses `finding`; marks the rules that did as used.
    mutating func suppress(_ finding: Finding) -> Bool {
        guard !comments.isEmpty, !LintRule.metaRuleIDs.contains(finding.rule) else { return false }
        var suppressed = false
        for index in byLine[Self.key(finding.file, finding.line)] ?? [] where comments[index].suppresses(finding) {
            for (rule, id) in comments[index].rules.enumerated() where id == finding.rule.rawValue { used[index][rule] = true }
            suppressed = true
        }
        return suppressed
    }

    /// An `unused-allow` finding for each rule of a comment that suppressed nothing, for each
    /// unknown rule id and for each comment naming no rule. Rules only `--imports` reports are
    /// left out when it did not run.
    func unusedFindings(importsChecked: Bool) -> [Finding] {
        let rule = UnusedAllowRule.description
        var findings: [Finding] = []
        func add(_ comment: SuppressionComment, _ message: String, key: String) {
            findings.append(
                Finding(
                    rule: rule.id, severity: rule.severity, message: message,
                    file: comment.file, line: comment.line, column: comment.column,
                    fingerprint: Finding.fingerprint(rule: rule.id, file: comment.file, from: nil, to: nil, path: nil, feature: "mfe:ignore " + key)
                ))
        }
        for (index, comment) in comments.enumerated() {
            if comment.rules.isEmpty {
                add(comment, "'mfe:ignore' names no rule; write '// mfe:ignore RULE[, RULE] reason' on the line of the finding or the line above it", key: "")
            }
            for (position, id) in comment.rules.enumerated() where !used[index][position] {
                if LintRule.named(id) == nil {
                    add(comment, "mfe:ignore " + AllowMatcher.unknownRule(id), key: id)
                } else if LintRule.metaRuleIDs.contains(id) {
                    add(comment, "mfe:ignore \(id) suppresses nothing: '\(id)' findings cannot be suppressed; remove it", key: id)
                } else if importsChecked || !LintRule.importRuleIDs.contains(id) {
                    add(comment, "mfe:ignore \(id) suppresses nothing on line \(comment.coveredLine); remove it, or put it on the line of the finding or the line above it", key: id)
                }
            }
        }
        return findings
    }
}

import MFECore
import MFELint

/// Renders a report as a pull-request comment in GitHub Markdown: a hidden marker (so a CI step
/// can find and update its own comment), the counts, the new findings grouped by the teams that
/// own their depending end, each with its `file:line` (a link when the commit is known) and
/// the fix, then what needs tidying in the baseline and `allow:`, and the counts of accepted
/// and suppressed findings. It stays under GitHub's comment limit, ending with "and N more".
package struct MarkdownReportRenderer: Sendable {
    /// GitHub's limit on a comment's body, in characters.
    package static let commentLimit = 65_536
    /// The first line, an HTML comment: the sticky comment's marker.
    package static let marker = "<!-- mfe lint-graph report -->"

    /// The most characters rendered; `commentLimit` by default.
    let limit: Int

    /// Creates a renderer that stays under GitHub's comment limit.
    package init() {
        self.init(limit: Self.commentLimit)
    }

    /// Creates a renderer that stays under `limit` characters.
    package init(limit: Int) {
        self.limit = limit
    }

    /// The Markdown for `report`.
    package func render(_ report: LintReport, context: ReportContext) -> String {
        let summary = report.summary
        var head = Self.marker + "\n## mfe lint-graph\n\n"
        let status = summary.errors > 0 ? ":x:" : report.findings.isEmpty ? ":white_check_mark:" : ":warning:"
        head += "\(status) **\(SummaryLine.count(summary.errors, "error")), \(SummaryLine.count(summary.warnings, "warning")), \(SummaryLine.count(summary.notices, "notice"))**"
        head += " in \(SummaryLine.count(summary.packages, "package")), \(SummaryLine.count(summary.targets, "target")), "
        head += SummaryLine.count(summary.dependencies, "dependency", plural: "dependencies") + ".\n\n"

        let housekeeping = report.findings.filter { LintRule.metaRuleIDs.contains($0.rule) }
        let new = report.findings.filter { !LintRule.metaRuleIDs.contains($0.rule) }
        var sections: [(heading: String, findings: [Finding])] = []
        var groups: [String: [Finding]] = [:]
        for finding in new { groups[Self.team(of: finding), default: []].append(finding) }
        for team in groups.keys.sorted(by: { ($0 == Self.noOwner ? 1 : 0, $0) < ($1 == Self.noOwner ? 1 : 0, $1) }) {
            let findings = (groups[team] ?? []).sorted { ($0.severity, $0.file, $0.line) < ($1.severity, $1.file, $1.line) }
            sections.append(("#### \(Self.escaped(team)) (\(findings.count))", findings))
        }

        var footer = "\n"
        var counts: [String] = []
        counts.append("\(summary.baselined) accepted by the baseline" + (summary.fixedSinceBaseline > 0 ? " (\(summary.fixedSinceBaseline) fixed since it was written)" : ""))
        counts.append("\(summary.allowed) allowed by `allow:` in mfe.yml")
        counts.append("\(summary.suppressed) suppressed by `// mfe:ignore`")
        footer += "**Accepted:** " + counts.joined(separator: " · ") + "\n"

        var body = ""
        if !new.isEmpty { body += "### New findings\n" }
        var omitted = 0
        let budget = limit - head.utf8.count - footer.utf8.count - 200
        func add(_ text: String) -> Bool {
            guard body.utf8.count + text.utf8.count <= budget else { return false }
            body += text
            return true
        }
        var full = false
        for section in sections {
            if full || !add("\n\(section.heading)\n\n") {
                full = true
                omitted += section.findings.count
                continue
            }
            for finding in section.findings {
                if full || !add(item(finding, context: context)) {
                    full = true
                    omitted += 1
                }
            }
        }
        if !housekeeping.isEmpty {
            if full || !add("\n### Baseline and `allow:` to tidy\n\n") {
                full = true
                omitted += housekeeping.count
            } else {
                for finding in housekeeping where full || !add(item(finding, context: context)) {
                    full = true
                    omitted += 1
                }
            }
        }
        if omitted > 0 { body += "\n…and \(omitted) more; run `mfe lint-graph` for the full list.\n" }
        if new.isEmpty && housekeeping.isEmpty { body += "No new findings.\n" }
        return head + body + footer
    }

    /// The list item of `finding`: severity, `file:line` (linked when the commit is known), the
    /// rule, the problem, and the fix in a nested item (the message's part after its first
    /// `; `, else the rule's help).
    func item(_ finding: Finding, context: ReportContext) -> String {
        let path = context.repositoryPath(finding.file)
        let location = "`\(path):\(finding.line)`"
        let linked = context.sourceLinkBase.map { "[\(location)](\($0)\(Self.urlPath(path))#L\(finding.line))" } ?? location
        let (problem, fix) = Self.split(finding.message, help: finding.rule.rule.help)
        return "- **\(finding.severity.rawValue)** \(linked) `\(finding.rule)`: \(Self.escaped(problem))\n  - Fix: \(Self.escaped(fix))\n"
    }

    /// The heading of findings no team owns.
    static let noOwner = "No owner"

    /// The team a finding is listed under: the owners of its depending end, else of the other.
    static func team(of finding: Finding) -> String {
        guard let owners = finding.owners else { return noOwner }
        let team = owners.from.isEmpty ? owners.to : owners.from
        return team.isEmpty ? noOwner : team.joined(separator: ", ")
    }

    /// A message's problem and its fix: split at the first `; `, else the rule's help.
    static func split(_ message: String, help: String) -> (String, String) {
        guard let range = message.range(of: "; ") else { return (message, help) }
        let fix = message[range.upperBound...]
        return (String(message[..<range.lowerBound]), fix.prefix(1).uppercased() + fix.dropFirst())
    }

    /// `text` with the characters Markdown would read as syntax backslash-escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>|#!~".contains(character) { result.append("\\") }
            result.append(character == "\n" ? " " : character)
        }
        return result
    }

    /// A path as a URL path: each segment percent-encoded where RFC 3986 requires.
    static func urlPath(_ path: String) -> String { SARIFReportRenderer.uri(path) }
}

extension MarkdownReportRenderer: OutputRenderer {
    package typealias Input = LintReportInput

    package static let summary = "a pull-request comment, new findings grouped by owning team"
    package static let sink = OutputSink.markdown

    package func render(_ input: LintReportInput) -> String { render(input.report, context: input.context) }
}

import MFELint
import MFETestSupport
import Testing

@testable import MFEReport

/// The pull-request report: a golden of the Feed Me report, and GitHub's comment limit kept
/// with "and N more".
@Suite("markdown report")
struct MarkdownReportTests {
    @Test func feedMeReport() throws {
        try Golden.check(MarkdownReportRenderer().render(ReportGoldenTests.report, context: ReportGoldenTests.context), named: "report.md")
    }

    /// Thousands of findings with long messages: the report stops under the limit and says how
    /// many it left out; every finding is either listed or counted.
    @Test(arguments: [MarkdownReportRenderer.commentLimit, 2_000])
    func aLargeReportStaysUnderTheLimit(limit: Int) {
        let findings = (0..<5_000).map { index in
            Finding(
                rule: ProductToProductRule.id, severity: .error, message: "Feature\(index) depends on Other\(index), the implementation of another product feature; depend on Other\(index)Interface",
                file: "Features/Feature\(index)/Package.swift", line: 10, column: 5, from: "Feature\(index)", to: "Other\(index)")
        }
        let report = LintReport(findings: findings, summary: LintSummary(errors: findings.count, warnings: 0, notices: 0, packages: 1, targets: 1, dependencies: 1))
        let markdown = MarkdownReportRenderer(limit: limit).render(report, context: ReportContext())
        #expect(markdown.count <= limit && markdown.utf8.count <= limit)
        let listed = markdown.components(separatedBy: "\n- **error**").count - 1
        let more = markdown.firstMatch(of: /…and (\d+) more; run `mfe lint-graph` for the full list\./).flatMap { Int($0.1) }
        #expect(more != nil && listed + (more ?? 0) == findings.count, "\(listed) listed")
        #expect(markdown.hasSuffix("0 suppressed by `// mfe:ignore`\n"))
    }
}

/// The exact text of the error of `mfe graph --base` when the base has no readable workspace.
@Suite("graph change messages")
struct GraphChangeMessageTests {
    @Test func anUnreadableBaseSaysWhichRevision() {
        let error = GraphError.baseNotReadable(base: "origin/main", mergeBase: "0123456789abcdef0123", reason: "no Package.swift under '/ws'")
        #expect(error.localizedDescription == "the workspace at 'origin/main' (merge base 0123456789ab) could not be read: no Package.swift under '/ws'; compare with a revision where it could")
    }
}

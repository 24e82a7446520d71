import MFECore
import MFELint

/// Renders a report for GitHub Actions: one `::error file=…,line=…,col=…,title=…::message`
/// workflow command per finding (`::warning`, `::notice` for the others), escaped exactly as
/// the Actions toolkit (`@actions/core`) escapes them, then the summary line; and, separately,
/// a Markdown job summary for `$GITHUB_STEP_SUMMARY` (the command appends it).
package struct GitHubReportRenderer: Sendable {
    /// The most findings listed in the Markdown summary (GitHub caps a step summary at 1 MiB).
    package static let summaryRowLimit = 500

    /// Creates a renderer.
    package init() {}

    /// The workflow commands for `report`.
    package func render(_ report: LintReport, context: ReportContext) -> String {
        var output = ""
        for finding in report.findings {
            let properties = [
                ("file", context.repositoryPath(finding.file)),
                ("line", String(finding.line)),
                ("col", String(finding.column)),
                ("title", finding.rule.rawValue),
            ].map { "\($0.0)=\(Self.escapeProperty($0.1))" }.joined(separator: ",")
            output += "::\(finding.severity.rawValue) \(properties)::\(Self.escapeData(finding.message))\n"
        }
        for note in report.notes {
            output += "::notice title=mfe lint-graph::\(Self.escapeData(note))\n"
        }
        output += SummaryLine.text(report.summary, elapsed: context.elapsed) + "\n"
        return output
    }

    /// The Markdown job summary for `report`.
    package func stepSummary(_ report: LintReport, context: ReportContext) -> String {
        let summary = report.summary
        var text = "### mfe lint-graph\n\n"
        let status = summary.errors > 0 ? ":x:" : report.findings.isEmpty ? ":white_check_mark:" : ":warning:"
        text += "\(status) \(SummaryLine.text(summary, elapsed: nil))\n"
        guard !report.findings.isEmpty else { return text + "\n" }
        text += "\n| Severity | Rule | Location | Message |\n| --- | --- | --- | --- |\n"
        for finding in report.findings.prefix(Self.summaryRowLimit) {
            let location = "\(context.repositoryPath(finding.file)):\(finding.line)"
            text += "| \(finding.severity.rawValue) | `\(finding.rule)` | `\(Self.escapeCell(location))` | \(Self.escapeCell(finding.message)) |\n"
        }
        if report.findings.count > Self.summaryRowLimit {
            text += "\n…and \(report.findings.count - Self.summaryRowLimit) more; run `mfe lint-graph` locally for the full list.\n"
        }
        return text + "\n"
    }

    /// `escapeData` of `@actions/core`: `%`, CR and LF percent-encoded.
    package static func escapeData(_ value: String) -> String {
        value.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    /// `escapeProperty` of `@actions/core`: as `escapeData`, plus `:` and `,`.
    package static func escapeProperty(_ value: String) -> String {
        escapeData(value).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }

    private static func escapeCell(_ value: String) -> String {
        value.replacingAll("|", with: "\\|").replacingAll("\r", with: " ").replacingAll("\n", with: " ")
    }
}

extension String {
    /// Every occurrence of `target` replaced, scanning Unicode scalars (so `\r\n` is not one
    /// character, as it is in JavaScript's string replace).
    fileprivate func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar == target { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}

extension GitHubReportRenderer: OutputRenderer {
    package typealias Input = LintReportInput

    package static let summary = "GitHub Actions annotations, and a job summary in $GITHUB_STEP_SUMMARY"
    package static let sink = OutputSink.workflowCommands

    package func render(_ input: LintReportInput) -> String { render(input.report, context: input.context) }
}

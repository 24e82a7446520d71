import MFECore
import MFELint

/// Renders a report as Xcode and SwiftPM print diagnostics, so terminals and Xcode link each
/// line: `Features/Browse/Package.swift:21:17: error: message [rule]`, then a summary line.
package struct TextReportRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The text for `report`.
    package func render(_ report: LintReport, context: ReportContext) -> String {
        var output = ""
        for finding in report.findings {
            output += "\(finding.file):\(finding.line):\(finding.column): \(label(finding.severity, color: context.color)) \(finding.message) [\(finding.rule)]\n"
        }
        for note in report.notes {
            output += "\(context.color ? "\u{1B}[1;36mnote:\u{1B}[0m" : "note:") \(note)\n"
        }
        let summary = SummaryLine.text(report.summary, elapsed: context.elapsed)
        if context.color {
            let style = report.summary.errors > 0 ? "\u{1B}[1;31m" : report.findings.isEmpty ? "\u{1B}[1;32m" : "\u{1B}[1m"
            output += "\(style)\(summary)\u{1B}[0m\n"
        } else {
            output += summary + "\n"
        }
        return output
    }

    private func label(_ severity: Severity, color: Bool) -> String {
        guard color else { return "\(severity.rawValue):" }
        switch severity {
        case .error: return "\u{1B}[1;31merror:\u{1B}[0m"
        case .warning: return "\u{1B}[1;33mwarning:\u{1B}[0m"
        case .notice: return "\u{1B}[1;36mnotice:\u{1B}[0m"
        }
    }
}

extension TextReportRenderer: OutputRenderer {
    package typealias Input = LintReportInput

    package static let summary = "file:line:col: severity: message [rule] lines, then a summary line"
    package static let sink = OutputSink.terminal

    package func render(_ input: LintReportInput) -> String { render(input.report, context: input.context) }
}

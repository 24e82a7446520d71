import MFECompose
import MFELint
import MFEReport
import MFEWorkspace

/// Runs lint-graph's rules (`Linter`) on the composed graph: the shell and every MFE at its
/// pinned revision, layers from each MFE's `mfe.yml` there or the workspace's `layers:`, the
/// workspace's `allow:` entries applied. Only error findings fail a composition.
public struct CompositionLinter: CompositionLinting {
    let color: Bool

    /// Creates a linter whose report is coloured when `color` is set.
    public init(color: Bool = false) {
        self.color = color
    }

    public func lint(_ workspace: Workspace) async throws -> (report: String, hasErrors: Bool) {
        let report = Linter().lint(workspace)
        let failing = LintReport(findings: report.findings.filter { $0.severity == .error }, summary: report.summary)
        return (TextReportRenderer().render(failing, context: ReportContext(color: color)), report.summary.errors > 0)
    }
}

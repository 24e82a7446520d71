import Foundation
import MFECore
import MFELint

/// What every renderer of a lint report is given: the report, and how to print it.
package typealias LintReportInput = (report: LintReport, context: ReportContext)

/// The output formats of `mfe lint-graph --format`, each registering its renderer (the
/// renderers say what they are for); the first is the default.
public enum ReportFormat: String, OutputFormat {
    /// `file:line:col: severity: message [rule]` lines and a summary line.
    case text
    /// The JSON document of findings and counts.
    case json
    /// SARIF 2.1.0 for GitHub code scanning.
    case sarif
    /// GitHub Actions workflow commands, plus a Markdown step summary.
    case github
    /// A pull-request comment in GitHub Markdown: new findings first, grouped by owning team.
    case markdown

    package var renderer: any OutputRenderer<LintReportInput>.Type {
        switch self {
        case .text: TextReportRenderer.self
        case .json: JSONReportRenderer.self
        case .sarif: SARIFReportRenderer.self
        case .github: GitHubReportRenderer.self
        case .markdown: MarkdownReportRenderer.self
        }
    }
}

/// What renderers need besides the report. Renderers are pure: the same report and context
/// give the same bytes, and none of them touches the file system.
public struct ReportContext: Sendable, Equatable {
    /// Whether text output may use ANSI colour.
    package var color: Bool
    /// How long the run took, shown in the text summary only (never in JSON or SARIF, which
    /// must be byte-identical between runs).
    package var elapsed: Duration?
    /// Prefixed to every file path in `github` and `sarif` output, so paths are relative to
    /// the repository root when the workspace is a folder inside it (`apps/ios/`).
    package var repositoryPathPrefix: String
    /// The tool version SARIF reports.
    package var toolVersion: String
    /// Where the markdown report links a file, with a trailing slash
    /// (`https://github.com/acme/app/blob/SHA/`); nil prints paths without links.
    package var sourceLinkBase: String?

    /// Creates a context.
    public init(color: Bool = false, elapsed: Duration? = nil, repositoryPathPrefix: String = "", toolVersion: String = MFEKitVersion.current) {
        self.color = color
        self.elapsed = elapsed
        self.repositoryPathPrefix = repositoryPathPrefix
        self.toolVersion = toolVersion
    }

    /// `file` prefixed with `repositoryPathPrefix`.
    func repositoryPath(_ file: String) -> String {
        repositoryPathPrefix.isEmpty ? file : PathUtilities.join(repositoryPathPrefix, file)
    }

    /// `$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA/` when all three are set (in a
    /// GitHub Actions job), else nil.
    public static func sourceLinkBase(environment: [String: String]) -> String? {
        guard let server = environment["GITHUB_SERVER_URL"], let repository = environment["GITHUB_REPOSITORY"], let commit = environment["GITHUB_SHA"],
            !server.isEmpty, !repository.isEmpty, !commit.isEmpty
        else { return nil }
        return "\(server)/\(repository)/blob/\(commit)/"
    }

    /// The path of `workspaceRoot` inside the checked-out repository `repositoryRoot` (as
    /// `$GITHUB_WORKSPACE` names it), with a trailing slash; empty when it is the repository
    /// root or lies outside it.
    public static func repositoryPathPrefix(workspaceRoot: String, repositoryRoot: String?) -> String {
        guard let repositoryRoot, !repositoryRoot.isEmpty else { return "" }
        let relative = PathUtilities.relative(workspaceRoot, to: PathUtilities.absolute(repositoryRoot))
        if relative == "." || relative.hasPrefix("/") { return "" }
        return relative + "/"
    }
}

/// The summary line of a report: counts and (when known) time.
package enum SummaryLine {
    static func text(_ summary: LintSummary, elapsed: Duration?) -> String {
        var text = "\(count(summary.errors, "error")), \(count(summary.warnings, "warning")), \(count(summary.notices, "notice"))"
        text += " in \(count(summary.packages, "package")), \(count(summary.targets, "target")), \(count(summary.dependencies, "dependency", plural: "dependencies"))"
        var suppressed: [String] = []
        if summary.allowed > 0 { suppressed.append("\(summary.allowed) allowed by mfe.yml") }
        if summary.baselined > 0 || summary.fixedSinceBaseline > 0 {
            let fixed = summary.fixedSinceBaseline > 0 ? " (\(summary.fixedSinceBaseline) fixed since it was written)" : ""
            suppressed.append("\(summary.baselined) in the baseline\(fixed)")
        }
        if summary.suppressed > 0 { suppressed.append("\(summary.suppressed) suppressed by mfe:ignore") }
        if !suppressed.isEmpty { text += "; " + suppressed.joined(separator: ", ") }
        if let elapsed { text += " (\(seconds(elapsed)))" }
        return text
    }

    package static func count(_ value: Int, _ singular: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? singular : plural ?? singular + "s")"
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return String(format: "%.2fs", value)
    }
}

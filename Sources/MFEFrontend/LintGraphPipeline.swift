import Foundation
import MFECore
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace

/// What `mfe lint-graph` was asked to do, in library terms.
public struct LintGraphRequest: Sendable, Equatable {
    /// The workspace folder.
    package var path: String
    /// The output format.
    package var format: ReportFormat
    /// `--baseline FILE` (relative to the working directory); nil uses mfe.yml's `baseline:`.
    package var baselinePath: String?
    /// `--write-baseline FILE`: where to write a baseline accepting every current finding.
    package var writeBaselinePath: String?
    /// `--strict`: warnings are errors.
    package var strict: Bool
    /// Whether `additionalFindings` runs the `--imports` rules.
    package var importsChecked: Bool

    /// Creates a request.
    public init(path: String = ".", format: ReportFormat = .text, baselinePath: String? = nil, writeBaselinePath: String? = nil, strict: Bool = false, importsChecked: Bool = false) {
        self.path = path
        self.format = format
        self.baselinePath = baselinePath
        self.writeBaselinePath = writeBaselinePath
        self.strict = strict
        self.importsChecked = importsChecked
    }
}

/// What a lint run produced, described as data: what to print and which files to write.
public struct LintGraphOutput: Sendable, Equatable {
    /// The rendered report, for standard output.
    public var standardOutput: String
    /// Notes for standard error (e.g. where the baseline was written).
    public var standardError: String
    /// The Markdown job summary (`github` format only).
    package var stepSummary: String?
    /// A baseline to write: absolute path and bytes.
    package var baselineFile: (path: String, data: Data)?
    /// The report.
    package var report: LintReport
    /// The process exit code: 1 with error findings, else 0.
    public var exitCode: Int32 { report.exitCode }

    public static func == (lhs: LintGraphOutput, rhs: LintGraphOutput) -> Bool {
        lhs.standardOutput == rhs.standardOutput && lhs.standardError == rhs.standardError && lhs.stepSummary == rhs.stepSummary
            && lhs.baselineFile?.path == rhs.baselineFile?.path && lhs.baselineFile?.data == rhs.baselineFile?.data && lhs.report == rhs.report
    }
}

/// `mfe lint-graph` as a pipeline: load the workspace and the baseline, lint, render. Nothing
/// is written here; `write(_:)` performs the planned writes.
public struct LintGraphPipeline: Sendable {
    let manifestLoader: any ManifestLoading
    let fileSystem: any FileSystem

    /// Creates a pipeline reading manifests with `manifestLoader`.
    public init(manifestLoader: any ManifestLoading, fileSystem: any FileSystem = LocalFileSystem()) {
        self.manifestLoader = manifestLoader
        self.fileSystem = fileSystem
    }

    /// Runs `request`. `additionalFindings` (the `--imports` analysis) gets the loaded
    /// workspace and graph; its findings go through `// mfe:ignore` comments (those of every
    /// Package.swift, and those it read), `allow:`, the baseline and `--strict`.
    /// Throws an `InputError` when the workspace, a manifest, mfe.yml or the baseline cannot be
    /// used.
    public func run(
        _ request: LintGraphRequest,
        context: ReportContext = ReportContext(),
        additionalFindings: (@Sendable (Workspace, TargetGraph) async throws -> AdditionalFindings)? = nil
    ) async throws -> LintGraphOutput {
        let clock = ContinuousClock()
        let start = clock.now
        if let writePath = request.writeBaselinePath {
            try checkBaselineCanBeReplaced(at: PathUtilities.absolute(writePath), shownAs: writePath)
        }
        let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).loadPackages(at: request.path, checkNames: true)
        var options = LintOptions(strict: request.strict, importsChecked: request.importsChecked)
        if let (baseline, file) = try BaselineLoader(fileSystem: fileSystem).load(given: request.baselinePath, workspace: workspace) {
            options.baseline = baseline
            options.baselineFile = file
        }
        let graph = TargetGraph(workspace: workspace)
        let linter = Linter()
        let extra = try await additionalFindings?(workspace, graph) ?? AdditionalFindings()
        if request.strict, !extra.unchecked.isEmpty {
            throw extra.unchecked.count == 1 ? PlainInputError(extra.unchecked[0]) as any Error : InputErrors(extra.unchecked)
        }
        let findings = linter.findings(in: workspace, graph: graph) + extra.findings
        options.suppressions = workspace.manifestSuppressions + extra.suppressions
        var report = linter.process(findings, workspace: workspace, graph: graph, options: options)
        report.notes = workspace.notes + extra.notes
        var standardError = ""
        var baselineFile: (path: String, data: Data)?
        if let writePath = request.writeBaselinePath {
            let baseline = Baseline(accepting: report.baselineCandidates)
            let path = PathUtilities.absolute(writePath)
            baselineFile = (path, baseline.encoded())
            options.baseline = baseline
            options.baselineFile = workspace.relativePath(path)
            report = linter.process(findings, workspace: workspace, graph: graph, options: options)
            report.notes = workspace.notes + extra.notes
            standardError += "wrote \(SummaryLine.count(baseline.entries.count, "finding")) to the baseline '\(writePath)'\n"
        }
        var renderContext = context
        renderContext.elapsed = context.elapsed ?? (clock.now - start)
        let output: String
        var stepSummary: String?
        switch request.format {
        case .text: output = TextReportRenderer().render(report, context: renderContext)
        case .json: output = JSONReportRenderer().render(report)
        case .sarif: output = SARIFReportRenderer().render(report, context: renderContext)
        case .github:
            output = GitHubReportRenderer().render(report, context: renderContext)
            stepSummary = GitHubReportRenderer().stepSummary(report, context: renderContext)
        }
        return LintGraphOutput(standardOutput: output, standardError: standardError, stepSummary: stepSummary, baselineFile: baselineFile, report: report)
    }

    /// `--write-baseline FILE` replaces only a baseline mfe wrote, or an empty file: a typo
    /// naming `mfe.yml` or `Package.swift` must not destroy it.
    func checkBaselineCanBeReplaced(at path: String, shownAs shown: String) throws {
        guard fileSystem.exists(path) else { return }
        if fileSystem.isDirectory(path) {
            throw PlainInputError("'--write-baseline \(shown)' is a folder; give the baseline's file name, e.g. 'mfe-baseline.json'")
        }
        let data = try fileSystem.contents(of: path)
        if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) || Baseline.isBaselineFile(data) { return }
        throw PlainInputError("'\(shown)' exists and is not a baseline mfe wrote; mfe will not replace it. Give the baseline another name (e.g. 'mfe-baseline.json'), or remove the file first if it really is to be replaced")
    }

    /// Performs the writes `output` plans: the baseline (atomically), and the step summary
    /// appended to `stepSummaryPath` (`$GITHUB_STEP_SUMMARY`) when given.
    public func write(_ output: LintGraphOutput, stepSummaryPath: String?) throws {
        if let (path, data) = output.baselineFile {
            try fileSystem.writeAtomically(data, to: path)
        }
        if let summary = output.stepSummary, let stepSummaryPath, !stepSummaryPath.isEmpty {
            do {
                try fileSystem.append(Data(summary.utf8), to: stepSummaryPath)
            } catch let error as FileOperationError {
                throw error.describing("append the job summary (GITHUB_STEP_SUMMARY) to")
            }
        }
    }
}

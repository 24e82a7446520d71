import Foundation
import MFECore
import MFEImports
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe lint-graph`: load the workspace and the baseline, lint (with the `--imports` rules
/// when asked), render in the asked format; the baseline to write and the GitHub job summary
/// are planned writes.
public struct LintGraphService: CommandService {
    /// What `mfe lint-graph` was asked to do.
    public struct Request: Sendable, Equatable {
        /// The workspace folder.
        package var path: String
        /// The output format.
        package var format: ReportFormat
        /// `--loader`.
        package var loader: ManifestLoaderKind?
        /// `--baseline FILE` (relative to the working directory); nil uses mfe.yml's `baseline:`.
        package var baselinePath: String?
        /// `--write-baseline FILE`: where to write a baseline accepting every current finding.
        package var writeBaselinePath: String?
        /// `--strict`: warnings are errors.
        package var strict: Bool
        /// `--imports`: also run the import rules (`ImportRules`).
        package var imports: Bool
        /// `--prune-baseline`: remove the baseline's entries that match no finding.
        package var pruneBaseline: Bool

        /// Creates a request.
        public init(
            path: String = ".", format: ReportFormat = .text, loader: ManifestLoaderKind? = nil, baselinePath: String? = nil, writeBaselinePath: String? = nil, strict: Bool = false,
            imports: Bool = false, pruneBaseline: Bool = false
        ) {
            self.pruneBaseline = pruneBaseline
            self.path = path
            self.format = format
            self.loader = loader
            self.baselinePath = baselinePath
            self.writeBaselinePath = writeBaselinePath
            self.strict = strict
            self.imports = imports
        }
    }

    let environment: ServiceEnvironment
    /// Told of the targets `--imports` reads (a terminal's progress line), or nil.
    let progress: (any WorkProgress)?

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current, progress: (any WorkProgress)? = nil) {
        self.environment = environment
        self.progress = progress
    }

    public func run(_ request: Request) async throws -> CommandOutput {
        try await lint(request).output
    }

    /// Runs `request`, with the report the output renders. The `--imports` findings go
    /// through `// mfe:ignore` comments (those of every Package.swift, and those of the
    /// sources read), `allow:`, the baseline and `--strict` as the graph rules' do.
    package func lint(_ request: Request) async throws -> (output: CommandOutput, report: LintReport) {
        let clock = ContinuousClock()
        let start = clock.now
        let fileSystem = environment.fileSystem
        let manifestLoader = try environment.manifestLoader(flag: request.loader)
        if let writePath = request.writeBaselinePath {
            try checkBaselineCanBeReplaced(at: PathUtilities.absolute(writePath), given: writePath)
        }
        let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).loadPackages(at: request.path, checkNames: true)
        var options = LintOptions(strict: request.strict, importsChecked: request.imports)
        if let (baseline, file) = try BaselineLoader(fileSystem: fileSystem).load(given: request.baselinePath, workspace: workspace) {
            options.baseline = baseline
            options.baselineFile = file
        } else if request.pruneBaseline {
            throw BaselineError.nothingToPrune(configured: workspace.configuration?.baseline)
        }
        let graph = TargetGraph(workspace: workspace)
        let linter = Linter()
        var extra = AdditionalFindings()
        if request.imports {
            extra = try await ImportRules.analysis(
                in: workspace, graph: graph, manifestLoader: manifestLoader.respecting(configuredLoader: workspace.configuration?.loader),
                cacheRoot: ImportRules.userCacheRoot(environment: environment.variables), fileSystem: fileSystem, progress: progress
            )
        }
        if request.strict, !extra.unchecked.isEmpty {
            throw FrontendError.sourcesNotRead(extra.unchecked)
        }
        let findings = linter.findings(in: workspace, graph: graph) + extra.findings
        options.suppressions = workspace.manifestSuppressions + extra.suppressions
        var report = linter.process(findings, workspace: workspace, graph: graph, options: options)
        report.notes = workspace.notes + extra.notes
        var output = CommandOutput()
        var baselineNote = ""
        if let writePath = request.writeBaselinePath {
            let baseline = Baseline(accepting: report.baselineCandidates)
            let path = PathUtilities.absolute(writePath)
            output.writes.append(.replace(path: path, data: baseline.encoded(), createsFolder: false))
            options.baseline = baseline
            options.baselineFile = workspace.relativePath(path)
            report = linter.process(findings, workspace: workspace, graph: graph, options: options)
            report.notes = workspace.notes + extra.notes
            baselineNote = "wrote \(SummaryLine.count(baseline.entries.count, "finding")) to the baseline '\(writePath)'\n"
        }
        if request.pruneBaseline, let baseline = options.baseline, let file = options.baselineFile, !report.staleBaselineEntries.isEmpty {
            // Only removes: the entries kept are the file's own, so a prune never accepts a
            // new finding.
            let stale = Set(report.staleBaselineEntries.map(\.fingerprint))
            let pruned = Baseline(entries: baseline.entries.filter { !stale.contains($0.fingerprint) })
            output.writes.append(.replace(path: PathUtilities.absolute(file, relativeTo: workspace.root), data: pruned.encoded(), createsFolder: false))
            options.baseline = pruned
            report = linter.process(findings, workspace: workspace, graph: graph, options: options)
            report.notes = workspace.notes + extra.notes
            report.summary.fixedSinceBaseline = stale.count
            baselineNote += "removed \(SummaryLine.count(stale.count, "entry", plural: "entries")) that matched no finding from the baseline '\(file)'; \(pruned.entries.count) remain\n"
        }
        var context = ReportContext(
            color: environment.color, elapsed: clock.now - start,
            repositoryPathPrefix: ReportContext.repositoryPathPrefix(workspaceRoot: PathUtilities.absolute(request.path), repositoryRoot: environment.variables["GITHUB_WORKSPACE"])
        )
        context.sourceLinkBase = ReportContext.sourceLinkBase(environment: environment.variables)
        output.print(try request.format.render((report, context)))
        // GitHub's format also writes the job summary: a planned write, not output.
        if request.format == .github, let summaryPath = environment.variables["GITHUB_STEP_SUMMARY"], !summaryPath.isEmpty {
            let summary = GitHubReportRenderer().stepSummary(report, context: context)
            output.writes.append(.append(path: summaryPath, data: Data(summary.utf8), operation: "append the job summary (GITHUB_STEP_SUMMARY) to"))
        }
        output.printError(baselineNote)
        output.exitCode = report.exitCode
        return (output, report)
    }

    /// `--write-baseline FILE` replaces only a baseline mfe wrote, or an empty file: a typo
    /// naming `mfe.yml` or `Package.swift` must not destroy it.
    func checkBaselineCanBeReplaced(at path: String, given: String) throws {
        let fileSystem = environment.fileSystem
        guard fileSystem.exists(path) else { return }
        if fileSystem.isDirectory(path) { throw BaselineError.writeTargetIsFolder(given: given) }
        let data = try fileSystem.contents(of: path)
        if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) || Baseline.isBaselineFile(data) { return }
        throw BaselineError.wouldReplaceOtherFile(given: given)
    }
}

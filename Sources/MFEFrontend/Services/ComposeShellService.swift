import Foundation
import MFECompose
import MFECore
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe compose-shell`: find the shell, compose (MFECompose resolves the MFEs' requirements
/// against their repositories), check or lint the composed graph, and plan the
/// `Package.resolved` write. Exit codes: 0 written or up to date, 1 conflict, lint errors or
/// stale with `--check`; unusable input is thrown as an `InputError` (exit 2). The old file is
/// kept on every failure because its write is the output's only write. Nothing it prints or
/// throws carries the credentials of a URL.
public struct ComposeShellService: CommandService {
    /// The summary format.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// What `mfe compose-shell` was asked to do.
    public struct Request: Sendable, Equatable {
        /// A shell package folder or a workspace folder; nil for the current directory.
        package var path: String?
        /// The `Package.resolved` to write, when not the shell package's own.
        package var output: String?
        /// nil: keep pins; empty: move every pin; else move the named packages' pins.
        package var update: [String]?
        /// Write nothing; exit 1 with a diff when the file is stale.
        package var check: Bool
        /// Skip the layer rules on the composed graph.
        package var noLint: Bool
        /// The summary format.
        package var format: Format
        /// `--loader`.
        package var loader: ManifestLoaderKind?

        /// Creates a request.
        public init(path: String? = nil, output: String? = nil, update: [String]? = nil, check: Bool = false, noLint: Bool = false, format: Format = .text, loader: ManifestLoaderKind? = nil) {
            self.path = path
            self.output = output
            self.update = update
            self.check = check
            self.noLint = noLint
            self.format = format
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment
    let progress: (any CompositionProgress)?
    let makeProvider: @Sendable (ManifestLoaderKind) -> any PackageSourceProvider

    /// Creates the service, fetching into the user's cache; `progress` shows the fetches
    /// (on a terminal) and is finished before the service returns.
    public init(environment: ServiceEnvironment = .current, progress: (any CompositionProgress)? = nil) {
        let variables = environment.variables
        self.init(environment: environment, progress: progress) { kind in
            let git = Git()
            let cache = CompositionCache.userDefault(environment: variables)
            return GitPackageSourceProvider(git: git, cache: cache, parser: CommitManifestLoader(kind: kind, cache: cache, runner: environment.processRunner, git: git), progress: progress)
        }
    }

    /// Creates the service with the packages of `makeProvider` (given the loader kind).
    package init(environment: ServiceEnvironment, progress: (any CompositionProgress)? = nil, makeProvider: @escaping @Sendable (ManifestLoaderKind) -> any PackageSourceProvider) {
        self.environment = environment
        self.progress = progress
        self.makeProvider = makeProvider
    }

    public func run(_ request: Request) async throws -> CommandOutput {
        var output: CommandOutput
        do {
            output = try await compose(request)
            await progress?.finish()
        } catch {
            await progress?.finish()
            let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            let redacted = CredentialRedaction.redact(message)
            if redacted != message { throw ComposeShellError.redacted(redacted) }
            throw error
        }
        // Credentials in URLs never reach the terminal or a log, in any format.
        output.printed = output.printed.map { CommandOutput.Text(stream: $0.stream, text: CredentialRedaction.redact($0.text)) }
        return output
    }

    /// locate → compose → check or lint → outcome → render: MFECompose does each step but
    /// the lint, which it cannot see, so it is handed in as the check of the composed graph.
    private func compose(_ request: Request) async throws -> CommandOutput {
        let fileSystem = environment.fileSystem
        // The command line's loader (`--loader`, `MFE_LOADER`), else the static reader: the
        // workspace's 'loader:' alone never runs manifest code; it is noted.
        let chosen = try environment.loaderKind(flag: request.loader)
        let shell = try ShellLocator(fileSystem: fileSystem, currentDirectory: environment.currentDirectory).locate(path: request.path, output: request.output, update: request.update)
        var output = CommandOutput()
        if chosen == nil, let configuration = shell.workspace?.configuration,
            let note = ManifestLoaderKind.notAppliedNote(
                configured: configuration.loader,
                at: configuration.loaderLocation.map { "\(PathUtilities.relative($0.file, to: environment.currentDirectory)):\($0.line)" } ?? configuration.file)
        {
            output.printError("note: \(note)\n")
        }
        let kind = chosen ?? .static
        let composer = ShellComposer(provider: makeProvider(kind), loader: kind.makeLoader(fileSystem: fileSystem, processRunner: environment.processRunner), fileSystem: fileSystem)
        let color = environment.color
        let lint: ComposedGraphCheck = { Self.lintErrors(of: $0, color: color) }
        let outcome = try await composer.outcome(of: shell, check: request.check, lint: request.noLint ? nil : lint)

        let context = CompositionRenderContext(currentDirectory: environment.currentDirectory)
        let (summary, errors) =
            switch request.format {
            case .text: (CompositionTextRenderer().render(outcome, context: context), CompositionTextRenderer().diagnostics(outcome, context: context))
            case .json: (CompositionJSONRenderer().render(outcome, context: context), CompositionJSONRenderer().diagnostics(outcome, context: context))
            }
        if outcome.errorsFirst { output.printError(errors) }
        output.print(summary)
        if !outcome.errorsFirst { output.printError(errors) }
        output.writes = outcome.changes.map { change in change.bytes.map { PlannedWrite.replace(path: change.path, data: $0, createsFolder: true) } ?? .remove(path: change.path) }
        output.exitCode = outcome.exitCode
        return output
    }

    /// The error findings of the layer rules on the composed graph, as the lint report shows
    /// them; nil when there are none. Only errors fail a composition, so only they are shown.
    static func lintErrors(of workspace: Workspace, color: Bool) -> String? {
        let report = Linter().lint(workspace)
        guard report.summary.errors > 0 else { return nil }
        let failing = LintReport(findings: report.findings.filter { $0.severity == .error }, summary: report.summary)
        return TextReportRenderer().render(failing, context: ReportContext(color: color))
    }
}

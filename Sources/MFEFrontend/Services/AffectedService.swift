import MFEAffected
import MFECore
import MFEManifest
import MFEWorkspace

/// `mfe affected`: load the workspace, ask git what changed, map the change onto packages and
/// their dependents (MFEAffected), render. Writes nothing.
public struct AffectedService: CommandService {
    /// What `mfe affected` was asked for.
    public struct Request: Sendable, Equatable {
        /// The workspace folder.
        package var path: String
        /// `--base`: compared through its merge base with the head; nil: the remote default
        /// branch.
        package var base: String?
        /// `--head`: nil is HEAD plus the work tree.
        package var head: String?
        /// The output format.
        package var format: AffectedRenderer.Format
        /// `--loader`.
        package var loader: ManifestLoaderKind?
        /// `--explain`: why each target is affected.
        package var explain: Bool

        /// Creates a request.
        public init(path: String = ".", base: String? = nil, head: String? = nil, format: AffectedRenderer.Format = .text, loader: ManifestLoaderKind? = nil, explain: Bool = false) {
            self.explain = explain
            self.path = path
            self.base = base
            self.head = head
            self.format = format
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// The packages affected between the merge base of `base` and `head`, and the notes on
    /// standard error first (on a terminal the base compared with is the first line). Throws
    /// an `InputError` for an unusable workspace, a folder outside git, or an unknown revision.
    public func run(_ request: Request) async throws -> CommandOutput {
        let workspace = try await environment.loadWorkspace(at: request.path, loader: request.loader)
        let change = try await WorkspaceChangeReader(runner: environment.processRunner, environment: environment.variables, fileSystem: environment.fileSystem).change(
            in: workspace, base: request.base, head: request.head)
        var result = AffectedPackages(workspace: workspace, change: change)
        result.loadingNotes = workspace.notes
        var output = CommandOutput()
        if let note = AffectedRenderer().note(for: result) { output.printError(note) }
        output.print(try request.format.render((result, request.explain)))
        return output
    }
}

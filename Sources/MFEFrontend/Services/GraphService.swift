import MFEAffected
import MFECore
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe graph`: load the workspace, build the target graph, lint it (with `allow:` and the
/// baseline, as `mfe lint-graph` does) so violations can be drawn, keep what the request asks
/// for, render. Writes nothing.
public struct GraphService: CommandService {
    /// What `mfe graph` was asked to export.
    public struct Request: Sendable, Equatable {
        /// The workspace folder.
        package var path: String
        /// The output format.
        package var format: GraphFormat
        /// `--package`: keep this package and its neighbourhood.
        package var package: String?
        /// `--depth`: how many dependency steps around `package` (both ways); nil: all.
        package var depth: Int?
        /// `--no-tests` turns this off: whether test targets are shown.
        package var includeTests: Bool
        /// `--loader`.
        package var loader: ManifestLoaderKind?
        /// `--base`: mark what the change since the merge base of this revision and HEAD adds
        /// and removes (html only).
        package var base: String?

        /// Creates a request.
        public init(
            path: String = ".", format: GraphFormat = .dot, package: String? = nil, depth: Int? = nil, includeTests: Bool = true, loader: ManifestLoaderKind? = nil, base: String? = nil
        ) {
            self.base = base
            self.path = path
            self.format = format
            self.package = package
            self.depth = depth
            self.includeTests = includeTests
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// The graph `request` asks for on standard output, with the notes of loading the
    /// workspace (a `loader:` it did not apply) on standard error before it. Throws an
    /// `InputError` when the workspace or its baseline cannot be loaded or has no package
    /// `request.package`.
    public func run(_ request: Request) async throws -> CommandOutput {
        let workspace = try await environment.loadWorkspace(at: request.path, loader: request.loader)
        let baseline = try BaselineLoader(fileSystem: environment.fileSystem).load(given: nil, workspace: workspace)
        let document = try document(of: workspace, request: request, baseline: baseline)
        var change: GraphChange?
        if let base = request.base {
            change = try await self.change(since: base, workspace: workspace, baseline: baseline)
        }
        let text = try request.format.render((document, change))
        var output = CommandOutput()
        for note in workspace.notes { output.printError("note: \(note)\n") }
        output.print(text)
        return output
    }

    /// The document of `workspace` that `request` asks for, with the findings `mfe lint-graph`
    /// would report.
    func document(of workspace: Workspace, request: Request, baseline: (Baseline, String)?) throws -> GraphDocument {
        let graph = TargetGraph(workspace: workspace)
        let linter = Linter()
        var options = LintOptions(suppressions: workspace.manifestSuppressions)
        if let (baseline, file) = baseline {
            options.baseline = baseline
            options.baselineFile = file
        }
        let report = linter.process(linter.findings(in: workspace, graph: graph), workspace: workspace, graph: graph, options: options)
        let included: (Int) -> Bool = { request.includeTests || graph.nodes[$0].kind != .test }
        var kept: Set<Int>?
        if let package = request.package {
            kept = try GraphDocument.neighbourhood(ofPackage: package, in: graph, depth: request.depth, including: included)
        } else if !request.includeTests {
            kept = Set(graph.nodes.indices.filter(included))
        }
        let name = workspace.configuration?.name ?? PathUtilities.normalize(workspace.root).split(separator: "/").last.map(String.init) ?? "workspace"
        return GraphDocument(graph: graph, name: name, findings: report.findings, keeping: kept)
    }

    /// What changed in the whole graph since the merge base of `base` and HEAD: the workspace
    /// as it was there, read from git (statically: a revision's manifests never run) and linted
    /// with today's baseline, so only what the change did differs.
    func change(since base: String, workspace: Workspace, baseline: (Baseline, String)?) async throws -> GraphChange {
        let repository = GitRepository(directory: workspace.root, runner: environment.processRunner)
        let prefix = try await repository.prefix()
        let baseCommit = try await repository.commit(base)
        let headCommit = try await repository.commit("HEAD")
        let mergeBase = try await repository.mergeBase(baseCommit, headCommit, names: (base, "HEAD"))
        let snapshot = try await RevisionFileSystem.load(repository: repository, revision: mergeBase, prefix: prefix, root: workspace.root)
        let baseWorkspace: Workspace
        do {
            baseWorkspace = try await WorkspaceLoader(manifestLoader: ManifestLoaderKind.static.makeLoader(fileSystem: snapshot), fileSystem: snapshot).loadPackages(at: workspace.root)
        } catch let error as any InputError {
            throw GraphError.baseNotReadable(base: base, mergeBase: mergeBase, reason: error.localizedDescription)
        }
        let whole = Request(path: workspace.root)
        return GraphChange(
            head: try document(of: workspace, request: whole, baseline: baseline), base: try document(of: baseWorkspace, request: whole, baseline: baseline), baseName: base,
            mergeBase: mergeBase)
    }
}

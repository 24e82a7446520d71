import MFECore
import MFELint
import MFEManifest
import MFEReport
import MFEScaffold
import MFEWorkspace

/// What `mfe graph` was asked to export, in library terms.
public struct GraphRequest: Sendable, Equatable {
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

    /// Creates a request.
    public init(path: String = ".", format: GraphFormat = .dot, package: String? = nil, depth: Int? = nil, includeTests: Bool = true) {
        self.path = path
        self.format = format
        self.package = package
        self.depth = depth
        self.includeTests = includeTests
    }
}

/// `mfe graph` as a pipeline: load the workspace, build the target graph, lint it (with
/// `allow:` and the baseline, as `mfe lint-graph` does) so violations can be drawn, keep what
/// the request asks for, render. Writes nothing.
public struct GraphExportPipeline: Sendable {
    let manifestLoader: any ManifestLoading
    let fileSystem: any FileSystem

    /// Creates a pipeline reading manifests with `manifestLoader`.
    public init(manifestLoader: any ManifestLoading, fileSystem: any FileSystem = LocalFileSystem()) {
        self.manifestLoader = manifestLoader
        self.fileSystem = fileSystem
    }

    /// The graph of the workspace at `path` in `format`; with `package`, only that package,
    /// what it depends on and what depends on it, transitively.
    public func run(path: String, format: GraphFormat, package: String? = nil) async throws -> String {
        try await run(GraphRequest(path: path, format: format, package: package))
    }

    /// The graph `request` asks for. Throws an `InputError` when the workspace or its baseline
    /// cannot be loaded or has no package `request.package`.
    public func run(_ request: GraphRequest) async throws -> String {
        try await export(request).output
    }

    /// The graph `request` asks for, with the notes of loading the workspace (a `loader:` it
    /// did not apply) for standard error.
    public func export(_ request: GraphRequest) async throws -> (output: String, notes: [String]) {
        let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).loadPackages(at: request.path)
        let output = try render(try document(of: workspace, request: request), format: request.format)
        return (output, workspace.notes)
    }

    /// `document` in `format`.
    func render(_ document: GraphDocument, format: GraphFormat) throws -> String {
        switch format {
        case .dot: return GraphDotRenderer().render(document)
        case .mermaid: return GraphMermaidRenderer().render(document)
        case .json: return GraphJSONRenderer().render(document)
        case .html:
            guard let template = GraphPageTemplate.builtin else {
                throw PlainInputError("this mfe was built without its graph page ('Templates/\(GraphPageTemplate.path)'); rebuild it from a complete checkout")
            }
            return try GraphHTMLRenderer(template: template).render(document)
        }
    }

    /// The document of `workspace` that `request` asks for, with the findings `mfe lint-graph`
    /// would report.
    func document(of workspace: Workspace, request: GraphRequest) throws -> GraphDocument {
        let graph = TargetGraph(workspace: workspace)
        let linter = Linter()
        var options = LintOptions(suppressions: try SuppressionComment.comments(inManifestsOf: workspace, fileSystem: fileSystem))
        if let (baseline, file) = try BaselineLoader(fileSystem: fileSystem).load(given: nil, workspace: workspace) {
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
}

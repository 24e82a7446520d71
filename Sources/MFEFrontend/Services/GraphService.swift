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

        /// Creates a request.
        public init(path: String = ".", format: GraphFormat = .dot, package: String? = nil, depth: Int? = nil, includeTests: Bool = true, loader: ManifestLoaderKind? = nil) {
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
        let text = try render(try document(of: workspace, request: request), format: request.format)
        var output = CommandOutput()
        for note in workspace.notes { output.printError("note: \(note)\n") }
        output.print(text)
        return output
    }

    /// `document` in `format`.
    func render(_ document: GraphDocument, format: GraphFormat) throws -> String {
        switch format {
        case .dot: return GraphDotRenderer().render(document)
        case .mermaid: return GraphMermaidRenderer().render(document)
        case .json: return GraphJSONRenderer().render(document)
        case .html:
            guard let template = GraphPageTemplate.builtin else { throw FrontendError.graphPageMissing(path: GraphPageTemplate.path) }
            return try GraphHTMLRenderer(template: template).render(document)
        }
    }

    /// The document of `workspace` that `request` asks for, with the findings `mfe lint-graph`
    /// would report.
    func document(of workspace: Workspace, request: Request) throws -> GraphDocument {
        let graph = TargetGraph(workspace: workspace)
        let linter = Linter()
        var options = LintOptions(suppressions: workspace.manifestSuppressions)
        if let (baseline, file) = try BaselineLoader(fileSystem: environment.fileSystem).load(given: nil, workspace: workspace) {
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

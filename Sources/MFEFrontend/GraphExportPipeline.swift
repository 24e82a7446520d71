import MFECore
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe graph` as a pipeline: load the workspace, build the target graph, keep one package's
/// neighbourhood when asked, render. Writes nothing.
public struct GraphExportPipeline: Sendable {
    let manifestLoader: any ManifestLoading
    let fileSystem: any FileSystem

    /// Creates a pipeline reading manifests with `manifestLoader`.
    public init(manifestLoader: any ManifestLoading, fileSystem: any FileSystem = LocalFileSystem()) {
        self.manifestLoader = manifestLoader
        self.fileSystem = fileSystem
    }

    /// The graph of the workspace at `path` in `format`; with `package`, only that package,
    /// what it depends on and what depends on it, transitively. Throws an `InputError` when
    /// the workspace cannot be loaded or has no package `package`.
    public func run(path: String, format: GraphFormat, package: String? = nil) async throws -> String {
        let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).loadPackages(at: path)
        let graph = TargetGraph(workspace: workspace)
        let kept = try package.map { try GraphDocument.neighbourhood(ofPackage: $0, in: graph) }
        let name = workspace.configuration?.name ?? PathUtilities.normalize(workspace.root).split(separator: "/").last.map(String.init) ?? "workspace"
        let document = GraphDocument(graph: graph, name: name, keeping: kept)
        switch format {
        case .dot: return GraphDotRenderer().render(document)
        case .mermaid: return GraphMermaidRenderer().render(document)
        case .json: return GraphJSONRenderer().render(document)
        }
    }
}

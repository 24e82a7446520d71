import MFECore

/// What every renderer of `mfe graph` is given: the graph, and with `--base` what a change
/// adds and removes (only the page shows it).
package typealias GraphInput = (document: GraphDocument, change: GraphChange?)

/// The formats of `mfe graph --format`, each registering its renderer (the renderers say what
/// they are for); the first is the default.
public enum GraphFormat: String, OutputFormat {
    /// Graphviz dot.
    case dot
    /// A Mermaid flowchart, as GitHub renders in Markdown.
    case mermaid
    /// The `{"packages": [...]}` document of the Output formats article.
    case json
    /// One self-contained interactive HTML page.
    case html

    package var renderer: any OutputRenderer<GraphInput>.Type {
        switch self {
        case .dot: GraphDotRenderer.self
        case .mermaid: GraphMermaidRenderer.self
        case .json: GraphJSONRenderer.self
        case .html: GraphHTMLRenderer.self
        }
    }
}

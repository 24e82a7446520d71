/// The formats of `mfe graph --format`.
public enum GraphFormat: String, Sendable, CaseIterable {
    /// Graphviz dot.
    case dot
    /// A Mermaid flowchart, as GitHub renders in Markdown.
    case mermaid
    /// The `{"packages": [...]}` document of the Output formats article.
    case json
    /// One self-contained interactive HTML page.
    case html
}

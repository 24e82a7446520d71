/// The formats of `mfe graph --format`.
public enum GraphFormat: String, Sendable, CaseIterable {
    /// Graphviz dot.
    case dot
    /// A Mermaid flowchart, as GitHub renders in Markdown.
    case mermaid
    /// DESIGN's `{"packages": [...]}` document.
    case json
    /// One self-contained interactive HTML page.
    case html
}

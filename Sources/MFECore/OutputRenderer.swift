/// What rendered text is written into. Text that came from input (names, paths, messages from
/// manifests, `mfe.yml`, project files or git) must be escaped for the sink it goes to, so every
/// renderer says its sink, and an escaper per sink can sit on this seam.
package enum OutputSink: String, Sendable, CaseIterable {
    /// Lines for a terminal or a log (ANSI colour at most).
    case terminal
    /// A JSON document (mfe's own, SARIF, a GitHub Actions matrix).
    case json
    /// GitHub Actions workflow commands (`::error file=…::message`).
    case workflowCommands
    /// GitHub Markdown (a pull-request comment, a job summary).
    case markdown
    /// A Graphviz dot graph.
    case dot
    /// A Mermaid flowchart.
    case mermaid
    /// One HTML page.
    case html
    /// A CODEOWNERS block.
    case codeowners
}

/// The renderer of one `--format` value (SwiftLint's `Reporter`): pure, input in, text out;
/// never touches the file system. Each command registers its renderers beside them in one
/// `OutputFormat` enum, from which `--format`'s values and help derive.
package protocol OutputRenderer<Input>: Sendable {
    /// What the command renders (a lint report, a graph, the affected packages, …).
    associatedtype Input

    /// What the format is for, in a few words: `--format`'s help lists it after the name.
    static var summary: String { get }
    /// What the text is written into.
    static var sink: OutputSink { get }

    /// Creates the renderer; throws an `InputError` when it cannot be made (a build that left
    /// out the page template it fills).
    init() throws

    /// The text of `input`.
    func render(_ input: Input) -> String
}

/// One command's `--format` values, in help order: each case is a format's name (its raw
/// value, written once, there) and registers the renderer of that format. A new format is a
/// renderer and its case here; the command line's values and help follow.
package protocol OutputFormat: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// What the command's renderers are given.
    associatedtype Input

    /// The renderer of this format.
    var renderer: any OutputRenderer<Input>.Type { get }
}

extension OutputFormat {
    /// The text of `input` in this format; throws when its renderer cannot be made.
    package func render(_ input: Input) throws -> String {
        try renderer.init().render(input)
    }

    /// What this format's text is written into.
    package var sink: OutputSink { renderer.sink }

    /// `--format`'s help: every value with what it is for, in registry order.
    package static var help: String {
        "Output format: " + allCases.map { "\($0.rawValue) (\($0.renderer.summary))" }.joined(separator: ", ") + "."
    }
}

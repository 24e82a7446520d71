import ArgumentParser
import MFEKit

extension GraphFormat: ExpressibleByArgument {}

/// `mfe graph`: exports the target graph as Graphviz dot, a Mermaid flowchart, JSON or an HTML
/// page (`GraphService`).
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Export the target graph (dot, mermaid, json, html).",
        discussion: """
            Nodes are targets, grouped by package and styled by layer (colour) and role (shape); edges are target dependencies between workspace packages. Packages the workspace pins outside itself (Package.resolved, or an Xcode project's) are external nodes with their products, drawn grey and dashed, never linted ("external": true in json); --no-external hides them. Same-named targets of two packages are two nodes. A dependency 'mfe lint-graph' reports (after allow: and the baseline) is drawn red and labelled with its rule; in json it carries "findings".

            html is one self-contained page (no network): packages and features in layers, search, click a target to see what it depends on and what depends on it, violations listed with their messages.

            Exit status: 0 success (violations do not change it; that is lint-graph's job), 2 unusable input (missing path, malformed mfe.yml or Package.swift, unknown package).

            Examples:
              mfe graph | dot -Tsvg > graph.svg
              mfe graph --format html > graph.html          # open it, or upload it from CI
              mfe graph --format html --base origin/main > change.html   # what this branch adds and removes
              mfe graph --format mermaid --package Browse --depth 1 --no-tests
              mfe graph ../FeedMe --format json
            """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(help: ArgumentHelp(GraphFormat.help))
    var format: GraphFormat = .dot

    @Option(help: ArgumentHelp("Keep only this package, what it depends on and what depends on it.", valueName: "name"))
    var package: String?

    @Option(help: ArgumentHelp("With --package: keep only targets this many dependency steps away from it, both ways.", valueName: "n"))
    var depth: Int?

    @Flag(name: .customLong("no-tests"), help: "Leave test targets out.")
    var noTests = false

    @Flag(name: .customLong("no-external"), help: "Leave out the packages the workspace pins outside itself.")
    var noExternal = false

    @Option(help: ArgumentHelp("With --format html: mark what the change since the merge base of this revision and HEAD adds and removes (targets, dependencies, findings).", valueName: "rev"))
    var base: String?

    @OptionGroup var loader: LoaderOptions

    func validate() throws {
        if base != nil && format != .html { throw ValidationError("--base works with --format html, not \(format.rawValue)") }
        if depth != nil && package == nil { throw ValidationError("--depth needs --package: it counts dependency steps around that package") }
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more, not \(depth)") }
    }

    func run() async throws {
        try await perform(
            GraphService(), GraphService.Request(path: path, format: format, package: package, depth: depth, includeTests: !noTests, includeExternal: !noExternal, loader: loader.loader, base: base))
    }
}

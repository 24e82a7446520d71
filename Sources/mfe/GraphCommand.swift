import ArgumentParser
import MFEKit

extension GraphFormat: ExpressibleByArgument {}

/// `mfe graph`: exports the target graph as Graphviz dot, a Mermaid flowchart or JSON.
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Export the target graph (dot, mermaid, json).",
        discussion: """
        Nodes are targets, grouped by package and styled by layer (colour) and role (shape); edges are target dependencies between workspace packages.

        Exit status: 0 success, 2 unusable input (missing path, malformed mfe.yml or Package.swift, unknown package).

        Examples:
          mfe graph | dot -Tsvg > graph.svg
          mfe graph --format mermaid --package Browse     # paste into a GitHub comment
          mfe graph ../FeedMe --format json
        """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(help: "Output format: \(GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: GraphFormat = .dot

    @Option(help: ArgumentHelp("Keep only this package, what it depends on and what depends on it.", valueName: "name"))
    var package: String?

    @Option(help: "How to read Package.swift: 'static' never runs manifest code; 'swiftpm' runs 'swift package dump-package'; 'auto' is static, with SwiftPM only for the manifests the static reader refuses (default: 'loader:' in mfe.yml, else static).")
    var loader: ManifestLoaderKind?

    func run() async throws {
        try await runCommand {
            let output = try await GraphExportPipeline(manifestLoader: ManifestLoaderKind.loader(flag: loader)).run(path: path, format: format, package: package)
            Terminal.writeOutput(output)
            return 0
        }
    }
}

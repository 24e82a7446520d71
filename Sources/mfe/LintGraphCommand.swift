import ArgumentParser
import Foundation
import MFEKit

extension ReportFormat: ExpressibleByArgument {}

extension ManifestLoaderKind: ExpressibleByArgument {}

/// `mfe lint-graph`: checks the layered dependency graph of a workspace.
struct LintGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint-graph",
        abstract: "Check the layered dependency graph of a workspace.",
        discussion: """
        Reads every package of the workspace (mfe.yml 'packages:', or every folder with a Package.swift) and reports dependencies that break the µFeature layer rules, target and package cycles, product features without an Interface target, and packages without a layer. 'allow:' entries in mfe.yml and a baseline file accept known findings.

        Exit status: 0 no error findings; 1 error findings; 2 unusable input (missing path, malformed mfe.yml, Package.swift or baseline).

        Examples:
          mfe lint-graph                         # the workspace here
          mfe lint-graph ../FeedMe --format json
          mfe lint-graph --format sarif > mfe.sarif
          mfe lint-graph --format github         # GitHub Actions
          mfe lint-graph --write-baseline mfe-baseline.json
          mfe lint-graph --baseline mfe-baseline.json --strict
          mfe lint-graph --loader auto           # SwiftPM where mfe's reader refuses
          mfe lint-graph --imports               # check imports too
        """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(help: "The output format.")
    var format: ReportFormat = .text

    @Option(help: "How to read Package.swift: 'static' never runs manifest code; 'swiftpm' runs 'swift package dump-package'; 'auto' is static, with SwiftPM only for the manifests the static reader refuses (default: $MFE_LOADER, else static; 'loader:' in mfe.yml never runs manifest code by itself).")
    var loader: ManifestLoaderKind?

    @Option(help: ArgumentHelp("Suppress the findings in this baseline file (default: 'baseline:' in mfe.yml).", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Write a baseline accepting every current finding to this file.", valueName: "file"))
    var writeBaseline: String?

    @Flag(help: "Treat warnings as errors, and a source file '--imports' could not read in time as an input error (exit 2) instead of a note.")
    var strict = false

    @Flag(help: "Also read every target's Swift imports: report imported workspace and resolved third-party modules that are not declared (implicit-dependency, transitive-dependency) and declared workspace modules never imported (unused-dependency).")
    var imports = false

    func run() async throws {
        try await runCommand {
            let environment = ProcessInfo.processInfo.environment
            let manifestLoader = try ManifestLoaderKind.loader(flag: loader)
            let pipeline = LintGraphPipeline(manifestLoader: manifestLoader)
            let context = ReportContext(
                color: Terminal.current.colorEnabled,
                repositoryPathPrefix: ReportContext.repositoryPathPrefix(workspaceRoot: PathUtilities.absolute(path), repositoryRoot: environment["GITHUB_WORKSPACE"])
            )
            let request = LintGraphRequest(path: path, format: format, baselinePath: baseline, writeBaselinePath: writeBaseline, strict: strict, importsChecked: imports)
            var importFindings: (@Sendable (Workspace, TargetGraph) async throws -> AdditionalFindings)?
            if imports {
                importFindings = { workspace, graph in
                    try await ImportRules.analysis(in: workspace, graph: graph, manifestLoader: manifestLoader.respecting(configuredLoader: workspace.configuration?.loader))
                }
            }
            let output = try await pipeline.run(request, context: context, additionalFindings: importFindings)
            try pipeline.write(output, stepSummaryPath: environment["GITHUB_STEP_SUMMARY"])
            Terminal.writeOutput(output.standardOutput)
            Terminal.writeError(output.standardError)
            return output.exitCode
        }
    }
}

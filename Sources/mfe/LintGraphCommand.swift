import ArgumentParser
import MFEKit

extension ReportFormat: ExpressibleByArgument {}

/// `mfe lint-graph`: checks the layered dependency graph of a workspace (`LintGraphService`).
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
              mfe lint-graph --prune-baseline        # drop entries fixed since the baseline was written
              mfe lint-graph --format markdown > report.md   # a pull-request comment
              mfe lint-graph --loader auto           # SwiftPM where mfe's reader refuses
              mfe lint-graph --imports               # check imports too
            """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(help: ArgumentHelp(ReportFormat.help))
    var format: ReportFormat = .text

    @OptionGroup var loader: LoaderOptions

    @Option(help: ArgumentHelp("Suppress the findings in this baseline file (default: 'baseline:' in mfe.yml).", valueName: "file"))
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: ArgumentHelp("Write a baseline accepting every current finding to this file.", valueName: "file"))
    var writeBaseline: String?

    @Flag(name: .customLong("prune-baseline"), help: "Remove the baseline's entries that match no finding any more (fixed since it was written); never adds one.")
    var pruneBaseline = false

    @Flag(help: "Treat warnings as errors, and a source file '--imports' could not read in time as an input error (exit 2) instead of a note.")
    var strict = false

    @Flag(
        help:
            "Also read every target's Swift imports: report imported workspace and resolved third-party modules that are not declared (implicit-dependency, transitive-dependency) and declared workspace modules never imported (unused-dependency)."
    )
    var imports = false

    func validate() throws {
        if pruneBaseline && writeBaseline != nil {
            throw ValidationError("--prune-baseline and --write-baseline exclude each other: one only removes entries, the other accepts every current finding")
        }
    }

    func run() async throws {
        try await perform(
            // Reading thousands of files takes seconds: a progress line, on a terminal only and
            // never beside a machine format.
            LintGraphService(progress: TerminalProgress("reading imports of targets", enabled: imports && format.sink == .terminal && Terminal.current.standardErrorIsTerminal)),
            LintGraphService.Request(
                path: path, format: format, loader: loader.loader, baselinePath: baseline, writeBaselinePath: writeBaseline, strict: strict, imports: imports, pruneBaseline: pruneBaseline
            ))
    }
}

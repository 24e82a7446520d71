import ArgumentParser
import MFEKit

extension AffectedRenderer.Format: ExpressibleByArgument {}

/// `mfe affected`: lists the workspace packages a git change touches and their dependents.
struct AffectedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "List the packages a git change touches, and everything depending on them.",
        discussion: """
        Compares the merge base of --base and HEAD with HEAD plus the work tree (staged, unstaged and untracked files), or with --head when given. A package is changed when a file inside it changed (a file belongs to the innermost package); a deleted or moved package is named from the base revision's manifest. A changed file in no package (the workspace mfe.yml, a root file) affects every package.

        Exit status: 0 success, 2 unusable input (not a git repository, unknown revision, malformed mfe.yml or Package.swift).

        Examples:
          mfe affected --base origin/main
          mfe affected --base origin/main --head HEAD --format json
        """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(help: ArgumentHelp("The revision to compare with (its merge base with the head).", valueName: "rev"))
    var base: String

    @Option(help: ArgumentHelp("The revision to compare (default: HEAD plus uncommitted and untracked files).", valueName: "rev"))
    var head: String?

    @Option(help: "Output format: text (one package per line) or json ({\"changed\", \"affected\"}).")
    var format: AffectedRenderer.Format = .text

    @Option(help: "How to read Package.swift: 'static' never runs manifest code; 'swiftpm' runs 'swift package dump-package'; 'auto' is static, with SwiftPM only for the manifests the static reader refuses (default: 'loader:' in mfe.yml, else static).")
    var loader: ManifestLoaderKind?

    func run() async throws {
        try await runCommand {
            let result = try await AffectedPipeline(manifestLoader: ManifestLoaderKind.loader(flag: loader)).run(path: path, base: base, head: head)
            Terminal.writeOutput(AffectedRenderer().render(result, format: format))
            if let note = AffectedRenderer().note(for: result) { Terminal.writeError(note) }
            return 0
        }
    }
}

import ArgumentParser
import MFEKit

/// `mfe compose-shell`: pins the MFE revisions the shell ships, in SwiftPM's Package.resolved
/// format. An adapter: the work is `ComposeShellFrontend` in MFEKit.
struct ComposeShellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compose-shell",
        abstract: "Pin the MFE revisions the shell app ships, in SwiftPM's Package.resolved format.",
        discussion: """
        Reads the shell's requirements (its Package.swift, or 'shell.features' in the workspace \
        mfe.yml for an Xcode project), resolves them against the MFEs' git repositories as \
        SwiftPM would, checks the composed graph with the lint-graph rules and writes \
        Package.resolved. Exit codes: 0 written or up to date; 1 conflict, lint errors or \
        stale with --check; 2 unusable input.

        An existing Package.resolved is verified, not trusted: a pin whose revision is not a \
        commit of its package's repository (or, for a version, not the commit its tag names) \
        fails --check and stops any other run with exit 2; 'mfe compose-shell --update NAME' \
        repins it. Each git command stops after MFE_GIT_TIMEOUT seconds (default 600).

        Examples:
          mfe compose-shell                      # the workspace's shell (or this package)
          mfe compose-shell Shell                # the shell package in folder Shell
          mfe compose-shell --update             # move every pin
          mfe compose-shell --update Env Search  # move only Env's and Search's pins
          mfe compose-shell --path Shell --update Env
          mfe compose-shell --check              # CI: exit 1 with a diff when stale
        """
    )

    @Argument(help: ArgumentHelp("Without --update: the shell package's folder or the workspace folder (default: current directory). With --update: the packages whose pins may move, by identity or last URL component (default: all).", valueName: "path-or-name"))
    var arguments: [String] = []

    @Option(help: "The shell package's folder or the workspace folder (needed with --update NAME… when not the current directory).")
    var path: String?

    @Option(help: "The Package.resolved to write (required for an Xcode-project shell).")
    var output: String?

    @Flag(help: "Move pins to the newest versions the requirements admit: all of them, or those of the packages named after --update.")
    var update = false

    @Flag(help: "Write nothing; exit 1 with a diff when Package.resolved is stale.")
    var check = false

    @Flag(help: "Do not check the composed graph with the lint-graph rules.")
    var noLint = false

    @Option(help: "How to read Package.swift: 'static' never runs manifest code; 'swiftpm' runs 'swift package dump-package' (a dependency's in a temporary checkout of its commit); 'auto' is static, with SwiftPM only for the manifests the static reader refuses (default: $MFE_LOADER, else static; 'loader:' in mfe.yml never runs manifest code by itself).")
    var loader: ManifestLoaderKind?

    @Option(help: "Summary format: text or json.")
    var format: ComposeShellOptions.Format = .text

    func validate() throws {
        if check && update { throw ValidationError("--check and --update cannot be combined") }
        if !update && arguments.count > 1 {
            throw ValidationError("only one folder may be given; to move the pins of named packages, use --update NAME…")
        }
        if !update && path != nil && !arguments.isEmpty {
            throw ValidationError("give the folder either as an argument or with --path, not both")
        }
    }

    func run() async throws {
        try await runCommand {
            let progress = TerminalProgress(enabled: Terminal.current.standardErrorIsTerminal)
            let frontend = ComposeShellFrontend(
                loader: try ManifestLoaderKind.chosen(flag: loader),
                progress: progress,
                linter: CompositionLinter(color: Terminal.current.colorEnabled),
                output: StandardStreams()
            )
            let options = ComposeShellOptions(
                path: update ? path : path ?? arguments.first,
                output: output, update: update ? arguments : nil, check: check, noLint: noLint, format: format
            )
            do {
                let status = try await frontend.run(options)
                await progress.finish()
                return status
            } catch {
                await progress.finish()
                throw error
            }
        }
    }
}

extension ComposeShellOptions.Format: ExpressibleByArgument {}

/// The process's standard output and error.
struct StandardStreams: CompositionOutput {
    func standardOutput(_ text: String) { Terminal.writeOutput(text) }
    func standardError(_ text: String) { Terminal.writeError(text) }
}

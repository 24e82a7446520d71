import ArgumentParser
import MFEKit

/// `mfe compose-shell`: pins the MFE revisions the shell ships, in SwiftPM's Package.resolved
/// format (`ComposeShellService`).
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

    @Argument(
        help: ArgumentHelp(
            "Without --update: the shell package's folder or the workspace folder (default: current directory). With --update: the packages whose pins may move, by identity or last URL component (default: all).",
            valueName: "path-or-name"))
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

    @OptionGroup var loader: LoaderOptions

    @Option(help: "Summary format: text or json.")
    var format: ComposeShellService.Format = .text

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
        // The one streaming output: which repositories are being fetched, on a terminal only.
        let progress = TerminalProgress("fetching", enabled: Terminal.current.standardErrorIsTerminal)
        try await perform(
            ComposeShellService(progress: progress),
            ComposeShellService.Request(
                path: update ? path : path ?? arguments.first, output: output, update: update ? arguments : nil, check: check, noLint: noLint, format: format, loader: loader.loader
            ))
    }
}

extension ComposeShellService.Format: ExpressibleByArgument {}

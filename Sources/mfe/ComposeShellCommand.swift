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
        """
    )

    @Argument(help: "The shell package's folder or the workspace folder (default: current directory).")
    var path: String?

    @Option(help: "The Package.resolved to write (required for an Xcode-project shell).")
    var output: String?

    @Flag(help: "Move pins to the newest versions the requirements admit (all packages, or those named after --update).")
    var update = false

    @Argument(help: "With --update: the packages whose pins may move (default: all).")
    var packages: [String] = []

    @Flag(help: "Write nothing; exit 1 with a diff when Package.resolved is stale.")
    var check = false

    @Flag(help: "Do not check the composed graph with the lint-graph rules.")
    var noLint = false

    @Option(help: "Summary format: text or json.")
    var format: ComposeShellOptions.Format = .text

    func validate() throws {
        if !packages.isEmpty && !update { throw ValidationError("package names are only accepted with --update") }
        if check && update { throw ValidationError("--check and --update cannot be combined") }
    }

    func run() async throws {
        try await runCommand {
            let progress = TerminalProgress(enabled: Terminal.current.standardErrorIsTerminal)
            let reader = ManifestReader()
            let frontend = ComposeShellFrontend(
                parser: reader,
                provider: GitPackageSourceProvider(parser: reader, progress: progress),
                linter: CompositionLinter(color: Terminal.current.colorEnabled),
                output: StandardStreams()
            )
            let options = ComposeShellOptions(path: path, output: output, update: update ? packages : nil, check: check, noLint: noLint, format: format)
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

import ArgumentParser
import MFEKit

/// `mfe init NAME`: creates a workspace with its mfe.yml and shell app; `mfe init --adopt
/// [PATH]`: writes a workspace mfe.yml and a baseline for an existing repository
/// (`InitService`).
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a workspace, or adopt mfe on an existing repository (--adopt).",
        discussion: """
            'mfe init NAME' creates mfe.yml, README, CI workflow and the shell app package; '--example feedme' also creates the Feed Me app: Env, Browse, RestaurantOrder, About (web) and its shell.

            'mfe init --adopt [PATH]' writes mfe.yml for the repository at PATH (default .): its packages, the role suffixes it uses, and each feature's layer inferred from names and the graph, every line with a comment saying why; and mfe-baseline.json with today's findings, so 'mfe lint-graph' passes now and fails on new violations. It never overwrites mfe.yml or the baseline.

            Exit status: 0 written; 2 unusable input (an existing mfe.yml or baseline, a missing folder, no readable package).
            """
    )

    @Argument(help: ArgumentHelp("The workspace name, UpperCamelCase; also names the shell app (NAMEApp). With --adopt: the repository folder (default: .).", valueName: "name-or-path"))
    var name: String?

    @Option(help: ArgumentHelp("The folder to create the workspace in (default: the current directory).", valueName: "dir"))
    var path: String?

    @Option(help: ArgumentHelp("Create a built-in example workspace: feedme.", valueName: "example"))
    var example: String?

    @Option(
        name: .customLong("platform"),
        help: ArgumentHelp(
            "A platform and minimum version, NAME:VERSION (repeatable), for the shell and written to mfe.yml's 'platforms:' for every package 'mfe create' adds (default: iOS:17 and macOS:14).",
            valueName: "name:version"))
    var platforms: [String] = []

    @Option(
        help: ArgumentHelp(
            "Where the workspace's CI downloads mfe's release bundle from: OWNER/NAME on GitHub, or an https:// repository URL (default: \(GeneratedCI.mfeRepository)).",
            valueName: "repository"))
    var mfeRepository: String?

    @OptionGroup var templates: TemplateOptions

    @Flag(help: "Adopt mfe on the existing repository at PATH: infer mfe.yml and record today's findings as the baseline.")
    var adopt = false

    @OptionGroup var loader: LoaderOptions

    @Flag(help: "Print what would be written, and write nothing.")
    var dryRun = false

    func validate() throws {
        if adopt {
            if example != nil { throw ValidationError("'--example' creates a new workspace; it cannot be combined with '--adopt'") }
            if !platforms.isEmpty { throw ValidationError("'--platform' applies to a new workspace; it cannot be combined with '--adopt' (add 'platforms: [iOS 17, macOS 14]' to mfe.yml instead)") }
            if mfeRepository != nil { throw ValidationError("'--mfe-repository' applies to a new workspace's CI; it cannot be combined with '--adopt'") }
            if name != nil && path != nil { throw ValidationError("give the repository folder once: 'mfe init --adopt PATH'") }
        } else {
            if name == nil { throw ValidationError("missing the workspace NAME: 'mfe init NAME', or 'mfe init --adopt [PATH]' for an existing repository") }
            if loader.loader != nil { throw ValidationError("'--loader' only applies with '--adopt'") }
        }
    }

    func run() async throws {
        try await perform(
            InitService(),
            InitService.Request(
                name: name, path: path, example: example, platforms: platforms, templates: templates.templates, adopt: adopt, loader: loader.loader, dryRun: dryRun,
                mfeRepository: mfeRepository))
    }
}

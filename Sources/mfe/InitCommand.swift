import ArgumentParser
import MFEKit

/// `mfe init NAME`: creates a workspace with its mfe.yml and shell app.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a workspace: mfe.yml, README, CI workflow and the shell app package.",
        discussion: "'--example feedme' also creates the Feed Me app: Env, Browse, RestaurantOrder, About (web) and its shell."
    )

    @Argument(help: "The workspace name, UpperCamelCase; also names the shell app (NAMEApp).")
    var name: String

    @Option(help: ArgumentHelp("The folder to create the workspace in (default: the current directory).", valueName: "dir"))
    var path: String?

    @Option(help: ArgumentHelp("Create a built-in example workspace: feedme.", valueName: "example"))
    var example: String?

    @OptionGroup var templates: TemplateOptions

    @Flag(help: "Print the files that would be created, and write nothing.")
    var dryRun = false

    func run() async throws {
        try await runCommand {
            let plan = try WorkspaceScaffolder(catalog: try templates.catalog()).plan(InitRequest(name: name, path: path, example: example))
            return try ScaffoldReport.perform(plan, dryRun: dryRun)
        }
    }
}

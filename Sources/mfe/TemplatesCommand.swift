import ArgumentParser
import MFEKit

/// `mfe templates`: lists the built-in templates and a team's own (`TemplatesService`).
struct TemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in templates and, with --templates DIR, a team's own."
    )

    @OptionGroup var templates: TemplateOptions

    func run() async throws {
        try await perform(TemplatesService(), TemplatesService.Request(templates: templates.templates))
    }
}

/// `--templates DIR`, shared by create, init and templates.
struct TemplateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A folder of the team's own templates, laid out like mfe's built-in Templates/.", valueName: "dir"))
    var templates: String?
}

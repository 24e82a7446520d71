import ArgumentParser
import MFEKit

/// `mfe templates`: lists the built-in templates and a team's own.
struct TemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in templates and, with --templates DIR, a team's own."
    )

    @OptionGroup var templates: TemplateOptions

    func run() async throws {
        try await runCommand {
            var catalogs = [TemplateCatalog.builtin]
            if templates.templates != nil { catalogs.append(try templates.catalog()) }
            Terminal.writeOutput(TemplateListing.render(catalogs))
            return 0
        }
    }
}

/// `--templates DIR`, shared by create, init and templates.
struct TemplateOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A folder of the team's own templates, laid out like mfe's built-in Templates/.", valueName: "dir"))
    var templates: String?

    /// The team's templates when given, else the built-in ones.
    func catalog() throws -> TemplateCatalog {
        guard let templates else { return .builtin }
        return try TemplateCatalog.load(from: templates)
    }
}

/// Prints a plan (`--dry-run`) or performs it and prints what was created and what to run next.
enum ScaffoldReport {
    static func perform(_ plan: ScaffoldPlan, dryRun: Bool) async throws -> Int32 {
        if dryRun {
            let created = plan.createsDestination ? "Would create \(plan.files.count) files (dry run, nothing written):\n" + plan.tree(root: plan.destination) : "Would edit \(plan.edits.count) files (dry run, nothing written):\n"
            Terminal.writeOutput(created + plan.edits.map { "Would edit \($0.path): \($0.summary)\n" }.joined() + plan.editsDiff + (plan.notice.map { "\n" + $0 + "\n" } ?? ""))
            return 0
        }
        try ScaffoldWriter().write(plan)
        try await ScaffoldReleaser().release(plan)
        Terminal.writeOutput(plan.editsDiff + plan.summary)
        return plan.wiringRefused ? 1 : 0
    }
}

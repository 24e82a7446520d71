import ArgumentParser
import MFEKit

extension OwnersService.Format: ExpressibleByArgument {}

/// `mfe owners`: the team that owns every feature and its folders, or a CODEOWNERS block
/// (`OwnersService`).
struct OwnersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "owners",
        abstract: "List the team that owns every feature and its folders, or write them as CODEOWNERS.",
        discussion: """
            Owners come from 'owners:' in the workspace mfe.yml (team handle: [features, packages or globs]) and 'owner:' in a feature's own mfe.yml, which wins. In a single-package app, a feature is a target stem and its folders are its targets' folders.

            codeowners prints a block between '# mfe:begin' and '# mfe:end' for .github/CODEOWNERS, folders before the folders inside them (GitHub applies the last matching line). --check FILE compares that block with the one in FILE.

            Exit status: 0 success; 1 --check found the block stale or missing (the diff is printed); 2 unusable input (malformed mfe.yml, an 'owners:' name matching nothing, a missing FILE).

            Examples:
              mfe owners
              mfe owners --format codeowners
              mfe owners --check .github/CODEOWNERS
            """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(help: ArgumentHelp(OwnersService.Format.help))
    var format: OwnersService.Format = .text

    @Option(help: ArgumentHelp("Exit 1 with a diff when the mfe block of this CODEOWNERS file is stale.", valueName: "file"))
    var check: String?

    @OptionGroup var loader: LoaderOptions

    func run() async throws {
        try await perform(OwnersService(), OwnersService.Request(path: path, format: format, check: check, loader: loader.loader))
    }
}

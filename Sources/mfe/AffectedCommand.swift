import ArgumentParser
import MFEKit

extension AffectedRenderer.Format: ExpressibleByArgument {}

/// `mfe affected`: lists the workspace packages a git change touches and their dependents
/// (`AffectedService`).
struct AffectedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "affected",
        abstract: "List the packages, features and targets a git change touches, and everything depending on them.",
        discussion: """
            Compares the merge base of --base (default: the remote default branch) and HEAD with HEAD plus the work tree (staged, unstaged and untracked files), or with --head when given. A file in a target's folder changes that target; a Package.swift, or a file in a package outside its targets, changes the whole package; a deleted or moved package is named from the base revision's manifest. Files matching 'ignore:' in mfe.yml affect nothing; files in the shell's folder (shell.path) affect the shell app only; any other file in no package (the workspace mfe.yml, a root file) affects everything, and a note on standard error says why. Then every target depending on a changed one is affected too.

            Exit status: 0 success, 2 unusable input (not a git repository, unknown revision, malformed mfe.yml or Package.swift).

            Examples:
              mfe affected
              mfe affected --base origin/main --head HEAD --format json
              echo "matrix=$(mfe affected --format matrix)" >> "$GITHUB_OUTPUT"
              mfe affected --explain                 # why: AppShell (Shell): 'Features/Checkout/Sources/Checkout/Cart.swift' changed: Checkout ← CheckoutUI ← AppShell
              mfe affected --format reviewers        # the teams owning what changed, one per line
            """
    )

    @Argument(help: "The workspace folder.")
    var path: String = "."

    @Option(
        help: ArgumentHelp(
            "The revision to compare with (its merge base with the head); default: the remote default branch (origin/HEAD), else origin/main, origin/master, main, master.", valueName: "rev"))
    var base: String?

    @Option(help: ArgumentHelp("The revision to compare (default: HEAD plus uncommitted and untracked files).", valueName: "rev"))
    var head: String?

    @Option(help: ArgumentHelp(AffectedRenderer.Format.help))
    var format: AffectedRenderer.Format = .text

    @Flag(help: "Say why each target is affected: the changed file and the dependency path from its target (text), or \"because\" (json).")
    var explain = false

    @OptionGroup var loader: LoaderOptions

    func validate() throws {
        if explain && format != .text && format != .json { throw ValidationError("--explain works with --format text or json, not \(format.rawValue)") }
    }

    func run() async throws {
        try await perform(AffectedService(), AffectedService.Request(path: path, base: base, head: head, format: format, loader: loader.loader, explain: explain))
    }
}

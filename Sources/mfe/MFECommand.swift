import ArgumentParser
import MFEKit

/// The `mfe` command: scaffolds µFeature packages, lints the layered dependency graph and pins
/// the MFEs the shell app ships.
@main
struct MFECommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfe",
        abstract: "Build one app out of many independently owned micro-frontends (µFeatures).",
        discussion: """
        mfe scaffolds µFeature packages, checks the layered dependency graph of a workspace,
        and pins the MFE revisions the shell app ships in SwiftPM's Package.resolved format.
        """,
        version: MFEKitVersion.current,
        subcommands: [
            InitCommand.self,
            CreateCommand.self,
            TemplatesCommand.self,
            LintGraphCommand.self,
            ComposeShellCommand.self,
            GraphCommand.self,
            AffectedCommand.self,
        ]
    )
}

/// Runs a subcommand body, turning mfe's input errors into a message on standard error and
/// exit code 2, and the body's own result into the process exit code.
func runCommand(_ body: () async throws -> Int32) async throws {
    let status: Int32
    do {
        status = try await body()
    } catch let error as any InputError {
        Terminal.printError(error.localizedDescription)
        throw ExitCode(2)
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch {
        Terminal.printError("\(error.localizedDescription)")
        throw ExitCode(2)
    }
    if status != 0 { throw ExitCode(status) }
}

import ArgumentParser
import Foundation
import MFEKit

/// The `mfe` command: scaffolds µFeature packages, lints the layered dependency graph and pins
/// the MFEs the shell app ships.
@main
struct MFECommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfe",
        abstract: "Build one app out of many independently owned micro-frontends (µFeatures).",
        discussion: """
            mfe scaffolds µFeature packages, checks the layered dependency graph of a workspace, \
            and pins the MFE revisions the shell app ships in SwiftPM's Package.resolved format.
            """,
        version: versionText,
        subcommands: [
            InitCommand.self,
            CreateCommand.self,
            TemplatesCommand.self,
            LintGraphCommand.self,
            ComposeShellCommand.self,
            GraphCommand.self,
            DumpPackageCommand.self,
            AffectedCommand.self,
            OwnersCommand.self,
        ]
    )

    /// `mfe --version`: the version, and the commit it was built from (`BuildInfo`, written
    /// at build time by `EmbedBuildInfoPlugin`), e.g. `0.3.0 (commit 1a2b3c4d5e6f)`.
    static let versionText = "\(MFEKitVersion.current) (commit \(BuildInfo.commit.map { String($0.prefix(12)) } ?? "unknown: built outside a git checkout"))"

    /// Runs mfe, owning the exit status: output that cannot be written (a full disk, a
    /// closed stream) ends in exit 2 with a message naming the stream, not a trap, and an
    /// interrupt removes mfe's temporary files (`InterruptCleanup`).
    static func main() async {
        ProcessOutput.prepare()
        InterruptCleanup.shared.installSignalHandlers()
        var status: Int32 = 0
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // An interrupt being handled ends mfe with 128 + its signal, not with this error
            // (a child it killed may be why the command failed).
            InterruptCleanup.shared.waitForInterruptHandling()
            status = exitCode(for: error).rawValue
            let message = fullMessage(for: error)
            if !message.isEmpty {
                // As ArgumentParser does: help and --version on standard output, errors on standard error.
                ProcessOutput.write(message + "\n", to: status == 0 ? .output : .error)
            }
        }
        if let failure = ProcessOutput.failure {
            if !ProcessOutput.hasFailed(.error) { Terminal.printError(failure.localizedDescription) }
            status = 2
        }
        InterruptCleanup.shared.waitForInterruptHandling()
        Foundation.exit(status)
    }
}

/// Runs a subcommand body, turning mfe's input errors into a message on standard error and
/// exit code 2, and the body's own result into the process exit code.
func runCommand(_ body: () async throws -> Int32) async throws {
    let status: Int32
    do {
        status = try await body()
    } catch let error as any InputError {
        InterruptCleanup.shared.waitForInterruptHandling()
        Terminal.printError(error.localizedDescription)
        throw ExitCode(2)
    } catch let error as ExitCode {
        throw error
    } catch let error as CleanExit {
        throw error
    } catch {
        InterruptCleanup.shared.waitForInterruptHandling()
        Terminal.printError("\(error.localizedDescription)")
        throw ExitCode(2)
    }
    if status != 0 { throw ExitCode(status) }
}

/// Runs a command's service on `request`: performs the writes the output plans (the one
/// writer), prints it, and exits with its code.
func perform<Service: CommandService>(_ service: Service, _ request: Service.Request) async throws {
    try await runCommand {
        let output = try await service.run(request)
        try await CommandOutputWriter().perform(output)
        for text in output.printed {
            switch text.stream {
            case .output: Terminal.writeOutput(text.text)
            case .error: Terminal.writeError(text.text)
            }
        }
        return output.exitCode
    }
}

/// `--loader`, shared by every command that reads manifests: one option, one help text. The
/// services choose the loader from it (`ServiceEnvironment.manifestLoader(flag:)`).
struct LoaderOptions: ParsableArguments {
    @Option(
        help:
            "How to read Package.swift: 'static' never runs manifest code; 'swiftpm' runs 'swift package dump-package'; 'auto' is static, with SwiftPM only for the manifests the static reader refuses (default: $MFE_LOADER, else static; 'loader:' in mfe.yml never runs manifest code by itself)."
    )
    var loader: ManifestLoaderKind?
}

extension ManifestLoaderKind: ExpressibleByArgument {}

import ArgumentParser
import MFEKit

/// `mfe compose-shell` (placeholder: replaced by the issue that builds it).
struct ComposeShellCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "compose-shell", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe compose-shell' is not built yet") }
    }
}

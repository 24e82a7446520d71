import ArgumentParser
import MFEKit

/// `mfe init` (placeholder: replaced by the issue that builds it).
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe init' is not built yet") }
    }
}

import ArgumentParser
import MFEKit

/// `mfe create` (placeholder: replaced by the issue that builds it).
struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe create' is not built yet") }
    }
}

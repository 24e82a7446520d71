import ArgumentParser
import MFEKit

/// `mfe templates` (placeholder: replaced by the issue that builds it).
struct TemplatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "templates", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe templates' is not built yet") }
    }
}

import ArgumentParser
import MFEKit

/// `mfe affected` (placeholder: replaced by the issue that builds it).
struct AffectedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "affected", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe affected' is not built yet") }
    }
}

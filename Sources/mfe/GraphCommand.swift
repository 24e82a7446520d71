import ArgumentParser
import MFEKit

/// `mfe graph` (placeholder: replaced by the issue that builds it).
struct GraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "graph", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe graph' is not built yet") }
    }
}

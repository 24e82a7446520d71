import ArgumentParser
import MFEKit

/// `mfe lint-graph` (placeholder: replaced by the issue that builds it).
struct LintGraphCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lint-graph", abstract: "(in progress)")

    func run() async throws {
        try await runCommand { throw PlainInputError("'mfe lint-graph' is not built yet") }
    }
}

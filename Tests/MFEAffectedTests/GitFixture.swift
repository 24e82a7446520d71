import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEAffected

/// A real git repository in a temporary directory, for tests of what mfe asks git.
final class GitFixture: @unchecked Sendable {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init() async throws {
        directory = try TemporaryDirectory()
        try await git("init", "--quiet", "--initial-branch=main")
    }

    /// Runs git in the repository (or `subdirectory`) with a fixed identity and no signing,
    /// failing the test on a non-zero exit.
    @discardableResult
    func git(_ arguments: String..., in subdirectory: String? = nil) async throws -> String {
        let identity = ["user.name=mfe tests", "user.email=tests@mfe.invalid", "commit.gpgsign=false"]
        let result = try await Git(environment: [:], options: .local(configuration: identity)).run(arguments, in: subdirectory.map { PathUtilities.join(path, $0) } ?? path)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardError)")
        return result.standardOutput
    }

    func write(_ text: String, to relative: String) throws {
        try directory.write(text, to: relative)
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: PathUtilities.join(path, relative))
    }

    /// Stages everything and commits it.
    func commitAll(_ message: String) async throws {
        try await git("add", "--all")
        try await git("commit", "--quiet", "--allow-empty", "-m", message)
    }
}

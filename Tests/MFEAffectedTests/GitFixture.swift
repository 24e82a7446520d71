import Foundation
@testable import MFEAffected
import MFECore
import MFETestSupport
import Testing

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
        let identity = ["-c", "user.name=mfe tests", "-c", "user.email=tests@mfe.invalid", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null"]
        let result = try await SubprocessRunner().run(
            "git", identity + arguments,
            workingDirectory: subdirectory.map { PathUtilities.join(path, $0) } ?? path,
            environment: GitRepository.environment
        )
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

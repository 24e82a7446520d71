import Foundation
import MFECore
import Testing

/// The Teams article's fixture: the generated workspace (3 foundations, 12 features, the shell;
/// `P7 → P6` is product-to-product) with `owners:` for the features and two foundations,
/// committed on `main` with `feature` checked out.
package enum TeamsWorkspace {
    /// Writes and commits the workspace in a new temporary directory.
    package static func make() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try GeneratedWorkspace.write(at: directory.path, foundations: 3, products: 12, violations: true)
        let configuration = try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8)
        try directory.write(configuration + "owners:\n  \"@acme/features\": [\"P*\"]\n  \"@acme/platform\": [F0, F1]\n", to: "mfe.yml")
        try await git(["init", "--quiet", "--initial-branch=main"], in: directory.path)
        try await git(["add", "--all"], in: directory.path)
        try await git(["commit", "--quiet", "-m", "initial"], in: directory.path)
        try await git(["checkout", "--quiet", "-b", "feature"], in: directory.path)
        return directory
    }

    /// Runs `git arguments…` in `directory`, expecting it to succeed.
    @discardableResult
    static func git(_ arguments: [String], in directory: String) async throws -> ProcessResult {
        let identity = ["user.name=mfe tests", "user.email=tests@mfe.invalid", "commit.gpgsign=false"]
        let result = try await Git(environment: [:], options: .local(configuration: identity)).run(arguments, in: directory)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }
}

import Foundation
import MFECore
import Testing

/// A Feed Me-shaped workspace in a real git repository: Env (foundation) ← Browse (product)
/// ← Shell (shell, app `App`), plus About (product, nothing depends on it) and a nested
/// `Tools` package inside Browse. Committed on `main`; the `feature` branch is checked out.
package final class GitWorkspace: @unchecked Sendable {
    /// The repository's work tree, the workspace folder.
    package let path: String

    /// Writes and commits the Feed Me workspace.
    package init() async throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-e2e-\(UUID().uuidString)").path
        try write(
            "workspace: FeedMe\npackages: [Foundation/*, Features/*, Features/Browse/Tools, Shell]\nlayers:\n  foundation: [Env]\n  product: [Browse, About]\nshell:\n  path: Shell\n", to: "mfe.yml")
        try write(Self.manifest("Env", products: ["Env"], targets: [".target(name: \"Env\")"]), to: "Foundation/Env/Package.swift")
        try write("public enum Env {}\n", to: "Foundation/Env/Sources/Env/Env.swift")
        try write(
            Self.manifest(
                "Browse", products: ["Browse", "BrowseInterface"], dependencies: ["../../Foundation/Env"],
                targets: [
                    ".target(name: \"BrowseInterface\")",
                    ".target(name: \"Browse\", dependencies: [\"BrowseInterface\", .product(name: \"Env\", package: \"Env\")])",
                    ".testTarget(name: \"BrowseTests\", dependencies: [\"Browse\"])",
                ]), to: "Features/Browse/Package.swift")
        try write("public protocol BrowseService {}\n", to: "Features/Browse/Sources/BrowseInterface/BrowseInterface.swift")
        try write("import BrowseInterface\nimport Env\npublic enum Browse {}\n", to: "Features/Browse/Sources/Browse/Browse.swift")
        try write("@testable import Browse\nimport Testing\n", to: "Features/Browse/Tests/BrowseTests/BrowseTests.swift")
        try write(Self.manifest("Tools", products: [], targets: [".executableTarget(name: \"Tools\")"]), to: "Features/Browse/Tools/Package.swift")
        try write("print(1)\n", to: "Features/Browse/Tools/Sources/Tools/main.swift")
        try write(Self.manifest("About", products: ["About"], targets: [".target(name: \"About\")"]), to: "Features/About/Package.swift")
        try write("public enum About {}\n", to: "Features/About/Sources/About/About.swift")
        try write(
            Self.manifest(
                "Shell", products: [], dependencies: ["../Features/Browse", "../Features/About"],
                targets: [
                    ".executableTarget(name: \"App\", dependencies: [.product(name: \"Browse\", package: \"Browse\"), .product(name: \"About\", package: \"About\")])"
                ]), to: "Shell/Package.swift")
        try write("import Browse\nimport About\n", to: "Shell/Sources/App/main.swift")
        try await git("init", "--quiet", "--initial-branch=main")
        try await commitAll("initial")
        try await git("checkout", "--quiet", "-b", "feature")
    }

    /// A repository holding `files` (path → text), committed on `main`, with the `feature`
    /// branch checked out.
    package init(files: [(String, String)]) async throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-e2e-\(UUID().uuidString)").path
        for (relative, text) in files { try write(text, to: relative) }
        try await git("init", "--quiet", "--initial-branch=main")
        try await commitAll("initial")
        try await git("checkout", "--quiet", "-b", "feature")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A manifest of `name` with library `products`, `.package(path:)` `dependencies` and `targets`.
    package static func manifest(_ name: String, products: [String], dependencies: [String] = [], targets: [String]) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [\(products.map { ".library(name: \"\($0)\", targets: [\"\($0)\"])" }.joined(separator: ", "))],
            dependencies: [\(dependencies.map { ".package(path: \"\($0)\")" }.joined(separator: ", "))],
            targets: [
                \(targets.joined(separator: ",\n        "))
            ]
        )

        """
    }

    /// Writes `text` to the file at `relative`, creating its folders.
    package func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Runs `git arguments…` in the work tree, expecting it to succeed.
    @discardableResult
    package func git(_ arguments: String...) async throws -> ProcessResult {
        let identity = ["user.name=mfe tests", "user.email=tests@mfe.invalid", "commit.gpgsign=false"]
        let result = try await Git(environment: [:], options: .local(configuration: identity)).run(arguments, in: path)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    /// Commits every change.
    package func commitAll(_ message: String) async throws {
        try await git("add", "--all")
        try await git("commit", "--quiet", "--allow-empty", "-m", message)
    }
}

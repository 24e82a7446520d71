import Foundation
import MFEKit
import MFETestSupport
import Testing

/// Real git repositories of MFEs in a temporary directory, and a shell package depending on
/// them: the world `mfe compose-shell` and `swift package resolve` are compared in.
final class ComposeFixture: @unchecked Sendable {
    let root: String
    let cache: String
    static let gitEnvironment: [String: String?] = [
        "GIT_AUTHOR_NAME": "mfe", "GIT_AUTHOR_EMAIL": "mfe@example.com",
        "GIT_COMMITTER_NAME": "mfe", "GIT_COMMITTER_EMAIL": "mfe@example.com",
        "GIT_CONFIG_NOSYSTEM": "1",
    ]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-compose-\(UUID().uuidString.prefix(8))").path
        cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: root + "/repos", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ name: String) -> String { root + "/repos/" + name }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @discardableResult
    func git(_ arguments: [String], in directory: String) async throws -> String {
        let result = try await SubprocessRunner().run("git", arguments, workingDirectory: directory, environment: Self.gitEnvironment)
        guard result.status == 0 else { throw PlainInputError("git \(arguments.joined(separator: " ")) failed: \(result.standardError)") }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A library package `name` whose target uses the products of `dependencies`
    /// (`.package(url:…)` lines), with an `mfe.yml` when `layer` is given.
    func manifest(_ name: String, dependencies: [(url: String, requirement: String, package: String)] = [], tools: String = "5.9") -> String {
        let declared = dependencies.map { "        .package(url: \"\($0.url)\", \($0.requirement)),\n" }.joined()
        let used = dependencies.map { ".product(name: \"\($0.package)\", package: \"\($0.package)\")" }.joined(separator: ", ")
        return """
            // swift-tools-version: \(tools)
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],
                dependencies: [
            \(declared)    ],
                targets: [.target(name: "\(name)", dependencies: [\(used)])]
            )

            """
    }

    /// Creates repository `name` (or adds a commit to it) with `manifest` and tags the commit.
    @discardableResult
    func release(_ name: String, manifest: String, tags: [String], layer: String? = nil) async throws -> String {
        let directory = path(name)
        if !FileManager.default.fileExists(atPath: directory + "/.git") {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try await git(["init", "-q", "-b", "main"], in: directory)
        }
        try write(manifest, to: directory + "/Package.swift")
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: directory + "/Sources/\(name)")) ?? []).count
        try write("public let \(name.lowercased())Release\(count) = \(count)\n", to: directory + "/Sources/\(name)/Release\(count).swift")
        if let layer { try write("feature: \(name)\nlayer: \(layer)\n", to: directory + "/mfe.yml") }
        try await git(["add", "-A"], in: directory)
        try await git(["commit", "-q", "-m", "release \(tags.joined(separator: ", "))"], in: directory)
        for tag in tags { try await git(["tag", tag], in: directory) }
        return try await git(["rev-parse", "HEAD"], in: directory)
    }

    /// The shell package at `root/Shell`, depending on `dependencies` and using every product.
    @discardableResult
    func shell(tools: String, dependencies: [(url: String, requirement: String, package: String)]) throws -> String {
        let directory = root + "/Shell"
        let declared = dependencies.map { "        .package(url: \"\($0.url)\", \($0.requirement)),\n" }.joined()
        let used = dependencies.map { ".product(name: \"\($0.package)\", package: \"\($0.package)\")" }.joined(separator: ", ")
        try write(
            """
            // swift-tools-version: \(tools)
            import PackageDescription

            let package = Package(
                name: "Shell",
                dependencies: [
            \(declared)    ],
                targets: [.executableTarget(name: "Shell", dependencies: [\(used)])]
            )

            """, to: directory + "/Package.swift")
        try write("print(\"shell\")\n", to: directory + "/Sources/Shell/main.swift")
        return directory
    }

    /// Runs the built mfe with the fixture's cache.
    func mfe(_ arguments: [String], environment: [String: String?] = [:]) async throws -> ProcessResult {
        var environment = environment
        environment["XDG_CACHE_HOME"] = cache
        return try await MFEBinary.run(arguments, in: root, environment: environment)
    }

    /// Runs the real `swift package resolve` in `directory` with its own caches.
    func swiftResolve(in directory: String, environment: [String: String?] = [:]) async throws -> ProcessResult {
        try await SubprocessRunner().run("swift", ["package", "resolve", "--cache-path", root + "/swiftpm-cache"], workingDirectory: directory, environment: environment)
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }
}

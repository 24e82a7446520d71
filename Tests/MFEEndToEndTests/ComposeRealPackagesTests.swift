import Foundation
import MFEKit
import MFETestSupport
import Testing

/// `mfe compose-shell` and the real `swift package resolve` on real packages from the
/// machine's mirrors (git's `insteadOf` maps https://github.com/ there), both cold, compared
/// byte for byte, with the layer rules on (external packages such as Nimble are not linted). Slow (SwiftPM compiles every manifest): few shells, each covering several
/// cases, SwiftPM's cache folder shared. `MFE_SKIP_INTEGRATION=1` skips them.
@Suite(
    "compose-shell equals swift package resolve on real packages",
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil && FileManager.default.fileExists(atPath: "/opt/swift-packages/vapor/vapor.git"))
)
struct ComposeRealPackagesTests {
    static let mirrors = "/opt/swift-packages"
    static let swiftCache = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-real-packages-swiftpm-cache").path

    /// The commit a mirror's tag points at.
    static func commit(_ repository: String, tag: String) async throws -> String {
        let result = try await SubprocessRunner().run("git", ["-C", mirrors + "/" + repository, "rev-parse", "\(tag)^{commit}"], workingDirectory: nil, environment: [:])
        guard result.status == 0 else { throw PlainInputError("no tag \(tag) in \(repository)") }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes a shell requiring `dependencies` (`.package(…)` argument lists), composes it with
    /// mfe and resolves a copy with SwiftPM, and expects the same bytes.
    func expectSameFile(_ dependencies: [String], _ comment: Comment) async throws {
        let fixture = try ComposeFixture()
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                dependencies: [
            \(dependencies.map { "        .package(\($0)),\n" }.joined())    ],
                targets: [.executableTarget(name: "Shell")]
            )

            """
        for folder in ["Shell", "ShellSwiftPM"] {
            try fixture.write(manifest, to: fixture.root + "/\(folder)/Package.swift")
            try fixture.write("print(\"shell\")\n", to: fixture.root + "/\(folder)/Sources/Shell/main.swift")
        }
        let composed = try await fixture.mfe(["compose-shell", "Shell", "--loader", "auto"])
        #expect(composed.status == 0, "\(comment): \(composed.standardError)")
        let resolved = try await SubprocessRunner().run("swift", ["package", "resolve", "--cache-path", Self.swiftCache], workingDirectory: fixture.root + "/ShellSwiftPM", environment: [:])
        #expect(resolved.status == 0, "\(comment): \(resolved.standardError)")
        let mine = fixture.contents(fixture.root + "/Shell/Package.resolved")
        let theirs = fixture.contents(fixture.root + "/ShellSwiftPM/Package.resolved")
        #expect(mine != nil && mine == theirs, "\(comment): mfe wrote\n\(mine ?? "nothing")\nSwiftPM wrote\n\(theirs ?? "nothing")")
    }

    @Test func aLargeServerGraph() async throws {
        try await expectSameFile(
            [
                "url: \"https://github.com/vapor/vapor.git\", from: \"4.0.0\"",
                "url: \"https://github.com/vapor/fluent-postgres-driver.git\", from: \"2.0.0\"",
                "url: \"https://github.com/vapor/leaf.git\", from: \"4.0.0\"",
            ], "vapor, fluent and leaf (~30 packages)")
    }

    @Test func rangesAcrossAMajorBranchesRevisionsAndSpellings() async throws {
        let algorithms = try await Self.commit("apple/swift-algorithms.git", tag: "1.2.1")
        let numerics = try await Self.commit("apple/swift-numerics.git", tag: "1.1.1")
        try await expectSameFile(
            [
                "url: \"https://github.com/apple/swift-argument-parser\", \"0.4.0\"..<\"2.0.0\"",
                "url: \"https://github.com/apple/swift-collections.git\", branch: \"main\"",
                "url: \"https://github.com/apple/swift-algorithms.git\", revision: \"\(algorithms)\"",
                "url: \"https://github.com/apple/swift-numerics\", revision: \"\(numerics.prefix(7))\"",
                "url: \"git@github.com:apple/swift-log.git\", from: \"1.0.0\"",
                "url: \"https://github.com/quick/nimble.git\", \"13.0.0\"..<\"15.0.0\"",
            ], "a range across a major, branch, full and short revision, ssh and case/.git spellings")
    }

    @Test func executablesBringDependenciesAndATransitivePackageHasTwoSpellings() async throws {
        // swift-openapi-generator's executable and plugin bring swift-argument-parser and
        // more; it names swift-algorithms without '.git', async-http-client with it.
        try await expectSameFile(
            [
                "url: \"https://github.com/apple/swift-openapi-generator\", from: \"1.0.0\"",
                "url: \"https://github.com/swift-server/async-http-client.git\", from: \"1.0.0\"",
            ], "executables' dependencies and a transitive package spelled two ways")
    }
}

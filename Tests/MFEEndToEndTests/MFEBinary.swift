import Foundation
import MFEKit
import MFETestSupport
import Testing

/// Runs the built `mfe` executable, as a user would, and captures what it prints.
enum MFEBinary {
    /// The `mfe` under test: `MFE_BINARY` when set (CI points it at the release build users
    /// install), else the one built next to the test bundle in the build products folder.
    static var path: String {
        if let binary = ProcessInfo.processInfo.environment["MFE_BINARY"], !binary.isEmpty {
            return PathUtilities.absolute(binary, relativeTo: FileManager.default.currentDirectoryPath)
        }
        let products = Bundle.main.bundleURL.deletingLastPathComponent().path
        for candidate in [Bundle.main.bundleURL.path, products] {
            let executable = PathUtilities.join(candidate, "mfe")
            if FileManager.default.isExecutableFile(atPath: executable) { return executable }
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let executable = PathUtilities.join(bundle.bundleURL.deletingLastPathComponent().path, "mfe")
            if FileManager.default.isExecutableFile(atPath: executable) { return executable }
        }
        return PathUtilities.join(products, "mfe")
    }

    /// Whether the `mfe` under test is a debug build, the only one with the test hooks
    /// (`MFE_TEST_PAUSE_BEFORE_RENAME`): the release build users install has none.
    static var hasTestHooks: Bool {
        path.split(separator: "/").contains("debug")
    }

    /// Runs `mfe arguments…` in `directory` with `environment` added (NO_COLOR set so output is
    /// plain), returning status, stdout and stderr.
    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String?] = [:]) async throws -> ProcessResult {
        var environment = environment
        environment["NO_COLOR"] = environment["NO_COLOR"] ?? "1"
        return try await SubprocessRunner().run(path, arguments, workingDirectory: directory, environment: environment)
    }
}

@Suite("mfe binary")
struct MFEBinaryTests {
    /// The checkout the tests (and the `mfe` under test) are built from.
    static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `VERSION (commit ID)`, the commit being one of this repository's (the build read it from
    /// the checkout's HEAD), or `unknown` for a build outside a git checkout.
    @Test func printsItsVersionAndTheCommitItWasBuiltFrom() async throws {
        let result = try await MFEBinary.run(["--version"])
        #expect(result.status == 0)
        let prefix = MFEKitVersion.current + " (commit "
        #expect(result.standardOutput.hasPrefix(prefix) && result.standardOutput.hasSuffix(")\n"), "\(result.standardOutput)")
        guard FileManager.default.fileExists(atPath: PathUtilities.join(Self.packageRoot, ".git")) else { return }
        let commit = String(result.standardOutput.dropFirst(prefix.count).prefix { $0 != ")" })
        #expect(commit.count == 12 && commit.allSatisfy(\.isHexDigit), "\(commit)")
        let known = try await SubprocessRunner().run("/usr/bin/env", ["git", "-C", Self.packageRoot, "cat-file", "-e", commit + "^{commit}"])
        #expect(known.status == 0, "\(commit) is not a commit of \(Self.packageRoot)")
    }

    @Test func listsEverySubcommandInHelp() async throws {
        let result = try await MFEBinary.run(["--help"])
        #expect(result.status == 0)
        for command in ["init", "create", "templates", "lint-graph", "compose-shell", "graph", "affected"] {
            #expect(result.standardOutput.contains("  \(command)"), "help lacks \(command)")
        }
    }

    /// Help paragraphs are wrapped by the terminal width only: no sentence breaks early because
    /// the source string had a newline in it (every line of a paragraph but its last is long).
    @Test(arguments: [[], ["init"], ["create"], ["lint-graph"], ["compose-shell"], ["graph"], ["affected"], ["dump-package"]])
    func helpParagraphsAreNotBrokenMidSentence(command: [String]) async throws {
        let result = try await MFEBinary.run(command + ["--help"])
        #expect(result.status == 0)
        let discussion = result.standardOutput.components(separatedBy: "\n\nUSAGE:")[0]
        for paragraph in discussion.components(separatedBy: "\n\n") where !paragraph.hasPrefix("  ") && !paragraph.contains("\n  ") {
            let lines = paragraph.split(separator: "\n")
            for line in lines.dropLast() {
                #expect(line.count >= 55, "\(command): '\(line)' ends a line early in:\n\(paragraph)")
            }
        }
    }

    @Test func anUnknownFlagIsAUsageError() async throws {
        let result = try await MFEBinary.run(["--no-such-flag"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--no-such-flag"))
    }
}

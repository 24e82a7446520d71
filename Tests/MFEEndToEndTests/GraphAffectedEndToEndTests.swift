import Foundation
import MFEKit
import MFETestSupport
import Testing

/// What `mfe affected` and `mfe graph` are as processes: argument parsing, and the environment
/// git inherits. Their output is checked in process (MFEFrontendTests: `AffectedServiceTests`,
/// `GraphServiceTests`).
@Suite("mfe affected")
struct AffectedEndToEndTests {
    @Test func aFolderOutsideGitOrAnUnknownFormatIsRefused() async throws {
        let workspace = try await GitWorkspace()
        try FileManager.default.removeItem(atPath: workspace.path + "/.git")
        let outside = try await MFEBinary.run(["affected", "--base", "main"], in: workspace.path, environment: ["GIT_CEILING_DIRECTORIES": (workspace.path as NSString).deletingLastPathComponent])
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("not inside a git work tree"))

        let badFormat = try await MFEBinary.run(["affected", "--base", "main", "--format", "xml"], in: workspace.path)
        #expect(badFormat.status == 64)
    }
}

@Suite("mfe graph")
struct GraphEndToEndTests {
    @Test func depthNeedsAPackageAndACount() async throws {
        let workspace = try await GitWorkspace()
        let depthAlone = try await MFEBinary.run(["graph", "--depth", "1"], in: workspace.path)
        #expect(depthAlone.status == 64)
        #expect(depthAlone.standardError.contains("--depth needs --package"))
        let negative = try await MFEBinary.run(["graph", "--package", "Env", "--depth", "-1"], in: workspace.path)
        #expect(negative.status == 64)
    }

    @Test func anUnknownFormatIsAUsageError() async throws {
        let workspace = try await GitWorkspace()
        let format = try await MFEBinary.run(["graph", "--format", "svg"], in: workspace.path)
        #expect(format.status == 64)
    }
}

import Foundation
import MFEKit
import Testing

/// Package discovery and source reading end quickly on symbolic link loops and on huge trees,
/// and a folder with no package is an error, not a green run.
@Suite("discovery on hostile trees")
struct DiscoveryEndToEndTests {
    @Test(.timeLimit(.minutes(20))) func linkLoopsAreFollowedOnce() async throws {
        let fixture = try HostileInputFixture()
        symlink(".", fixture.path + "/self")
        symlink("..", fixture.path + "/Home/up")
        symlink("..", fixture.path + "/Home/Sources/Home/up")
        symlink(".", fixture.path + "/Home/Sources/Home/self")
        symlink("/", fixture.path + "/root")
        for arguments in [["lint-graph"], ["lint-graph", "--imports"], ["graph", "--format", "json"]] {
            let result = try await MFEBinary.run(arguments, in: fixture.path)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardError.isEmpty, "\(arguments)")
        }
        let lint = try await MFEBinary.run(["lint-graph", "--format", "json"], in: fixture.path)
        #expect(lint.standardOutput.contains("\"packages\": 2,"), "\(lint.standardOutput)")
    }

    @Test(.timeLimit(.minutes(20))) func aGlobstarFollowsEachFolderOnce() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write("workspace: Tiny\npackages: [\"**\"]\nlayers:\n  foundation: [Env]\n  product: [Home]\n", to: "mfe.yml")
        symlink(".", fixture.path + "/self")
        symlink("..", fixture.path + "/Env/up")
        let result = try await MFEBinary.run(["lint-graph", "--format", "json"], in: fixture.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"packages\": 2,"))
    }

    /// The root of the file system is no workspace: mfe stops quickly with a message instead
    /// of walking every disk.
    @Test(.timeLimit(.minutes(20))) func theRootOfTheFileSystemEndsQuickly() async throws {
        let result = try await MFEBinary.run(["lint-graph", "/"])
        #expect(result.status == 2, "\(result.standardOutput)")
        #expect(result.standardError.hasPrefix("error: "))
        #expect(result.standardError.contains("run it in the workspace's own folder") || result.standardError.contains("Run mfe in the workspace's own folder"), "\(result.standardError)")
    }

    @Test(arguments: [["lint-graph"], ["graph"], ["affected", "--base", "HEAD"]])
    func aFolderWithoutPackagesIsExitTwo(arguments: [String]) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/docs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await MFEBinary.run(arguments + [directory])
        #expect(result.status == 2)
        #expect(result.standardError == "error: no Package.swift under '\(directory)'; give the path of a workspace or package folder, or create a package with 'mfe create NAME'\n")
    }

    @Test func packagesGlobsMatchingNothingAreExitTwo() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write("workspace: Tiny\npackages: [\"Featurez/*\"]\n", to: "mfe.yml")
        let result = try await MFEBinary.run(["lint-graph"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.standardError.contains("no folder matched by 'packages:' ('Featurez/*') holds a Package.swift"))
    }
}

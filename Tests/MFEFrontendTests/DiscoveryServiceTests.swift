import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// Package discovery and source reading end quickly on symbolic link loops and on huge trees,
/// and a folder with no package is an error, not a green run: in process, on the real disk
/// (its links and folder identities are what is walked).
@Suite("discovery on hostile trees, in process")
struct DiscoveryServiceTests {
    @Test(.hangGuard(processes: 3)) func linkLoopsAreFollowedOnce() async throws {
        let fixture = try HostileInputFixture()
        symlink(".", fixture.path + "/self")
        symlink("..", fixture.path + "/Home/up")
        symlink("..", fixture.path + "/Home/Sources/Home/up")
        symlink(".", fixture.path + "/Home/Sources/Home/self")
        symlink("/", fixture.path + "/root")
        let mfe = InProcessMFE(in: fixture.path)
        let runs = [
            ("lint-graph", await mfe.lintGraph(.init())), ("lint-graph --imports", await mfe.lintGraph(.init(imports: true))),
            ("graph --format json", await mfe.graph(.init(format: .json))),
        ]
        for (arguments, result) in runs {
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardError.isEmpty, "\(arguments)")
        }
        let lint = await InProcessMFE(in: fixture.path).lintGraph(.init(format: .json))
        #expect(lint.standardOutput.contains("\"packages\": 2,"), "\(lint.standardOutput)")
    }

    @Test(.hangGuard(processes: 3)) func aGlobstarFollowsEachFolderOnce() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write("workspace: Tiny\npackages: [\"**\"]\nlayers:\n  foundation: [Env]\n  product: [Home]\n", to: "mfe.yml")
        symlink(".", fixture.path + "/self")
        symlink("..", fixture.path + "/Env/up")
        let result = await InProcessMFE(in: fixture.path).lintGraph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"packages\": 2,"))
    }

    /// The root of the file system is no workspace: mfe stops quickly with a message instead
    /// of walking every disk.
    @Test(.hangGuard(processes: 3)) func theRootOfTheFileSystemEndsQuickly() async throws {
        let result = await InProcessMFE().lintGraph(.init(path: "/"))
        #expect(result.status == 2, "\(result.standardOutput)")
        #expect(result.standardError.hasPrefix("error: "))
        #expect(result.standardError.contains("run it in the workspace's own folder") || result.standardError.contains("Run mfe in the workspace's own folder"), "\(result.standardError)")
    }

    @Test(arguments: ["lint-graph", "graph", "affected --base HEAD"])
    func aFolderWithoutPackagesIsExitTwo(command: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/docs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let mfe = InProcessMFE()
        let result: ProcessResult
        switch command {
        case "lint-graph": result = await mfe.lintGraph(.init(path: directory))
        case "graph": result = await mfe.graph(.init(path: directory))
        default: result = await mfe.affected(.init(path: directory, base: "HEAD"))
        }
        #expect(result.status == 2)
        #expect(result.standardError == "error: no Package.swift under '\(directory)'; give the path of a workspace or package folder, or create a package with 'mfe create NAME'\n")
    }

    @Test func packagesGlobsMatchingNothingAreExitTwo() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write("workspace: Tiny\npackages: [\"Featurez/*\"]\n", to: "mfe.yml")
        let result = await InProcessMFE(in: fixture.path).lintGraph(.init())
        #expect(result.status == 2)
        #expect(result.standardError.contains("no folder matched by 'packages:' ('Featurez/*') holds a Package.swift"))
    }
}

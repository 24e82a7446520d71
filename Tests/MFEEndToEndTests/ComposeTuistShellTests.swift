import Foundation
import MFEKit
import MFETestSupport
import Testing

/// `mfe compose-shell` on a Tuist shell, against real git repositories: Tuist resolves
/// `Tuist/Package.swift` with SwiftPM (`tuist install`), so mfe writes `Tuist/Package.resolved`
/// and the real `swift package resolve` in `Tuist/` must leave it byte for byte.
@Suite("mfe compose-shell on Tuist shells", .hangGuard(processes: 5))
struct ComposeTuistShellTests {
    /// Kit (2.0.1, 2.1.0) and Env (0.3.2, 0.3.3), each its own repository.
    static func makeWorld(_ fixture: ComposeFixture) async throws {
        for tag in ["2.0.1", "2.1.0"] { try await fixture.release("Kit", manifest: fixture.manifest("Kit"), tags: [tag]) }
        for tag in ["0.3.2", "0.3.3"] { try await fixture.release("Env", manifest: fixture.manifest("Env"), tags: [tag]) }
    }

    /// A Tuist shell at `root/App`: a `Project.swift` using `.external` products, and
    /// `Tuist/Package.swift` (with Tuist's `#if TUIST` settings) requiring Kit and Env by URL.
    @discardableResult
    static func tuistShell(_ fixture: ComposeFixture, tools: String = "6.0", kit: String = "from: \"2.0.0\"") throws -> String {
        let root = fixture.root + "/App"
        try fixture.write(
            """
            import ProjectDescription

            let project = Project(
                name: "App",
                targets: [
                    .target(
                        name: "App", destinations: .iOS, product: .app, bundleId: "com.acme.app", sources: ["Sources/**"],
                        dependencies: [.external(name: "Kit"), .external(name: "Env")]
                    )
                ]
            )

            """, to: root + "/Project.swift")
        try fixture.write(
            """
            // swift-tools-version: \(tools)
            import PackageDescription

            #if TUIST
                import ProjectDescription

                let packageSettings = PackageSettings(productTypes: ["Kit": .framework])
            #endif

            let package = Package(
                name: "App",
                dependencies: [
                    .package(url: "file://\(fixture.path("Kit"))", \(kit)),
                    .package(url: "file://\(fixture.path("Env"))", .upToNextMinor(from: "0.3.0")),
                ]
            )

            """, to: root + "/Tuist/Package.swift")
        try fixture.write("import UIKit\n", to: root + "/Sources/App.swift")
        return root
    }

    @Test(arguments: ["5.9", "6.0"])
    func writesTuistPackageResolvedAsSwiftPMDoes(tools: String) async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let root = try Self.tuistShell(fixture, tools: tools)
        let result = try await fixture.mfe(["compose-shell", "App"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Kit 2.1.0 (added)"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Env 0.3.3 (added)"), "\(result.standardOutput)")
        let resolvedPath = root + "/Tuist/Package.resolved"
        let written = try #require(fixture.contents(resolvedPath))
        #expect(!FileManager.default.fileExists(atPath: root + "/Package.resolved"))

        let resolve = try await fixture.swiftResolve(in: root + "/Tuist")
        #expect(resolve.status == 0, "\(resolve.standardError)")
        #expect(fixture.contents(resolvedPath) == written, "swift package resolve rewrote mfe's Tuist/Package.resolved")
        // With no pins, SwiftPM picks what mfe picked.
        try FileManager.default.removeItem(atPath: root + "/Tuist/.build")
        try FileManager.default.removeItem(atPath: resolvedPath)
        let fresh = try await fixture.swiftResolve(in: root + "/Tuist")
        #expect(fresh.status == 0, "\(fresh.standardError)")
        #expect(fixture.contents(resolvedPath) == written, "SwiftPM's own pins differ from mfe's")
        #expect(try await fixture.mfe(["compose-shell", "App", "--check"]).status == 0)
    }

    @Test func checkAndUpdateBehaveAsForEveryShell() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let root = try Self.tuistShell(fixture, kit: "exact: \"2.0.1\"")
        try fixture.write("workspace: App\nshell:\n  project: App/Project.swift\n", to: fixture.root + "/mfe.yml")
        #expect(try await fixture.mfe(["compose-shell", "--no-lint"]).status == 0)
        let resolvedPath = root + "/Tuist/Package.resolved"
        let pinned = try #require(fixture.contents(resolvedPath))
        #expect(pinned.contains("\"version\" : \"2.0.1\""))

        // The requirement moves: --check reports the stale file and writes nothing.
        try Self.tuistShell(fixture, kit: "from: \"2.0.0\"")
        let check = try await fixture.mfe(["compose-shell", "--check"])
        #expect(check.status == 1, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardError.contains("App/Tuist/Package.resolved"), "\(check.standardError)")
        #expect(fixture.contents(resolvedPath) == pinned)
        // Kept pins still satisfy `from: 2.0.0`: only the originHash moves; --update Kit moves Kit.
        #expect(try await fixture.mfe(["compose-shell"]).status == 0)
        #expect(fixture.contents(resolvedPath)?.contains("\"version\" : \"2.0.1\"") == true)
        let update = try await fixture.mfe(["compose-shell", "--update", "Kit"])
        #expect(update.status == 0, "\(update.standardError)")
        #expect(update.standardOutput.contains("Kit 2.0.1 → 2.1.0"), "\(update.standardOutput)")
        let resolve = try await fixture.swiftResolve(in: root + "/Tuist")
        #expect(resolve.status == 0, "\(resolve.standardError)")
        #expect(fixture.contents(resolvedPath)?.contains("\"version\" : \"2.1.0\"") == true)
    }

    @Test func aTuistShellWithoutTuistPackageSwiftIsExit2SayingWhatToDo() async throws {
        let fixture = try ComposeFixture()
        try fixture.write("import ProjectDescription\nlet tuist = Tuist()\n", to: fixture.root + "/App/Tuist.swift")
        try fixture.write("import ProjectDescription\nlet project = Project(name: \"App\")\n", to: fixture.root + "/App/Project.swift")
        let result = try await fixture.mfe(["compose-shell", "App"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("App/Tuist/Package.swift' does not exist: the Tuist shell declares no external packages to pin"), "\(result.standardError)")
    }

    @Test func lintGraphRefusesAnImportOfAGitPluginNotOnDisk() async throws {
        let fixture = try ComposeFixture()
        try fixture.write(
            "import ProjectDescription\n\nlet config = Config(plugins: [.git(url: \"https://github.com/acme/Remote.git\", tag: \"1.0.0\")])\n",
            to: fixture.root + "/App/Tuist/Config.swift")
        try fixture.write("import ProjectDescription\nimport RemotePlugin\n\nlet project = Project.remote(name: \"App\")\n", to: fixture.root + "/App/Project.swift")
        let result = try await fixture.mfe(["lint-graph", "App"])
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("Project.swift:2:8: 'import RemotePlugin' is no local plugin of"), "\(result.standardError)")
        #expect(result.standardError.contains("'https://github.com/acme/Remote.git' ('1.0.0') is not on disk"), "\(result.standardError)")
    }
}

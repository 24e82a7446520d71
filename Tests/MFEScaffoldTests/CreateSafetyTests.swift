import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEScaffold

/// A create that finishes or can be finished: the workspace lock, dead runs' temporaries,
/// `--wire-only`, names that clash with the shell, and `--web` URLs as Foundation reads them.
@Suite("create safety", .timeLimit(.minutes(2)))
struct CreateSafetyTests {
    // MARK: The workspace lock

    @Test func holdersTakeTurnsAndTheLockFileGoesWithTheLastOne() async throws {
        let directory = try TemporaryDirectory()
        let lockFile = PathUtilities.join(directory.path, WorkspaceLock.fileName)
        let first = try await WorkspaceLock.acquire(workspaceRoot: directory.path)
        #expect(try String(contentsOfFile: lockFile, encoding: .utf8) == "\(getpid())\n")
        // A second holder times out while the first holds it (flock is per open file, so this
        // works within one process too).
        await #expect(throws: ScaffoldError.lockTimeout(path: lockFile, holder: getpid(), seconds: 0)) {
            _ = try await WorkspaceLock.acquire(workspaceRoot: directory.path, timeout: 0.2)
        }
        let second = Task { try await WorkspaceLock.acquire(workspaceRoot: directory.path, timeout: 30) }
        try await Task.sleep(nanoseconds: 100_000_000)
        first.release()
        let lock = try await second.value
        #expect(FileManager.default.fileExists(atPath: lockFile))
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: lockFile), "no lock file outlives its run")
    }

    /// A lock file left by a run killed outright (its pid written, no flock held any more) is
    /// simply taken: the kernel dropped the dead run's lock.
    @Test func aDeadRunsLockFileIsTakenOver() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("2147483646\n", to: WorkspaceLock.fileName)
        let lock = try await WorkspaceLock.acquire(workspaceRoot: directory.path, timeout: 1)
        #expect(try String(contentsOfFile: PathUtilities.join(directory.path, WorkspaceLock.fileName), encoding: .utf8) == "\(getpid())\n")
        lock.release()
    }

    // MARK: Temporaries of dead runs

    @Test(
        arguments: [
            (".mfe-Zed-123-456", Int32(123)), (".mfe-Zed-31671-4082961767", 31671), (".AppRouter.swift.mfe-77-1", 77), (".Package.swift.mfe-9-42", 9),
            (".mfe-create.lock", nil), (".mfe-Zed-123", nil), (".mfe-Zed-x-1", nil), ("mfe-Zed-1-2", nil),
            (".mfe-Zed-Old-1-2", nil), (".notes.mfe-1-x", nil), (".mfe-Zed-0-1", nil), (".mfe-adopt-12", nil),
        ] as [(String, Int32?)])
    func namesMfeGivesItsTemporaries(name: String, owner: Int32?) {
        #expect(StaleTemporaries.owner(ofName: name) == owner)
    }

    @Test func removesTemporariesOfDeadRunsOnly() throws {
        let directory = try TemporaryDirectory()
        let dead = "2147483646"
        let alive = "\(getpid())"
        for name in [".mfe-Zed-\(dead)-1/README.md", ".AppRouter.swift.mfe-\(dead)-7", ".mfe-Live-\(alive)-1/README.md", ".AppRouter.swift.mfe-\(alive)-3", ".mfe-notes", "Zed/README.md"] {
            try directory.write("x\n", to: name)
        }
        // A live pid's temporary older than the bound is taken too: the pid was reused.
        try directory.write("x\n", to: ".mfe-Old-\(alive)-9/README.md")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * StaleTemporaries.maximumAge)], ofItemAtPath: directory.path + "/.mfe-Old-\(alive)-9")
        let removed = StaleTemporaries.remove(in: [directory.path], fileSystem: LocalFileSystem())
        #expect(removed.map { ($0 as NSString).lastPathComponent }.sorted() == [".AppRouter.swift.mfe-\(dead)-7", ".mfe-Old-\(alive)-9", ".mfe-Zed-\(dead)-1"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [".AppRouter.swift.mfe-\(alive)-3", ".mfe-Live-\(alive)-1", ".mfe-notes", "Zed"])
    }

    // MARK: Wiring an existing feature

    static func workspace() async throws -> (TemporaryDirectory, String) {
        try await FeatureScaffolderTests.makeWorkspace()
    }

    static func plan(_ request: CreateRequest, in root: String) async throws -> ScaffoldPlan {
        try await FeatureScaffolderTests.scaffolder(in: root).plan(request)
    }

    static func problems(_ request: CreateRequest, in root: String) async -> [ScaffoldError] {
        await FeatureScaffolderTests.problems(request, in: root)
    }

    /// A feature created with `--no-wire` (as one whose create was killed while wiring is
    /// left) is named by a plain re-run and wired by `--wire-only`, as the create would have.
    @Test(arguments: [[], ["Core"]], [nil, "https://example.com/zed"] as [String?])
    func wireOnlyWiresAFeatureTheWayCreateWould(dependencies: [String], web: String?) async throws {
        let (directory, root) = try await Self.workspace()
        _ = directory
        let request = CreateRequest(name: "Zed", dependencies: dependencies, webURL: web)
        var unwired = request
        unwired.wire = false
        let created = try await Self.plan(request, in: root)
        try ScaffoldWriter().write(try await Self.plan(unwired, in: root))

        let rerun = await Self.problems(request, in: root)
        #expect(rerun.contains(.destinationExists("Features/Zed", wireOnly: "Zed")), "\(rerun)")

        let wiring = try await Self.plan(CreateRequest(name: "Zed", wireOnly: true), in: root)
        #expect(!wiring.createsDestination && wiring.files.isEmpty && !wiring.wiringRefused)
        #expect(wiring.edits == created.edits, "the same edits as the create would have made")
        try ScaffoldWriter().write(wiring)

        #expect(await Self.problems(CreateRequest(name: "Zed", wireOnly: true), in: root) == [.alreadyWired("Zed", directory: "Features/Zed")])
        let wired = await Self.problems(request, in: root)
        #expect(wired.contains(.destinationExists("Features/Zed", wireOnly: nil)), "\(wired)")
    }

    @Test func wireOnlyNeedsAProductFeatureOfTheWorkspace() async throws {
        let (directory, root) = try await Self.workspace()
        _ = directory
        #expect(await Self.problems(CreateRequest(name: "Nope", wireOnly: true), in: root) == [.noFeatureToWire("Nope")])
        #expect(await Self.problems(CreateRequest(name: "Core", wireOnly: true), in: root) == [.notAProductFeature("Core", directory: "Foundation/Core", layer: .foundation)])
    }

    // MARK: Names that clash with the shell

    @Test(arguments: [
        (
            "App",
            [
                ScaffoldError.moduleNamedLikeShellType("App", module: "App", file: "SwiftUI (the protocol the shell's app conforms to)"),
                .typeDeclaredByShell("App", type: "AppDependencies", file: "Shell/Sources/DemoComposition/AppDependencies.swift"),
            ]
        ),
        ("AppRoot", [.typeDeclaredByShell("AppRoot", type: "AppRootView", file: "Shell/Sources/DemoComposition/AppRootView.swift")]),
        ("Root", [.routeTaken("Root", route: "root", owner: "'case root' of AppRoute in Shell/Sources/DemoComposition/AppRouter.swift")]),
        ("Dependencies", [.routeTaken("Dependencies", route: "dependencies", owner: "the member 'dependencies' of AppComposition in Shell/Sources/DemoComposition/AppComposition.swift")]),
        ("Demo", [.nameIsWorkspace("Demo")]),
    ])
    func aNameClashingWithTheShellIsRefusedBeforeAnythingIsWritten(name: String, problems: [ScaffoldError]) async throws {
        let (directory, root) = try await Self.workspace()
        _ = directory
        #expect(await Self.problems(CreateRequest(name: name), in: root) == problems)
        var unwired = CreateRequest(name: name)
        unwired.wire = false
        #expect(await Self.problems(unwired, in: root) == problems, "the clash stays when wiring is left for later")
    }

    @Test func findsTheTypesATemplateDeclaresAtTheTopLevel() {
        let text =
            "import Foundation\n\n/// A class of things.\n@MainActor\npublic final class SearchModel {\n    enum State {}\n}\npublic protocol SearchDependencies: Sendable {}\nstruct Item<T>: Hashable {}\nextension Foo {}\n#if canImport(SwiftUI)\npublic struct SearchView: View {}\n#endif\n"
        #expect(ShellNames.declaredTypes(in: [("a.swift", text), ("README.md", "struct NotSwift {}\n")]) == ["SearchModel", "SearchDependencies", "Item", "SearchView"])
    }

    // MARK: --web URLs

    @Test(arguments: [
        ("https://example.com/about", "https://example.com/about"),
        ("https://example.com/a^b", "https://example.com/a%5Eb"),
        ("https://example.com/<x>?q=a b", "https://example.com/%3Cx%3E?q=a%20b"),
        ("https://example.com/%zz", "https://example.com/%25zz"),
        ("https://[fe80::1%en0]/x", "https://[fe80::1%25en0]/x"),
        ("https://example.com/\"quoted\"\\", "https://example.com/%22quoted%22%5C"),
        ("http://localhost:8080/", "http://localhost:8080/"),
        ("http://devbox:3000/about", "http://devbox:3000/about"),
        ("http://kiosk.local/about", "http://kiosk.local/about"),
        ("https://192.168.1.20:3000/about", "https://192.168.1.20:3000/about"),
    ])
    func webURLsAreWrittenAsFoundationReadsThem(given: String, written: String) {
        #expect((try? WebURLValidation.normalised(given).get()) == written)
        #expect(URL(string: written)?.absoluteString == written, "a fixed point: the generated test compares the two")
    }

    @Test(arguments: [
        ("not a url", ScaffoldError.webURLNotAbsolute("not a url")),
        ("ftp://example.com/", .webURLNotAbsolute("ftp://example.com/")),
        ("https:///path", .webURLNotAbsolute("https:///path")),
        ("https://example.com/a\nb", .webURLControlCharacter("https://example.com/a\nb")),
        ("https://me:secret@example.com/", .webURLCredentials("https://me:secret@example.com/")),
        ("http://example.com/about", .webURLInsecure("http://example.com/about", host: "example.com")),
        ("HTTP://192.168.1.example/", .webURLInsecure("HTTP://192.168.1.example/", host: "192.168.1.example")),
        ("http://localhost./", .webURLInsecure("http://localhost./", host: "localhost.")),
        ("http://-devbox-/", .webURLInsecure("http://-devbox-/", host: "-devbox-")),
        ("http://8.8.8.8/", .webURLIPAddress("http://8.8.8.8/", host: "8.8.8.8")),
        ("http://192.168.1.20:3000/about", .webURLIPAddress("http://192.168.1.20:3000/about", host: "192.168.1.20")),
        ("http://0x7f000001/", .webURLIPAddress("http://0x7f000001/", host: "0x7f000001")),
        ("http://2130706433/", .webURLIPAddress("http://2130706433/", host: "2130706433")),
        ("http://devbox.0x7f/", .webURLIPAddress("http://devbox.0x7f/", host: "devbox.0x7f")),
        ("http://localhost:99999/", .webURLBadPort("http://localhost:99999/", port: 99_999)),
        ("https://example.com:0/", .webURLBadPort("https://example.com:0/", port: 0)),
    ])
    func webURLsFoundationCannotReadAreRefused(given: String, expected: ScaffoldError) {
        #expect(WebURLValidation.normalised(given) == .failure(expected))
    }

    @Test func aPlainHTTPPageIOSWouldBlockIsRefusedWithItsHTTPSURL() {
        #expect(
            ScaffoldError.webURLInsecure("http://example.com/about", host: "example.com").errorDescription
                == "'--web http://example.com/about' is plain http, which iOS blocks for 'example.com' (App Transport Security), so the page would stay blank; give its https URL, e.g. '--web https://example.com/about'"
        )
    }

    @Test func plainHTTPIsAcceptedForExactlyTheHostsATSExempts() {
        for host in ["localhost", "devbox", "kiosk.local", "a-b.studio.local", "LOCALHOST", "local"] {
            #expect(WebURLValidation.allowsPlainHTTP(host: host), "\(host): unqualified or .local, which ATS allows")
        }
        for host in ["example.com", "[::1]", "::1", "127.0.0.1", "8.8.8.8", "0x7f000001", "2130706433", "x.local.", "localhost.", "bad_name", ""] {
            #expect(!WebURLValidation.allowsPlainHTTP(host: host), "\(host): ATS blocks plain http to it on iOS 17 and macOS 14")
        }
        #expect(
            ScaffoldError.webURLIPAddress("http://8.8.8.8/", host: "8.8.8.8").errorDescription
                == "'--web http://8.8.8.8/' is plain http to the IP address '8.8.8.8', which App Transport Security blocks since iOS 17 and macOS 14 (Apple's NSAllowsLocalNetworking: \"ATS no longer allows connections to IP addresses by default\"), so the page would stay blank; give its https URL, or a name such as 'localhost' or 'NAME.local'"
        )
    }

    @Test func theNormalisedURLIsWhatTheWebTemplateWrites() async throws {
        let (directory, root) = try await Self.workspace()
        _ = directory
        let plan = try await Self.plan(CreateRequest(name: "About", webURL: "https://example.com/a^b"), in: root)
        let dependencies = try #require(plan.files.first { $0.path == "Sources/AboutInterface/AboutDependencies.swift" })
        #expect(dependencies.contents.contains("URL(string: \"https://example.com/a%5Eb\")"))
        let test = try #require(plan.files.first { $0.path.hasSuffix("AboutMessageBridgeTests.swift") })
        #expect(test.contents.contains("pageURL.absoluteString == \"https://example.com/a%5Eb\""))
        #expect(plan.created.first?.hasSuffix("; '--web https://example.com/a^b' is written as 'https://example.com/a%5Eb', the URL Foundation reads from it") == true)
    }
}

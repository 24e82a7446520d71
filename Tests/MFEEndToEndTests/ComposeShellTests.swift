import Foundation
import MFEKit
import MFETestSupport
import Testing

/// `mfe compose-shell` against real git repositories and the real `swift package resolve`.
@Suite("mfe compose-shell")
struct ComposeShellTests {
    /// Env (foundation) with several releases, Browse whose newest release needs Env 1.x,
    /// About pinned to Env 0.3.x: the only solution backtracks to Browse 1.0.0 and Env 0.3.3.
    static func makeWorld(_ fixture: ComposeFixture) async throws {
        let env = fixture.manifest("Env")
        try await fixture.release("Env", manifest: env, tags: ["0.3.0"], layer: "foundation")
        try await fixture.release("Env", manifest: env, tags: ["0.3.2"], layer: "foundation")
        try await fixture.release("Env", manifest: env, tags: ["v0.3.3"], layer: "foundation")
        try await fixture.release("Env", manifest: env, tags: ["0.4.0-beta.1"], layer: "foundation")
        try await fixture.release("Env", manifest: env, tags: ["1.0.0"], layer: "foundation")
        let envURL = "file://" + fixture.path("Env")
        try await fixture.release("Browse", manifest: fixture.manifest("Browse", dependencies: [(envURL, "\"0.3.0\"..<\"0.4.0\"", "Env")]), tags: ["1.0.0"], layer: "product")
        try await fixture.release("Browse", manifest: fixture.manifest("Browse", dependencies: [(envURL, "from: \"1.0.0\"", "Env")]), tags: ["1.1.0"], layer: "product")
        try await fixture.release("About", manifest: fixture.manifest("About", dependencies: [(fixture.path("Env"), ".upToNextMinor(from: \"0.3.0\")", "Env")]), tags: ["2.0.0"], layer: "product")
    }

    static func shell(_ fixture: ComposeFixture, tools: String, browseURL: String? = nil) throws -> String {
        try fixture.shell(
            tools: tools,
            dependencies: [
                (browseURL ?? "file://" + fixture.path("Browse"), "from: \"1.0.0\"", "Browse"),
                (fixture.path("About"), "from: \"2.0.0\"", "About"),
                ("file://" + fixture.path("Env") + "/", "from: \"0.3.0\"", "Env"),
            ])
    }

    @Test(arguments: [("5.5", 1), ("5.9", 2), ("6.0", 3)])
    func writesWhatSwiftPMWritesAndChecksOut(tools: String, format: Int) async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        // Browse comes through a remote URL that git's insteadOf maps to the local repository,
        // as mirrors are configured on CI machines: both tools must honour it.
        // The URL is unique per run: SwiftPM remembers each remote version's commit.
        let base = "https://mfe.example.com/\((fixture.root as NSString).lastPathComponent)/"
        let remote: [String: String?] = ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "url.\(fixture.root)/repos/.insteadOf", "GIT_CONFIG_VALUE_0": base]
        let shell = try Self.shell(fixture, tools: tools, browseURL: format == 2 ? base + "Browse" : nil)
        let result = try await fixture.mfe(["compose-shell", "Shell"], environment: remote)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Browse 1.0.0 (added)"))
        #expect(result.standardOutput.contains("Env 0.3.3 (added)"))
        let resolvedPath = shell + "/Package.resolved"
        let written = try #require(fixture.contents(resolvedPath))
        let file = try ResolvedFileReader.parse(Data(written.utf8), path: resolvedPath)
        #expect(file.version == format)
        if format == 2 {
            #expect(file.pin(for: "browse")?.kind == .remoteSourceControl)
            #expect(FileManager.default.fileExists(atPath: fixture.cache + "/mfe/repositories"))
        }

        let resolve = try await fixture.swiftResolve(in: shell, environment: remote)
        #expect(resolve.status == 0, "\(resolve.standardError)")
        #expect(fixture.contents(resolvedPath) == written, "swift package resolve rewrote mfe's Package.resolved")
        for pin in file.pins {
            let checkout = shell + "/.build/checkouts/" + PackageLocation(kind: pin.kind, location: pin.location).displayName
            #expect(try await fixture.git(["rev-parse", "HEAD"], in: checkout) == pin.state.revision, "\(pin.identity) is not checked out at its pin")
        }

        try FileManager.default.removeItem(atPath: shell + "/.build")
        try FileManager.default.removeItem(atPath: resolvedPath)
        let fresh = try await fixture.swiftResolve(in: shell, environment: remote)
        #expect(fresh.status == 0, "\(fresh.standardError)")
        #expect(fixture.contents(resolvedPath) == written, "SwiftPM from scratch picks other versions than mfe")
    }

    @Test func keepsPinsUntilUpdateMovesThem() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let shell = try Self.shell(fixture, tools: "6.0")
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--no-lint"]).status == 0)
        try await fixture.release("Env", manifest: fixture.manifest("Env"), tags: ["0.3.4"], layer: "foundation")

        let kept = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(kept.status == 0)
        #expect(kept.standardOutput.contains("is up to date"))
        let check = try await fixture.mfe(["compose-shell", "Shell", "--check"])
        #expect(check.status == 0, "\(check.standardError)")

        // As README shows it: from the shell's folder, the name right after --update.
        let updated = try await MFEBinary.run(["compose-shell", "--update", "Env", "--no-lint"], in: shell, environment: ["XDG_CACHE_HOME": fixture.cache])
        #expect(updated.status == 0, "\(updated.standardError)")
        #expect(updated.standardOutput.contains("Env 0.3.3 → 0.3.4"))
        #expect(!updated.standardOutput.contains("Browse"))
        let file = try ResolvedFileReader.parse(Data(try #require(fixture.contents(shell + "/Package.resolved")).utf8), path: "Package.resolved")
        #expect(file.pin(for: "env")?.state.summary == "0.3.4")

        let unknown = try await fixture.mfe(["compose-shell", "--path", "Shell", "--update", "Browze", "--no-lint"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("'Browze'"))
        #expect(unknown.standardError.contains("did you mean 'Browse'?"))
        // A folder after --update is a name, not the shell: say how to give the folder.
        let folder = try await fixture.mfe(["compose-shell", "--update", "Shell", "--no-lint"])
        #expect(folder.status == 2)
        #expect(folder.standardError.contains("--path Shell"))
        #expect(try ResolvedFileReader.parse(Data(try #require(fixture.contents(shell + "/Package.resolved")).utf8), path: "x").pin(for: "browse")?.state.summary == "1.0.0")

        let json = try await fixture.mfe(["compose-shell", "--path", "Shell", "--update", "--no-lint", "--format", "json"])
        #expect(json.status == 0)
        // Written like every other JSON mfe prints (`"key": value`), unlike Package.resolved.
        #expect(json.standardOutput.contains("\n  \"status\": \"up-to-date\"\n"), "\(json.standardOutput)")
        #expect(!json.standardOutput.contains("\" : "))
    }

    @Test func checkReportsAStaleOriginHashWhichARunRefreshes() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let shell = try Self.shell(fixture, tools: "6.0")
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--no-lint"]).status == 0)
        let before = try #require(fixture.contents(shell + "/Package.resolved"))
        let manifest = try #require(fixture.contents(shell + "/Package.swift"))
        try fixture.write(manifest + "// the shell ships Browse and About\n", to: shell + "/Package.swift")

        let check = try await fixture.mfe(["compose-shell", "Shell", "--check"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("-  \"originHash\""))
        #expect(check.standardOutput.contains("+  \"originHash\" : \"\(SHA256Hex.digest(Data((manifest + "// the shell ships Browse and About\n").utf8)))\""))
        #expect(check.standardError.contains("is stale: only its originHash changed"))
        #expect(fixture.contents(shell + "/Package.resolved") == before, "--check wrote the file")

        let run = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(run.status == 0)
        let after = try ResolvedFileReader.parse(Data(try #require(fixture.contents(shell + "/Package.resolved")).utf8), path: "Package.resolved")
        #expect(after.originHash == SHA256Hex.digest(try Data(contentsOf: URL(fileURLWithPath: shell + "/Package.swift"))))
        #expect(after.pins.map(\.state) == (try ResolvedFileReader.parse(Data(before.utf8), path: "x")).pins.map(\.state))
    }

    @Test func explainsAConflictAndKeepsTheOldFile() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let shell = try Self.shell(fixture, tools: "6.0")
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--no-lint"]).status == 0)
        let before = fixture.contents(shell + "/Package.resolved")
        try fixture.shell(
            tools: "6.0",
            dependencies: [
                ("file://" + fixture.path("Browse"), "from: \"1.1.0\"", "Browse"),
                (fixture.path("About"), "from: \"2.0.0\"", "About"),
            ])
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("no version of Env satisfies every package that needs it"))
        #expect(result.standardError.contains("Browse 1.1.0 needs Env 1.0.0..<2.0.0"))
        #expect(result.standardError.contains("About 2.0.0 needs Env 0.3.0..<0.4.0"))
        #expect(result.standardError.contains("to unblock"))
        // One line says where the search held Env, never two contradicting "already at" lines.
        #expect(result.standardError.components(separatedBy: "Env is already at").count <= 2, "\(result.standardError)")
        #expect(fixture.contents(shell + "/Package.resolved") == before)
    }

    @Test func anUnreachableRepositoryIsExit2NamingItAndKeepsTheOldFile() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let shell = try Self.shell(fixture, tools: "6.0")
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--no-lint"]).status == 0)
        let before = fixture.contents(shell + "/Package.resolved")
        try fixture.shell(
            tools: "6.0",
            dependencies: [
                ("file://" + fixture.path("Browse"), "from: \"1.0.0\"", "Browse"),
                ("https://mfe.invalid/Search.git", "from: \"1.0.0\"", "Search"),
            ])
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("https://mfe.invalid/Search.git"))
        #expect(fixture.contents(shell + "/Package.resolved") == before)
    }

    @Test func layerViolationsAtThePinnedRevisionsFailUnlessNoLint() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let shell = try Self.shell(fixture, tools: "6.0")
        // About 2.1.0 reaches into Browse's implementation: product-to-product.
        try await fixture.release(
            "About",
            manifest: fixture.manifest(
                "About",
                dependencies: [
                    (fixture.path("Env"), ".upToNextMinor(from: \"0.3.0\")", "Env"),
                    ("file://" + fixture.path("Browse"), "from: \"1.0.0\"", "Browse"),
                ]), tags: ["2.1.0"], layer: "product")
        let result = try await fixture.mfe(["compose-shell", "Shell"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("[product-to-product]"))
        #expect(result.standardError.contains("breaks the layer rules"))
        #expect(!FileManager.default.fileExists(atPath: shell + "/Package.resolved"))
        let unchecked = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(unchecked.status == 0)
        #expect(unchecked.standardOutput.contains("About 2.1.0 (added)"))
    }

    @Test func twoRunsShareTheRepositoryCacheSafely() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        let base = "https://mfe.example.com/shared-\((fixture.root as NSString).lastPathComponent)/"
        let remote: [String: String?] = ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "url.\(fixture.root)/repos/.insteadOf", "GIT_CONFIG_VALUE_0": base]
        var shells: [String] = []
        for name in ["ShellA", "ShellB"] {
            let shell = try Self.shell(fixture, tools: "6.0", browseURL: base + "Browse")
            try FileManager.default.moveItem(atPath: shell, toPath: fixture.root + "/" + name)
            shells.append(name)
        }
        let results = try await withThrowingTaskGroup(of: ProcessResult.self) { group in
            for shell in shells { group.addTask { try await fixture.mfe(["compose-shell", shell, "--no-lint"], environment: remote) } }
            var results: [ProcessResult] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.standardError))")
        let clones = try FileManager.default.contentsOfDirectory(atPath: fixture.cache + "/mfe/repositories").filter { $0.hasSuffix(".git") }
        // Named by the repository key alone: nothing of the URL becomes part of the path.
        #expect(clones == [RepositoryKey(location: base + "Browse").value + ".git"])
        #expect(fixture.contents(fixture.root + "/ShellA/Package.resolved") == fixture.contents(fixture.root + "/ShellB/Package.resolved"))
    }

    @Test func resolvesTheDependenciesOfLocalPathPackagesAsSwiftPMDoes() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        // Search lives in the workspace next to the shell (`.package(path:)`): never pinned,
        // but SwiftPM resolves what it needs.
        try fixture.write(fixture.manifest("Search", dependencies: [("file://" + fixture.path("Env"), "from: \"0.3.0\"", "Env")], tools: "6.0"), to: fixture.root + "/Features/Search/Package.swift")
        try fixture.write("public let search = 1\n", to: fixture.root + "/Features/Search/Sources/Search/Search.swift")
        let shell = fixture.root + "/Shell"
        try fixture.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                dependencies: [
                    .package(path: "../Features/Search"),
                    .package(url: "file://\(fixture.path("Browse"))", from: "1.0.0"),
                ],
                targets: [.executableTarget(name: "Shell", dependencies: ["Search", .product(name: "Browse", package: "Browse")])]
            )

            """, to: shell + "/Package.swift")
        try fixture.write("print(\"shell\")\n", to: shell + "/Sources/Shell/main.swift")
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try #require(fixture.contents(shell + "/Package.resolved"))
        #expect(written.contains("\"identity\" : \"env\""))
        #expect(!written.contains("search"))
        try FileManager.default.moveItem(atPath: shell + "/Package.resolved", toPath: fixture.root + "/mfe.resolved")
        let fresh = try await fixture.swiftResolve(in: shell)
        #expect(fresh.status == 0, "\(fresh.standardError)")
        #expect(fixture.contents(shell + "/Package.resolved") == written)
    }

    @Test func readsTheVersionSpecificManifestSwiftPMWouldLoad() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        // Legacy's Package.swift has no dependencies; its Swift 6 variant needs Env.
        try fixture.write(fixture.manifest("Legacy", dependencies: [("file://" + fixture.path("Env"), "from: \"1.0.0\"", "Env")], tools: "6.0"), to: fixture.path("Legacy") + "/Package@swift-6.swift")
        try await fixture.release("Legacy", manifest: fixture.manifest("Legacy", tools: "5.9"), tags: ["1.0.0"])
        let shell = try fixture.shell(tools: "6.0", dependencies: [("file://" + fixture.path("Legacy"), "from: \"1.0.0\"", "Legacy")])
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try #require(fixture.contents(shell + "/Package.resolved"))
        #expect(written.contains("\"version\" : \"1.0.0\""))
        #expect(written.contains("\"identity\" : \"env\""))
        try FileManager.default.moveItem(atPath: shell + "/Package.resolved", toPath: fixture.root + "/mfe.resolved")
        let fresh = try await fixture.swiftResolve(in: shell)
        #expect(fresh.status == 0, "\(fresh.standardError)")
        #expect(fixture.contents(shell + "/Package.resolved") == written)
    }

    @Test func composesAnXcodeProjectShellFromShellFeatures() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        try fixture.write(
            """
            workspace: FeedMe
            shell:
              features:
                - url: file://\(fixture.path("Browse"))
                  from: 1.0.0
                - url: \(fixture.path("About"))
                  exact: 2.0.0
            """, to: fixture.root + "/mfe.yml")
        let output = "App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        let missing = try await fixture.mfe(["compose-shell"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--output"))
        let result = try await fixture.mfe(["compose-shell", "--output", output, "--no-lint"])
        #expect(result.status == 0, "\(result.standardError)")
        let file = try ResolvedFileReader.parse(Data(try #require(fixture.contents(fixture.root + "/" + output)).utf8), path: output)
        #expect(file.version == 3)
        #expect(file.pins.map(\.identity).sorted() == ["about", "browse", "env"])
        #expect(file.pin(for: "browse")?.state.summary == "1.0.0")
    }
}

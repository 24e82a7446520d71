import Foundation
import MFEKit
import MFETestSupport
import Testing

/// compose-shell fetches refs, commits and trees, and only the blobs of the files it reads,
/// from a server that filters (`uploadpack.allowFilter`); everything from one that does not;
/// and the same Package.resolved either way, whatever the cache held before.
@Suite("compose-shell's partial fetch")
struct ComposePartialFetchTests {
    /// The repositories `ComposeShellTests.makeWorld` creates.
    static let repositories = ["About", "Browse", "Env"]

    static func allowFilter(_ allowed: Bool, _ fixture: ComposeFixture) async throws {
        for name in repositories {
            try await fixture.git(["config", "uploadpack.allowFilter", allowed ? "true" : "false"], in: fixture.path(name))
        }
    }

    /// The bare clones in the fixture's cache.
    static func clones(_ fixture: ComposeFixture) throws -> [String] {
        let folder = fixture.cache + "/mfe/repositories"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".git") }.sorted().map { folder + "/" + $0 }
    }

    /// The objects `clone` lacks: blobs a partial clone has not fetched.
    static func missingObjects(_ clone: String, _ fixture: ComposeFixture) async throws -> [String] {
        let listing = try await fixture.git(["rev-list", "--objects", "--all", "--missing=print"], in: clone)
        return listing.split(separator: "\n").filter { $0.hasPrefix("?") }.map(String.init)
    }

    /// A `file://` URL is read in place: Browse is named by an https URL that git's
    /// `insteadOf` maps to its repository, so it is fetched into the cache like a remote one.
    static func remote(_ fixture: ComposeFixture) -> (environment: [String: String?], browse: String) {
        let base = "https://mfe.example.com/\((fixture.root as NSString).lastPathComponent)/"
        return (["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "url.\(fixture.root)/repos/.insteadOf", "GIT_CONFIG_VALUE_0": base], base + "Browse")
    }

    /// The standard world and its shell, Browse named by a remote URL.
    static func makeWorld(_ fixture: ComposeFixture) async throws {
        try await ComposeShellTests.makeWorld(fixture)
        _ = try ComposeShellTests.shell(fixture, tools: "6.0", browseURL: remote(fixture).browse)
    }

    /// Composes the shell and returns what was written.
    static func compose(_ fixture: ComposeFixture, arguments: [String] = []) async throws -> String {
        let result = try await fixture.mfe(["compose-shell", "--path", "Shell"] + arguments, environment: remote(fixture).environment)
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(fixture.contents(fixture.root + "/Shell/Package.resolved"))
    }

    @Test func aFilteringServerLeavesPartialClonesAndTheSameFile() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        try await Self.allowFilter(false, fixture)
        let expected = try await Self.compose(fixture)
        // The same world with an empty cache, from servers that filter.
        try FileManager.default.removeItem(atPath: fixture.cache)
        try FileManager.default.removeItem(atPath: fixture.root + "/Shell/Package.resolved")
        try await Self.allowFilter(true, fixture)
        let written = try await Self.compose(fixture)
        #expect(written == expected)
        let clones = try Self.clones(fixture)
        #expect(clones.count == 1, "Browse is fetched; Env and About, local paths and file:// URLs, are read in place")
        for clone in clones {
            let configuration = try #require(fixture.contents(clone + "/config"))
            #expect(configuration.contains("[remote \"mfe\"]") && configuration.contains("promisor = true"), "\(configuration)")
            #expect(!configuration.contains(fixture.root), "the clone's configuration names no URL")
            // Every release added a source file: their blobs were never needed.
            #expect(try await !Self.missingObjects(clone, fixture).isEmpty, "\(clone) fetched every blob")
        }
        // A second run reads the cache: the same file, nothing else fetched.
        try FileManager.default.removeItem(atPath: fixture.root + "/Shell/Package.resolved")
        #expect(try await Self.compose(fixture) == written)
    }

    @Test func aServerThatDoesNotFilterGivesFullClones() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        try await Self.allowFilter(false, fixture)
        let written = try await Self.compose(fixture)
        #expect(written.contains("\"version\" : \"0.3.3\""))
        for clone in try Self.clones(fixture) {
            #expect(try await Self.missingObjects(clone, fixture).isEmpty, "\(clone) lacks objects")
            #expect(!(fixture.contents(clone + "/config") ?? "").contains("promisor"), "a full clone is an ordinary repository")
        }
        let resolve = try await fixture.swiftResolve(in: fixture.root + "/Shell", environment: Self.remote(fixture).environment)
        #expect(resolve.status == 0, "\(resolve.standardError)")
        #expect(fixture.contents(fixture.root + "/Shell/Package.resolved") == written, "SwiftPM disagrees with the fallback's file")
    }

    /// A cache a full fetch filled (an older mfe's) keeps working once the server filters:
    /// what arrives later comes without blobs, and the releases read then are fetched.
    @Test func aCacheAFullFetchFilledKeepsWorking() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeWorld(fixture)
        _ = try await Self.compose(fixture)
        for clone in try Self.clones(fixture) { #expect(try await Self.missingObjects(clone, fixture).isEmpty) }

        // Env 0.3.4 and Browse 1.0.1 arrive; the servers now filter.
        let env = fixture.manifest("Env")
        try await fixture.release("Env", manifest: env, tags: ["0.3.4"], layer: "foundation")
        let envURL = "file://" + fixture.path("Env")
        try await fixture.release("Browse", manifest: fixture.manifest("Browse", dependencies: [(envURL, "\"0.3.0\"..<\"0.4.0\"", "Env")]), tags: ["1.0.1"], layer: "product")
        try await fixture.release("About", manifest: fixture.manifest("About", dependencies: [(fixture.path("Env"), ".upToNextMinor(from: \"0.3.4\")", "Env")]), tags: ["2.0.1"], layer: "product")
        try await Self.allowFilter(true, fixture)
        let updated = try await Self.compose(fixture, arguments: ["--update"])
        #expect(updated.contains("\"version\" : \"0.3.4\""))
        #expect(updated.contains("\"version\" : \"1.0.1\""))
        var partial = 0
        for clone in try Self.clones(fixture) where try await !Self.missingObjects(clone, fixture).isEmpty { partial += 1 }
        #expect(partial > 0, "the releases fetched after the server began filtering came without their blobs")

        let resolved = fixture.root + "/Shell/Package.resolved"
        try FileManager.default.moveItem(atPath: resolved, toPath: fixture.root + "/mfe.resolved")
        try? FileManager.default.removeItem(atPath: fixture.root + "/Shell/.build")
        let fresh = try await fixture.swiftResolve(in: fixture.root + "/Shell", environment: Self.remote(fixture).environment)
        #expect(fresh.status == 0, "\(fresh.standardError)")
        #expect(fixture.contents(resolved) == updated, "SwiftPM from scratch picks other versions than mfe")
    }
}

import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEWorkspace

@Suite("mfe.yml parsing")
struct ConfigurationParserTests {
    @Test func parsesTheWorkspaceFormOfTheDesign() throws {
        let yaml = """
            workspace: FeedMe
            packages:
              - Foundation/*
              - Features/*
              - Shell
            layers:
              foundation: [Env]
              product: [Browse, RestaurantOrder, About]
            allow:
              - rule: product-to-product
                from: Browse
                to: RestaurantOrder
                reason: "migration tracked in FM-123"
            baseline: mfe-baseline.json
            shell:
              path: Shell
            """
        guard case .workspace(let configuration) = try ConfigurationParser().parse(yaml, file: "mfe.yml") else {
            Issue.record("expected a workspace configuration")
            return
        }
        #expect(configuration.name == "FeedMe")
        #expect(configuration.packages == ["Foundation/*", "Features/*", "Shell"])
        #expect(configuration.layers["Env"]?.layer == .foundation)
        #expect(configuration.layers["About"]?.layer == .product)
        #expect(configuration.layers["About"]?.location.line == 8)
        #expect(configuration.allow.count == 1)
        #expect(configuration.allow.first?.reason == "migration tracked in FM-123")
        #expect(configuration.allow.first?.location.line == 10)
        #expect(configuration.baseline == "mfe-baseline.json")
        #expect(configuration.shell?.path == "Shell")
    }

    /// A huge mfe.yml is refused before YAML parsing (a 100 MB one grew to 2.3 GB).
    @Test func aHugeFileIsRefusedBeforeParsing() throws {
        let files = InMemoryFileSystem()
        try files.write("workspace: W\n" + String(repeating: "# padding\n", count: 200_000), to: "/ws/mfe.yml")
        #expect(throws: WorkspaceError.configurationTooLarge(path: "/ws/mfe.yml", bytes: 13 + 200_000 * 10)) {
            try ConfigurationParser().parseFile(at: "/ws/mfe.yml", fileSystem: files)
        }
    }

    @Test func deepFlowNestingIsRefusedAtItsLine() throws {
        let yaml = "workspace: W\n# a [comment] with 'quotes\npackages: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        #expect(throws: WorkspaceError.flowNestingTooDeep(at: SourceLocation(file: "mfe.yml", line: 3, column: 75))) {
            try ConfigurationParser().parse(yaml, file: "mfe.yml")
        }
        // Brackets inside quotes and comments do not count.
        let quoted = "workspace: W\n# " + String(repeating: "[", count: 100) + "\nignore: ['" + String(repeating: "{", count: 100) + "']\n"
        #expect(ConfigurationParser.firstExcessiveFlowNesting(in: quoted) == nil)
    }

    @Test func parsesIgnoreGlobs() throws {
        guard case .workspace(let configuration) = try ConfigurationParser().parse("workspace: A\nignore:\n  - \"**/*.md\"\n  - docs/**\n", file: "mfe.yml") else {
            Issue.record("expected a workspace configuration")
            return
        }
        #expect(configuration.ignore == ["**/*.md", "docs/**"])
    }

    @Test func parsesPlatforms() throws {
        guard case .workspace(let configuration) = try ConfigurationParser().parse("workspace: A\nplatforms: [iOS 17.4, macos:14, visionOS 2]\n", file: "mfe.yml") else {
            Issue.record("expected a workspace configuration")
            return
        }
        #expect(
            configuration.platforms == [
                PlatformRequirement(swiftName: "iOS", version: "17.4"), PlatformRequirement(swiftName: "macOS", version: "14"), PlatformRequirement(swiftName: "visionOS", version: "2"),
            ])
        guard case .workspace(let without) = try ConfigurationParser().parse("workspace: A\n", file: "mfe.yml") else { return }
        #expect(without.platforms == nil)
    }

    @Test func parsesTheFeatureForm() throws {
        let parsed = try ConfigurationParser().parse("feature: Search\nlayer: product\n", file: "Search/mfe.yml")
        #expect(parsed == .feature(FeatureConfiguration(feature: "Search", layer: .product, file: "Search/mfe.yml", layerLocation: SourceLocation(file: "Search/mfe.yml", line: 2, column: 8))))
    }

    /// Line `line`, column `column` of `mfe.yml`.
    static func at(_ line: Int, _ column: Int) -> MFECore.SourceLocation { SourceLocation(file: "mfe.yml", line: line, column: column) }

    @Test(arguments: [
        ("workspace: A\npackges: [x]\n", WorkspaceError.unknownKey("packges", in: "a workspace mfe.yml", allowed: ConfigurationParser.workspaceKeys, at: at(2, 1))),
        ("feature: A\nlayer: middle\n", .notALayer("middle", at: at(2, 8))),
        ("workspace: A\nallow:\n  - rule: cycle\n    from: A\n    to: B\n", .allowWithoutReason(at: at(3, 5))),
        ("feature: A\n", .missingLayer(at: at(1, 1))),
        ("workspace: A\nshell:\n  features:\n    - url: x\n      from: 1.0\n", .notASemanticVersion("1.0", at: at(5, 13))),
        ("workspace: A\nignore:\n  - docs/**\n  - \"/\"\n", .emptyIgnoreGlob(at: at(4, 5))),
        ("workspace: A\nignore: docs\n", .notAList(what: "'ignore:'", at: at(2, 9))),
        ("workspace: A\npackages:\n  - B\nworkspace: C\n", .duplicateYAMLKey("workspace", others: [], at: at(4, 1))),
        ("workspace: A\nshell:\n  path: Shell\n  # the app\n  path: App\n", .duplicateYAMLKey("path", others: [], at: at(5, 3))),
        ("workspace: A\nallow:\n  - rule: cycle\n    rule: cycle\n", .duplicateYAMLKey("rule", others: [], at: at(4, 5))),
        ("workspace: A\nplatforms:\n  - iOS 17\n  - Android 14\n", .invalidPlatform(.entry("'platforms:'", .unknownPlatform("Android")), at: at(4, 5))),
        ("workspace: A\nplatforms: [iOS 17, ios 18]\n", .invalidPlatform(.entry("'platforms:'", .givenTwice(platform: "iOS", first: "17", second: "18")), at: at(2, 21))),
        ("workspace: A\nplatforms: [macOS 10.12]\n", .invalidPlatform(.entry("'platforms:'", .tooOld(platform: "macOS", version: "10.12", minimum: "14")), at: at(2, 13))),
        ("workspace: A\nplatforms:\n  - macOS 14\n  - iOS 16.4\n", .invalidPlatform(.entry("'platforms:'", .tooOld(platform: "iOS", version: "16.4", minimum: "17")), at: at(4, 5))),
        ("workspace: A\nplatforms: iOS 17\n", .notAList(what: "'platforms:'", at: at(2, 12))),
    ])
    func reportsBadInputWithTheLine(yaml: String, expected: WorkspaceError) {
        #expect(throws: expected) { try ConfigurationParser().parse(yaml, file: "mfe.yml") }
    }

    @Test func malformedYAMLIsLocatedAtTheLineYamsNames() throws {
        let error = try #require(throws: WorkspaceError.self) { try ConfigurationParser().parse("workspace: A\npackages: [x\n", file: "mfe.yml") }
        guard case .malformedYAML(_, let location) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(location.line == 3)
    }

    @Test func parsesShellFeatureRequirements() throws {
        let yaml = """
            workspace: A
            shell:
              features:
                - url: https://example.com/Browse.git
                  from: 1.2.0
                - url: ../About
                  range: 1.0.0...1.4.0
                - url: ../Order
                  upToNextMinor: 0.3.1
            """
        guard case .workspace(let configuration) = try ConfigurationParser().parse(yaml, file: "mfe.yml") else {
            Issue.record("expected a workspace configuration")
            return
        }
        #expect(
            configuration.shell?.features.map(\.requirement) == [
                .range(lowerBound: Version(1, 2, 0), upperBound: Version(2, 0, 0)),
                .range(lowerBound: Version(1, 0, 0), upperBound: Version(1, 4, 1)),
                .range(lowerBound: Version(0, 3, 1), upperBound: Version(0, 4, 0)),
            ])
    }
}

@Suite("semantic versions")
struct VersionTests {
    @Test func ordersPrereleasesBeforeTheRelease() {
        let versions = ["1.0.0", "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-beta", "1.0.0-alpha.beta", "1.0.0-beta.11", "1.0.0-beta.2", "1.0.0-rc.1"].compactMap { Version($0) }
        #expect(versions.sorted().map { $0.description } == ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0"])
    }

    @Test func parsesTagsAsSwiftPMDoes() {
        #expect(Version(tag: "v1.2.3") == Version(1, 2, 3))
        #expect(Version(tag: "1.2") == Version(1, 2, 0))
        #expect(Version(tag: "release-1") == nil)
        #expect(Version("1.2.3.4") == nil)
    }

    @Test func derivesPackageIdentityAsSwiftPMDoes() {
        #expect(PackageIdentity.identity(forLocation: "https://github.com/apple/swift-syntax.git") == "swift-syntax")
        #expect(PackageIdentity.identity(forLocation: "../Features/Browse/") == "browse")
        #expect(PackageIdentity.identity(forLocation: "git@github.com:org/Env.git") == "env")
    }
}

import MFECore
import MFEManifest
@testable import MFEWorkspace
import MFETestSupport
import Testing

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
        #expect(throws: PlainInputError("'/ws/mfe.yml' is 1 MiB; an mfe.yml is a few KB and mfe reads at most 1 MiB of it: check that this is the right file")) {
            try ConfigurationParser().parseFile(at: "/ws/mfe.yml", fileSystem: files)
        }
    }

    @Test func deepFlowNestingIsRefusedAtItsLine() throws {
        let yaml = "workspace: W\n# a [comment] with 'quotes\npackages: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
        #expect(throws: LocatedInputError("'[' and '{' nested deeper than 64 levels; an mfe.yml needs a few: flatten the lists", at: SourceLocation(file: "mfe.yml", line: 3, column: 75))) {
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
        #expect(configuration.platforms == [PlatformRequirement(swiftName: "iOS", version: "17.4"), PlatformRequirement(swiftName: "macOS", version: "14"), PlatformRequirement(swiftName: "visionOS", version: "2")])
        guard case .workspace(let without) = try ConfigurationParser().parse("workspace: A\n", file: "mfe.yml") else { return }
        #expect(without.platforms == nil)
    }

    @Test func parsesTheFeatureForm() throws {
        let parsed = try ConfigurationParser().parse("feature: Search\nlayer: product\n", file: "Search/mfe.yml")
        #expect(parsed == .feature(FeatureConfiguration(feature: "Search", layer: .product, file: "Search/mfe.yml", layerLocation: SourceLocation(file: "Search/mfe.yml", line: 2, column: 8))))
    }

    @Test(arguments: [
        ("workspace: A\npackges: [x]\n", 2, "unknown key 'packges'"),
        ("feature: A\nlayer: middle\n", 2, "'middle' is not a layer"),
        ("workspace: A\nallow:\n  - rule: cycle\n    from: A\n    to: B\n", 3, "no 'reason:'"),
        ("workspace: A\npackages: [x\n", 3, "malformed YAML"),
        ("feature: A\n", 1, "'layer:' is missing"),
        ("workspace: A\nshell:\n  features:\n    - url: x\n      from: 1.0\n", 5, "not a semantic version"),
        ("workspace: A\nignore:\n  - docs/**\n  - \"/\"\n", 4, "an empty 'ignore:' glob would ignore every file"),
        ("workspace: A\nignore: docs\n", 2, "'ignore:' must be a list"),
        ("workspace: A\npackages:\n  - B\nworkspace: C\n", 4, "'workspace' appears twice in the same mapping"),
        ("workspace: A\nshell:\n  path: Shell\n  # the app\n  path: App\n", 5, "'path' appears twice in the same mapping"),
        ("workspace: A\nallow:\n  - rule: cycle\n    rule: cycle\n", 4, "'rule' appears twice in the same mapping"),
        ("workspace: A\nplatforms:\n  - iOS 17\n  - Android 14\n", 4, "'platforms:': unknown platform 'Android'; SwiftPM supports iOS, macOS, macCatalyst, tvOS, watchOS, visionOS, driverKit"),
        ("workspace: A\nplatforms: [iOS 17, ios 16]\n", 2, "iOS is given twice ('17' and '16'); give each platform once"),
        ("workspace: A\nplatforms: [macOS 10.12]\n", 2, "macOS 10.12 is older than swift-tools-version 6.0 supports; use macOS 10.13 or later"),
        ("workspace: A\nplatforms: iOS 17\n", 2, "'platforms:' must be a list"),
    ])
    func reportsBadInputWithTheLine(yaml: String, line: Int, message: String) {
        do {
            _ = try ConfigurationParser().parse(yaml, file: "mfe.yml")
            Issue.record("expected an error")
        } catch let error as LocatedInputError {
            #expect(error.location.line == line)
            #expect(error.message.contains(message), "\(error.message)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
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
        #expect(configuration.shell?.features.map(\.requirement) == [
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

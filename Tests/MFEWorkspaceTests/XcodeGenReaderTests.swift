import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEXcode
import Testing

@testable import MFEWorkspace

/// The static reader of XcodeGen specs: includes, templates, multi-platform targets,
/// dependencies, packages, sources and settings, read into the Xcode project model.
@Suite("XcodeGen spec reader")
struct XcodeGenReaderTests {
    /// A spec that includes a file of targets (paths relative to it) and uses a template.
    static let spec = """
        name: App
        include:
          - Config/targets.yml
        packages:
          Browse:
            path: Packages/Browse
          Yams:
            url: https://github.com/jpsim/Yams
            from: 5.0
        settingGroups:
          modules:
            PRODUCT_MODULE_NAME: ${target_name}Module
        targetTemplates:
          Feature:
            type: framework
            platform: iOS
            sources:
              - path: ${target_name}
                excludes: ["**/*.md"]
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
            settings:
              PRODUCT_NAME: Shop
            dependencies:
              - target: Search
              - target: Kit_iOS
              - package: Yams
              - sdk: UIKit.framework
          AppTests:
            type: bundle.unit-test
            platform: iOS
            sources: [AppTests]
            settings:
              base:
                TEST_HOST: $(BUILT_PRODUCTS_DIR)/Shop.app/Shop
            dependencies:
              - target: App
        schemes:
          App:
            build:
              targets:
                App: all

        """

    static let included = """
        targets:
          Search:
            templates: [Feature]
            dependencies:
              - package: Browse
          Kit:
            platform: [iOS, tvOS]
            type: framework
            sources:
              - path: ../Kit
                buildPhase: sources
              - path: ../Kit/Resources
                buildPhase: resources

        """

    static func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(spec, to: "project.yml")
        try directory.write(included, to: "Config/targets.yml")
        try directory.write(XcodeFixtures.package("Browse"), to: "Packages/Browse/Package.swift")
        try directory.write("public let browse = 1\n", to: "Packages/Browse/Sources/Browse/Browse.swift")
        try directory.write("import Search\n", to: "App/App.swift")
        try directory.write("public let search = 1\n", to: "Search/Search.swift")
        try directory.write("# notes\n", to: "Search/README.md")
        try directory.write("public let kit = 1\n", to: "Kit/Kit.swift")
        try directory.write("@testable import Shop\n", to: "AppTests/AppTests.swift")
        return directory
    }

    static func line(of needle: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    @Test func readsTargetsThroughIncludesTemplatesAndPlatforms() throws {
        let directory = try Self.workspace()
        let path = PathUtilities.join(directory.path, "project.yml")
        let project = try XcodeGenReader().read(specAt: path)
        #expect(project.name == "App")
        #expect(project.targets.map(\.name) == ["Search", "Kit_iOS", "Kit_tvOS", "App", "AppTests"])
        #expect(project.targets.map(\.productType) == [.framework, .framework, .framework, .application, .unitTestBundle])
        let search = project.targets[0]
        // The template's source folder, relative to the root spec where the template is.
        #expect(search.folders == ["Search"])
        #expect(search.excluded == ["Search/README.md"])
        #expect(search.packageProducts.map(\.product) == ["Browse"])
        // The included file's line of the dependency, and of the target.
        let includedPath = PathUtilities.join(directory.path, "Config/targets.yml")
        #expect(search.packageProducts.first?.location == SourceLocation(file: includedPath, line: Self.line(of: "- package: Browse", in: Self.included), column: 9))
        #expect(search.location.file == includedPath)
        #expect(search.location.line == Self.line(of: "Search:", in: Self.included))
        // Multi-platform: one target per platform, one product name, paths relative to the include.
        let kit = project.targets[1]
        #expect(kit.productName == "Kit")
        #expect(kit.folders == ["Kit"])
        #expect(kit.files == ["Kit/Resources"])
        let app = project.targets[3]
        #expect(app.dependencies.map(\.target) == ["Search", "Kit_iOS"])
        #expect(app.packageProducts.map(\.product) == ["Yams"])
        #expect(app.productName == "Shop")
        #expect(app.location == SourceLocation(file: path, line: Self.line(of: "  App:", in: Self.spec), column: 3))
        #expect(project.targets[4].testHostProductName == "Shop")
        #expect(project.applicationStems(roles: .standard)["AppTests"] == "App")
        #expect(project.packageReferences.map(\.kind) == [.local(relativePath: "Packages/Browse"), .remote(url: "https://github.com/jpsim/Yams", requirement: .upToNextMajor("5.0.0"))])
        let manifest = try project.manifest()
        #expect(manifest.targets.map(\.name) == ["Search", "Kit_iOS", "Kit_tvOS", "App", "AppTests"])
        #expect(manifest.dependencies.map(\.identity) == ["browse", "yams"])
    }

    @Test func mergesIncludesAdditivelyAndReplacesOnRequest() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            name: App
            include: [base.yml]
            targets:
              App:
                dependencies:
                  - target: Two
                sources:REPLACE: [Mine]

            """, to: "project.yml")
        try directory.write(
            """
            targets:
              App:
                type: application
                platform: macOS
                sources: [Theirs]
                dependencies:
                  - target: One
              One: {type: framework, platform: macOS}
              Two: {type: framework, platform: macOS}

            """, to: "base.yml")
        let project = try XcodeGenReader().read(specAt: PathUtilities.join(directory.path, "project.yml"))
        let app = try #require(project.targets.first { $0.name == "App" })
        #expect(app.dependencies.map(\.target) == ["One", "Two"])
        #expect(app.files == ["Mine"])
    }

    @Test func nestedTemplatesAndAttributesApplyInXcodeGensOrder() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            name: App
            targetTemplates:
              Base:
                type: framework
                platform: iOS
                dependencies:
                  - target: ${core}
              Feature:
                templates: [Base]
                type: framework
                sources:
                  - Features/${target_name}
            targets:
              Core: {type: framework, platform: iOS}
              Search:
                templates: [Feature]
                templateAttributes:
                  core: Core

            """, to: "project.yml")
        let project = try XcodeGenReader().read(specAt: PathUtilities.join(directory.path, "project.yml"))
        let search = try #require(project.targets.first { $0.name == "Search" })
        #expect(search.dependencies.map(\.target) == ["Core"])
        #expect(search.files == ["Features/Search"])
    }

    @Test func linksTransitivelyAndFiltersDependenciesByPlatformAsXcodeGenWrites() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            name: App
            options:
              transitivelyLinkDependencies: true
            packages:
              Lint:
                url: https://github.com/example/lint
                exactVersion: 1.2.3
            targets:
              App:
                type: application
                platform: iOS
                dependencies:
                  - target: Kit_iOS
              Kit:
                type: framework
                platform: [iOS, macOS]
                dependencies:
                  - target: Core_${platform}
                  - target: Extra_${platform}
                    platforms: [macOS]
                  - target: Embedded_${platform}
                    embed: true
                buildToolPlugins:
                  - plugin: LintPlugin
                    package: Lint
              AppTests:
                type: bundle.unit-test
                platform: iOS
                dependencies:
                  - target: App
              Core: {type: library.static, platform: [iOS, macOS]}
              Extra: {type: framework, platform: [iOS, macOS]}
              Embedded: {type: framework, platform: [iOS, macOS]}
              Script:
                legacy:
                  toolPath: /usr/bin/make
            aggregateTargets:
              All:
                targets: [App, Script]

            """, to: "project.yml")
        let project = try XcodeGenReader().read(specAt: PathUtilities.join(directory.path, "project.yml"))
        let byName = Dictionary(project.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["Kit_iOS"]?.dependencies.map(\.target) == ["Core_iOS", "Embedded_iOS"])
        #expect(byName["Kit_macOS"]?.dependencies.map(\.target) == ["Core_macOS", "Extra_macOS", "Embedded_macOS"])
        #expect(byName["Kit_iOS"]?.packageProducts.map(\.product) == ["LintPlugin"])
        // App links what Kit links but what Kit embeds itself, located at its own entry.
        let app = try #require(byName["App"])
        #expect(app.dependencies.map(\.target) == ["Kit_iOS", "Core_iOS"])
        #expect(Set(app.dependencies.map(\.location)).count == 1)
        // XcodeGen sets TEST_HOST on a unit test bundle depending on an app.
        #expect(byName["AppTests"]?.testHost == "/BUILT_PRODUCTS_DIR/App.app/App")
        #expect(byName["AppTests"]?.dependencies.map(\.target) == ["App"])
        #expect(byName["Script"]?.productType == .other(""))
        #expect(byName["All"]?.productType == .aggregate)
        #expect(byName["All"]?.dependencies.map(\.target) == ["App", "Script"])
        #expect(project.packageReferences.map(\.kind) == [.remote(url: "https://github.com/example/lint", requirement: .exact("1.2.3"))])
    }

    @Test func refusesWhatOnlyTheEnvironmentKnowsAtTheLine() throws {
        let directory = try TemporaryDirectory()
        let text = """
            name: App
            targets:
              App:
                type: application
                platform: iOS
                dependencies:
                  - target: ${FLAVOUR}Kit

            """
        try directory.write(text, to: "project.yml")
        let path = PathUtilities.join(directory.path, "project.yml")
        #expect(throws: XcodeGenError.environmentVariable("FLAVOUR", what: "a dependency of target 'App'", at: SourceLocation(file: path, line: 7, column: 9))) {
            try XcodeGenReader().read(specAt: path)
        }
    }

    @Test func refusesUnknownTargetsPackagesAndIncludes() throws {
        let directory = try TemporaryDirectory()
        let path = PathUtilities.join(directory.path, "project.yml")
        try directory.write("name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    dependencies:\n      - target: Nope\n", to: "project.yml")
        #expect(throws: XcodeGenError.unknownTarget("Nope", target: "App", at: SourceLocation(file: path, line: 7, column: 9))) { try XcodeGenReader().read(specAt: path) }
        try directory.write("name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    dependencies:\n      - package: Nope\n", to: "project.yml")
        #expect(throws: XcodeGenError.unknownPackage("Nope", target: "App", at: SourceLocation(file: path, line: 7, column: 9))) { try XcodeGenReader().read(specAt: path) }
        try directory.write("name: App\ninclude: [gone.yml]\ntargets:\n  App: {type: tool, platform: macOS}\n", to: "project.yml")
        #expect(throws: XcodeGenError.missingInclude("gone.yml", resolved: PathUtilities.join(directory.path, "gone.yml"), at: SourceLocation(file: path, line: 2, column: 11))) {
            try XcodeGenReader().read(specAt: path)
        }
    }

    @Test func malformedYAMLIsRefusedAtItsLine() throws {
        let directory = try TemporaryDirectory()
        let path = PathUtilities.join(directory.path, "project.yml")
        try directory.write("name: App\ntargets:\n  App:\n    sources: [${target_name}]\n", to: "project.yml")
        let error = try #require(throws: WorkspaceError.self) { try XcodeGenReader().read(specAt: path) }
        #expect(error.location?.file == path)
        #expect(error.location?.line == 4)
    }

    @Test func discoveryPrefersTheSpecToTheProjectItGenerates() throws {
        let directory = try Self.workspace()
        try directory.write(XcodeFixtures.synchronized, to: "App.xcodeproj/project.pbxproj")
        try directory.write("name: lint\nrules: []\n", to: "Tools/project.yml")
        let loader = WorkspaceLoader(manifestLoader: ManifestReader(environment: [:]))
        let found = try loader.discoverPackagesAndProjects(under: directory.path)
        #expect(found.projects == ["project.yml"])
    }
}

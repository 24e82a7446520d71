import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// XcodeGen specs in `lint-graph`, `graph`, `--imports`, `affected` and `init --adopt`: a
/// `project.yml` that includes a file of targets and uses a template, beside a local
/// package, read into the same graph as Xcode projects, findings at the YAML line.
@Suite("XcodeGen specs in the graph, in process")
struct XcodeGenGraphServiceTests {
    static let spec = """
        name: App
        include:
          - Features/features.yml
        packages:
          Browse:
            path: Packages/Browse
        targetTemplates:
          Feature:
            type: framework
            platform: iOS
            sources:
              - ${target_name}
        targets:
          App:
            type: application
            platform: iOS
            sources: [App]
            dependencies:
              - target: Search
              - package: Browse
          AppTests:
            type: bundle.unit-test
            platform: iOS
            sources: [AppTests]
            dependencies:
              - target: App

        """

    /// The template is the root spec's, so its `${target_name}` source folder is `Search`
    /// beside `project.yml`, as XcodeGen resolves it.
    static let features = """
        targets:
          Search:
            templates: [Feature]
            dependencies:
              - package: Browse

        """

    static func workspace<Folder: TestFolder>(in directory: Folder, configuration: Bool = true) throws -> Folder {
        try directory.write(spec, to: "project.yml")
        try directory.write(features, to: "Features/features.yml")
        try directory.write(XcodeFixtures.package("Browse"), to: "Packages/Browse/Package.swift")
        try directory.write("public let browse = 1\n", to: "Packages/Browse/Sources/Browse/Browse.swift")
        try directory.write("import Browse\n\nlet shown = browse\n", to: "App/ContentView.swift")
        try directory.write("public let search = 1\n", to: "Search/Search.swift")
        try directory.write("import App\n", to: "AppTests/AppTests.swift")
        if configuration {
            try directory.write("workspace: App\npackages: [Packages/*]\nprojects: [project.yml]\nlayers:\n  product: [Search, Browse]\n", to: "mfe.yml")
        }
        return directory
    }

    static func line(of needle: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func lintGraphFindsThePlantedEdgeAtTheIncludedFilesLine() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        let result = await directory.mfe().lintGraph(.init(format: .json))
        #expect(result.status == 1, "\(result.standardError)")
        let findings = try #require(try Self.json(result.standardOutput)["findings"] as? [[String: Any]])
        let edge = try #require(findings.first { $0["rule"] as? String == "product-to-product" }, "\(findings)")
        #expect(edge["from"] as? String == "Search")
        #expect(edge["to"] as? String == "Browse")
        #expect(edge["file"] as? String == "Features/features.yml")
        #expect(edge["line"] as? Int == Self.line(of: "- package: Browse", in: Self.features))
    }

    @Test func graphShowsTheAppAsTheShell() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        let result = await directory.mfe().graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let packages = try #require(try Self.json(result.standardOutput)["packages"] as? [[String: Any]])
        let project = try #require(packages.first { $0["path"] as? String == "project.yml" }, "\(packages)")
        let targets = try #require(project["targets"] as? [[String: Any]])
        let app = try #require(targets.first { $0["name"] as? String == "App" })
        #expect(app["dependencies"] as? [String] == ["Browse", "Search"])
        #expect(app["layer"] as? String == "shell")
        #expect(targets.first { $0["name"] as? String == "AppTests" }?["feature"] as? String == "App")
    }

    @Test func importsReadTheTemplatesSources() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        let result = await directory.mfe().lintGraph(.init(format: .json, imports: true))
        let findings = try #require(try Self.json(result.standardOutput)["findings"] as? [[String: Any]])
        // App links Search but never imports it; App's sources are read.
        #expect(findings.contains { $0["rule"] as? String == "unused-dependency" && $0["from"] as? String == "App" && $0["to"] as? String == "Search" }, "\(findings)")
        #expect(!findings.contains { $0["from"] as? String == "App" && $0["to"] as? String == "Browse" && $0["rule"] as? String == "unused-dependency" })
    }

    @Test func refusesAnEnvironmentVariableAtItsLine() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        try directory.write(Self.features.replacingOccurrences(of: "- package: Browse", with: "- target: ${FLAVOUR}Kit"), to: "Features/features.yml")
        let result = await directory.mfe().lintGraph(.init())
        #expect(result.status == 2)
        #expect(result.standardError.contains("Features/features.yml:\(Self.line(of: "- package: Browse", in: Self.features))"), "\(result.standardError)")
        #expect(result.standardError.contains("'${FLAVOUR}'"), "\(result.standardError)")
    }

    /// On the disk: git reads the change.
    @Test func affectedMapsAFileOfATemplatesSourceFolderToItsTarget() async throws {
        let directory = try Self.workspace(in: try TemporaryDirectory())
        let git: [String: String?] = ["GIT_AUTHOR_NAME": "mfe", "GIT_AUTHOR_EMAIL": "mfe@example.com", "GIT_COMMITTER_NAME": "mfe", "GIT_COMMITTER_EMAIL": "mfe@example.com"]
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "start"]] {
            #expect(try await SubprocessRunner().run("git", arguments, workingDirectory: directory.path, environment: git).status == 0)
        }
        try directory.write("public let search = 2\n", to: "Search/Search.swift")
        let result = await InProcessMFE(in: directory.path).affected(.init(base: "HEAD", format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try Self.json(result.standardOutput)
        #expect(json["targets"] as? [String] == ["App", "AppTests", "Search"])
    }

    @Test func adoptFindsTheSpecAndNamesItTheShell() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"), configuration: false)
        let result = await directory.mfe().initialize(.init(adopt: true))
        #expect(result.status == 0, "\(result.standardError)")
        let written = try directory.read("mfe.yml")
        #expect(written.contains("  - project.yml\n"), "\(written)")
        #expect(written.contains("shell:\n  project: project.yml"), "\(written)")
        #expect(await directory.mfe().lintGraph(.init()).status != 2)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// Xcode targets in `lint-graph`, `graph`, `affected` and `--imports`: a hand-written Xcode 16
/// project with synchronized folders beside a local package it links, in process on a file
/// system in memory (on the disk where git runs).
@Suite("Xcode projects in the graph, in process")
struct XcodeGraphServiceTests {
    /// The synchronized fixture with `Search` also linking `Browse` (a product-to-product
    /// edge once both are product features), the app's sources, and a workspace `mfe.yml`,
    /// written into `directory` (in memory unless given).
    static func workspace<Folder: TestFolder>(in directory: Folder) throws -> Folder {
        let project = XcodeFixtures.synchronized.replacingOccurrences(
            of: "\t\t\tpackageProductDependencies = (\n\t\t\t);", with: "\t\t\tpackageProductDependencies = (\n\t\t\t\tA00000000000000000000061 /* Browse */,\n\t\t\t);")
        try directory.write(project, to: "App.xcodeproj/project.pbxproj")
        try directory.write(XcodeFixtures.package("Browse"), to: "Packages/Browse/Package.swift")
        try directory.write("public let browse = 1\n", to: "Packages/Browse/Sources/Browse/Browse.swift")
        try directory.write("import Browse\n\nlet shown = browse\n", to: "App/ContentView.swift")
        try directory.write("public let search = 1\n", to: "Search/Search.swift")
        try directory.write("import App\n", to: "AppTests/AppTests.swift")
        try directory.write("workspace: App\npackages: [Packages/*]\nprojects: [App.xcodeproj]\nlayers:\n  product: [Search, Browse]\n", to: "mfe.yml")
        return directory
    }

    static func line(of needle: String, in text: String) -> Int {
        (text.components(separatedBy: "\n").firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    @Test func lintGraphChecksXcodeTargetsAtTheirPbxprojLines() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        let result = await directory.mfe().lintGraph(.init(format: .json))
        #expect(result.status == 1, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let edge = try #require(findings.first { $0["rule"] as? String == "product-to-product" })
        #expect(edge["from"] as? String == "Search")
        #expect(edge["to"] as? String == "Browse")
        #expect(edge["file"] as? String == "App.xcodeproj/project.pbxproj")
        let text = try directory.read("App.xcodeproj/project.pbxproj")
        // The entry in Search's packageProductDependencies list, the first of Browse's two.
        let entry = Self.line(of: "\t\t\t\tA00000000000000000000061 /* Browse */,", in: text)
        #expect(entry > Self.line(of: "A00000000000000000000030 /* Search */ = {", in: text))
        #expect(edge["line"] as? Int == entry)
    }

    @Test func graphShowsTheAppAsTheShellWithItsDependencies() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        let result = await directory.mfe().graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        let project = try #require(packages.first { $0["path"] as? String == "App.xcodeproj" })
        let targets = try #require(project["targets"] as? [[String: Any]])
        let app = try #require(targets.first { $0["name"] as? String == "App" })
        #expect(app["dependencies"] as? [String] == ["Browse", "Search"])
        #expect(app["layer"] as? String == "shell")
        #expect(targets.first { $0["name"] as? String == "AppTests" }?["feature"] as? String == "App")
    }

    @Test func importsReadTheSynchronizedFolders() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        let result = await directory.mfe().lintGraph(.init(format: .json, imports: true))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        // App links Search but its sources never import it.
        #expect(findings.contains { $0["rule"] as? String == "unused-dependency" && $0["from"] as? String == "App" && $0["to"] as? String == "Search" }, "\(findings)")
        #expect(!findings.contains { $0["from"] as? String == "App" && $0["to"] as? String == "Browse" })
    }

    /// On the disk: git reads the change.
    @Test func affectedMapsAFileOfASynchronizedFolderToItsTargetAndDependents() async throws {
        let directory = try Self.workspace(in: try TemporaryDirectory())
        let git: [String: String?] = ["GIT_AUTHOR_NAME": "mfe", "GIT_AUTHOR_EMAIL": "mfe@example.com", "GIT_COMMITTER_NAME": "mfe", "GIT_COMMITTER_EMAIL": "mfe@example.com"]
        for arguments in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "start"]] {
            #expect(try await SubprocessRunner().run("git", arguments, workingDirectory: directory.path, environment: git).status == 0)
        }
        try directory.write("public let search = 2\n", to: "Search/Search.swift")
        let result = await InProcessMFE(in: directory.path).affected(.init(base: "HEAD", format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(json["targets"] as? [String] == ["App", "AppTests", "Search"])
        #expect(json["changed"] as? [String] == ["App"])
    }

    @Test func adoptFindsTheProjectAndNamesItTheShell() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("App"))
        try directory.fileSystem.remove(directory.path + "/mfe.yml")
        let result = await directory.mfe().initialize(.init(adopt: true))
        #expect(result.status == 0, "\(result.standardError)")
        let written = try directory.read("mfe.yml")
        #expect(written.contains("projects:               # the Xcode projects, read beside the packages\n  - App.xcodeproj\n"), "\(written)")
        #expect(written.contains("shell:\n  project: App.xcodeproj"))
        #expect(await directory.mfe().lintGraph(.init()).status == 0)
    }
}

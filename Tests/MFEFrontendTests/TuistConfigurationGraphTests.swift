import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `Tuist.swift` in the graph: a root holding only `Tuist.swift` is where `.relativeToRoot`
/// starts, and the plugins it lists give the helpers a manifest imports.
@Suite("Tuist configuration in the graph, in process")
struct TuistConfigurationGraphTests {
    static func project(_ name: String, dependencies: String = "") -> String {
        "import ProjectDescription\n\nlet project = Project(name: \"\(name)\", targets: [.target(name: \"\(name)\", destinations: .iOS, product: .framework, bundleId: \"b\", dependencies: [\(dependencies)])])\n"
    }

    /// A helper: `.module(name)` is the project at `Projects/<name>` of the Tuist root.
    static let moduleHelper = """
        import ProjectDescription

        extension TargetDependency {
            public static func module(_ name: String) -> TargetDependency {
                .project(target: name, path: .relativeToRoot("Projects/\\(name)"))
            }
        }

        """

    /// The Search project, depending on `.module("Network")` from the module `helpers`.
    static func search(importing helpers: String) -> String {
        "import ProjectDescription\nimport \(helpers)\n\nlet project = Project(name: \"Search\", targets: [.target(name: \"Search\", destinations: .iOS, product: .framework, bundleId: \"s\", dependencies: [.module(\"Network\")])])\n"
    }

    @Test func aRootWithOnlyTuistSwiftAndItsListedPluginMakeTheGraph() async throws {
        let directory = try InMemoryFolder.workspace("Acme")
        // The Tuist root is App/, below the workspace: `.relativeToRoot` starts there.
        try directory.write(
            "import ProjectDescription\n\nlet tuist = Tuist(project: .tuist(plugins: [.local(path: .relativeToRoot(\"Plugins/Modules\"))]))\n", to: "App/Tuist.swift")
        try directory.write("import ProjectDescription\n\nlet plugin = Plugin(name: \"ModulesPlugin\")\n", to: "App/Plugins/Modules/Plugin.swift")
        try directory.write(Self.moduleHelper, to: "App/Plugins/Modules/ProjectDescriptionHelpers/Modules.swift")
        try directory.write(Self.search(importing: "ModulesPlugin"), to: "App/Projects/Search/Project.swift")
        try directory.write(Self.project("Network"), to: "App/Projects/Network/Project.swift")
        let result = await directory.mfe().graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        #expect(packages.compactMap { $0["path"] as? String }.sorted() == ["App/Projects/Network", "App/Projects/Search"], "the plugin is no project")
        let search = try #require((packages.first { $0["path"] as? String == "App/Projects/Search" }?["targets"] as? [[String: Any]])?.first)
        #expect(search["dependencies"] as? [String] == ["Network"])
    }

    @Test func anImportOfAGitPluginIsRefusedAtItsLine() async throws {
        let directory = try InMemoryFolder.workspace("Acme")
        try directory.write(
            "import ProjectDescription\n\nlet tuist = Tuist(project: .tuist(plugins: [.git(url: \"https://example.com/acme/Modules.git\", tag: \"2.0.0\")]))\n", to: "Tuist.swift")
        try directory.write("import ProjectDescription\nimport ModulesPlugin\n\nlet project = Project.module(\"Search\")\n", to: "Projects/Search/Project.swift")
        let result = await directory.mfe().lintGraph(.init(format: .json))
        #expect(result.status == 2)
        #expect(result.standardError.contains("Projects/Search/Project.swift:2:8: 'import ModulesPlugin' is no local plugin of"), "\(result.standardError)")
        #expect(result.standardError.contains("'https://example.com/acme/Modules.git' ('2.0.0') is not on disk"), "\(result.standardError)")
    }

    @Test func startedBelowTheTuistRootTheProjectsStillReadTheRootsHelpers() async throws {
        // Tuist's root is /work/Acme (its `Tuist/` folder); mfe is started in Projects/, below
        // it. `.relativeToRoot` and the helpers start at the root, as Tuist finds it.
        let fileSystem = InMemoryFileSystem(currentDirectory: "/work/Acme/Projects")
        let root = try fileSystem.folder("/work/Acme")
        try root.write(Self.moduleHelper, to: "Tuist/ProjectDescriptionHelpers/Modules.swift")
        try root.write(Self.search(importing: "ProjectDescriptionHelpers"), to: "Projects/Search/Project.swift")
        try root.write(Self.project("Network"), to: "Projects/Network/Project.swift")
        let result = await InProcessMFE(fileSystem: fileSystem, variables: [:]).graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        let search = try #require((packages.first { $0["path"] as? String == "Search" }?["targets"] as? [[String: Any]])?.first, "\(packages)")
        #expect(search["dependencies"] as? [String] == ["Network"])
    }
}

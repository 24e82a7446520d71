import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// Tuist workspaces in `lint-graph` and `graph`, read statically: a µFeature workspace whose
/// projects are made by `Tuist/ProjectDescriptionHelpers` functions, with external packages in
/// `Tuist/Package.swift`, in process on a file system in memory.
@Suite("Tuist projects in the graph, in process")
struct TuistGraphServiceTests {
    static let templates = """
        import ProjectDescription

        extension Project {
            public static func feature(name: String, dependencies: [TargetDependency] = []) -> Project {
                Project(
                    name: name,
                    targets: [
                        .target(
                            name: name,
                            destinations: .iOS,
                            product: .framework,
                            bundleId: "com.acme.\\(name)",
                            sources: ["Sources/**"],
                            dependencies: dependencies
                        ),
                        .target(
                            name: "\\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "com.acme.\\(name)Tests",
                            sources: ["Tests/**"], dependencies: [.target(name: name)]),
                    ]
                )
            }
        }

        """

    static let dependencies = """
        import ProjectDescription

        extension TargetDependency {
            public static func feature(_ name: String) -> TargetDependency {
                .project(target: name, path: .relativeToRoot("Projects/Features/\\(name)"))
            }

            public static func core(_ name: String) -> TargetDependency {
                .project(target: name, path: "//Projects/Core/\\(name)")
            }
        }

        """

    /// The fixture: App (the older `Target(name:platform:…)` API) → Search, Profile and an
    /// external package; Search → Network and, planted, Profile (product to product);
    /// Network (foundation) → Alamofire and, planted, Search (foundation to a feature).
    static func workspace<Folder: TestFolder>(in directory: Folder) throws -> Folder {
        try directory.write(templates, to: "Tuist/ProjectDescriptionHelpers/Project+Templates.swift")
        try directory.write(dependencies, to: "Tuist/ProjectDescriptionHelpers/Dependencies.swift")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Dependencies",
                dependencies: [
                    .package(url: "https://github.com/Alamofire/Alamofire", from: "5.9.0"),
                    .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.10.0"),
                ]
            )

            """, to: "Tuist/Package.swift")
        try directory.write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "App",
                targets: [
                    Target(
                        name: "App",
                        platform: .iOS,
                        product: .app,
                        bundleId: "com.acme.app",
                        sources: ["Sources/**"],
                        dependencies: [
                            .feature("Search"),
                            .feature("Profile"),
                            .external(name: "ComposableArchitecture"),
                        ]
                    )
                ]
            )

            """, to: "Projects/App/Project.swift")
        try directory.write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.feature(
                name: "Search",
                dependencies: [
                    .core("Network"),
                    .feature("Profile"),
                ]
            )

            """, to: "Projects/Features/Search/Project.swift")
        try directory.write(
            "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.feature(name: \"Profile\", dependencies: [.core(\"Network\")])\n",
            to: "Projects/Features/Profile/Project.swift")
        try directory.write(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.feature(
                name: "Network",
                dependencies: [
                    .external(name: "Alamofire"),
                    .feature("Search"),
                ]
            )

            """, to: "Projects/Core/Network/Project.swift")
        try directory.write("import Search\nimport Profile\n", to: "Projects/App/Sources/App.swift")
        try directory.write("import Network\n", to: "Projects/Features/Search/Sources/Search.swift")
        try directory.write("import Network\n", to: "Projects/Features/Profile/Sources/Profile.swift")
        try directory.write("import Alamofire\n", to: "Projects/Core/Network/Sources/Network.swift")
        try directory.write("workspace: Acme\nlayers:\n  foundation: [Network]\n  product: [Search, Profile]\n", to: "mfe.yml")
        return directory
    }

    static func findings(_ output: String) throws -> [[String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        return try #require(json["findings"] as? [[String: Any]])
    }

    @Test func lintGraphFindsPlantedViolationsAtTheProjectSwiftLines() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("Acme"))
        let result = await directory.mfe().lintGraph(.init(format: .json))
        #expect(result.status == 1, "\(result.standardError)")
        let findings = try Self.findings(result.standardOutput)
        let product = try #require(findings.first { $0["rule"] as? String == "product-to-product" }, "\(findings)")
        #expect(product["from"] as? String == "Search")
        #expect(product["to"] as? String == "Profile")
        #expect(product["file"] as? String == "Projects/Features/Search/Project.swift")
        // `.feature("Profile"),`: the line written in Project.swift, not the helper's.
        #expect(product["line"] as? Int == 8)
        let foundation = try #require(findings.first { $0["rule"] as? String == "foundation-to-upper" }, "\(findings)")
        #expect(foundation["from"] as? String == "Network")
        #expect(foundation["file"] as? String == "Projects/Core/Network/Project.swift")
        #expect(foundation["line"] as? Int == 8)
    }

    @Test func graphReadsBothTargetAPIsHelpersAndNoTuistFolderAsAFeature() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("Acme"))
        let result = await directory.mfe().graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        #expect(packages.compactMap { $0["path"] as? String }.sorted() == ["Projects/App", "Projects/Core/Network", "Projects/Features/Profile", "Projects/Features/Search"])
        let app = try #require((packages.first { $0["path"] as? String == "Projects/App" }?["targets"] as? [[String: Any]])?.first)
        #expect(app["dependencies"] as? [String] == ["Profile", "Search"])
        #expect(app["layer"] as? String == "shell")
        let search = try #require(packages.first { $0["path"] as? String == "Projects/Features/Search" }?["targets"] as? [[String: Any]])
        #expect(search.first { $0["name"] as? String == "Search" }?["dependencies"] as? [String] == ["Network", "Profile"])
        #expect(search.first { $0["name"] as? String == "SearchTests" }?["dependencies"] as? [String] == ["Search"])
    }

    @Test func importsReadTheSourcesGlobs() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("Acme"))
        let result = await directory.mfe().lintGraph(.init(format: .json, imports: true))
        let findings = try Self.findings(result.standardOutput)
        // Search depends on Profile but its sources never import it; App imports both.
        #expect(findings.contains { $0["rule"] as? String == "unused-dependency" && $0["from"] as? String == "Search" && $0["to"] as? String == "Profile" }, "\(findings)")
        #expect(!findings.contains { $0["rule"] as? String == "unused-dependency" && $0["from"] as? String == "App" })
    }

    @Test func whatOnlyRunningTheManifestTellsIsALocatedRefusal() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("Acme"))
        try directory.write(
            """
            import Foundation
            import ProjectDescription
            import ProjectDescriptionHelpers

            let name = try! String(contentsOfFile: "name.txt")
            let project = Project.feature(name: name)

            """, to: "Projects/Features/Profile/Project.swift")
        let result = await directory.mfe().lintGraph(.init(format: .json))
        #expect(result.status == 2)
        #expect(result.standardError.contains("Projects/Features/Profile/Project.swift:5:"), "\(result.standardError)")
        #expect(result.standardError.contains("cannot be read without running the manifest"), "\(result.standardError)")
    }

    @Test func workspaceSwiftLimitsTheProjectsRead() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("Acme"))
        try directory.write(
            "import ProjectDescription\n\nlet project = Project(name: \"Scratch\", targets: [.target(name: \"Scratch\", destinations: .iOS, product: .app, bundleId: \"s\")])\n",
            to: "Scratch/Project.swift")
        try directory.write("import ProjectDescription\n\nlet workspace = Workspace(name: \"Acme\", projects: [\"Projects/**\"])\n", to: "Workspace.swift")
        let result = await directory.mfe().graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let paths = try #require(json["packages"] as? [[String: Any]]).compactMap { $0["path"] as? String }
        #expect(!paths.contains("Scratch"))
        #expect(paths.count == 4, "\(paths)")
    }

    @Test func adoptFindsTheTuistProjectsAndTheirShell() async throws {
        let directory = try Self.workspace(in: try InMemoryFolder.workspace("Acme"))
        try directory.fileSystem.remove(directory.path + "/mfe.yml")
        let result = await directory.mfe().initialize(.init(adopt: true))
        #expect(result.status == 0, "\(result.standardError)")
        let written = try directory.read("mfe.yml")
        #expect(written.contains("  - Projects/Features/Search\n"), "\(written)")
        #expect(written.contains("shell:\n  project: Projects/App"), "\(written)")
        // The written `projects:` read back: the same four projects.
        let lint = await directory.mfe().lintGraph(.init(format: .json))
        #expect(lint.standardOutput.contains("\"packages\": 4,"), "\(lint.standardOutput) \(lint.standardError)")
    }

    /// Two projects in folders of the same name (`Data/Home`, `Features/Home`): the path of
    /// `.project(target:path:)` decides, never the folder's name.
    @Test func aProjectPathFindsItsFolderAmongFoldersOfTheSameName() async throws {
        let directory = try InMemoryFolder.workspace("Same")
        func project(_ name: String, _ target: String, product: String, dependencies: String = "") -> String {
            "import ProjectDescription\n\nlet project = Project(name: \"\(name)\", targets: [.target(name: \"\(target)\", destinations: .iOS, product: .\(product), bundleId: \"b\", dependencies: [\(dependencies)])])\n"
        }
        try directory.write(project("Home", "HomeData", product: "framework"), to: "Projects/Data/Home/Project.swift")
        try directory.write(project("Home", "HomeFeature", product: "framework"), to: "Projects/Features/Home/Project.swift")
        try directory.write(project("App", "App", product: "app", dependencies: ".project(target: \"HomeFeature\", path: \"../Features/Home\")"), to: "Projects/App/Project.swift")
        let result = await directory.mfe().graph(.init(format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        let app = try #require((packages.first { $0["path"] as? String == "Projects/App" }?["targets"] as? [[String: Any]])?.first)
        #expect(app["dependencies"] as? [String] == ["HomeFeature"])
    }
}

import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

/// `Tuist.swift` (Tuist 4) and `Tuist/Config.swift` (older) read with the interpreter: they
/// mark the root, list the plugins whose helpers manifests import, and make an import of a
/// git plugin that is not on disk a located refusal.
@Suite("Tuist configuration and plugins")
struct TuistConfigurationTests {
    static let kitPlugin = "import ProjectDescription\n\nlet plugin = Plugin(name: \"KitPlugin\")\n"
    static let kitHelper = """
        import ProjectDescription

        extension Project {
            public static func kit(_ name: String) -> Project {
                Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "com.acme.\\(name)", dependencies: [.external(name: "Kit")])])
            }
        }

        """
    static let tuist4 = """
        import ProjectDescription

        let tuist = Tuist(
            project: .tuist(
                compatibleXcodeVersions: "16.0",
                plugins: [
                    .local(path: .relativeToRoot("Plugins/KitPlugin")),
                    .git(url: "https://github.com/acme/RemotePlugin.git", tag: "1.2.0"),
                ]
            )
        )

        """

    static func world(_ files: [String: String]) throws -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem()
        for (path, text) in files { try fileSystem.write(text, to: "/repo/" + path) }
        return fileSystem
    }

    static func read(_ files: [String: String]) throws -> TuistProjectDefinition {
        let reader = TuistManifestReader(fileSystem: try world(files), environment: [:])
        return try reader.readProject(at: "/repo/Projects/App/Project.swift", root: "/repo", helpers: reader.helpers(root: "/repo"))
    }

    @Test func tuistSwiftListsLocalAndGitPluginsAtTheirLines() throws {
        let reader = TuistManifestReader(fileSystem: try Self.world(["Tuist.swift": Self.tuist4]), environment: [:])
        let configuration = try #require(try reader.readConfiguration(root: "/repo"))
        #expect(configuration.file == "/repo/Tuist.swift")
        #expect(
            configuration.plugins == [
                .init(.local(path: "/repo/Plugins/KitPlugin"), location: SourceLocation(file: "/repo/Tuist.swift", line: 7, column: 13)),
                .init(.git(url: "https://github.com/acme/RemotePlugin.git", reference: "1.2.0"), location: SourceLocation(file: "/repo/Tuist.swift", line: 8, column: 13)),
            ])
    }

    @Test func configSwiftPathsRelativeToTheManifestStartAtTheFileAsTuistResolvesThem() throws {
        let config =
            "import ProjectDescription\n\nlet config = Config(plugins: [.local(path: .relativeToManifest(\"../../Plugins/KitPlugin\")), .git(url: \"git@example.com:a/b.git\", sha: \"66ca149\")])\n"
        let reader = TuistManifestReader(fileSystem: try Self.world(["Tuist/Config.swift": config]), environment: [:])
        let configuration = try #require(try reader.readConfiguration(root: "/repo"))
        #expect(configuration.plugins.map(\.source) == [.local(path: "/repo/Plugins/KitPlugin"), .git(url: "git@example.com:a/b.git", reference: "66ca149")])
        // Early Tuist 4 wrote `Config(…)` in `Tuist.swift`; a string is relative to the file too.
        let early = "import ProjectDescription\nlet config = Config(project: .tuist(plugins: [.local(path: \"../Plugins/KitPlugin\")]))\n"
        let tuist = try TuistManifestReader(fileSystem: try Self.world(["Tuist.swift": early]), environment: [:]).readConfiguration(root: "/repo")
        #expect(tuist?.plugins.map(\.source) == [.local(path: "/repo/Plugins/KitPlugin")])
        // No configuration: nothing to read.
        #expect(try TuistManifestReader(fileSystem: try Self.world(["Project.swift": ""]), environment: [:]).readConfiguration(root: "/repo") == nil)
    }

    @Test func theConfigurationChoosesThePluginsWhoseHelpersAreRead() throws {
        var files = [
            "Plugins/KitPlugin/Plugin.swift": Self.kitPlugin, "Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift": Self.kitHelper,
            "Plugins/Unused/Plugin.swift": "import ProjectDescription\nlet plugin = Plugin(name: \"Unused\")\n",
            "Plugins/Unused/ProjectDescriptionHelpers/Unused.swift": "import ProjectDescription\n",
        ]
        let reader = { TuistManifestReader(fileSystem: try Self.world(files), environment: [:]) }
        // Without a configuration, every folder holding a Plugin.swift is a plugin, as before.
        #expect(try reader().helperFiles(root: "/repo") == ["/repo/Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift", "/repo/Plugins/Unused/ProjectDescriptionHelpers/Unused.swift"])
        files["Tuist/Config.swift"] = "import ProjectDescription\nlet config = Config(plugins: [.local(path: .relativeToRoot(\"Plugins/KitPlugin\"))])\n"
        #expect(try reader().helperFiles(root: "/repo") == ["/repo/Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift"])
        // A configuration listing no plugins has none.
        files["Tuist/Config.swift"] = "import ProjectDescription\nlet config = Config()\n"
        #expect(try reader().helperFiles(root: "/repo").isEmpty)
    }

    @Test func aManifestUsesItsLocalPluginsHelpers() throws {
        let project = try Self.read([
            "Tuist.swift": Self.tuist4, "Plugins/KitPlugin/Plugin.swift": Self.kitPlugin, "Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift": Self.kitHelper,
            "Projects/App/Project.swift": "import ProjectDescription\nimport KitPlugin\n\nlet project = Project.kit(\"Search\")\n",
        ])
        #expect(project.name == "Search")
        #expect(project.targets.first?.dependencies.map(\.kind) == [.external("Kit")])
    }

    @Test func importingAGitPluginThatIsNotOnDiskIsALocatedRefusal() throws {
        let files = [
            "Tuist.swift": Self.tuist4, "Plugins/KitPlugin/Plugin.swift": Self.kitPlugin, "Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift": Self.kitHelper,
            "Projects/App/Project.swift": "import ProjectDescription\nimport KitPlugin\nimport RemotePlugin\n\nlet project = Project.remote(\"Search\")\n",
        ]
        let error = try #require(throws: TuistReadError.self) { try Self.read(files) }
        #expect(error.location == SourceLocation(file: "/repo/Projects/App/Project.swift", line: 3, column: 8))
        let message = error.errorDescription ?? ""
        #expect(message.contains("'import RemotePlugin' is no local plugin of '/repo/Tuist.swift'"), "\(message)")
        #expect(message.contains("'https://github.com/acme/RemotePlugin.git' ('1.2.0') is not on disk"), "\(message)")
        #expect(message.contains("'tuist install'") && message.contains("'.local(path:)'"), "\(message)")
    }

    @Test func aListedPluginFolderThatIsMissingIsLocatedAtTheConfiguration() throws {
        let files = ["Tuist.swift": Self.tuist4, "Projects/App/Project.swift": "import ProjectDescription\nlet project = Project(name: \"App\")\n"]
        let error = try #require(throws: TuistReadError.self) { try Self.read(files) }
        #expect(error == .noPluginFolder("/repo/Plugins/KitPlugin", at: SourceLocation(file: "/repo/Tuist.swift", line: 7, column: 13)))
    }

    @Test func theRootIsMarkedByTuistSwiftAloneOrATuistFolder() throws {
        let fileSystem = try Self.world([
            "A/Tuist.swift": "", "B/Tuist/Package.swift": "", "C/Tuist/Other.txt": "", "D/Tuist/x": "", "D/Project.swift": "",
            "E/Config.swift": "struct Config {}\n", "F/Config.swift": "import ProjectDescription\nlet config = Config()\n",
        ])
        #expect(["A", "B", "D"].allSatisfy { TuistLayout.isRoot("/repo/" + $0, fileSystem: fileSystem) })
        #expect(!TuistLayout.isRoot("/repo/C", fileSystem: fileSystem))
        #expect(TuistLayout.configurationFile(root: "/repo/A", fileSystem: fileSystem) == "/repo/A/Tuist.swift")
        // An app's own Config.swift is no Tuist configuration.
        #expect(TuistLayout.configurationFile(root: "/repo/E", fileSystem: fileSystem) == nil)
        #expect(TuistLayout.configurationFile(root: "/repo/F", fileSystem: fileSystem) == "/repo/F/Config.swift")
    }

    @Test func theProjectRootIsTheNearestFolderTuistStopsAt() throws {
        let fileSystem = try Self.world([
            "Tuist/Package.swift": "", "Projects/App/Project.swift": "",
            // A repository of its own inside: Tuist stops at its `.git` folder.
            "Vendor/Kit/.git/HEAD": "", "Vendor/Kit/Projects/Kit/Project.swift": "",
            // A `.git` file (a submodule's or worktree's) marks nothing.
            "Sub/.git": "gitdir: ../.git/modules/Sub\n", "Sub/Project.swift": "",
            "Plugins/Kit/Plugin.swift": "", "Plugins/Kit/Example/Project.swift": "",
            "Next/Tuist.swift": "", "Next/Projects/A/Project.swift": "",
        ])
        func root(_ folder: String, fallback: String = "/fallback") -> String {
            TuistLayout.projectRoot(of: "/repo/" + folder, fallback: fallback, fileSystem: fileSystem)
        }
        #expect(root("Projects/App") == "/repo")
        #expect(root("Vendor/Kit/Projects/Kit") == "/repo/Vendor/Kit")
        #expect(root("Sub") == "/repo")
        #expect(root("Plugins/Kit/Example") == "/repo/Plugins/Kit")
        #expect(root("Next/Projects/A") == "/repo/Next")
        // Pointed below the root, Tuist still finds the one above; with no marker up to `/`,
        // the fallback (the workspace's root).
        #expect(root("Projects") == "/repo")
        let bare = InMemoryFileSystem()
        try bare.write("", to: "/ws/App/Project.swift")
        #expect(TuistLayout.projectRoot(of: "/ws/App", fallback: "/ws", fileSystem: bare) == "/ws")
    }

    @Test func aRootsConfigurationAndPluginsAreReadOncePerRootHoweverManyManifestsImportThem() throws {
        let world = try Self.world([
            "Tuist.swift": Self.tuist4, "Plugins/KitPlugin/Plugin.swift": Self.kitPlugin, "Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift": Self.kitHelper,
        ])
        for name in ["Search", "Cart", "Profile"] {
            try world.write("import ProjectDescription\nimport KitPlugin\n\nlet project = Project.kit(\"\(name)\")\n", to: "/repo/Projects/\(name)/Project.swift")
        }
        let counting = ReadCountingFileSystem(world)
        let reader = TuistManifestReader(fileSystem: counting, environment: [:])
        let helpers = try reader.helpers(root: "/repo")
        for name in ["Search", "Cart", "Profile"] {
            let project = try reader.readProject(at: "/repo/Projects/\(name)/Project.swift", root: "/repo", helpers: helpers)
            #expect(project.name == name)
        }
        #expect(counting.counts.reads(of: "/repo/Tuist.swift") == 1)
        #expect(counting.counts.reads(of: "/repo/Plugins/KitPlugin/Plugin.swift") == 1)
        #expect(counting.counts.reads(of: "/repo/Plugins/KitPlugin/ProjectDescriptionHelpers/Kit.swift") == 1)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe affected` in process on a Feed Me workspace in a real git repository (git runs; the
/// service is called in process): the packages a change affects, in every format.
@Suite("affected in process")
struct AffectedServiceTests {
    @Test func listsChangedPackagesAndTheirDependentsFromTheWorkTree() async throws {
        let workspace = try await GitWorkspace()
        try workspace.write("public enum Env { case changed }\n", to: "Foundation/Env/Sources/Env/Env.swift")
        let text = await InProcessMFE(in: workspace.path).affected(.init(base: "main"))
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == "Browse\nEnv\nShell\n")

        let json = await InProcessMFE().affected(.init(path: workspace.path, base: "main", format: .json))
        #expect(
            json.standardOutput == """
                {
                  "affected": [
                    "Browse",
                    "Env",
                    "Shell"
                  ],
                  "base": "main",
                  "changed": [
                    "Env"
                  ],
                  "features": [
                    "Browse",
                    "Env",
                    "Shell"
                  ],
                  "ignored": [],
                  "mergeBase": "\(try await workspace.git("rev-parse", "main").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))",
                  "outsidePackages": [],
                  "shell": true,
                  "targets": [
                    "App",
                    "Browse",
                    "BrowseTests",
                    "Env"
                  ]
                }

                """)
    }

    @Test func withHeadOnlyCommittedChangesCount() async throws {
        let workspace = try await GitWorkspace()
        try workspace.write("public enum About { case changed }\n", to: "Features/About/Sources/About/About.swift")
        try await workspace.commitAll("about")
        try workspace.write("print(2)\n", to: "Features/Browse/Tools/Sources/Tools/main.swift")
        let committed = await InProcessMFE(in: workspace.path).affected(.init(base: "main", head: "feature"))
        #expect(committed.standardOutput == "About\nShell\n")
        let everything = await InProcessMFE(in: workspace.path).affected(.init(base: "main", format: .json))
        #expect(everything.standardOutput.contains("\"changed\": [\n    \"About\",\n    \"Tools\"\n  ]"))
        #expect(committed.standardError.isEmpty)
        let nothing = await InProcessMFE(in: workspace.path).affected(.init(base: "feature", head: "main"))
        #expect(nothing.status == 0)
        #expect(nothing.standardOutput.isEmpty)
        #expect(nothing.standardError == "note: 'main' is not checked out; the packages and their dependencies were read from the work tree (check out 'main' for an exact answer)\n")
    }

    @Test func theWorkspaceConfigurationAffectsEverything() async throws {
        let workspace = try await GitWorkspace()
        try workspace.write(
            "workspace: FeedMe\npackages: [Foundation/*, Features/*, Features/Browse/Tools, Shell]\nlayers:\n  foundation: [Env]\n  product: [Browse, About]\nshell:\n  path: Shell\n# touched\n",
            to: "mfe.yml")
        let result = await InProcessMFE(in: workspace.path).affected(.init(base: "main"))
        #expect(result.standardOutput == "About\nBrowse\nEnv\nShell\nTools\n")
        #expect(result.standardError == "note: 'mfe.yml' changed outside every package, so every package is affected\n")
    }

    @Test func aDeletedPackageIsReportedByItsBaseName() async throws {
        let workspace = try await GitWorkspace()
        try await workspace.git("rm", "--quiet", "-r", "Features/About")
        try workspace.write(
            GitWorkspace.manifest(
                "Shell", products: [], dependencies: ["../Features/Browse"],
                targets: [
                    ".executableTarget(name: \"App\", dependencies: [.product(name: \"Browse\", package: \"Browse\")])"
                ]), to: "Shell/Package.swift")
        let result = await InProcessMFE(in: workspace.path).affected(.init(base: "main", format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("{\n  \"affected\": [\n    \"About\",\n    \"Shell\"\n  ],"))
        #expect(result.standardOutput.contains("\"changed\": [\n    \"About\",\n    \"Shell\"\n  ],"))
    }

    @Test func anUnknownRevisionExitsWithTwo() async throws {
        let workspace = try await GitWorkspace()
        let unknown = await InProcessMFE(in: workspace.path).affected(.init(base: "origin/nope"))
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown revision 'origin/nope'"))
        #expect(unknown.standardOutput.isEmpty)
    }
}

/// A single-package app in a real git repository, shaped like isowords: package `Words` at the
/// root with CoreKit (foundation), Search and Home (product features; Home uses
/// SearchInterface), AppFeature (the shell feature) and their tests; the Xcode app in `App/`
/// (`shell.path`); Markdown and `docs/` ignored.
enum WordsRepository {
    static let configuration = """
        workspace: Words
        layers:
          foundation: [CoreKit]
          product: [Search, Home]
          shell: [AppFeature]
        shell:
          path: App
        ignore:
          - "**/*.md"
          - docs/**

        """

    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Words",
            products: [.library(name: "AppFeature", targets: ["AppFeature"])],
            targets: [
                .target(name: "CoreKit"),
                .target(name: "SearchInterface", dependencies: ["CoreKit"]),
                .target(name: "Search", dependencies: ["SearchInterface", "CoreKit"]),
                .testTarget(name: "SearchTests", dependencies: ["Search"]),
                .target(name: "HomeInterface"),
                .target(name: "Home", dependencies: ["HomeInterface", "SearchInterface"]),
                .testTarget(name: "HomeTests", dependencies: ["Home"]),
                .target(name: "AppFeature", dependencies: ["Home", "Search"]),
                .testTarget(name: "AppFeatureTests", dependencies: ["AppFeature"]),
            ]
        )

        """

    static func make() async throws -> GitWorkspace {
        var files: [(String, String)] = [("mfe.yml", configuration), ("Package.swift", manifest), ("README.md", "# Words\n"), ("docs/guide.md", "guide\n")]
        // A real project: mfe reads the Xcode projects it finds (one that does not parse is an error).
        files.append(("App/Words.xcodeproj/project.pbxproj", XcodeFixtures.classic(name: "WordsApp")))
        files.append(("App/Info.plist", "<plist/>\n"))
        for target in ["CoreKit", "SearchInterface", "Search", "HomeInterface", "Home", "AppFeature"] {
            files.append(("Sources/\(target)/\(target).swift", "public enum \(target) {}\n"))
        }
        for target in ["SearchTests", "HomeTests", "AppFeatureTests"] {
            files.append(("Tests/\(target)/\(target).swift", "import Testing\n"))
        }
        return try await GitWorkspace(files: files)
    }

    static func json(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }
}

/// `mfe affected` in process on a single-package app: features and targets in a real git
/// repository.
@Suite("affected in process: features and targets in a real git repository")
struct AffectedMonorepoServiceTests {
    @Test func aSourceChangeSelectsItsTargetAndDependentsNotTheWholePackage() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("public enum Search { case changed }\n", to: "Sources/Search/Search.swift")
        try repository.write("\"hello\" = \"hello\";\n", to: "Sources/Search/Resources/en.lproj/Localizable.strings")
        try await repository.commitAll("search")

        let text = await InProcessMFE(in: repository.path).affected(.init(base: "main"))
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == "Words\n")
        #expect(text.standardError.isEmpty)

        let json = try WordsRepository.json(await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json)).standardOutput)
        #expect(json["targets"] as? [String] == ["AppFeature", "AppFeatureTests", "Search", "SearchTests"])
        #expect(json["features"] as? [String] == ["AppFeature", "Search"])
        #expect(json["changed"] as? [String] == ["Words"])
        #expect(json["shell"] as? Bool == true)
        #expect(json["base"] as? String == "main")

        let matrix = await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .matrix))
        #expect(
            matrix.standardOutput
                == #"{"include": [{"filter": "^(AppFeatureTests|SearchTests)\\.", "package": "Words", "path": ".", "targets": ["AppFeature", "AppFeatureTests", "Search", "SearchTests"]}]}"# + "\n")

        try repository.write("import Testing\n@Test func more() {}\n", to: "Tests/HomeTests/More.swift")
        let uncommitted = try WordsRepository.json(await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json)).standardOutput)
        #expect(uncommitted["targets"] as? [String] == ["AppFeature", "AppFeatureTests", "HomeTests", "Search", "SearchTests"])
    }

    @Test func theManifestAffectsEveryTarget() async throws {
        let repository = try await WordsRepository.make()
        try repository.write(WordsRepository.manifest + "// touched\n", to: "Package.swift")
        let json = try WordsRepository.json(await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json)).standardOutput)
        #expect((json["targets"] as? [String])?.count == 9)
    }

    @Test func ignoredFilesAffectNothingAndTheMatrixStaysValid() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("# Words, better\n", to: "README.md")
        try repository.write("more\n", to: "docs/guide.md")
        try repository.write("notes\n", to: "Sources/Home/NOTES.md")
        let text = await InProcessMFE(in: repository.path).affected(.init(base: "main"))
        #expect(text.status == 0)
        #expect(text.standardOutput.isEmpty)
        #expect(text.standardError == "note: 'README.md', 'Sources/Home/NOTES.md', 'docs/guide.md' changed but match 'ignore:' in mfe.yml, so they affect nothing\n")
        let matrix = await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .matrix))
        #expect(matrix.standardOutput == "{\"include\": []}\n")
        let json = try WordsRepository.json(await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json)).standardOutput)
        #expect(json["ignored"] as? [String] == ["README.md", "Sources/Home/NOTES.md", "docs/guide.md"])
        #expect(json["targets"] as? [String] == [])
    }

    @Test func theShellFolderAffectsTheShellOnlyAndOtherRootFilesEverything() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("<plist version=\"1.0\"/>\n", to: "App/Info.plist")
        let shell = await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json))
        let json = try WordsRepository.json(shell.standardOutput)
        #expect(json["affected"] as? [String] == [])
        #expect(json["shell"] as? Bool == true)
        #expect(shell.standardError == "note: 'App/Info.plist' changed in the shell's folder, which affects the shell app only\n")

        try repository.write("build:\n\tswift build\n", to: "Makefile")
        let root = await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json))
        #expect((try WordsRepository.json(root.standardOutput)["targets"] as? [String])?.count == 9)
        #expect(root.standardError.contains("'Makefile' changed in a package but outside its targets' folders, so every target of that package is affected"))
    }

    @Test func theDefaultBaseIsTheRemoteDefaultBranchElseMain() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("public enum CoreKit { case changed }\n", to: "Sources/CoreKit/CoreKit.swift")
        try await repository.commitAll("core")

        let local = await InProcessMFE(in: repository.path).affected(.init(format: .json))
        #expect(local.status == 0, "\(local.standardError)")
        #expect(try WordsRepository.json(local.standardOutput)["base"] as? String == "main")
        #expect(local.standardError.hasPrefix("note: comparing with 'main' (merge base "))
        #expect((try WordsRepository.json(local.standardOutput)["targets"] as? [String])?.count == 8)

        // origin/HEAD names the remote default branch, whatever it is called.
        let mainCommit = try await repository.git("rev-parse", "main").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try await repository.git("update-ref", "refs/remotes/origin/trunk", mainCommit)
        try await repository.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
        let remote = await InProcessMFE(in: repository.path).affected(.init())
        #expect(remote.standardOutput == "Words\n")
        #expect(remote.standardError.hasPrefix("note: comparing with 'origin/trunk' (merge base \(mainCommit.prefix(12))), chosen by default"))

        // An explicit --base is not announced.
        let explicit = await InProcessMFE(in: repository.path).affected(.init(base: "main"))
        #expect(explicit.standardError.isEmpty)

        try await repository.git("symbolic-ref", "--delete", "refs/remotes/origin/HEAD")
        try await repository.git("update-ref", "-d", "refs/remotes/origin/trunk")
        try await repository.git("branch", "--quiet", "-m", "main", "trunk")
        let none = await InProcessMFE(in: repository.path).affected(.init())
        #expect(none.status == 2)
        #expect(none.standardError.contains("no --base given"))
        #expect(none.standardError.contains("pass --base REV"))
    }
}

import Foundation
import MFEKit
import MFETestSupport
import Testing

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

@Suite("mfe affected: features and targets in a real git repository")
struct AffectedMonorepoEndToEndTests {
    @Test func aSourceChangeSelectsItsTargetAndDependentsNotTheWholePackage() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("public enum Search { case changed }\n", to: "Sources/Search/Search.swift")
        try repository.write("\"hello\" = \"hello\";\n", to: "Sources/Search/Resources/en.lproj/Localizable.strings")
        try await repository.commitAll("search")

        let text = try await MFEBinary.run(["affected", "--base", "main"], in: repository.path)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == "Words\n")
        #expect(text.standardError.isEmpty)

        let json = try WordsRepository.json(try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: repository.path).standardOutput)
        #expect(json["targets"] as? [String] == ["AppFeature", "AppFeatureTests", "Search", "SearchTests"])
        #expect(json["features"] as? [String] == ["AppFeature", "Search"])
        #expect(json["changed"] as? [String] == ["Words"])
        #expect(json["shell"] as? Bool == true)
        #expect(json["base"] as? String == "main")

        let matrix = try await MFEBinary.run(["affected", "--base", "main", "--format", "matrix"], in: repository.path)
        #expect(
            matrix.standardOutput
                == #"{"include": [{"filter": "^(AppFeatureTests|SearchTests)\\.", "package": "Words", "path": ".", "targets": ["AppFeature", "AppFeatureTests", "Search", "SearchTests"]}]}"# + "\n")

        try repository.write("import Testing\n@Test func more() {}\n", to: "Tests/HomeTests/More.swift")
        let uncommitted = try WordsRepository.json(try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: repository.path).standardOutput)
        #expect(uncommitted["targets"] as? [String] == ["AppFeature", "AppFeatureTests", "HomeTests", "Search", "SearchTests"])
    }

    @Test func theManifestAffectsEveryTarget() async throws {
        let repository = try await WordsRepository.make()
        try repository.write(WordsRepository.manifest + "// touched\n", to: "Package.swift")
        let json = try WordsRepository.json(try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: repository.path).standardOutput)
        #expect((json["targets"] as? [String])?.count == 9)
    }

    @Test func ignoredFilesAffectNothingAndTheMatrixStaysValid() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("# Words, better\n", to: "README.md")
        try repository.write("more\n", to: "docs/guide.md")
        try repository.write("notes\n", to: "Sources/Home/NOTES.md")
        let text = try await MFEBinary.run(["affected", "--base", "main"], in: repository.path)
        #expect(text.status == 0)
        #expect(text.standardOutput.isEmpty)
        #expect(text.standardError == "note: 'README.md', 'Sources/Home/NOTES.md', 'docs/guide.md' changed but match 'ignore:' in mfe.yml, so they affect nothing\n")
        let matrix = try await MFEBinary.run(["affected", "--base", "main", "--format", "matrix"], in: repository.path)
        #expect(matrix.standardOutput == "{\"include\": []}\n")
        let json = try WordsRepository.json(try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: repository.path).standardOutput)
        #expect(json["ignored"] as? [String] == ["README.md", "Sources/Home/NOTES.md", "docs/guide.md"])
        #expect(json["targets"] as? [String] == [])
    }

    @Test func theShellFolderAffectsTheShellOnlyAndOtherRootFilesEverything() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("<plist version=\"1.0\"/>\n", to: "App/Info.plist")
        let shell = try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: repository.path)
        let json = try WordsRepository.json(shell.standardOutput)
        #expect(json["affected"] as? [String] == [])
        #expect(json["shell"] as? Bool == true)
        #expect(shell.standardError == "note: 'App/Info.plist' changed in the shell's folder, which affects the shell app only\n")

        try repository.write("build:\n\tswift build\n", to: "Makefile")
        let root = try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: repository.path)
        #expect((try WordsRepository.json(root.standardOutput)["targets"] as? [String])?.count == 9)
        #expect(root.standardError.contains("'Makefile' changed in a package but outside its targets' folders, so every target of that package is affected"))
    }

    @Test func theDefaultBaseIsTheRemoteDefaultBranchElseMain() async throws {
        let repository = try await WordsRepository.make()
        try repository.write("public enum CoreKit { case changed }\n", to: "Sources/CoreKit/CoreKit.swift")
        try await repository.commitAll("core")

        let local = try await MFEBinary.run(["affected", "--format", "json"], in: repository.path)
        #expect(local.status == 0, "\(local.standardError)")
        #expect(try WordsRepository.json(local.standardOutput)["base"] as? String == "main")
        #expect(local.standardError.hasPrefix("note: comparing with 'main' (merge base "))
        #expect((try WordsRepository.json(local.standardOutput)["targets"] as? [String])?.count == 8)

        // origin/HEAD names the remote default branch, whatever it is called.
        let mainCommit = try await repository.git("rev-parse", "main").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try await repository.git("update-ref", "refs/remotes/origin/trunk", mainCommit)
        try await repository.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/trunk")
        let remote = try await MFEBinary.run(["affected"], in: repository.path)
        #expect(remote.standardOutput == "Words\n")
        #expect(remote.standardError.hasPrefix("note: comparing with 'origin/trunk' (merge base \(mainCommit.prefix(12))), chosen by default"))

        // An explicit --base is not announced.
        let explicit = try await MFEBinary.run(["affected", "--base", "main"], in: repository.path)
        #expect(explicit.standardError.isEmpty)

        try await repository.git("symbolic-ref", "--delete", "refs/remotes/origin/HEAD")
        try await repository.git("update-ref", "-d", "refs/remotes/origin/trunk")
        try await repository.git("branch", "--quiet", "-m", "main", "trunk")
        let none = try await MFEBinary.run(["affected"], in: repository.path)
        #expect(none.status == 2)
        #expect(none.standardError.contains("no --base given"))
        #expect(none.standardError.contains("pass --base REV"))
    }
}

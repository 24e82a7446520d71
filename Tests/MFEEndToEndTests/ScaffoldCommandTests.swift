import Foundation
import MFEKit
import MFETestSupport
import Testing

/// A temporary folder for end-to-end runs, removed when the test ends.
final class ScratchFolder: @unchecked Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Every folder and file below the folder with the file's bytes: two equal snapshots mean
    /// not a byte changed (and no folder or temporary file appeared).
    func snapshot() throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let relative = enumerator?.nextObject() as? String {
            let full = PathUtilities.join(path, relative)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            result[relative] = isDirectory.boolValue ? Data("<folder>".utf8) : FileManager.default.contents(atPath: full)
        }
        return result
    }

    func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("mfe create, init and templates")
struct ScaffoldCommandTests {
    /// A workspace `Demo` holding product feature `Search`, made by the built mfe.
    static func demoWorkspace() async throws -> (ScratchFolder, String) {
        let folder = try ScratchFolder()
        let initResult = try await MFEBinary.run(["init", "Demo"], in: folder.path)
        #expect(initResult.status == 0, "\(initResult.standardError)")
        let root = PathUtilities.join(folder.path, "Demo")
        let create = try await MFEBinary.run(["create", "Search"], in: root)
        #expect(create.status == 0, "\(create.standardError)")
        return (folder, root)
    }

    @Test func listsTheBuiltInTemplates() async throws {
        let result = try await MFEBinary.run(["templates"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Built-in templates:\n  feature     product µFeature: NAME, NAMEInterface"))
        for name in ["feature", "foundation", "web", "shell", "workspace", "feedme"] {
            #expect(result.standardOutput.contains("\n  \(name) "), "\(name) missing")
        }
    }

    @Test func listsATeamsTemplatesToo() async throws {
        let folder = try ScratchFolder()
        try folder.write("description: our product feature\n", to: "team/feature/template.yml")
        try folder.write("// {{name}}\n", to: "team/feature/Package.swift.mustache")
        let result = try await MFEBinary.run(["templates", "--templates", "team"], in: folder.path)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("\nTemplates in \(folder.path)/team:\n  feature  our product feature\n"))
        let created = try await MFEBinary.run(["create", "Search", "--templates", "team"], in: folder.path)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(FileManager.default.contents(atPath: folder.path + "/Search/Package.swift") == Data("// Search\n".utf8))
    }

    @Test func createsAFeatureAndSaysWhatToRunNext() async throws {
        let (folder, root) = try await Self.demoWorkspace()
        _ = folder
        let result = try await MFEBinary.run(["create", "Home", "--dependency", "Search", "--no-example"], in: root + "/Features")
        #expect(result.status == 0, "\(result.standardError)")
        // The diff of the shell files it wired Home into, then what it did and what to run next.
        #expect(result.standardOutput.hasPrefix("--- a/Shell/Package.swift\n+++ b/Shell/Package.swift\n@@ "), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("+        .package(path: \"../Features/Home\"),\n"), "\(result.standardOutput)")
        #expect(
            result.standardOutput.hasSuffix(
                """
                Created Home (product µFeature) in Features/Home/: targets Home, HomeInterface, HomeTesting, HomeTests
                Edited Shell/Package.swift: depends on Home
                Edited Shell/Sources/DemoComposition/AppComposition.swift: Home wired in
                Edited Shell/Sources/DemoComposition/AppDependencies.swift: Home wired in
                Edited Shell/Sources/DemoComposition/AppRootView.swift: Home wired in
                Edited Shell/Sources/DemoComposition/AppRouter.swift: Home wired in
                Edited Shell/Sources/DemoApp/DemoApp.swift: Home in the walk-through
                Edited Shell/Tests/DemoCompositionTests/AppCompositionTests.swift: Home's route tested
                18 files written.

                Next:
                  cd Home
                  swift build
                  swift test
                  mfe lint-graph ../..
                  swift test --package-path ../../Shell

                """), "\(result.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: root + "/Features/Home/Sources/HomeInterface/HomeItem.swift"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Features/Home/Sources/HomeExample"))
    }

    /// A feature whose link or tab the shell has already (Feed Me's `/random` is "Surprise me",
    /// `/restaurants` and the tab "Restaurants" are Browse's) is refused before anything is
    /// written: wired, its link would never reach it.
    @Test(arguments: [
        ("Random", ["needs the link '/random', and Shell/Sources/FeedMeComposition/AppRouter.swift already registers '/random' for '.restaurantOrder'"]),
        (
            "Restaurants",
            [
                "needs the link '/restaurants', and Shell/Sources/FeedMeComposition/AppRouter.swift already registers '/restaurants' for '.browse'",
                "would add a tab titled 'Restaurants', and Shell/Sources/FeedMeComposition/AppRootView.swift already has the tab 'Restaurants' (screen(for: .browse))",
            ]
        ),
    ])
    func aRouteOrTabTheShellHasIsExitTwoNamingBoth(name: String, messages: [String]) async throws {
        let folder = try ScratchFolder()
        let initResult = try await MFEBinary.run(["init", "FeedMe", "--example", "feedme"], in: folder.path)
        #expect(initResult.status == 0, "\(initResult.standardError)")
        let root = PathUtilities.join(folder.path, "FeedMe")
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(["create", name], in: root)
        #expect(result.status == 2)
        for message in messages {
            #expect(result.standardError.contains("error: the feature name '\(name)' \(message)"), "\(result.standardError)")
        }
        #expect(try folder.snapshot() == before, "nothing written")
    }

    @Test func noWireAndDryRunLeaveTheShellAsItWas() async throws {
        let (folder, root) = try await Self.demoWorkspace()
        _ = folder
        let shell = root + "/Shell/Sources/DemoComposition/AppRouter.swift"
        let before = try Data(contentsOf: URL(fileURLWithPath: shell))
        let dryRun = try await MFEBinary.run(["create", "Home", "--dry-run"], in: root)
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(dryRun.standardOutput.contains("+++ b/Shell/Sources/DemoComposition/AppRouter.swift\n"), "\(dryRun.standardOutput)")
        #expect(dryRun.standardOutput.contains("+        links.register(\"/home\") { _ in .home }\n"), "\(dryRun.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: root + "/Features/Home"))

        let noWire = try await MFEBinary.run(["create", "Home", "--no-wire", "--no-example"], in: root)
        #expect(noWire.status == 0, "\(noWire.standardError)")
        #expect(noWire.standardOutput.hasPrefix("Created Home (product µFeature) in Features/Home/"), "\(noWire.standardOutput)")
        #expect(
            noWire.standardOutput.contains(
                #"  wire Home into the shell (--no-wire): in Shell/Package.swift: add .package(path: "../Features/Home") to 'dependencies:', and the products 'Home', 'HomeInterface' to the composition root target (the one declaring AppDependencies)"#
            ), "\(noWire.standardOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: shell)) == before)
    }

    @Test(arguments: [
        (["create", "Search"], "'Features/Search' already exists; mfe never overwrites"),
        (["create", "search-results"], "the feature name 'search-results' is not a Swift identifier; use only letters and digits, starting with a letter, e.g. 'SearchResults'"),
        (["create", "class"], "the feature name 'class' is a Swift keyword"),
        (["create", "Combine"], "is the name of the system module 'Combine'"),
        (
            ["create", "Home", "--dependency", "Nope"],
            "unknown dependency 'Nope': no package or library in the workspace has that name; choose one of 'Search', or create it first with 'mfe create Nope'"
        ),
        (["create", "Home", "--dependency", "SearchTesting"], "depend on its interface instead: '--dependency Search'"),
        (["create", "Home", "--web", "not a url"], "'--web not a url' is not an absolute http or https URL"),
        (["create", "Home", "--layer", "shell"], "'--layer shell' is not a µFeature layer"),
        (["init", "Demo"], "already exists; mfe never overwrites"),
        (["init", "Other", "--example", "todo"], "there is no example 'todo'; use '--example feedme'"),
        (["create", "Home", "--platform", "iphone:17"], "'--platform iphone:17': unknown platform 'iphone'; SwiftPM supports iOS, macOS"),
        (["init", "Other", "--platform", "iOS:11", "--platform", "macOS"], "'--platform iOS:11': iOS 11 is too old for the code mfe generates, which uses @Observable"),
        (["create", "Home", "--platform", "iOS:16"], "'--platform iOS:16': iOS 16 is too old for the code mfe generates, which uses @Observable, @Bindable, ContentUnavailableView"),
        (["create", "Home", "--platform", "macOS:13"], "(macOS 14 or later); use macOS 14 or later"),
    ])
    func badInputIsExitTwoAndChangesNothing(arguments: [String], message: String) async throws {
        let (folder, root) = try await Self.demoWorkspace()
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(arguments, in: arguments[0] == "init" ? folder.path : root)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(try folder.snapshot() == before)
    }

    /// `mfe init` inside a workspace (at its root or deeper) refuses instead of nesting a
    /// workspace that the outer one would read as its own packages.
    @Test(arguments: [".", "Shell"])
    func initInsideAWorkspaceRefuses(subfolder: String) async throws {
        let (folder, root) = try await Self.demoWorkspace()
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(["init", "Inner"], in: PathUtilities.join(root, subfolder))
        #expect(result.status == 2)
        #expect(result.standardError.contains("would be inside the workspace of"), "\(result.standardError)")
        #expect(result.standardError.contains("mfe create NAME"), "\(result.standardError)")
        #expect(try folder.snapshot() == before)
    }

    /// A workspace with no folder for the layer gets one glob added to its mfe.yml: the diff
    /// names the file relative to the workspace, and the summary reads as one sentence.
    @Test func addsALayerGlobToTheWorkspaceFile() async throws {
        let folder = try ScratchFolder()
        try folder.write("workspace: W\npackages:\n  - Pkgs/*\n", to: "W/mfe.yml")
        let result = try await MFEBinary.run(["create", "Search", "--no-wire"], in: PathUtilities.join(folder.path, "W"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("--- a/mfe.yml\n+++ b/mfe.yml\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("\nEdited mfe.yml: added 'Features/*' to 'packages:', so the workspace finds product packages\n"), "\(result.standardOutput)")
        let edited = try String(contentsOfFile: PathUtilities.join(folder.path, "W/mfe.yml"), encoding: .utf8)
        #expect(edited == "workspace: W\npackages:\n  - Pkgs/*\n  - Features/*\n")
    }

    @Test func reportsEveryProblemAtOnce() async throws {
        let (folder, root) = try await Self.demoWorkspace()
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(["create", "Search", "--dependency", "Nope", "--dependency", "Search"], in: root)
        #expect(result.status == 2)
        // Five taken target names, the folder, and the unknown dependency.
        #expect(result.standardError.split(separator: "\n").count == 7, "\(result.standardError)")
        #expect(try folder.snapshot() == before)
    }

    @Test func aTeamTemplateCannotWriteOutsideThePackage() async throws {
        let folder = try ScratchFolder()
        try folder.write("description: escapes\n", to: "team/feature/template.yml")
        // A Mustache comment makes the folder name render as `..`.
        try folder.write("x\n", to: "team/feature/..{{! up }}/escaped.swift.mustache")
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(["create", "Search", "--templates", "team"], in: folder.path)
        #expect(result.status == 2)
        #expect(result.standardError.contains("which has a '..' component; templates may only write inside the new package"), "\(result.standardError)")
        #expect(try folder.snapshot() == before)
    }

    @Test func dryRunPrintsTheTreeAndWritesNothing() async throws {
        let (folder, root) = try await Self.demoWorkspace()
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(["create", "Core", "--layer", "foundation", "--dry-run"], in: root)
        #expect(result.status == 0)
        // Inside a workspace, no .github folder: the workspace's one workflow covers the package.
        #expect(result.standardOutput.hasPrefix("Would create 9 files (dry run, nothing written):\n\(root)/Foundation/Core/\n├── .gitignore\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("│   ├── Core/\n│   │   ├── CoreBaseDependencies.swift\n│   │   └── CoreLogger.swift\n"))
        #expect(try folder.snapshot() == before)
    }
}

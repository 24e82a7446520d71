import MFECore
import MFEManifest
import MFEWorkspace
import Testing

@testable import MFEAffected

/// A single-package app as values (the isowords shape): package `Words` at the root with
/// CoreKit (foundation), Search and Home (product features, Home using SearchInterface),
/// AppFeature (the shell feature), their tests, and a target with a `path:`; the Xcode app
/// lives in `App/`.
enum MonorepoFixture {
    static func target(_ name: String, _ kind: Target.Kind = .regular, path: String? = nil, dependencies: [String] = []) -> Target {
        Target(
            name: name, kind: kind, dependencies: dependencies.map { TargetDependency(.target($0), location: AffectedFixture.location("Package.swift")) }, path: path,
            location: AffectedFixture.location("Package.swift"))
    }

    static func workspace(ignore: [String] = [], shellPath: String? = "App") -> Workspace {
        let manifest = PackageManifest(
            name: "Words", toolsVersion: ToolsVersion(6, 0),
            targets: [
                target("CoreKit"),
                target("CoreKitTests", .test, dependencies: ["CoreKit"]),
                target("SearchInterface", dependencies: ["CoreKit"]),
                target("Search", dependencies: ["SearchInterface", "CoreKit"]),
                target("SearchTests", .test, dependencies: ["Search"]),
                target("Home", dependencies: ["SearchInterface"]),
                target("HomeTests", .test, dependencies: ["Home"]),
                target("AppFeature", dependencies: ["Home", "Search"]),
                target("AppFeatureTests", .test, dependencies: ["AppFeature"]),
                target("Styleguide", path: "Shared/Styleguide"),
            ], manifestPath: "Package.swift")
        var configuration = WorkspaceConfiguration(name: "Words", layers: [:], shell: shellPath.map { ShellConfiguration(path: $0) }, file: "mfe.yml")
        configuration.ignore = ignore
        let package = WorkspacePackage(manifest: manifest, directory: ".", layer: nil, featureLayers: ["CoreKit": .foundation, "Search": .product, "Home": .product, "AppFeature": .shell])
        return Workspace(root: "/words", configuration: configuration, packages: [package])
    }

    static func affected(_ files: [String], ignore: [String] = [], shellPath: String? = "App") -> AffectedPackages {
        AffectedPackages(workspace: workspace(ignore: ignore, shellPath: shellPath), change: WorkspaceChange(files: files))
    }
}

@Suite("affected targets and features")
struct AffectedTargetTests {
    @Test func aChangeInOneTargetAffectsItAndItsDependentsOnly() {
        let result = MonorepoFixture.affected(["Sources/Search/SearchView.swift", "Sources/Search/Resources/en.lproj/Localizable.strings"])
        #expect(result.changed == ["Words"])
        #expect(result.affected == ["Words"])
        #expect(result.targets == ["AppFeature", "AppFeatureTests", "Search", "SearchTests"])
        #expect(result.features == ["AppFeature", "Search"])
        #expect(result.packages == [AffectedPackage(name: "Words", path: ".", targets: ["AppFeature", "AppFeatureTests", "Search", "SearchTests"], testTargets: ["AppFeatureTests", "SearchTests"])])
        #expect(result.shellAffected)
    }

    @Test func anInterfaceChangeReachesEveryUser() {
        let result = MonorepoFixture.affected(["Sources/SearchInterface/Search.swift"])
        #expect(result.targets == ["AppFeature", "AppFeatureTests", "Home", "HomeTests", "Search", "SearchInterface", "SearchTests"])
        #expect(!result.targets.contains("CoreKit"))
    }

    @Test func aTestChangeAffectsThatTestTargetAlone() {
        let result = MonorepoFixture.affected(["Tests/HomeTests/HomeTests.swift"])
        #expect(result.targets == ["HomeTests"])
        #expect(result.features == ["Home"])
        #expect(!result.shellAffected)
    }

    @Test func aPathTargetOwnsItsFolder() {
        #expect(MonorepoFixture.affected(["Shared/Styleguide/Colors.swift"]).targets == ["Styleguide"])
    }

    @Test(arguments: ["Package.swift", "Package.resolved", "Package@swift-5.10.swift"])
    func theManifestAffectsTheWholePackage(file: String) {
        let result = MonorepoFixture.affected([file])
        #expect(result.targets.count == 10)
        #expect(result.packageFiles.isEmpty)
        #expect(result.workspaceFiles.isEmpty)
    }

    @Test func aPackageFileOutsideEveryTargetAffectsTheWholePackageAndSaysSo() {
        let result = MonorepoFixture.affected(["Makefile"])
        #expect(result.targets.count == 10)
        #expect(result.packageFiles == ["Makefile"])
        #expect(AffectedRenderer().note(for: result)?.contains("'Makefile' changed in a package but outside its targets' folders") == true)
        // A target removed with its folder: the manifest changed too, which says it all.
        let removed = MonorepoFixture.affected(["Package.swift", "Sources/Gone/Gone.swift"])
        #expect(removed.targets.count == 10)
        #expect(removed.packageFiles.isEmpty)
    }

    @Test func ignoredFilesAffectNothing() throws {
        let ignore = ["**/*.md", "docs/**", "*.png", "/Assets"]
        let result = MonorepoFixture.affected(["README.md", "Sources/Search/README.md", "docs/guide.txt", "Sources/Home/icon.png", "Assets/Fonts/a.ttf"], ignore: ignore)
        #expect(result.affected.isEmpty)
        #expect(result.targets.isEmpty)
        #expect(result.ignoredFiles.count == 5)
        #expect(try AffectedRenderer.Format.matrix.render((result, false)) == "{\"include\": []}\n")
        #expect(AffectedRenderer().note(for: result) == "note: 'Assets/Fonts/a.ttf', 'README.md', 'Sources/Home/icon.png' and 2 more changed but match 'ignore:' in mfe.yml, so they affect nothing\n")
        #expect(AffectedRenderer().note(for: MonorepoFixture.affected(["docs/a.png"], ignore: ignore)) == "note: 'docs/a.png' changed but matches 'ignore:' in mfe.yml, so it affects nothing\n")
        // A glob anchored with a slash does not match deeper folders of the same name.
        #expect(MonorepoFixture.affected(["Sources/Search/docs/x.swift"], ignore: ["docs/**"]).targets.contains("Search"))
    }

    @Test func theShellFolderAffectsTheShellOnly() throws {
        let result = MonorepoFixture.affected(["App/Words.xcodeproj/project.pbxproj", "App/Info.plist"])
        #expect(result.affected.isEmpty)
        #expect(result.targets.isEmpty)
        #expect(result.shellFiles == ["App/Info.plist", "App/Words.xcodeproj/project.pbxproj"])
        #expect(result.shellAffected)
        #expect(try AffectedRenderer.Format.json.render((result, false)).contains("\"shell\": true"))
        // Without shell.path the app folder is a file of the root package like any other.
        #expect(MonorepoFixture.affected(["App/Info.plist"], shellPath: nil).targets.count == 10)
    }

    @Test func aFileOutsideEveryPackageStillAffectsEverything() {
        var workspace = MonorepoFixture.workspace()
        workspace.packages[0].directory = "ios"
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["scripts/release.sh"]))
        #expect(result.workspaceFiles == ["scripts/release.sh"])
        #expect(result.targets.count == 10)
        #expect(result.shellAffected)
    }
}

@Suite("affected: rendering")
struct AffectedRendererTests {
    @Test func theFormatsAreTheContractsEachWithItsRenderer() throws {
        #expect(AffectedRenderer.Format.allCases.map(\.rawValue) == ["text", "json", "matrix", "reviewers"])
        #expect(AffectedRenderer.Format.allCases.map(\.sink) == [.terminal, .json, .json, .terminal])
        #expect(AffectedRenderer.Format.help.contains("reviewers (the owners of the features a change touches, one per line)"))
        let result = AffectedPackages(changed: ["Words"], affected: ["Gone", "Words"], packages: [])
        #expect(try AffectedRenderer.Format.text.render((result, false)) == "Gone\nWords\n")
    }

    @Test func theMatrixHasOneEntryPerPackageWithATestFilter() throws {
        let result = AffectedPackages(
            changed: ["Words"], affected: ["Gone", "Words"],
            packages: [
                AffectedPackage(name: "Words", path: ".", targets: ["Search", "SearchTests", "UI-Kit-Tests"], testTargets: ["SearchTests", "UI-Kit-Tests"]),
                AffectedPackage(name: "Env", path: "Foundation/Env", targets: ["Env"], testTargets: []),
            ])
        #expect(
            try AffectedRenderer.Format.matrix.render((result, false))
                == #"{"include": [{"filter": "^(SearchTests|UI_Kit_Tests)\\.", "package": "Words", "path": ".", "targets": ["Search", "SearchTests", "UI-Kit-Tests"]}, {"filter": "", "package": "Env", "path": "Foundation/Env", "targets": ["Env"]}]}"#
                + "\n")
    }

    @Test func theFilterUsesModuleNames() {
        #expect(AffectedRenderer.testFilter(["3DTests", "Ünicode-Tests"]) == "^(_DTests|Ünicode_Tests)\\.")
        #expect(AffectedRenderer.testFilter([]) == "")
    }

    @Test func jsonNamesTheBaseAndEverySet() throws {
        let result = AffectedPackages(
            changed: ["A"], affected: ["A"], features: ["A"], targets: ["A", "ATests"], revisions: ComparedRevisions(base: "origin/main", baseIsDefault: true, mergeBase: "0123456789abcdef0123"))
        let json = try AffectedRenderer.Format.json.render((result, false))
        #expect(
            json == """
                {
                  "affected": [
                    "A"
                  ],
                  "base": "origin/main",
                  "changed": [
                    "A"
                  ],
                  "features": [
                    "A"
                  ],
                  "ignored": [],
                  "mergeBase": "0123456789abcdef0123",
                  "outsidePackages": [],
                  "shell": false,
                  "targets": [
                    "A",
                    "ATests"
                  ]
                }

                """)
        #expect(AffectedRenderer().note(for: result) == "note: comparing with 'origin/main' (merge base 0123456789ab), chosen by default; pass --base to compare with another revision\n")
    }
}

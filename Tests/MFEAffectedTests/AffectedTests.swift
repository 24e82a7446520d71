import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEAffected

/// A Feed Me-like workspace as values: Env (foundation) ← Browse ← Order ← Shell, Browse also
/// used by Shell; Tools nested inside Browse; About depends on nothing.
enum AffectedFixture {
    static func location(_ file: String) -> MFECore.SourceLocation { MFECore.SourceLocation(file: file, line: 1, column: 1) }

    static func package(_ name: String, at directory: String, layer: Layer?, pathDependencies: [String] = [], urlDependencies: [String] = [], targets: [Target] = [], products: [String] = [])
        -> WorkspacePackage
    {
        let manifestPath = directory + "/Package.swift"
        let dependencies =
            pathDependencies.map { PackageDependency(.fileSystem(path: $0), location: location(manifestPath)) }
            + urlDependencies.map { PackageDependency(.sourceControl(url: $0, requirement: .branch("main")), location: location(manifestPath)) }
        let manifest = PackageManifest(
            name: name, toolsVersion: ToolsVersion(6, 0), dependencies: dependencies,
            targets: targets.isEmpty ? [Target(name: name, location: location(manifestPath))] : targets,
            products: products.map { Product(name: $0, kind: .library, targets: [$0], location: location(manifestPath)) },
            manifestPath: manifestPath
        )
        return WorkspacePackage(manifest: manifest, directory: directory, layer: layer)
    }

    static func workspace(root: String = "/workspace") -> Workspace {
        Workspace(
            root: root, configuration: nil,
            packages: [
                package("About", at: "Features/About", layer: .product, products: ["About"]),
                package(
                    "Browse", at: "Features/Browse", layer: .product, pathDependencies: ["../../Foundation/Env"],
                    targets: [
                        Target(name: "Browse", dependencies: [TargetDependency(.product(name: "Env", package: "Env"), location: location("b"))], location: location("b")),
                        Target(name: "BrowseInterface", location: location("b")),
                    ], products: ["Browse", "BrowseInterface"]),
                package("Tools", at: "Features/Browse/Tools", layer: nil),
                package(
                    "Order", at: "Features/Order", layer: .product,
                    targets: [
                        Target(name: "Order", dependencies: [TargetDependency(.product(name: "BrowseInterface", package: "Browse"), location: location("o"))], location: location("o"))
                    ], products: ["Order"]),
                package("Env", at: "Foundation/Env", layer: .foundation, products: ["Env"]),
                package(
                    "Shell", at: "Shell", layer: .shell, pathDependencies: ["../Features/Browse", "../Features/About"], urlDependencies: ["https://example.com/team/Order.git"],
                    targets: [
                        Target(name: "Shell", dependencies: ["Browse", "About", "Order"].map { TargetDependency(.product(name: $0, package: $0), location: location("s")) }, location: location("s"))
                    ]),
            ])
    }
}

@Suite("affected packages")
struct AffectedPackagesTests {
    let workspace = AffectedFixture.workspace()

    @Test func aFoundationChangeAffectsTheTargetsUsingItTransitively() {
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["Foundation/Env/Sources/Env/Router.swift"]))
        #expect(result.changed == ["Env"])
        // Order uses only BrowseInterface, which does not depend on Env.
        #expect(result.affected == ["Browse", "Env", "Shell"])
        #expect(result.targets == ["Browse", "Env", "Shell"])
        #expect(result.workspaceFiles.isEmpty)
        // Env's manifest changes every target of Env, and every package declaring Env.
        let manifest = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["Foundation/Env/Package.swift"]))
        #expect(manifest.affected == ["Browse", "Env", "Order", "Shell"])
    }

    @Test func aProductDependencyWithoutPackageEntryStillCounts() {
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["Features/Browse/Package.swift"]))
        #expect(result.affected == ["Browse", "Order", "Shell"])
    }

    @Test func aFileBelongsToTheInnermostPackage() {
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["Features/Browse/Tools/Sources/Tools/main.swift"]))
        #expect(result.changed == ["Tools"])
        #expect(result.affected == ["Tools"])
    }

    @Test func aLeafChangeAffectsOnlyItsDependents() {
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["Features/About/README.md", "Shell/Sources/App/App.swift"]))
        #expect(result.changed == ["About", "Shell"])
        #expect(result.affected == ["About", "Shell"])
    }

    @Test(arguments: ["mfe.yml", "README.md", "Features/shared.xcconfig"])
    func aFileOutsideEveryPackageAffectsEverything(file: String) {
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: [file, "Features/About/x.swift"]))
        #expect(result.changed == ["About"])
        #expect(result.affected == ["About", "Browse", "Env", "Order", "Shell", "Tools"])
        #expect(result.workspaceFiles == [file])
    }

    @Test func aRemovedPackageIsChangedByItsBaseNameAndAffectsWhoStillNamesIt() {
        var workspace = workspace
        workspace.packages.removeAll { $0.name == "Env" }
        let change = WorkspaceChange(
            files: ["Foundation/Env/Package.swift", "Foundation/Env/Sources/Env/Router.swift"],
            removedPackages: [RemovedPackage(name: "Env", directory: "Foundation/Env")]
        )
        let result = AffectedPackages(workspace: workspace, change: change)
        #expect(result.changed == ["Env"])
        #expect(result.affected == ["Browse", "Env", "Order", "Shell"])
        #expect(result.workspaceFiles.isEmpty)
    }

    @Test func theRootPackageHoldsWhatNoOtherPackageHolds() {
        var workspace = workspace
        workspace.packages.append(AffectedFixture.package("Root", at: ".", layer: nil))
        let result = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["Sources/Root/Root.swift", "Features/About/a.swift"]))
        #expect(result.changed == ["About", "Root"])
        let configuration = AffectedPackages(workspace: workspace, change: WorkspaceChange(files: ["mfe.yml"]))
        #expect(configuration.affected.count == 7)
    }

    @Test func noChangeAffectsNothing() {
        #expect(AffectedPackages(workspace: workspace, change: WorkspaceChange(files: [])) == AffectedPackages(changed: [], affected: []))
    }
}

@Suite("affected: git")
struct WorkspaceChangeReaderTests {
    /// A repository whose workspace lives in `ios/` with Env and Browse, on `main`, and a
    /// `feature` branch checked out.
    func repository() async throws -> GitFixture {
        let fixture = try await GitFixture()
        try fixture.write("root readme\n", to: "README.md")
        try fixture.write("workspace: W\npackages: [Foundation/*, Features/*]\n", to: "ios/mfe.yml")
        try fixture.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Env\")\n", to: "ios/Foundation/Env/Package.swift")
        try fixture.write("public enum Env {}\n", to: "ios/Foundation/Env/Sources/Env/Env.swift")
        try fixture.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"BrowseKit\")\n", to: "ios/Features/Browse/Package.swift")
        try fixture.write("public enum Browse {}\n", to: "ios/Features/Browse/Sources/Browse/Browse.swift")
        try fixture.write(".build/\n", to: ".gitignore")
        try await fixture.commitAll("initial")
        try await fixture.git("checkout", "--quiet", "-b", "feature")
        return fixture
    }

    func workspace(_ fixture: GitFixture, packages: [(String, String)]) -> Workspace {
        Workspace(
            root: PathUtilities.join(fixture.path, "ios"),
            configuration: WorkspaceConfiguration(name: "W", packages: ["Foundation/*", "Features/*"], file: "mfe.yml"),
            packages: packages.map { AffectedFixture.package($0.0, at: $0.1, layer: nil) }
        )
    }

    @Test func committedStagedUnstagedAndUntrackedChangesSinceTheMergeBase() async throws {
        let fixture = try await repository()
        try fixture.write("public enum Env { case a }\n", to: "ios/Foundation/Env/Sources/Env/Env.swift")
        try await fixture.commitAll("change env")
        try await fixture.git("checkout", "--quiet", "main")
        try fixture.write("moved on\n", to: "ios/Features/Browse/Sources/Browse/Other.swift")
        try await fixture.commitAll("main moves on")
        try await fixture.git("checkout", "--quiet", "feature")
        try fixture.write("staged\n", to: "ios/Features/Browse/Sources/Browse/Staged.swift")
        try await fixture.git("add", "ios/Features/Browse/Sources/Browse/Staged.swift")
        try fixture.write("untracked\n", to: "ios/Features/Browse/Sources/Browse/New.swift")
        try fixture.write("ignored\n", to: "ios/Features/Browse/.build/x.o")
        try fixture.write("outside the workspace\n", to: "README.md")

        let workspace = workspace(fixture, packages: [("BrowseKit", "Features/Browse"), ("Env", "Foundation/Env")])
        let change = try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "main", head: nil)
        #expect(
            change.files == [
                "Features/Browse/Sources/Browse/New.swift",
                "Features/Browse/Sources/Browse/Staged.swift",
                "Foundation/Env/Sources/Env/Env.swift",
            ])
        #expect(change.removedPackages.isEmpty)

        let committedOnly = try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "main", head: "feature")
        #expect(committedOnly.files == ["Foundation/Env/Sources/Env/Env.swift"])
        let reversed = try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "feature", head: "main")
        #expect(reversed.files == ["Features/Browse/Sources/Browse/Other.swift"])
    }

    @Test func deletedAndMovedPackagesAreNamedFromTheBaseManifest() async throws {
        let fixture = try await repository()
        try await fixture.git("mv", "ios/Features/Browse", "ios/Features/Catalog")
        try await fixture.git("rm", "--quiet", "-r", "ios/Foundation/Env")
        try await fixture.commitAll("move browse, delete env")

        let workspace = workspace(fixture, packages: [("BrowseKit", "Features/Catalog")])
        let change = try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "main", head: nil)
        #expect(
            change.removedPackages == [
                RemovedPackage(name: "BrowseKit", directory: "Features/Browse"),
                RemovedPackage(name: "Env", directory: "Foundation/Env"),
            ])
        let affected = AffectedPackages(workspace: workspace, change: change)
        #expect(affected.changed == ["BrowseKit", "Env"])
        #expect(affected.workspaceFiles.isEmpty)
    }

    @Test func unknownRevisionsAndFoldersOutsideGitAreInputErrors() async throws {
        let fixture = try await repository()
        let workspace = workspace(fixture, packages: [])
        await #expect(throws: AffectedError.unknownRevision("no-such-branch", directory: workspace.root)) {
            try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "no-such-branch", head: nil)
        }
        await #expect(throws: AffectedError.unknownRevision("--output=/tmp/x", directory: workspace.root)) {
            try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "main", head: "--output=/tmp/x")
        }

        let plain = try TemporaryDirectory()
        let outside = Workspace(root: plain.path, configuration: nil, packages: [])
        let error = try await #require(throws: AffectedError.self) {
            try await WorkspaceChangeReader(environment: [:]).change(in: outside, base: "main", head: nil)
        }
        guard case .notAWorkTree(directory: plain.path, gitSays: _) = error else {
            Issue.record("\(error)")
            return
        }
    }

    @Test func unrelatedHistoriesAreAnInputError() async throws {
        let fixture = try await repository()
        try await fixture.git("checkout", "--quiet", "--orphan", "island")
        try await fixture.commitAll("island")
        let workspace = workspace(fixture, packages: [])
        await #expect(throws: AffectedError.noCommonAncestor("main", "HEAD", directory: workspace.root)) {
            try await WorkspaceChangeReader(environment: [:]).change(in: workspace, base: "main", head: nil)
        }
    }

    @Test func removedPackageFoldersMustMatchTheWorkspaceGlobs() {
        let globbed = Workspace(root: "/w", configuration: WorkspaceConfiguration(name: "W", packages: ["Features/*", "Libraries/**", "Shell"], file: "mfe.yml"), packages: [])
        #expect(WorkspaceChangeReader.isPackageDirectory("Features/Browse", of: globbed))
        #expect(!WorkspaceChangeReader.isPackageDirectory("Features/Browse/Tests/Fixtures/Sample", of: globbed))
        #expect(WorkspaceChangeReader.isPackageDirectory("Libraries/UI/Kit", of: globbed))
        #expect(WorkspaceChangeReader.isPackageDirectory("Shell", of: globbed))
        #expect(!WorkspaceChangeReader.isPackageDirectory(".", of: globbed))
        let discovered = Workspace(root: "/w", configuration: nil, packages: [])
        #expect(WorkspaceChangeReader.isPackageDirectory("Any/Where", of: discovered))
        #expect(!WorkspaceChangeReader.isPackageDirectory("A/.build/checkouts/B", of: discovered))
    }

    @Test func packageNameComesFromTheManifestLiteral() {
        #expect(
            WorkspaceChangeReader.packageName(inManifest: "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(\n  name: \"Feed\",\n  targets: [])\n", environment: [:])
                == "Feed")
        #expect(WorkspaceChangeReader.packageName(inManifest: "// swift-tools-version: 6.0\nimport PackageDescription\nlet name = \"X\"\nlet package = Package(name: name)\n", environment: [:]) == "X")
        #expect(WorkspaceChangeReader.packageName(inManifest: "// swift-tools-version: 6.0\nlet package = Package(name: computeName())\n", environment: [:]) == nil)
    }
}

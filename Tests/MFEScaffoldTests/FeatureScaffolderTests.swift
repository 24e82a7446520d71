import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEScaffold

/// Plans against real workspaces in temporary folders, made by the scaffolders themselves.
@Suite("mfe create planning")
struct FeatureScaffolderTests {
    /// A workspace `Demo` with foundation `Core`, product `Search` and the shell, as
    /// `mfe init Demo` + `mfe create` leave it.
    static func makeWorkspace() async throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo")))
        let root = PathUtilities.join(directory.path, "Demo")
        try await ScaffoldWriter().write(scaffolder(in: root).plan(CreateRequest(name: "Core", layer: .foundation)))
        try await ScaffoldWriter().write(scaffolder(in: root).plan(CreateRequest(name: "Search")))
        return (directory, root)
    }

    static func scaffolder(in directory: String) -> FeatureScaffolder {
        FeatureScaffolder(catalog: .builtin, manifestLoader: ManifestReader(environment: [:]), currentDirectory: directory)
    }

    /// The problems planning `request` reports; an error of another area is recorded as an
    /// issue.
    static func problems(_ request: CreateRequest, in directory: String) async -> [ScaffoldError] {
        let errors: [any Error]
        do {
            _ = try await scaffolder(in: directory).plan(request)
            return []
        } catch let error as InputErrors {
            errors = error.errors
        } catch {
            errors = [error]
        }
        return errors.compactMap { error in
            guard let problem = error as? ScaffoldError else {
                Issue.record("not a scaffold error: \(error)")
                return nil
            }
            return problem
        }
    }

    @Test func placesPackagesWhereTheWorkspaceKeepsTheirLayer() async throws {
        let (directory, root) = try await Self.makeWorkspace()
        _ = directory
        #expect(FileManager.default.fileExists(atPath: root + "/Foundation/Core/Package.swift"))
        #expect(FileManager.default.fileExists(atPath: root + "/Features/Search/Package.swift"))
        // From a subfolder too: the workspace is found upwards.
        let plan = try await Self.scaffolder(in: root + "/Features/Search/Sources").plan(CreateRequest(name: "Home", dependencies: ["Core", "Search"]))
        #expect(plan.destination == root + "/Features/Home")
        #expect(plan.edits.map { $0.label ?? $0.path }.first == "Shell/Package.swift", "mfe.yml needs no edit; the shell is wired")
        let manifest = try #require(plan.files.first { $0.path == "Package.swift" }?.contents)
        #expect(manifest.contains(".package(path: \"../../Foundation/Core\"),\n        .package(path: \"../Search\"),"))
        #expect(manifest.contains(".product(name: \"Core\", package: \"Core\"),\n                .product(name: \"SearchInterface\", package: \"Search\"),"))
        #expect(plan.files.first { $0.path == "mfe.yml" }?.contents == "feature: Home\nlayer: product\n")
    }

    @Test func resolvesProductFeaturesToTheirInterfaceOnly() async throws {
        let (directory, root) = try await Self.makeWorkspace()
        _ = directory
        let plan = try await Self.scaffolder(in: root).plan(CreateRequest(name: "Home", dependencies: ["SearchInterface"]))
        #expect(plan.files.first { $0.path == "Package.swift" }?.contents.contains(".product(name: \"SearchInterface\", package: \"Search\")") == true)
        let problems = await Self.problems(CreateRequest(name: "Home", dependencies: ["SearchTesting", "Shell", "Nope", "core"]), in: root)
        #expect(
            problems == [
                .dependencyOnImplementation("SearchTesting", role: .testing, feature: "Search"),
                .dependencyIsShell("Shell"),
                .unknownDependency("Nope", available: ["'Core'", "'Search'"]),
                .unknownDependencyNear("core", near: "Core"),
            ])
    }

    @Test func aFoundationPackageCannotDependOnAProductFeature() async throws {
        let (directory, root) = try await Self.makeWorkspace()
        _ = directory
        let problems = await Self.problems(CreateRequest(name: "Networking", layer: .foundation, dependencies: ["Search"]), in: root)
        #expect(problems == [.foundationOnProductFeature("Search")])
    }

    @Test func reportsEveryProblemAtOnce() async throws {
        let (directory, root) = try await Self.makeWorkspace()
        _ = directory
        #expect(
            await Self.problems(CreateRequest(name: "Search"), in: root) == [
                .nameTaken("Search", owner: "package 'Search' (Features/Search)"),
                .nameTaken("SearchInterface", owner: "a target of package 'Search' (Features/Search)"),
                .nameTaken("SearchTesting", owner: "a target of package 'Search' (Features/Search)"),
                .nameTaken("SearchTests", owner: "a target of package 'Search' (Features/Search)"),
                .nameTaken("SearchExample", owner: "a target of package 'Search' (Features/Search)"),
                .destinationExists("Features/Search", wireOnly: nil),
            ])
        let problems = await Self.problems(CreateRequest(name: "class", layer: .shell, dependencies: ["Nope"], webURL: "ftp://x"), in: root)
        #expect(problems.count == 5, "\(problems)")
    }

    @Test func anExistingFolderOutsideAWorkspaceIsRefused() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("keep me\n", to: "Search/notes.txt")
        #expect(await Self.problems(CreateRequest(name: "Search"), in: directory.path) == [.destinationExists("Search", wireOnly: nil)])
        #expect(await Self.problems(CreateRequest(name: "Home", dependencies: ["Search"]), in: directory.path) == [.dependencyOutsideWorkspace("Search")])
    }

    @Test func addsAGlobWhenTheLayerHasNoFolderYet() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("# mine\nworkspace: W\npackages:\n  - Apps/*   # keep\nshell:\n  path: Apps/Shell\n", to: "mfe.yml")
        try directory.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Shell\")\n", to: "Apps/Shell/Package.swift")
        let plan = try await Self.scaffolder(in: directory.path).plan(CreateRequest(name: "Core", layer: .foundation))
        #expect(plan.destination == directory.path + "/Foundation/Core")
        #expect(plan.edits.map(\.contents) == ["# mine\nworkspace: W\npackages:\n  - Apps/*   # keep\n  - Foundation/*\nshell:\n  path: Apps/Shell\n"])
        try ScaffoldWriter().write(plan)
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        #expect(workspace.packages.map(\.name) == ["Shell", "Core"])
    }

    @Test(arguments: [
        ("packages: [Shell]\n", "packages: [Shell, Features/*]\n"),
        ("packages: []\n", "packages: [Features/*]\n"),
        ("packages:\n- Shell\nshell: {path: Shell}\n", "packages:\n- Shell\n- Features/*\nshell: {path: Shell}\n"),
        ("packages:\n    - Shell\n\n    # more later\nlayers: {}\n", "packages:\n    - Shell\n    - Features/*\n\n    # more later\nlayers: {}\n"),
    ])
    func editsPackageListsKeepingWhatTheUserWrote(yaml: String, edited: String) {
        #expect(ConfigurationEditing.addingPackageGlob("Features/*", to: yaml) == edited)
    }

    @Test func dryRunTreeListsEveryFile() async throws {
        let directory = try TemporaryDirectory()
        let plan = try await Self.scaffolder(in: directory.path).plan(CreateRequest(name: "Core", layer: .foundation))
        try GoldenFile.check(plan.tree(root: "Core"), against: "Tests/Goldens/Scaffold/dry-run-Core.txt")
    }
}

import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

@Suite("target sources and import reading")
struct WorkspaceImportReaderTests {
    func target(_ name: String, kind: Target.Kind = .regular, path: String? = nil, exclude: [String] = [], sources: [String]? = nil) -> Target {
        Target(name: name, kind: kind, path: path, exclude: exclude, sources: sources, location: MFECore.SourceLocation(file: "Package.swift", line: 1, column: 1))
    }

    @Test func findsSourcesWhereSwiftPMLooks() throws {
        let directory = try TemporaryDirectory()
        try directory.write("import A\n", to: "Sources/Lib/Lib.swift")
        try directory.write("import A\n", to: "Sources/Lib/Nested/Deeper.swift")
        try directory.write("not swift\n", to: "Sources/Lib/Resources/data.json")
        try directory.write("import Hidden\n", to: "Sources/Lib/.hidden/Hidden.swift")
        try directory.write("import A\n", to: "Tests/LibTests/LibTests.swift")
        try directory.write("import A\n", to: "src/Legacy/Legacy.swift")
        try directory.write("import A\n", to: "Custom/Place/File.swift")
        let finder = TargetSourceFiles()
        let relative = { (files: [String]) in files.map { PathUtilities.relative($0, to: directory.path) } }

        #expect(relative(try finder.swiftFiles(of: target("Lib"), inPackage: directory.path)) == ["Sources/Lib/Lib.swift", "Sources/Lib/Nested/Deeper.swift"])
        #expect(relative(try finder.swiftFiles(of: target("LibTests", kind: .test), inPackage: directory.path)) == ["Tests/LibTests/LibTests.swift"])
        #expect(relative(try finder.swiftFiles(of: target("Legacy"), inPackage: directory.path)) == ["src/Legacy/Legacy.swift"])
        #expect(relative(try finder.swiftFiles(of: target("Anything", path: "Custom/Place"), inPackage: directory.path)) == ["Custom/Place/File.swift"])
        #expect(try finder.swiftFiles(of: target("Missing"), inPackage: directory.path).isEmpty)
    }

    @Test func honoursSourcesAndExclude() throws {
        let directory = try TemporaryDirectory()
        for file in ["Kept.swift", "Generated/Gen.swift", "Generated/Skip/Skipped.swift", "Excluded.swift", "Other/Outside.swift"] {
            try directory.write("import A\n", to: "Sources/Lib/" + file)
        }
        let finder = TargetSourceFiles()
        let files = try finder.swiftFiles(
            of: target("Lib", exclude: ["Excluded.swift", "Generated/Skip"], sources: ["Kept.swift", "Generated", "Excluded.swift", "./Missing"]), inPackage: directory.path)
        #expect(files.map { PathUtilities.relative($0, to: directory.path + "/Sources/Lib") } == ["Generated/Gen.swift", "Kept.swift"])
    }

    /// TCA's layout: tutorial snippets in the target's DocC catalog are never compiled, nor
    /// is anything in an asset catalog; a `sources:` entry naming a catalog's folder neither.
    @Test func skipsDocCCatalogsAndOtherResourceFolders() throws {
        let directory = try TemporaryDirectory()
        for file in ["Store.swift", "Documentation.docc/Tutorials/SyncUps/TestingListOfSyncUps-01-code-0001.swift", "Media.xcassets/Odd.swift", "Nested/Guide.DocC/Snippet.swift"] {
            try directory.write("import SyncUps\n", to: "Sources/ComposableArchitecture/" + file)
        }
        let files = try TargetSourceFiles().swiftFiles(of: target("ComposableArchitecture"), inPackage: directory.path)
        #expect(files.map { PathUtilities.relative($0, to: directory.path + "/Sources/ComposableArchitecture") } == ["Store.swift"])
        #expect(SourceFolderRules.isInsideOpaqueFolder("App/Documentation.docc/Snippet.swift"))
        #expect(!SourceFolderRules.isInsideOpaqueFolder("App/Version1.2/View.swift"))
    }

    /// 40 targets: batches of 3 targets with 3 lanes, of 10 with 1 lane.
    @Test(arguments: [3, 1])
    func readsEveryTargetInParallelInDeclarationOrder(lanes: Int) async throws {
        let directory = try TemporaryDirectory()
        var targets: [Target] = []
        for index in 0..<40 {
            targets.append(target("T\(index)"))
            try directory.write("import Foundation\n#if os(Linux) || os(macOS) || os(Windows)\nimport Dep\(index)\n#endif\n", to: "Pkg/Sources/T\(index)/File.swift")
        }
        targets.append(target("Plugin", kind: .plugin))
        try directory.write("import PackagePlugin\n", to: "Pkg/Plugins/Plugin/Plugin.swift")
        let manifest = PackageManifest(name: "Pkg", toolsVersion: ToolsVersion(6, 0), targets: targets, manifestPath: directory.path + "/Pkg/Package.swift")
        let workspace = Workspace(root: directory.path, configuration: nil, packages: [WorkspacePackage(manifest: manifest, directory: "Pkg", layer: nil)])

        let result = try await WorkspaceImportReader(configuration: HostBuildConfiguration(), maximumConcurrency: lanes).read(workspace)
        #expect(result.map(\.target) == (0..<40).map { "T\($0)" })
        #expect(result.map { $0.imports.map(\.declaration.module) } == (0..<40).map { ["Foundation", "Dep\($0)"] })
        #expect(result[7].fileCount == 1)
        #expect(
            result[7].imports == [
                SourceImport(file: "Pkg/Sources/T7/File.swift", declaration: ImportDeclaration(module: "Foundation", line: 1), platforms: [HostBuildConfiguration.hostPlatform]),
                SourceImport(file: "Pkg/Sources/T7/File.swift", declaration: ImportDeclaration(module: "Dep7", line: 3), platforms: [HostBuildConfiguration.hostPlatform]),
            ])
    }

    /// What a progress reporter is told: every target read once, out of the right total, then
    /// the end.
    actor RecordingProgress: WorkProgress {
        var steps: [(count: Int, total: Int)] = []
        var finished = 0
        func advance(by count: Int, of total: Int) { steps.append((count, total)) }
        func finish() { finished += 1 }
    }

    @Test func progressCountsEveryTargetReadAndEnds() async throws {
        let directory = try TemporaryDirectory()
        var targets: [Target] = []
        for index in 0..<25 {
            targets.append(target("T\(index)"))
            try directory.write("import Dep\(index)\n", to: "Pkg/Sources/T\(index)/File.swift")
        }
        let manifest = PackageManifest(name: "Pkg", toolsVersion: ToolsVersion(6, 0), targets: targets, manifestPath: directory.path + "/Pkg/Package.swift")
        let workspace = Workspace(root: directory.path, configuration: nil, packages: [WorkspacePackage(manifest: manifest, directory: "Pkg", layer: nil)])
        let progress = RecordingProgress()
        var reader = WorkspaceImportReader(configuration: HostBuildConfiguration(), maximumConcurrency: 2)
        reader.progress = progress
        #expect(try await reader.read(workspace).count == 25)
        let steps = await progress.steps
        #expect(steps.map(\.count).reduce(0, +) == 25 && steps.count > 1)
        #expect(steps.allSatisfy { $0.total == 25 })
        #expect(await progress.finished == 1)
    }

    @Test func batchesAreOneTargetInSmallWorkspacesAndAtMost32() {
        #expect(WorkspaceImportReader.batchSize(targets: 6, lanes: 4) == 1)
        #expect(WorkspaceImportReader.batchSize(targets: 40, lanes: 1) == 10)
        #expect(WorkspaceImportReader.batchSize(targets: 5_000, lanes: 4) == 32)
        #expect(WorkspaceImportReader.batchSize(targets: 0, lanes: 4) == 1)
    }

    @Test func foldersNamedLikeSwiftFilesAndDanglingLinksAreSkipped() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("import A\n", to: "Sources/Lib/Lib.swift")
        try FileManager.default.createDirectory(atPath: directory.path + "/Sources/Lib/Broken.swift", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: directory.path + "/Sources/Lib/Dangling.swift", withDestinationPath: directory.path + "/nowhere")
        let manifest = PackageManifest(name: "Pkg", toolsVersion: ToolsVersion(6, 0), targets: [target("Lib")], manifestPath: directory.path + "/Package.swift")
        let workspace = Workspace(root: directory.path, configuration: nil, packages: [WorkspacePackage(manifest: manifest, directory: ".", layer: nil)])
        let result = try await WorkspaceImportReader(configuration: HostBuildConfiguration()).read(workspace)
        #expect(result.first?.fileCount == 1)
    }
}

import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEWorkspace

/// A manifest loader that names each package after its directory, for loader tests that are
/// about discovery and layers, not manifests.
struct DirectoryNameManifestLoader: ManifestLoading {
    func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        let name = URL(fileURLWithPath: packageDirectory).lastPathComponent
        return PackageManifest(name: name, toolsVersion: ToolsVersion(6, 0), manifestPath: packageDirectory + "/Package.swift")
    }
}

@Suite("workspace loading")
struct WorkspaceLoaderTests {
    @Test func expandsGlobsAndAssignsLayers() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        try directory.write("workspace: W\npackages: [Foundation/*, Features/*, Shell]\nlayers:\n  foundation: [Env]\nshell:\n  path: Shell\n", to: "mfe.yml")
        for package in ["Foundation/Env", "Features/Browse", "Shell", "Features/NotAPackage/Inner"] {
            try directory.write("// swift-tools-version: 6.0\n", to: package + "/Package.swift")
        }
        try directory.write("feature: Browse\nlayer: product\n", to: "Features/Browse/mfe.yml")
        let workspace = try await WorkspaceLoader(manifestLoader: DirectoryNameManifestLoader(), fileSystem: files).load(at: directory.path)
        #expect(workspace.packages.map(\.directory) == ["Features/Browse", "Foundation/Env", "Shell"])
        #expect(workspace.packages.map(\.layer) == [.product, .foundation, .shell])
    }

    @Test func discoversPackagesWithoutConfigurationSkippingBuildFolders() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        for package in ["A", "B/C", ".hidden/D", "A/.build/checkouts/E", "F/checkouts/G"] {
            try directory.write("// swift-tools-version: 6.0\n", to: package + "/Package.swift")
        }
        let workspace = try await WorkspaceLoader(manifestLoader: DirectoryNameManifestLoader(), fileSystem: files).load(at: directory.path)
        #expect(workspace.packages.map(\.directory) == ["A", "B/C"])
        #expect(workspace.packages.allSatisfy { $0.layer == nil })
    }

    @Test func conflictingLayersAreAnErrorNamingBothFiles() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        try directory.write("workspace: W\nlayers:\n  foundation: [Env]\n", to: "mfe.yml")
        try directory.write("// swift-tools-version: 6.0\n", to: "Env/Package.swift")
        try directory.write("feature: Env\nlayer: product\n", to: "Env/mfe.yml")
        let error = try await #require(throws: InputErrors.self) {
            try await WorkspaceLoader(manifestLoader: DirectoryNameManifestLoader(), fileSystem: files).load(at: directory.path)
        }
        guard case .layerDisagreement(package: "Env", layer: .foundation, featureLayer: .product, let featureLocation, let at)? = error.errors.first as? WorkspaceError else {
            Issue.record("\(error)")
            return
        }
        #expect(at.file == directory.path + "/mfe.yml" && at.line == 3)
        #expect(featureLocation.file == directory.path + "/Env/mfe.yml" && featureLocation.line == 2)
        #expect(error.errors.count == 1)
    }

    @Test func aMissingPathIsAnInputError() async {
        await #expect(throws: WorkspaceError.noSuchDirectory(path: "/nonexistent/mfe-workspace")) {
            try await WorkspaceLoader(manifestLoader: DirectoryNameManifestLoader(), fileSystem: InMemoryFileSystem()).load(at: "/nonexistent/mfe-workspace")
        }
    }
}

@Suite("process runner")
struct ProcessRunnerTests {
    @Test func capturesOutputAndStatus() async throws {
        let result = try await SubprocessRunner().run("sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result == ProcessResult(status: 3, standardOutput: "out\n", standardError: "err\n"))
    }

    @Test func passesEnvironmentAndWorkingDirectory() async throws {
        let result = try await SubprocessRunner().run("sh", ["-c", "echo $MFE_PROBE; pwd"], workingDirectory: "/tmp", environment: ["MFE_PROBE": "yes"])
        #expect(result.standardOutput == "yes\n/tmp\n")
    }
}

@Suite("workspace loading: discovery through links, in memory")
struct WorkspaceDiscoveryLinkTests {
    @Test func aPackageIsFoundOnceByItsRealPathAndLinksOutsideAreNotFollowed() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        for package in ["Features/Browse", "Foundation/Env"] {
            try directory.write("// swift-tools-version: 6.0\n", to: package + "/Package.swift")
        }
        try files.write("// swift-tools-version: 6.0\n", to: "/elsewhere/Outside/Package.swift")
        try files.createSymbolicLink("/ws/Features/BrowseAlias", to: "Browse")
        try files.createSymbolicLink("/ws/Features/self", to: ".")
        try files.createSymbolicLink("/ws/Outside", to: "/elsewhere/Outside")
        let workspace = try await WorkspaceLoader(manifestLoader: DirectoryNameManifestLoader(), fileSystem: files).load(at: directory.path)
        #expect(workspace.packages.map(\.directory) == ["Features/Browse", "Foundation/Env"])
    }

    @Test func anUnreadableFolderIsAnErrorNamingIt() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        try directory.write("// swift-tools-version: 6.0\n", to: "Locked/A/Package.swift")
        try files.setMode(0o300, of: "/ws/Locked")
        await #expect(
            throws: WorkspaceError.discoveryFailed(FileOperationError("list the folder", "/ws/Locked", code: EACCES), root: "/ws")
        ) {
            try await WorkspaceLoader(manifestLoader: DirectoryNameManifestLoader(), fileSystem: files).load(at: directory.path)
        }
    }
}

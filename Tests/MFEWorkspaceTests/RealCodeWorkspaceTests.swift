import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEWorkspace

/// Whether a Swift toolchain is on this machine, for the tests that ask SwiftPM itself.
private let swiftAvailable =
    ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil
    && (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }

private func manifest(_ name: String, products: String = "", dependencies: String = "", targets: String) -> String {
    """
    // swift-tools-version: 5.9
    import PackageDescription

    let package = Package(
        name: "\(name)",
        products: [\(products)],
        dependencies: [\(dependencies)],
        targets: [\(targets)]
    )

    """
}

/// A package `name` in `folder` with one target, and a library product of it when `product`.
private func writeLibrary(_ name: String, at folder: String, product: Bool = true, in directory: TemporaryDirectory) throws {
    try directory.write(manifest(name, products: product ? ".library(name: \"\(name)\", targets: [\"\(name)\"])" : "", targets: ".target(name: \"\(name)\")"), to: "\(folder)/Package.swift")
    try directory.write("public let value = 1\n", to: "\(folder)/Sources/\(name)/\(name).swift")
}

/// `App` depends on `.package(name: "Lib", path: "../Nope")`; the workspace also has a
/// package named `Lib` in `Lib/`.
private func writeMissingPathWorkspace(to directory: TemporaryDirectory) throws {
    try directory.write(
        manifest("App", dependencies: ".package(name: \"Lib\", path: \"../Nope\")", targets: ".target(name: \"App\", dependencies: [.product(name: \"Lib\", package: \"Lib\")])"),
        to: "App/Package.swift")
    try directory.write("import Lib\n", to: "App/Sources/App/App.swift")
    try writeLibrary("Lib", at: "Lib", in: directory)
}

@Suite("path dependencies that name no package")
struct MissingPathDependencyTests {
    @Test func aMissingFolderIsRefusedAsSwiftPMRefusesItNotBoundToAPackageOfThatName() async throws {
        let directory = try TemporaryDirectory()
        try writeMissingPathWorkspace(to: directory)
        let app = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: directory.path + "/App")
        #expect(app.dependencies.first?.identity == "nope", "SwiftPM's identity is the path's last component")
        let location = SourceLocation(file: directory.path + "/App/Package.swift", line: 7, column: 20)
        await #expect(throws: InputErrors([WorkspaceError.unreachablePackage(UnreachablePathDependency(path: "../Nope", resolved: directory.path + "/Nope", hasFolder: false, location: location))])) {
            try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        }
        // A folder without a Package.swift is refused the same way.
        try directory.write("notes\n", to: "Nope/README.md")
        await #expect(throws: InputErrors([WorkspaceError.unreachablePackage(UnreachablePathDependency(path: "../Nope", resolved: directory.path + "/Nope", hasFolder: true, location: location))])) {
            try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        }
    }

    /// apple-browsers' macOS packages say `.package(path: "../../BrowserServicesKit")` from a
    /// folder that moved: Xcode lets the workspace's package of that identity stand for it,
    /// so the package loads with its edge instead of being refused or dropped.
    @Test func aWorkspacePackageOfTheSameIdentityStandsForAMissingPathAsInXcode() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            manifest("App", dependencies: ".package(path: \"../../Lib\")", targets: ".target(name: \"App\", dependencies: [.product(name: \"Lib\", package: \"Lib\")])"),
            to: "Apps/App/Package.swift")
        try directory.write("import Lib\n", to: "Apps/App/Sources/App/App.swift")
        try writeLibrary("Lib", at: "Shared/Lib", in: directory)
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        let graph = TargetGraph(workspace: workspace)
        let app = try #require(graph.nodeIndex(named: "App"))
        #expect(graph.successors[app].map { graph.nodes[$0].name } == ["Lib"])
    }

    /// The graph on its own (as a loader that skipped the check would build it): the product
    /// of a declared package outside the workspace is never another package's of that name.
    @Test func theGraphNeverBindsADeclaredOutsidePackageToAWorkspacePackageOfItsName() {
        let location = SourceLocation(file: "/ws/App/Package.swift", line: 5, column: 9)
        let app = PackageManifest(
            name: "App", toolsVersion: ToolsVersion(5, 9),
            dependencies: [PackageDependency(.fileSystem(path: "../Nope"), explicitName: "Lib", location: location)],
            targets: [Target(name: "App", dependencies: [TargetDependency(.product(name: "Lib", package: "Lib"), location: location)], location: location)],
            manifestPath: "/ws/App/Package.swift"
        )
        let lib = PackageManifest(
            name: "Lib", toolsVersion: ToolsVersion(5, 9), targets: [Target(name: "Lib", location: location)],
            products: [Product(name: "Lib", kind: .library, targets: ["Lib"], location: location)], manifestPath: "/ws/Lib/Package.swift"
        )
        let graph = TargetGraph(packages: [WorkspacePackage(manifest: app, directory: "App", layer: nil), WorkspacePackage(manifest: lib, directory: "Lib", layer: nil)], root: "/ws")
        #expect(graph.edges.isEmpty)
        #expect(graph.packageEdges.isEmpty)
    }

    /// What SwiftPM 6 itself says about the same manifest: identity `nope`, and resolving
    /// fails naming the path.
    @Test(.enabled(if: swiftAvailable, "needs a Swift toolchain"), .hangGuard(processes: 2))
    func swiftPMDerivesTheSameIdentityAndRefusesTheMissingFolder() async throws {
        let directory = try TemporaryDirectory()
        try writeMissingPathWorkspace(to: directory)
        let runner = SubprocessRunner()
        let dump = try await runner.run("/usr/bin/env", ["swift", "package", "dump-package"], workingDirectory: directory.path + "/App", environment: [:])
        let object = try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any]
        let entry = ((object?["dependencies"] as? [[String: Any]])?.first?["fileSystem"] as? [[String: Any]])?.first
        #expect(entry?["identity"] as? String == "nope")
        let resolve = try await runner.run("/usr/bin/env", ["swift", "package", "resolve"], workingDirectory: directory.path + "/App", environment: [:])
        #expect(resolve.status != 0)
        #expect(resolve.standardError.contains("the package at '\(directory.path)/Nope' cannot be accessed"), "\(resolve.standardError)")
    }
}

/// A Vapor server's `Sources/App/Models/Package.swift` (a Fluent model named `Package`), and
/// a fixture package inside a test target, with a real nested package beside them.
private func writeNestedWorkspace(to directory: TemporaryDirectory) throws {
    try directory.write(
        manifest(
            "Server", dependencies: ".package(path: \"Packages/Shared\")",
            targets: """
                .target(name: "App", dependencies: [.product(name: "Shared", package: "Shared")]),
                        .target(name: "Jobs", path: "Worker", exclude: ["Vendored"]),
                        .testTarget(name: "AppTests", dependencies: ["App"])
                """), to: "Package.swift")
    try directory.write("import Shared\npublic let app = 1\n", to: "Sources/App/App.swift")
    try directory.write("import Foundation\n\npublic final class Package {\n    public var name = \"\"\n    public init() {}\n}\n", to: "Sources/App/Models/Package.swift")
    try directory.write("public let jobs = 1\n", to: "Worker/Jobs.swift")
    try directory.write("public struct Package {}\n", to: "Worker/Queue/Package.swift")
    try writeLibrary("Vendored", at: "Worker/Vendored", product: false, in: directory)
    try directory.write("import XCTest\n", to: "Tests/AppTests/AppTests.swift")
    try writeLibrary("Fixture", at: "Tests/AppTests/Fixtures/Fixture", product: false, in: directory)
    try writeLibrary("Shared", at: "Packages/Shared", in: directory)
}

@Suite("only real manifests")
struct NestedManifestTests {
    @Test func aPackageSwiftThatATargetCompilesIsNoPackage() async throws {
        let directory = try TemporaryDirectory()
        try writeNestedWorkspace(to: directory)
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        // The excluded folder is no source of `Jobs`: a package of its own, as SwiftPM sees it.
        #expect(workspace.packages.map(\.directory) == [".", "Packages/Shared", "Worker/Vendored"])
    }

    @Test func globsLeaveThemOutButAnEntryNamingOneExactlyIsKept() async throws {
        let directory = try TemporaryDirectory()
        try writeNestedWorkspace(to: directory)
        try directory.write("workspace: S\npackages: [\".\", \"**\"]\n", to: "mfe.yml")
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        #expect(workspace.packages.map(\.directory) == [".", "Packages/Shared", "Worker/Vendored"])
        try directory.write("workspace: S\npackages: [\".\", \"Tests/AppTests/Fixtures/Fixture\"]\n", to: "mfe.yml")
        let named = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        #expect(named.packages.map(\.directory) == [".", "Tests/AppTests/Fixtures/Fixture"])
    }

    @Test func enclosingCandidatesAreThePathPrefixes() {
        #expect(PackageRoots.enclosingCandidates(of: [".", "A", "A/B", "AB", "A/B/C"]) == [[], [0], [0, 1], [0], [0, 1, 2]])
    }

    /// SwiftPM's own view of the same package: the files mfe leaves out are sources of the
    /// targets (`swift package describe` lists them), the package it keeps is not.
    @Test(.enabled(if: swiftAvailable, "needs a Swift toolchain"), .hangGuard(processes: 2))
    func swiftPMCompilesTheFilesMfeLeavesOut() async throws {
        let directory = try TemporaryDirectory()
        try writeNestedWorkspace(to: directory)
        let describe = try await SubprocessRunner().run("/usr/bin/env", ["swift", "package", "describe", "--type", "json"], workingDirectory: directory.path, environment: [:])
        let object = try JSONSerialization.jsonObject(with: Data(describe.standardOutput.utf8)) as? [String: Any]
        var sources: [String: [String]] = [:]
        for target in object?["targets"] as? [[String: Any]] ?? [] {
            if let name = target["name"] as? String { sources[name] = target["sources"] as? [String] }
        }
        #expect(sources["App"]?.contains("Models/Package.swift") == true, "\(describe.standardError)")
        #expect(sources["Jobs"]?.contains("Queue/Package.swift") == true)
        #expect(sources["Jobs"]?.contains { $0.hasPrefix("Vendored/") } == false)
        #expect(sources["AppTests"]?.contains("Fixtures/Fixture/Package.swift") == true)
        #expect(sources["AppTests"]?.contains("Fixtures/Fixture/Sources/Fixture/Fixture.swift") == true)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// Manifests SwiftPM refuses are exit 2 with SwiftPM's reason, file and line, not a green run
/// (in process).
@Suite("manifests SwiftPM refuses, in process")
struct SwiftPMRefusalServiceTests {
    static let cases: [(targets: String, dependencies: String, line: Int, message: String)] = [
        (".target(name: \"Env\"),\n        .target(name: \"Env\")", "", 10, "duplicate target named 'Env'; SwiftPM refuses the package"),
        (".target(name: \"Env\", dependencies: [.target(name: \"Missing\")])", "", 9, "target 'Missing' in the dependencies of target 'Env' is not declared in this package"),
        (".target(name: \"Env\", dependencies: [\"Enx\"])", "", 9, "product 'Enx' required by package 'env' target 'Env' not found. Did you mean 'Env'? SwiftPM refuses it"),
        (
            ".target(name: \"Env\", dependencies: [.product(name: \"X\", package: \"Nope\")])", ".package(path: \"../Home\")", 9,
            "unknown package 'Nope' in dependencies of target 'Env'; valid packages are: 'Home' (at '"
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func aManifestSwiftPMRefusesIsExitTwo(index: Int) async throws {
        let (targets, dependencies, line, message) = Self.cases[index]
        let fixture = try HostileInputFixture()
        try fixture.write(HostileInputFixture.manifest("Env", dependencies: dependencies, targets: targets), to: "Env/Package.swift")
        for arguments in ["lint-graph", "graph"] {
            let result = await InProcessMFE(in: fixture.path).run(commandLine: arguments)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.hasPrefix("error: \(fixture.path)/Env/Package.swift:\(line):"), "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test func aManifestDeclaringThePackageTwiceIsExitTwo() async throws {
        let fixture = try HostileInputFixture()
        let manifest = HostileInputFixture.manifest("Env", targets: ".target(name: \"Env\")")
        try fixture.write(manifest + "let package = Package(name: \"Other\")\n", to: "Env/Package.swift")
        for arguments in ["lint-graph", "dump-package Env"] {
            let result = await InProcessMFE(in: fixture.path).run(commandLine: arguments)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("Package.swift:12:5: 'package' is declared again (first at line 4)"), "\(result.standardError)")
            #expect(result.standardError.contains("invalid redeclaration"), "\(result.standardError)")
        }
    }

    @Test func aShellPathNamingNoFolderIsExitTwo() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write("workspace: Tiny\nlayers:\n  foundation: [Env]\n  product: [Home]\nshell:\n  path: Shel\n", to: "mfe.yml")
        for arguments in ["lint-graph", "graph", "lint-graph --imports"] {
            let result = await InProcessMFE(in: fixture.path).run(commandLine: arguments)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("mfe.yml:6:9: 'shell.path: Shel' names no folder"), "\(result.standardError)")
        }
        // The folder of an Xcode app (no Package.swift) is a shell path `affected` maps files by.
        try fixture.write("workspace: Tiny\nlayers:\n  foundation: [Env]\n  product: [Home]\nshell:\n  path: App\n", to: "mfe.yml")
        try fixture.write("// the app\n", to: "App/AppDelegate.swift")
        let result = await InProcessMFE(in: fixture.path).lintGraph(.init())
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// Product lookups across workspace packages found by path, as SwiftPM's package graph
    /// makes them once every package is loaded.
    @Test(arguments: [
        ("[\"HomeInterface\", .product(name: \"Envv\", package: \"Env\")]", "product 'Envv' required by package 'home' target 'Home' not found in package 'Env'. Did you mean 'Env'?"),
        ("[\"HomeInterface\", \"Envv\"]", "product 'Envv' required by package 'home' target 'Home' not found. Did you mean 'Env'?"),
    ])
    func aProductNoWorkspacePackageVendsIsExitTwo(dependencies: String, message: String) async throws {
        let fixture = try HostileInputFixture()
        try fixture.write(
            HostileInputFixture.manifest(
                "Home", dependencies: ".package(path: \"../Env\")", targets: ".target(name: \"HomeInterface\"),\n        .target(name: \"Home\", dependencies: \(dependencies))"),
            to: "Home/Package.swift")
        for arguments in ["lint-graph", "graph", "lint-graph --imports"] {
            let result = await InProcessMFE(in: fixture.path).run(commandLine: arguments)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains("Home/Package.swift:10:"), "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test func aValidByNameProductOfADependencyIsAccepted() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write(
            HostileInputFixture.manifest(
                "Home", dependencies: ".package(path: \"../Env\")", targets: ".target(name: \"HomeInterface\"),\n        .target(name: \"Home\", dependencies: [\"HomeInterface\", \"Env\"])"),
            to: "Home/Package.swift")
        let result = await InProcessMFE(in: fixture.path).lintGraph(.init())
        #expect(result.status == 0, "\(result.standardError)")
    }
}

import Foundation
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// Module names as SwiftPM builds them, on real manifests and sources: a target with `-` in
/// its name, a C target and a system library whose `module.modulemap` names the module, a
/// `moduleAliases:` rename, and a chain of `@_exported import`s.
@Suite("import rules with SwiftPM's module names")
struct ModuleNameRulesTests {
    static func write(to directory: TemporaryDirectory, feature: String, loose: String = "public enum Loose {}\n") throws {
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [.package(path: "../Utils")],
                targets: [
                    .target(name: "Foo-Bar"),
                    .target(name: "CSQLiteShim"),
                    .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
                    .target(name: "Core"),
                    .target(name: "CoreExports", dependencies: ["Core"]),
                    .target(name: "Umbrella", dependencies: ["CoreExports"]),
                    .target(name: "Feature", dependencies: [
                        "Foo-Bar",
                        "CSQLiteShim",
                        "CZlib",
                        "Umbrella",
                        .product(name: "Utils", package: "Utils", moduleAliases: ["Utils": "VendorUtils"]),
                    ]),
                    .target(name: "Loose"),
                ]
            )

            """, to: "App/Package.swift")
        try directory.write("public enum FooBar {}\n", to: "App/Sources/Foo-Bar/FooBar.swift")
        try directory.write("int shim(void);\n", to: "App/Sources/CSQLiteShim/include/shim.h")
        try directory.write(
            "/* the module Swift code imports */\nmodule CSQLite {\n    header \"shim.h\"\n    explicit module Extras { header \"shim.h\" }\n}\n",
            to: "App/Sources/CSQLiteShim/include/module.modulemap")
        try directory.write("int shim(void) { return 0; }\n", to: "App/Sources/CSQLiteShim/shim.c")
        try directory.write("module zlib [system] {\n    header \"shim.h\"\n    link \"z\"\n}\n", to: "App/Sources/CZlib/module.modulemap")
        try directory.write("#include <zlib.h>\n", to: "App/Sources/CZlib/shim.h")
        try directory.write("public enum Core {}\n", to: "App/Sources/Core/Core.swift")
        try directory.write("@_exported import Core\n", to: "App/Sources/CoreExports/Exports.swift")
        try directory.write("@_exported import CoreExports\n", to: "App/Sources/Umbrella/Umbrella.swift")
        try directory.write(feature, to: "App/Sources/Feature/Feature.swift")
        try directory.write(loose, to: "App/Sources/Loose/Loose.swift")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "Utils",
                products: [.library(name: "Utils", targets: ["Utils"])],
                targets: [.target(name: "Utils")]
            )

            """, to: "Utils/Package.swift")
        try directory.write("public enum Utils {}\n", to: "Utils/Sources/Utils/Utils.swift")
    }

    static func findings(in directory: TemporaryDirectory) async throws -> [String] {
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        return try await ImportRules.findings(in: workspace, graph: TargetGraph(workspace: workspace)).map {
            "\($0.rule) \($0.file):\($0.line) \($0.from ?? "") -> \($0.to ?? "")"
        }
    }

    @Test func importsBySwiftPMsModuleNamesUseTheirDependencies() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, feature: "import Foo_Bar\nimport CSQLite\nimport zlib\nimport Umbrella\nimport Core\nimport CoreExports\nimport VendorUtils\n")
        #expect(try await Self.findings(in: directory) == [])
    }

    @Test func undeclaredImportsBySwiftPMsModuleNamesAreFound() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, feature: "import Umbrella\n", loose: "import Foo_Bar\nimport CSQLite\nimport zlib\nimport Core\n")
        #expect(
            try await Self.findings(in: directory) == [
                "unused-dependency App/Package.swift:15 Feature -> Foo-Bar",
                "unused-dependency App/Package.swift:16 Feature -> CSQLiteShim",
                "unused-dependency App/Package.swift:19 Feature -> Utils",
                "implicit-dependency App/Sources/Loose/Loose.swift:1 Loose -> Foo-Bar",
                "implicit-dependency App/Sources/Loose/Loose.swift:2 Loose -> CSQLiteShim",
                "implicit-dependency App/Sources/Loose/Loose.swift:3 Loose -> CZlib",
                "implicit-dependency App/Sources/Loose/Loose.swift:4 Loose -> Core",
            ])
    }

    @Test func reexportsCountOnlyThroughADeclaredDependency() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, feature: "import Foo_Bar\nimport CSQLite\nimport zlib\nimport Umbrella\nimport VendorUtils\n", loose: "import Umbrella\nimport Core\n")
        let findings = try await Self.findings(in: directory)
        #expect(
            findings == [
                "implicit-dependency App/Sources/Loose/Loose.swift:1 Loose -> Umbrella",
                "implicit-dependency App/Sources/Loose/Loose.swift:2 Loose -> Core",
            ])
    }

    @Test func theReaderNamesModulesFromModulemaps() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, feature: "")
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        let imports = try await WorkspaceImportReader(configuration: HostBuildConfiguration()).read(workspace)
        let names = Dictionary(uniqueKeysWithValues: imports.map { ($0.target, $0.moduleNames) })
        #expect(names["Foo-Bar"] == ["Foo_Bar"])
        #expect(names["CSQLiteShim"] == ["CSQLite"])
        #expect(names["CZlib"] == ["zlib"])
        #expect(names["Core"] == ["Core"])
    }
}

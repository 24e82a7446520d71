import Foundation
import MFEFrontend
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// A small workspace on disk with real manifests and sources: Env (foundation, products Env
/// and EnvUI), Browse (BrowseInterface, Browse, BrowseTests), Shell (App), read with the
/// static manifest reader.
enum ImportsWorkspace {
    static func write(to directory: TemporaryDirectory, browseSources: String, browseTestsSources: String = "@testable import Browse\nimport Testing\n", appSources: String = "import Browse\n") throws
    {
        try directory.write("workspace: W\npackages: [Foundation/*, Features/*, Shell]\n", to: "mfe.yml")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Env",
                products: [
                    .library(name: "Env", targets: ["Env"]),
                    .library(name: "EnvUI", targets: ["EnvUI", "EnvUIAssets"]),
                ],
                targets: [
                    .target(name: "Env"),
                    .target(name: "EnvUI"),
                    .target(name: "EnvUIAssets"),
                    .target(name: "EnvC", path: "Sources/EnvC"),
                ]
            )

            """, to: "Foundation/Env/Package.swift")
        try directory.write("public enum Env {}\n", to: "Foundation/Env/Sources/Env/Env.swift")
        try directory.write("public enum EnvUI {}\n", to: "Foundation/Env/Sources/EnvUI/EnvUI.swift")
        try directory.write("public enum EnvUIAssets {}\n", to: "Foundation/Env/Sources/EnvUIAssets/Assets.swift")
        try directory.write("int envc(void) { return 0; }\n", to: "Foundation/Env/Sources/EnvC/envc.c")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Browse",
                products: [.library(name: "Browse", targets: ["Browse"])],
                dependencies: [
                    .package(path: "../../Foundation/Env"),
                    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
                ],
                targets: [
                    .target(name: "BrowseInterface"),
                    .target(
                        name: "Browse",
                        dependencies: [
                            "BrowseInterface",
                            .product(name: "Env", package: "Env"),
                            .product(name: "EnvUI", package: "Env"),
                            .product(name: "Collections", package: "swift-collections"),
                        ]
                    ),
                    .testTarget(name: "BrowseTests", dependencies: ["Browse"]),
                ]
            )

            """, to: "Features/Browse/Package.swift")
        try directory.write("public protocol BrowseService {}\n", to: "Features/Browse/Sources/BrowseInterface/BrowseInterface.swift")
        try directory.write(browseSources, to: "Features/Browse/Sources/Browse/Browse.swift")
        try directory.write(browseTestsSources, to: "Features/Browse/Tests/BrowseTests/BrowseTests.swift")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                dependencies: [.package(path: "../Features/Browse")],
                targets: [
                    .executableTarget(name: "App", dependencies: [.product(name: "Browse", package: "Browse")]),
                ]
            )

            """, to: "Shell/Package.swift")
        try directory.write(appSources, to: "Shell/Sources/App/main.swift")
    }

    static func findings(in directory: TemporaryDirectory) async throws -> [Finding] {
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: directory.path)
        return try await ImportRules.findings(in: workspace, graph: TargetGraph(workspace: workspace))
    }
}

@Suite("import rules")
struct ImportRulesTests {
    @Test func aCleanWorkspaceHasNoFindings() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(
            to: directory,
            browseSources: """
                import BrowseInterface
                import Env
                public import EnvUI
                import Collections
                import Foundation
                """)
        #expect(try await ImportsWorkspace.findings(in: directory).isEmpty)
    }

    @Test func anUndeclaredReachableImportIsTransitiveWithItsChainAtTheImportLine() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(
            to: directory,
            browseSources: "import BrowseInterface\nimport Env\nimport EnvUI\n",
            browseTestsSources: "import Testing\n@testable import Browse\n@testable import BrowseInterface\nimport struct BrowseInterface.Unused\n",
            appSources: "import Browse\n\n  import Env\nimport Env\n"
        )
        let findings = try await ImportsWorkspace.findings(in: directory)
        #expect(
            findings.map { "\($0.rule) \($0.file):\($0.line):\($0.column) \($0.path!.joined(separator: " → "))" } == [
                "transitive-dependency Features/Browse/Tests/BrowseTests/BrowseTests.swift:3:1 BrowseTests → Browse → BrowseInterface",
                "transitive-dependency Shell/Sources/App/main.swift:3:3 App → Browse → Env",
            ])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(
            findings[0].message
                == "BrowseTests imports BrowseInterface without declaring it and reaches it only through BrowseTests → Browse → BrowseInterface; add \"BrowseInterface\" to the dependencies of BrowseTests in Features/Browse/Package.swift"
        )
        #expect(
            findings[1].message
                == "App imports Env without declaring it and reaches it only through App → Browse → Env; add .product(name: \"Env\", package: \"Env\") to the dependencies of App in Shell/Package.swift (with .package(path: \"../Foundation/Env\") in the package's dependencies)"
        )
        #expect(findings[1].from == "App" && findings[1].to == "Env" && findings[1].fromPackage == "Shell" && findings[1].toPackage == "Env")
        #expect(findings[1].pathPackages == ["Shell", "Browse", "Env"])
    }

    @Test func anUnreachableImportIsAnImplicitDependencyAtTheImportLine() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(to: directory, browseSources: "import BrowseInterface\nimport Env\nimport EnvUI\n")
        try directory.write("import Foundation\nimport Env\nimport Env\npublic protocol BrowseService {}\n", to: "Features/Browse/Sources/BrowseInterface/BrowseInterface.swift")
        let findings = try await ImportsWorkspace.findings(in: directory)
        #expect(
            findings.map { "\($0.rule) \($0.file):\($0.line):\($0.column) \($0.from!) -> \($0.to!)" } == [
                "implicit-dependency Features/Browse/Sources/BrowseInterface/BrowseInterface.swift:2:1 BrowseInterface -> Env"
            ])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.path == nil)
        #expect(
            findings.first?.message
                == "BrowseInterface imports Env but neither declares it nor reaches it through its dependencies, so it builds only by accident of build order; add .product(name: \"Env\", package: \"Env\") to the dependencies of BrowseInterface in Features/Browse/Package.swift, or remove the import"
        )
    }

    @Test func shortestChainsFollowProductsToEveryTargetTheyLink() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(to: directory, browseSources: "import BrowseInterface\nimport Env\nimport EnvUI\n", appSources: "import Browse\nimport EnvUIAssets\nimport BrowseInterface\n")
        let findings = try await ImportsWorkspace.findings(in: directory)
        #expect(
            findings.map { "\($0.rule) \($0.path!.joined(separator: " → "))" } == [
                "transitive-dependency App → Browse → EnvUIAssets",
                "transitive-dependency App → Browse → BrowseInterface",
            ])
    }

    @Test func importsGuardedByCanImportOrInactiveAreNeverImplicit() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(
            to: directory, browseSources: "import BrowseInterface\nimport Env\nimport EnvUI\n",
            appSources: """
                import Browse
                #if canImport(Env)
                import Env
                #endif
                #if os(iOS) && !os(Linux) && !os(macOS)
                import EnvUI
                #endif
                """)
        #expect(try await ImportsWorkspace.findings(in: directory).isEmpty)
    }

    @Test func aDeclaredModuleNeverImportedIsUnusedAtItsEntry() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(to: directory, browseSources: "import BrowseInterface\n#if os(iOS) && !os(Linux) && !os(macOS)\nimport EnvUIAssets\n#endif\n")
        let findings = try await ImportsWorkspace.findings(in: directory)
        #expect(
            findings.map { "\($0.rule) \($0.file):\($0.line):\($0.column) \($0.from!) -> \($0.to!)" } == [
                "unused-dependency Features/Browse/Package.swift:17:17 Browse -> Env"
            ])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.message == "Browse declares a dependency on Env but none of its sources imports it; remove it from the dependencies of Browse")
    }

    @Test func targetsWithoutSwiftSourcesAreNotReportedUnused() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(to: directory, browseSources: "import BrowseInterface\nimport Env\nimport EnvUI\n")
        try FileManager.default.removeItem(atPath: directory.path + "/Features/Browse/Tests")
        #expect(try await ImportsWorkspace.findings(in: directory).isEmpty)
    }

    @Test func lintFeedsImportFindingsThroughAllowAndStrict() async throws {
        let directory = try TemporaryDirectory()
        try ImportsWorkspace.write(to: directory, browseSources: "import BrowseInterface\nimport EnvUI\n", appSources: "import Browse\nimport Env\n")
        try directory.write(
            """
            workspace: W
            packages: [Foundation/*, Features/*, Shell]
            allow:
              - rule: transitive-dependency
                from: App
                to: Env
                reason: "migration"
            """, to: "mfe.yml")
        let (output, report) = try await LintGraphService(environment: ServiceEnvironment()).lint(LintGraphService.Request(path: directory.path, format: .json, strict: true, imports: true))
        #expect(report.findings.map(\.rule).filter { $0 != UnassignedLayerRule.id } == [UnusedDependencyRule.id])
        #expect(report.findings.first { $0.rule == UnusedDependencyRule.id }?.severity == .error)
        #expect(output.exitCode == 1)
    }

    @Test func relativePathsBetweenPackageFolders() {
        #expect(ImportRules.relativePath(from: "Shell", to: "Foundation/Env") == "../Foundation/Env")
        #expect(ImportRules.relativePath(from: "Features/Browse", to: "Features/Order") == "../Order")
        #expect(ImportRules.relativePath(from: ".", to: "Env") == "Env")
        #expect(ImportRules.relativePath(from: "Env", to: ".") == "..")
    }
}

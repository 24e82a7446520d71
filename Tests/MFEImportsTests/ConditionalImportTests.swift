import Foundation
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// `#if` around imports, evaluated for every platform a package declares (and the host) in
/// debug and release, and dependencies that apply only on some platforms.
@Suite("conditional imports")
struct ConditionalImportTests {
    @Test func theScannerMarksTheConfigurationsThatCompileEachImport() {
        let configurations = [
            HostBuildConfiguration(platform: "ios", debug: true), HostBuildConfiguration(platform: "ios", debug: false),
            HostBuildConfiguration(platform: "macos", debug: false), HostBuildConfiguration(platform: "linux", debug: false),
            HostBuildConfiguration(platform: "maccatalyst", debug: false),
        ]
        let imports = ImportScanner(configurations: configurations).imports(
            in: """
                import Always
                #if DEBUG
                import DebugOnly
                #endif
                #if os(iOS) && !targetEnvironment(macCatalyst)
                import PhoneOnly
                #elseif os(macOS)
                import MacOnly
                #else
                #if canImport(UIKit)
                import CatalystOnly
                #endif
                import Elsewhere
                #endif
                #if SWIFT_PACKAGE && canImport(Darwin)
                import ApplePackage
                #endif
                """)
        #expect(
            imports.map { "\($0.module) \(String($0.activeConfigurations, radix: 2))" } == [
                "Always 11111", "DebugOnly 1", "PhoneOnly 11", "MacOnly 100", "CatalystOnly 10000", "Elsewhere 11000", "ApplePackage 10111",
            ])
    }

    @Test func platformConfigurationsAnswerAsThatPlatformsCompiler() throws {
        let catalyst = HostBuildConfiguration(platform: "maccatalyst", debug: false)
        #expect(catalyst.operatingSystem == "iOS" && catalyst.targetEnvironments == ["macCatalyst"])
        #expect(catalyst.canImport(modulePath: []) == false)
        #expect(HostBuildConfiguration(platform: "ios", debug: true).customConditions == ["DEBUG", "SWIFT_PACKAGE"])
        #expect(HostBuildConfiguration(platform: "watchos", debug: false).importableModules.contains("WatchKit"))
        #expect(HostBuildConfiguration(platform: HostBuildConfiguration.hostPlatform, debug: false).operatingSystem == HostBuildConfiguration().operatingSystem)
    }

    static func write(to directory: TemporaryDirectory, app: String, widget: String) throws {
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "App",
                platforms: [.iOS(.v17), .macOS("14.0")],
                targets: [
                    .target(name: "Core"),
                    .target(name: "DebugTools"),
                    .target(name: "PhoneKit"),
                    .target(name: "App", dependencies: [
                        "Core",
                        .target(name: "PhoneKit", condition: .when(platforms: [.iOS])),
                    ]),
                    .target(name: "Widget", dependencies: [.target(name: "PhoneKit", condition: .when(platforms: [.iOS]))]),
                ]
            )

            """, to: "Package.swift")
        for module in ["Core", "DebugTools", "PhoneKit"] {
            try directory.write("public enum \(module) {}\n", to: "Sources/\(module)/\(module).swift")
        }
        try directory.write(app, to: "Sources/App/App.swift")
        try directory.write(widget, to: "Sources/Widget/Widget.swift")
    }

    static func findings(in directory: TemporaryDirectory) async throws -> [Finding] {
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        #expect(workspace.packages.first?.manifest.platforms.map(\.name) == ["ios", "macos"])
        return try await ImportRules.findings(in: workspace, graph: TargetGraph(workspace: workspace))
    }

    @Test func importsUnderDebugAndPlatformConditionsAreChecked() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(
            to: directory,
            app: """
                import Core
                #if DEBUG
                import DebugTools
                #endif
                #if os(iOS)
                import PhoneKit
                #endif
                """, widget: "import PhoneKit\n")
        let findings = try await Self.findings(in: directory)
        #expect(
            findings.map { "\($0.rule) \($0.file):\($0.line) \($0.from ?? "") -> \($0.to ?? "")" } == [
                "implicit-dependency Sources/App/App.swift:3 App -> DebugTools",
                "implicit-dependency Sources/Widget/Widget.swift:1 Widget -> PhoneKit",
            ])
        #expect(
            findings[1].message
                == "Widget imports PhoneKit but neither declares it nor reaches it through its dependencies on macOS, so it builds only by accident of build order; add \"PhoneKit\" to the dependencies of Widget in Package.swift for those platforms too, or remove the import"
        )
    }

    @Test func importsThatOnlyTheDeclaringPlatformsCompileAreClean() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "import Core\n#if os(iOS)\nimport PhoneKit\n#endif\n", widget: "#if canImport(UIKit)\nimport PhoneKit\n#endif\n")
        #expect(try await Self.findings(in: directory).isEmpty)
    }
}

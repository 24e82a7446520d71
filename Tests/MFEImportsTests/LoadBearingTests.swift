import Foundation
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// `unused-dependency` on a dependency that is the only path to modules the target imports:
/// removing it would break the build, so the finding says what to declare first.
@Suite("load-bearing unused dependencies")
struct LoadBearingDependencyTests {
    @Test func anUnusedDependencyThatIsTheOnlyPathNamesWhatToDeclareFirst() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "Stats"),
                    .target(name: "Charts"),
                    .target(name: "Settings", dependencies: ["Stats", "Charts"]),
                    .target(name: "Logging"),
                    .target(name: "Home", dependencies: [
                        "Settings",
                        "Logging",
                    ]),
                    .target(name: "Profile", dependencies: ["Settings", "Stats"]),
                ]
            )

            """, to: "Package.swift")
        for module in ["Stats", "Charts", "Logging"] {
            try directory.write("public enum \(module) {}\n", to: "Sources/\(module)/\(module).swift")
        }
        try directory.write("import Stats\nimport Charts\n", to: "Sources/Settings/Settings.swift")
        try directory.write("import Stats\nimport Charts\n", to: "Sources/Home/Home.swift")
        try directory.write("import Stats\n", to: "Sources/Profile/Profile.swift")
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: directory.path)
        let findings = try await ImportRules.findings(in: workspace, graph: TargetGraph(workspace: workspace))
        let unused = findings.filter { $0.rule == UnusedDependencyRule.id }
        #expect(
            unused.map { "\($0.file):\($0.line) \($0.from ?? "") -> \($0.to ?? "")" } == [
                "Package.swift:12 Home -> Settings",
                "Package.swift:13 Home -> Logging",
                "Package.swift:15 Profile -> Settings",
            ])
        #expect(
            unused[0].message
                == "Home declares a dependency on Settings but none of its sources imports it; it is also the only way Home reaches Charts and Stats, which it imports: declare Charts and Stats first, then remove Settings from the dependencies of Home"
        )
        #expect(unused[1].message == "Home declares a dependency on Logging but none of its sources imports it; remove it from the dependencies of Home")
        #expect(unused[2].message == "Profile declares a dependency on Settings but none of its sources imports it; remove it from the dependencies of Profile")
        #expect(findings.filter { $0.rule == TransitiveDependencyRule.id }.map { $0.to ?? "" } == ["Stats", "Charts"])
    }
}

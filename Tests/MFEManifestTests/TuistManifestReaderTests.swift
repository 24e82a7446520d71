import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

/// The Tuist reader on `Project.swift` files written in memory: every dependency kind, both
/// target APIs, paths relative to the root, the manifest and the current file.
@Suite("Tuist manifest reader")
struct TuistManifestReaderTests {
    static func read(_ source: String, helpers: [String: String] = [:]) throws -> TuistProjectDefinition {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.write(source, to: "/repo/Projects/App/Project.swift")
        for (name, text) in helpers { try fileSystem.write(text, to: "/repo/Tuist/ProjectDescriptionHelpers/\(name)") }
        let reader = TuistManifestReader(fileSystem: fileSystem, environment: [:])
        return try reader.readProject(at: "/repo/Projects/App/Project.swift", root: "/repo", helpers: reader.helpers(root: "/repo"))
    }

    @Test func readsEveryDependencyKind() throws {
        let project = try Self.read(
            """
            import ProjectDescription

            let project = Project(
                name: "App",
                packages: [.remote(url: "https://github.com/a/Lib", requirement: .upToNextMajor(from: "1.2.0")), .local(path: "../Local")],
                targets: [
                    .target(
                        name: "App",
                        destinations: [.iPhone, .iPad],
                        product: .app,
                        bundleId: "com.acme.app",
                        sources: ["Sources/**", .glob("Extra/*.swift")],
                        dependencies: [
                            .target(name: "Kit", condition: .when([.ios])),
                            .project(target: "Core", path: .relativeToManifest("../Core")),
                            .project(target: "UI", path: .relativeToRoot("Projects/UI")),
                            .external(name: "Alamofire"),
                            .package(product: "Lib"),
                            .sdk(name: "c++", type: .library),
                            .xcframework(path: "Frameworks/X.xcframework"),
                            .macro(name: "Macros"),
                            .xctest,
                        ]
                    ),
                    Target(name: "Kit", platform: .iOS, product: .staticFramework, bundleId: "com.acme.kit", sources: "Kit/**"),
                ]
            )

            """)
        #expect(project.name == "App")
        #expect(project.targets.map(\.name) == ["App", "Kit"])
        #expect(project.targets.map(\.product) == ["app", "staticFramework"])
        let kinds = project.targets[0].dependencies.map(\.kind)
        #expect(
            kinds == [
                .target("Kit"), .project(target: "Core", path: "/repo/Projects/Core"), .project(target: "UI", path: "/repo/Projects/UI"), .external("Alamofire"),
                .package(product: "Lib"), .sdk("c++"), .binary(kind: "xcframework", path: "/repo/Projects/App/Frameworks/X.xcframework"), .macro("Macros"), .other("xctest"),
            ])
        #expect(project.targets[0].dependencies[0].condition == ["ios"])
        #expect(project.targets[0].dependencies[1].location.line == 15)
        #expect(project.targets[0].sources == ["/repo/Projects/App/Sources/**", "/repo/Projects/App/Extra/*.swift"])
        #expect(project.targets[1].sources == ["/repo/Projects/App/Kit/**"])
        #expect(project.packages.map(\.kind) == [.remote(url: "https://github.com/a/Lib", requirement: .upToNextMajor(from: Version(1, 2, 0))), .local(path: "/repo/Projects/Local")])
    }

    @Test func helpersAreEvaluatedAndLocatedAtTheManifestCall() throws {
        let helper = """
            import ProjectDescription

            public enum Module: String, CaseIterable {
                case search = "Search", profile = "Profile"
            }

            extension TargetDependency {
                public struct Features {
                    public static let search = TargetDependency.project(target: Module.search.rawValue, path: .relativeToRoot("Projects/\\(Module.search.rawValue)"))
                }
            }

            extension Project {
                public static func app(name: String, dependencies: [TargetDependency]) -> Project {
                    var all = dependencies
                    for module in Module.allCases {
                        all.append(.target(name: module.rawValue + "Tests"))
                    }
                    return Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .app, bundleId: "a", dependencies: all)])
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.app(
                name: "App",
                dependencies: [
                    .Features.search,
                ]
            )

            """, helpers: ["Helpers.swift": helper])
        let dependencies = try #require(project.targets.first?.dependencies)
        #expect(dependencies.map(\.kind) == [.project(target: "Search", path: "/repo/Projects/Search"), .target("SearchTests"), .target("ProfileTests")])
        // A static value of a helper stays at its helper line; what the manifest's call made is
        // located at that call.
        #expect(dependencies[0].location.file == "/repo/Tuist/ProjectDescriptionHelpers/Helpers.swift")
        #expect(dependencies[1].location == SourceLocation(file: "/repo/Projects/App/Project.swift", line: 4, column: 15))
    }

    @Test func anEnvironmentVariableWithoutADefaultIsARefusal() throws {
        #expect(throws: ManifestRefusal.self) {
            _ = try Self.read(
                """
                import Foundation
                import ProjectDescription

                let name = ProcessInfo.processInfo.environment["APP_NAME"]!
                let project = Project(name: name, targets: [])

                """)
        }
    }
}

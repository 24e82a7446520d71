import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

/// What public Tuist workspaces write in their `ProjectDescriptionHelpers`, read as Swift
/// evaluates it: each test is one idiom the corpus of real projects showed, with the targets
/// and dependencies it makes and the `Project.swift` line a dependency is reported at.
@Suite("Tuist helper idioms")
struct TuistHelperIdiomsTests {
    static func read(_ source: String, helpers: [String: String], environment: [String: String] = [:]) throws -> TuistProjectDefinition {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.write(source, to: "/repo/Projects/App/Project.swift")
        for (name, text) in helpers { try fileSystem.write(text, to: "/repo/Tuist/ProjectDescriptionHelpers/\(name)") }
        let reader = TuistManifestReader(fileSystem: fileSystem, environment: environment)
        return try reader.readProject(at: "/repo/Projects/App/Project.swift", root: "/repo", helpers: reader.helpers(root: "/repo"))
    }

    static func dependencies(_ project: TuistProjectDefinition, _ target: String) -> [TuistDependency.Kind] {
        project.targets.first { $0.name == target }?.dependencies.map(\.kind) ?? []
    }

    /// `TargetSpec(…)` inside `extension Target` is the helpers' struct (not a member of
    /// ProjectDescription's `Target`), its method chosen among overloads by labels, and a
    /// protocol extension's `with { $0.x = … }` changes a copy.
    @Test func aHelperStructNamedInsideAnExtensionOfTargetIsTheHelpers() throws {
        let helper = """
            import ProjectDescription

            protocol Configurable {}

            extension Configurable {
                func with(_ block: (inout Self) throws -> Void) rethrows -> Self {
                    var copy = self
                    try block(&copy)
                    return copy
                }
            }

            public struct TargetSpec: Configurable {
                public var sources: SourceFilesList?
                public var dependencies: [TargetDependency]
                public init(sources: SourceFilesList? = "Sources/**", dependencies: [TargetDependency] = []) {
                    self.sources = sources
                    self.dependencies = dependencies
                }
                func toTarget() -> Target { toTarget(with: "Unnamed") }
                func toTarget(with name: String, product: Product? = nil) -> Target {
                    .target(name: name, destinations: .iOS, product: product ?? .staticLibrary, bundleId: "com.acme.\\(name)", sources: sources, dependencies: dependencies)
                }
            }

            extension Target {
                public static func interface(name: String, dependencies: [TargetDependency] = []) -> Target {
                    TargetSpec(sources: "Interface/**", dependencies: dependencies)
                        .toTarget(with: "\\(name)Interface", product: .framework)
                }

                public static func implements(name: String, spec: TargetSpec) -> Target {
                    spec.with { $0.sources = "Sources/**" }
                        .toTarget(with: name)
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "Search",
                targets: [
                    .interface(name: "Search", dependencies: [.target(name: "Kit")]),
                    .implements(name: "Search", spec: .init(dependencies: [.target(name: "SearchInterface")])),
                ]
            )

            """, helpers: ["Target+Spec.swift": helper])
        #expect(project.targets.map(\.name) == ["SearchInterface", "Search"])
        #expect(project.targets.map(\.product) == ["framework", "staticLibrary"])
        #expect(project.targets[0].sources == ["/repo/Projects/App/Interface/**"])
        #expect(project.targets[1].sources == ["/repo/Projects/App/Sources/**"])
        #expect(Self.dependencies(project, "Search") == [.target("SearchInterface")])
        // Found at the manifest's line that made it, not the helper's.
        #expect(project.targets[1].dependencies[0].location.line == 8)
    }

    /// `case let .feature(module as any Convertible)` binds the payload when it has the type.
    @Test func anAsPatternInAnEnumPayloadBindsIt() throws {
        let helper = """
            import ProjectDescription

            public protocol PathConvertible {
                var folder: String { get }
            }

            public enum ModulePaths {
                case feature(Feature)
                case domain(Domain)

                public enum Feature: String, PathConvertible {
                    case Search
                    public var folder: String { "Features/\\(rawValue)" }
                }

                public enum Domain: String, PathConvertible {
                    case User
                    public var folder: String { "Domains/\\(rawValue)" }
                }

                var folder: String {
                    switch self {
                    case let .feature(module as any PathConvertible), let .domain(module as any PathConvertible):
                        return module.folder
                    }
                }
            }

            extension TargetDependency {
                public static func module(_ path: ModulePaths, target: String) -> TargetDependency {
                    .project(target: target, path: .relativeToRoot("Projects/\\(path.folder)"))
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            #warning("move the user domain")
            let project = Project(
                name: "App",
                targets: [
                    .target(
                        name: "App", destinations: .iOS, product: .app, bundleId: "com.acme.app",
                        dependencies: [.module(.feature(.Search), target: "Search"), .module(.domain(.User), target: "User")]
                    )
                ]
            )

            """, helpers: ["ModulePaths.swift": helper])
        #expect(
            Self.dependencies(project, "App") == [
                .project(target: "Search", path: "/repo/Projects/Features/Search"), .project(target: "User", path: "/repo/Projects/Domains/User"),
            ])
    }

    /// `.Module.type(.Domain(.Entities)).dependency` in `dependencies:` starts, through the
    /// call, in `TargetDependency`: `Module` is the helpers' type nested in it.
    @Test func anImplicitMemberChainThroughACallStartsInTheExpectedType() throws {
        let helper = """
            import ProjectDescription

            public enum Modules {
                case Domain(DomainModule)

                public enum DomainModule: String { case Entities }

                var name: String {
                    switch self {
                    case .Domain(let module): return module.rawValue
                    }
                }
            }

            public extension TargetDependency {
                enum Module {
                    case type(Modules)

                    public var dependency: TargetDependency {
                        switch self {
                        case .type(let module): return .project(target: module.name, path: .relativeToRoot("Projects/Domain/\\(module.name)"))
                        }
                    }
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "App",
                targets: [
                    .target(
                        name: "App", destinations: .iOS, product: .app, bundleId: "com.acme.app",
                        dependencies: [
                            .Module.type(.Domain(.Entities)).dependency
                        ]
                    )
                ]
            )

            """, helpers: ["Module.swift": helper])
        #expect(Self.dependencies(project, "App") == [.project(target: "Entities", path: "/repo/Projects/Domain/Entities")])
    }

    /// Overloads with the same labels are chosen by the types of the arguments, an implicit
    /// member (`.Core`) read in each parameter's type as Swift does; among those that fit,
    /// the one leaving the fewest defaults.
    @Test func overloadsAreChosenByArgumentTypesThenFewestDefaults() throws {
        let helper = """
            import ProjectDescription

            public enum Feature: String { case Core, Search }

            extension Target {
                private static func feature(implementation name: String, product: Product, dependencies: [TargetDependency] = []) -> Target {
                    .target(name: name, destinations: .iOS, product: product, bundleId: "com.acme.\\(name)", dependencies: dependencies)
                }

                public static func feature(implementation feature: Feature, product: Product = .staticLibrary, dependencies: [TargetDependency] = []) -> Target {
                    .feature(implementation: feature.rawValue, product: product, dependencies: dependencies)
                }

                public static func feature(interface feature: Feature) -> Target {
                    .target(name: "\\(feature.rawValue)Interface", destinations: .iOS, product: .framework, bundleId: "com.acme.\\(feature.rawValue)Interface")
                }

                public static func feature(interface feature: Feature, resources: ResourceFileElements? = nil) -> Target {
                    .target(name: "Unused", destinations: .iOS, product: .framework, bundleId: "com.acme.unused")
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "Core",
                targets: [
                    .feature(implementation: .Core, product: .framework, dependencies: [.target(name: "CoreInterface")]),
                    .feature(interface: .Core),
                ]
            )

            """, helpers: ["Target+Feature.swift": helper])
        #expect(project.targets.map(\.name) == ["Core", "CoreInterface"])
        #expect(project.targets.map(\.product) == ["framework", "framework"])
        #expect(Self.dependencies(project, "Core") == [.target("CoreInterface")])
    }

    /// `dataDependency(target:)` in a struct nested in `extension TargetDependency.Data`
    /// is the static method the enclosing type has through its protocol, as Swift's
    /// unqualified lookup finds it.
    @Test func unqualifiedNamesReachTheStaticMembersOfEnclosingTypes() throws {
        let helper = """
            import ProjectDescription

            public protocol DependencyProvider {}

            public extension DependencyProvider {
                static func dataDependency(target: String) -> TargetDependency {
                    .project(target: target, path: .relativeToRoot("Projects/Data/\\(target)"))
                }
            }

            public extension TargetDependency {
                struct Data: DependencyProvider {}
            }

            public extension TargetDependency.Data {
                struct Sample {
                    private static let name = "SampleRepository"
                    public static let implement = dataDependency(target: name)
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "App",
                targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "com.acme.app", dependencies: [.Data.Sample.implement])
                ]
            )

            """, helpers: ["Dependency+Data.swift": helper])
        #expect(Self.dependencies(project, "App") == [.project(target: "SampleRepository", path: "/repo/Projects/Data/SampleRepository")])
    }

    /// `Environment.name.getString(default:)` reads `TUIST_NAME` (camel case to upper snake
    /// case), else the default; bit masks combine.
    @Test func environmentValuesWithADefaultAreRead() throws {
        let helper = """
            import ProjectDescription

            public enum Flags {
                public static let all = (1 << 2) | 1
            }

            extension Project {
                public static var appName: String { Environment.appTargetName.getString(default: "App") }
                public static var withDemo: Bool { Environment.withDemo.getBoolean(default: false) }
            }

            """
        let manifest = """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let names = Project.withDemo && Flags.all == 5 ? [Project.appName, "Demo"] : [Project.appName]
            let project = Project(
                name: "App",
                targets: names.map { .target(name: $0, destinations: .iOS, product: .app, bundleId: "com.acme.\\($0)") }
            )

            """
        #expect(try Self.read(manifest, helpers: ["Environment.swift": helper]).targets.map(\.name) == ["App"])
        let set = try Self.read(manifest, helpers: ["Environment.swift": helper], environment: ["TUIST_APP_TARGET_NAME": "Acme", "TUIST_WITH_DEMO": "1"])
        #expect(set.targets.map(\.name) == ["Acme", "Demo"])
    }

    /// `extension Dep.Project.Feature` where `typealias Dep = TargetDependency` extends the
    /// type nested in `TargetDependency`; a protocol's `var rawValue: String { get }` leaves
    /// the enum's raw value alone.
    @Test func aliasedExtensionsAndProtocolRequirementsAreTheTypesOwn() throws {
        let helper = """
            import ProjectDescription

            public typealias Dep = TargetDependency

            public protocol ModuleInfoType {
                var rawValue: String { get }
            }

            public enum Common: String, ModuleInfoType {
                case Util
            }

            extension Dep {
                public struct Project {
                    public struct Feature {}
                }
            }

            public extension Dep.Project.Feature {
                static let Main = Dep.project(target: "Main", path: .relativeToRoot("Projects/Main"))
                static let Util = Dep.target(name: Common.Util.rawValue)
            }

            """
        let project = try Self.read(
            """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project(
                name: "App",
                targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "com.acme.app", dependencies: [Dep.Project.Feature.Main, Dep.Project.Feature.Util])
                ]
            )

            """, helpers: ["Alias.swift": helper])
        #expect(Self.dependencies(project, "App") == [.project(target: "Main", path: "/repo/Projects/Main"), .target("Util")])
    }

    /// A `private let` of the same name in two helper files is each file's own; a global
    /// `let` named inside `extension Project` is the global, not a member ProjectDescription
    /// does not have (both were read wrong before: every file took the last file's path, and
    /// `"\(name)\(suffix)"` gave the name `suffix`).
    @Test func filePrivateGlobalsAndGlobalsInsideExtensionsOfProjectDescriptionTypes() throws {
        let core = """
            import ProjectDescription

            private let projectPath = "Projects/Core"

            extension TargetDependency {
                public static func core(_ name: String) -> TargetDependency { .project(target: name, path: .relativeToRoot("\\(projectPath)/\\(name)")) }
            }

            """
        let ui = """
            import ProjectDescription

            private let projectPath = "Projects/UI"
            let exampleSuffix = "Example"

            extension TargetDependency {
                public static func ui(_ name: String) -> TargetDependency { .project(target: name, path: .relativeToRoot("\\(projectPath)/\\(name)")) }
            }

            extension Project {
                public static func app(_ name: String, dependencies: [TargetDependency]) -> Project {
                    Project(name: name, targets: [Target(name: "\\(name)\\(exampleSuffix)", platform: .iOS, product: .app, bundleId: "com.acme", dependencies: dependencies)])
                }
            }

            """
        let project = try Self.read(
            """
            import ProjectDescriptionHelpers

            let project = Project.app("Pokedex", dependencies: [.core("Network"), .ui("Design")])

            """, helpers: ["Core.swift": core, "UI.swift": ui])
        #expect(project.targets.map(\.name) == ["PokedexExample"])
        #expect(
            Self.dependencies(project, "PokedexExample") == [
                .project(target: "Network", path: "/repo/Projects/Core/Network"), .project(target: "Design", path: "/repo/Projects/UI/Design"),
            ])
    }

    /// `sources.globs` of a `SourceFilesList` written as a literal are its strings.
    @Test func theGlobsOfALiteralSourceFilesListAreItsStrings() throws {
        let helper = #"""
            import ProjectDescription

            extension Project {
                public static func app(name: String, sources: SourceFilesList = ["Sources/**"]) -> Project {
                    let demo: SourceFilesList = ["Demo/Sources/**"]
                    let all = SourceFilesList(globs: sources.globs + demo.globs)
                    return Project(name: name, targets: [Target(name: name, platform: .iOS, product: .app, bundleId: "com.acme", sources: all)])
                }
            }

            """#
        let project = try Self.read(#"import ProjectDescriptionHelpers\#nlet project = Project.app(name: "App")\#n"#, helpers: ["Project+App.swift": helper])
        #expect(project.targets.first?.sources == ["/repo/Projects/App/Sources/**", "/repo/Projects/App/Demo/Sources/**"])
    }

    /// The helpers are parsed once and shared: two manifests read after the same parse see
    /// the same declarations, and a helper's syntax error is reported at its own line.
    @Test func helpersParsedOnceServeEveryManifest() throws {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.write(
            "import ProjectDescription\n\nextension Project {\n    public static func module(_ name: String) -> Project {\n        Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: \"com.acme.\\(name)\")])\n    }\n}\n",
            to: "/repo/Tuist/ProjectDescriptionHelpers/Project+Module.swift")
        try fileSystem.write("import ProjectDescriptionHelpers\nlet project = Project.module(\"A\")\n", to: "/repo/Projects/A/Project.swift")
        try fileSystem.write("import ProjectDescriptionHelpers\nlet project = Project.module(\"B\")\n", to: "/repo/Projects/B/Project.swift")
        let reader = TuistManifestReader(fileSystem: fileSystem, environment: [:])
        let helpers = try reader.helpers(root: "/repo")
        #expect(try reader.readProject(at: "/repo/Projects/A/Project.swift", root: "/repo", helpers: helpers).targets.map(\.name) == ["A"])
        #expect(try reader.readProject(at: "/repo/Projects/B/Project.swift", root: "/repo", helpers: helpers).targets.map(\.name) == ["B"])
        try fileSystem.write("extension Project {\n    static func broken( -> Project\n}\n", to: "/repo/Tuist/ProjectDescriptionHelpers/Broken.swift")
        #expect {
            _ = try reader.helpers(root: "/repo")
        } throws: { error in
            (error as? ManifestError)?.location?.file == "/repo/Tuist/ProjectDescriptionHelpers/Broken.swift" && (error as? ManifestError)?.location?.line == 2
        }
    }
}

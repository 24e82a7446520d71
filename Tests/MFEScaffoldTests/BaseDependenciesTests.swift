import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// The `BaseDependencies` pattern: a foundation package's base protocol read from its sources,
/// refined by a feature created with `--dependency`, and supplied by the shell's composition root.
@Suite("base dependencies")
struct BaseDependenciesTests {
    static func read(_ text: String) -> Result<BaseDependencies?, ScaffoldError> {
        BaseDependencies.read(module: "Core", sources: [("Foundation/Core/Sources/Core/Base.swift", text)])
    }

    @Test func readsTheRequirementsAndTheLiveType() throws {
        let base = try #require(
            try Self.read(
                """
                /// Docs stay out of the forwarders.
                public protocol CoreBaseDependencies: Sendable {
                    func makeLogger() -> any Logging
                    func makeClient(for host: String, _ retries: Int) async throws -> Client
                    var theme: Theme { get }
                }
                struct Hidden: CoreBaseDependencies {}
                public struct CoreServices: CoreBaseDependencies {
                    public init(logger: any Logging = PrintLogger()) {}
                }
                """
            ).get())
        #expect(base.protocolName == "CoreBaseDependencies")
        #expect(base.liveType == "CoreServices")
        #expect(
            base.members(forwardingTo: "core", indent: "") == """
                public func makeLogger() -> any Logging {
                    core.makeLogger()
                }

                public func makeClient(for host: String, _ retries: Int) async throws -> Client {
                    try await core.makeClient(for: host, retries)
                }

                public var theme: Theme {
                    core.theme
                }
                """)
    }

    @Test func aModuleWithoutABaseProtocolHasNone() throws {
        #expect(try Self.read("public protocol Logging {}\npublic struct Services {}").get() == nil)
        #expect(try Self.read("protocol CoreBaseDependencies {}").get() == nil, "an internal protocol is not for features")
    }

    static let file = "Foundation/Core/Sources/Core/Base.swift"

    @Test(arguments: [
        (
            "public protocol CoreBaseDependencies { associatedtype Client }\npublic struct S: CoreBaseDependencies {}",
            ScaffoldError.unforwardableRequirement(file: file, name: "CoreBaseDependencies", requirement: "the associated type 'Client'")
        ),
        (
            "public protocol CoreBaseDependencies { static func make() -> Int }\npublic struct S: CoreBaseDependencies {}",
            .unforwardableRequirement(file: file, name: "CoreBaseDependencies", requirement: "the static function 'make'")
        ),
        (
            "public protocol CoreBaseDependencies { var x: Int { get set } }\npublic struct S: CoreBaseDependencies {}",
            .unforwardableRequirement(file: file, name: "CoreBaseDependencies", requirement: "the property 'x' (only instance '{ get }' properties are forwarded)")
        ),
        ("public protocol CoreBaseDependencies: Logging {}\npublic struct S: CoreBaseDependencies {}", .refinesUnknownProtocol(file: file, name: "CoreBaseDependencies", inherited: "Logging")),
        ("public protocol CoreBaseDependencies { func f() -> Int }", .noLiveType(file: file, name: "CoreBaseDependencies", module: "Core")),
        ("public protocol CoreBaseDependencies {}\npublic struct S: CoreBaseDependencies { public init(x: Int) {} }", .noLiveType(file: file, name: "CoreBaseDependencies", module: "Core")),
    ])
    func refusesWhatCannotBeForwarded(source: String, expected: ScaffoldError) {
        #expect(Self.read(source) == .failure(expected))
    }

    @Test func aFeatureDependingOnCoreRefinesItsBaseAndTheShellSuppliesIt() async throws {
        let (directory, root) = try await FeatureScaffolderTests.makeWorkspace()
        _ = directory
        let plan = try await FeatureScaffolderTests.scaffolder(in: root).plan(CreateRequest(name: "Home", dependencies: ["Core"]))
        let file = { (path: String) in plan.files.first { $0.path == path }?.contents ?? "" }
        #expect(file("Sources/HomeInterface/HomeDependencies.swift").hasPrefix("import Core\n\n"))
        #expect(file("Sources/HomeInterface/HomeDependencies.swift").contains("public protocol HomeDependencies: CoreBaseDependencies, Sendable {"))
        #expect(
            file("Package.swift").contains(
                """
                        .target(
                            name: "HomeInterface",
                            dependencies: [
                                .product(name: "Core", package: "Core"),
                            ]
                        ),
                """))
        let mocks = file("Sources/HomeTesting/HomeMocks.swift")
        #expect(mocks.contains("public init(repository: any HomeRepository = StubHomeRepository(), core: any CoreBaseDependencies = MockCoreServices()) {"), "mocks record by default")
        #expect(mocks.hasPrefix("import Core\nimport CoreTesting\n"))
        #expect(mocks.contains("    public func makeCoreLogger() -> any CoreLogging {\n        core.makeCoreLogger()\n    }\n"))

        let manifest = try #require(plan.edits.first { $0.label == "Shell/Package.swift" })
        #expect(manifest.contents.contains(".package(path: \"../Foundation/Core\")"))
        #expect(manifest.contents.contains(".product(name: \"Core\", package: \"Core\")"))
        let dependencies = try #require(plan.edits.first { $0.label == "Shell/Sources/DemoComposition/AppDependencies.swift" })
        #expect(
            dependencies.contents.contains(
                """
                extension AppDependencies: CoreBaseDependencies {
                    public func makeCoreLogger() -> any CoreLogging {
                        coreServices.makeCoreLogger()
                    }
                }
                """))
        #expect(dependencies.contents.contains("    public var coreServices: any CoreBaseDependencies = CoreServices()\n"), "an instance a test replaces, not a process-wide static")
        #expect(dependencies.contents.contains("import Core\n"))
    }

    @Test func theShellSuppliesABaseOnceWhereverItIsConformed() async throws {
        let (directory, root) = try await FeatureScaffolderTests.makeWorkspace()
        _ = directory
        try LocalFileSystem().writeAtomically(
            Data("import Core\n\nextension AppDependencies: CoreBaseDependencies {\n    public func makeCoreLogger() -> any CoreLogging { PrintCoreLogger() }\n}\n".utf8),
            to: root + "/Shell/Sources/DemoComposition/AppDependencies+Core.swift")
        let plan = try await FeatureScaffolderTests.scaffolder(in: root).plan(CreateRequest(name: "Home", dependencies: ["Core"]))
        let dependencies = try #require(plan.edits.first { $0.label == "Shell/Sources/DemoComposition/AppDependencies.swift" })
        #expect(!dependencies.contents.contains("CoreBaseDependencies"))
    }

    @Test func aFoundationPackageDependingOnCoreRefinesNothing() async throws {
        let (directory, root) = try await FeatureScaffolderTests.makeWorkspace()
        _ = directory
        let plan = try await FeatureScaffolderTests.scaffolder(in: root).plan(CreateRequest(name: "Api", layer: .foundation, dependencies: ["Core"]))
        #expect(!plan.files.contains { $0.contents.contains("CoreBaseDependencies") })
    }

    @Test func aBaseProtocolMfeCannotSupplyIsAProblemWithTheFix() async throws {
        let (directory, root) = try await FeatureScaffolderTests.makeWorkspace()
        _ = directory
        try LocalFileSystem().writeAtomically(Data("public protocol ExtraBaseDependencies { associatedtype Tool }\n".utf8), to: root + "/Foundation/Core/Sources/Core/Extra.swift")
        let problems = await FeatureScaffolderTests.problems(CreateRequest(name: "Home", dependencies: ["Core"]), in: root)
        #expect(
            problems == [
                .inDependency(package: "Core", .twoBaseProtocols(file: "Foundation/Core/Sources/Core/Extra.swift", module: "Core", first: "CoreBaseDependencies", second: "ExtraBaseDependencies"))
            ])
    }
}

import Foundation
import MFECore
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEScaffold

/// `mfe create NAME --layer foundation --kind logging|networking|ui`: each kind's files, and
/// its base dependencies as a feature depending on it refines them.
@Suite("foundation kinds")
struct FoundationKindTests {
    static func paths(_ plan: ScaffoldPlan) -> [String] {
        plan.files.map(\.path).filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }.sorted()
    }

    static func file(_ path: String, of plan: ScaffoldPlan) -> String {
        plan.files.first { $0.path == path }?.contents ?? ""
    }

    @Test(arguments: [
        (
            FoundationKind?.none,
            [
                "Sources/Core/CoreBaseDependencies.swift", "Sources/Core/CoreLogger.swift", "Sources/CoreTesting/MockCoreServices.swift", "Sources/CoreTesting/RecordingCoreLogger.swift",
                "Tests/CoreTests/CoreLoggerTests.swift",
            ],
            "func makeCoreLogger() -> any CoreLogging"
        ),
        (
            .logging,
            [
                "Sources/Core/CoreBaseDependencies.swift", "Sources/Core/CoreLogger.swift", "Sources/CoreTesting/MockCoreServices.swift", "Sources/CoreTesting/RecordingCoreLogger.swift",
                "Tests/CoreTests/CoreLoggerTests.swift",
            ],
            "func makeCoreLogger() -> any CoreLogging"
        ),
        (
            .networking,
            [
                "Sources/Core/CoreBaseDependencies.swift", "Sources/Core/CoreHTTPClient.swift", "Sources/CoreTesting/MockCoreServices.swift", "Sources/CoreTesting/StubCoreClient.swift",
                "Tests/CoreTests/CoreHTTPClientTests.swift",
            ],
            "func makeCoreClient() -> any CoreHTTPClient"
        ),
        (
            .ui,
            [
                "Sources/Core/CoreBaseDependencies.swift", "Sources/Core/CoreCard.swift", "Sources/Core/CoreTheme.swift", "Sources/CoreTesting/CoreThemeFixtures.swift",
                "Sources/CoreTesting/MockCoreServices.swift", "Tests/CoreTests/CoreThemeTests.swift",
            ], "func makeCoreTheme() -> CoreTheme"
        ),
    ])
    func eachKindWritesItsToolAndItsBase(kind: FoundationKind?, files: [String], requirement: String) async throws {
        let directory = try TemporaryDirectory()
        let plan = try await FeatureScaffolderTests.scaffolder(in: directory.path).plan(CreateRequest(name: "Core", layer: .foundation, kind: kind))
        #expect(Self.paths(plan) == files)
        #expect(Self.file("Sources/Core/CoreBaseDependencies.swift", of: plan).contains("public protocol CoreBaseDependencies: Sendable {\n    /// "))
        #expect(Self.file("Sources/Core/CoreBaseDependencies.swift", of: plan).contains("    \(requirement)\n"))
        #expect(plan.created.first?.contains("(foundation µFeature, \((kind ?? .logging).rawValue))") == true)
        // What mfe reads back from the package is what a feature depending on it refines.
        let sources = plan.files.filter { $0.path.hasPrefix("Sources/Core/") }.map { (file: $0.path, text: $0.contents) }
        var base = try #require(try BaseDependencies.read(module: "Core", sources: sources).get())
        #expect(base.liveType == "CoreServices")
        #expect(base.requirements.map(\.declaration) == [requirement])
        // A feature's mocks hand out the package's test double, which keeps what it is asked.
        base.readTestDouble(module: "CoreTesting", product: "CoreTesting", sources: plan.files.filter { $0.path.hasPrefix("Sources/CoreTesting/") }.map { (file: $0.path, text: $0.contents) })
        #expect(base.testDouble == BaseDependencies.TestDouble(module: "CoreTesting", product: "CoreTesting", type: "MockCoreServices"))
    }

    @Test func networkingImportsFoundationNetworkingWhereItExists() async throws {
        let directory = try TemporaryDirectory()
        let plan = try await FeatureScaffolderTests.scaffolder(in: directory.path).plan(CreateRequest(name: "Api", layer: .foundation, example: true, kind: .networking))
        #expect(Self.file("Sources/Api/ApiHTTPClient.swift", of: plan).contains("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"))
        #expect(Self.file("Sources/ApiExample/ApiExampleApp.swift", of: plan).contains("StubApiClient.json("))
    }

    @Test func uiKeepsSwiftUIBehindCanImport() async throws {
        let directory = try TemporaryDirectory()
        let plan = try await FeatureScaffolderTests.scaffolder(in: directory.path).plan(CreateRequest(name: "Look", layer: .foundation, kind: .ui))
        let card = Self.file("Sources/Look/LookCard.swift", of: plan)
        #expect(card.hasPrefix("#if canImport(SwiftUI)\nimport SwiftUI\n"))
        #expect(card.contains("#Preview(\"LookCard\")"))
        #expect(!Self.file("Sources/Look/LookTheme.swift", of: plan).contains("import SwiftUI"), "the tokens are platform neutral")
    }

    @Test func kindIsForFoundationPackagesOnly() async throws {
        let directory = try TemporaryDirectory()
        let problems = await FeatureScaffolderTests.problems(CreateRequest(name: "Search", layer: .product, kind: .ui), in: directory.path)
        #expect(problems == [.kindWithoutFoundation(.ui)])
        let web = await FeatureScaffolderTests.problems(CreateRequest(name: "About", layer: .foundation, webURL: "https://example.com/about", kind: .networking), in: directory.path)
        #expect(web == [.webWithKind(.networking)])
    }

    @Test func aFeatureDependingOnANetworkingPackageGetsItsClientFromTheApp() async throws {
        let (directory, root) = try await FeatureScaffolderTests.makeWorkspace()
        _ = directory
        try await ScaffoldWriter().write(FeatureScaffolderTests.scaffolder(in: root).plan(CreateRequest(name: "Api", layer: .foundation, kind: .networking)))
        let plan = try await FeatureScaffolderTests.scaffolder(in: root).plan(CreateRequest(name: "Home", dependencies: ["Core", "Api"]))
        #expect(Self.file("Sources/HomeInterface/HomeDependencies.swift", of: plan).contains("public protocol HomeDependencies: CoreBaseDependencies, ApiBaseDependencies, Sendable {"))
        #expect(Self.file("Sources/HomeTesting/HomeMocks.swift", of: plan).contains("    public func makeApiClient() -> any ApiHTTPClient {\n        api.makeApiClient()\n    }\n"))
        let shell = try #require(plan.edits.first { $0.label == "Shell/Sources/DemoComposition/AppDependencies.swift" })
        #expect(
            shell.contents.contains(
                "extension AppDependencies: ApiBaseDependencies {\n    public func makeApiClient() -> any ApiHTTPClient {\n        apiServices.makeApiClient()\n    }\n}"))
        #expect(shell.contents.contains("    public var apiServices: any ApiBaseDependencies = ApiServices()\n"), "an instance a test replaces, not a process-wide static")
        #expect(Self.file("Sources/HomeTesting/HomeMocks.swift", of: plan).contains("api: any ApiBaseDependencies = MockApiServices()"), "mocks keep the requests and reach no network")
        #expect(Self.file("Package.swift", of: plan).contains(".product(name: \"ApiTesting\", package: \"Api\")"))
    }
}

import MFETestSupport
import Testing

@testable import MFEScaffold

/// Every Swift file mfe generates keeps its conformances and models outside
/// `#if canImport(SwiftUI/WebKit/UIKit/AppKit)`, so Linux's `swift build` compiles them and a
/// missing requirement (a preview's `makeCoreLogger()`) fails here, not only in Xcode.
@Suite("platform guards in generated code", .hangGuard(processes: 1))
struct PlatformGuardScanTests {
    static let core = FeatureDependency(
        requested: "Core", path: "../../Foundation/Core", package: "Core", product: "Core", layer: .foundation,
        base: BaseDependencies(
            module: "Core", protocolName: "CoreBaseDependencies", liveType: "CoreServices",
            requirements: [.init(declaration: "func makeCoreLogger() -> any CoreLogging", call: "makeCoreLogger()", effects: "", isProperty: false)]))

    static func swiftFiles(_ files: [PlannedFile], prefix: String = "") -> [(path: String, text: String)] {
        files.filter { $0.path.hasSuffix(".swift") }.map { (prefix + $0.path, $0.contents) }
    }

    static func rendered(_ specification: FeatureSpecification) throws -> [(path: String, text: String)] {
        let template = try TemplateCatalog.builtin.template(named: specification.template)
        return swiftFiles(try TemplateRenderer().render(template, context: specification.templateContext), prefix: specification.name + "/")
    }

    /// The Swift files of every template: the default and the web feature (with and without a
    /// base dependency), each foundation kind, the empty workspace and Feed Me.
    static func everyGeneratedSwiftFile() throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for dependencies in [[], [core]] {
            files += try rendered(FeatureSpecification(name: "Search", layer: .product, template: TemplateName.feature, example: true, dependencies: dependencies))
            files += try rendered(FeatureSpecification(name: "Page", layer: .product, template: TemplateName.web, example: true, webURL: "https://example.com/page", dependencies: dependencies))
        }
        for kind in FoundationKind.allCases {
            var foundation = FeatureSpecification(name: "Core", layer: .foundation, template: TemplateName.foundation, example: true)
            foundation.kind = kind
            files += try rendered(foundation)
        }
        let scaffolder = WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work")
        files += swiftFiles(try scaffolder.plan(InitRequest(name: "Demo")).files, prefix: "Demo/")
        files += swiftFiles(try scaffolder.plan(InitRequest(name: "FeedMe", example: "feedme")).files, prefix: "FeedMe/")
        return files
    }

    @Test func noGeneratedConformanceOrModelHidesInAPlatformGuard() async throws {
        let files = try Self.everyGeneratedSwiftFile()
        #expect(files.count > 60, "the scan covers every template")
        #expect(files.contains { $0.path.hasSuffix("SearchPreviews.swift") && $0.text.contains("func makeCoreLogger() -> any CoreLogging") })
        #expect(files.contains { $0.path == "FeedMe/Features/About/Sources/About/AboutPreviews.swift" })
        let findings = try await PlatformGuardScan.findings(in: files, limit: .standard)
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func findsAPreviewConformanceAndAModelInsideTheGuard() async throws {
        let view = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct SearchView: View {
                var body: some View { EmptyView() }
            }

            #if DEBUG
            private struct PreviewSearchDependencies: SearchDependencies {}
            #endif
            @Observable final class Counter {}
            #elseif canImport(AppKit)
            extension AppRouter: SearchNavigating {}
            #else
            struct LinuxOnly: SearchNavigating {}
            #endif
            #if !canImport(SwiftUI)
            struct Fallback: SearchNavigating {}
            #endif
            """
        let interface = "public protocol SearchNavigating {}\n#if canImport(UIKit)\nprotocol Hidden {}\n#endif\n"
        let findings = try await PlatformGuardScan.findings(in: [("SearchView.swift", view), ("SearchNavigation.swift", interface)], limit: .standard)
        #expect(findings.map(\.type) == ["PreviewSearchDependencies", "Counter", "AppRouter"])
        #expect(findings.map(\.line) == [9, 11, 13])
        #expect(findings.first?.reason == "conforms to 'SearchDependencies' inside a platform guard; move it out (behind '#if DEBUG' if it is debug-only)")
    }
}

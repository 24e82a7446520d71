import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// `mfe create` wires a feature into the shell exactly as `mfe init` writes one it wires: the
/// shell `mfe init Demo` writes, with features created and wired into it one by one, is the
/// shell the template renders with those features, byte for byte — the composition root with
/// the feature's repository as an instance property a test replaces, the router, the tab, the
/// shell's tests of each route with the feature's testing library, and the Linux walk-through.
@Suite("create wires a feature as init does")
struct CreateWiresLikeInitTests {
    static func feature(_ name: String, web: Bool = false) -> FeatureSpecification {
        FeatureSpecification(
            name: name, layer: .product, template: web ? TemplateName.web : TemplateName.feature, example: true, webURL: web ? "https://example.com/\(name.lowercased())" : nil)
    }

    /// The shell's files as the template renders them for `features`, by path below `Shell/`.
    static func rendered(_ features: [FeatureSpecification]) throws -> [String: String] {
        let shell = ShellSpecification(workspace: "Demo", features: features, shellFolder: "Shell", scheme: "demo")
        let files = try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: TemplateName.shell), context: shell.templateContext)
        return Dictionary(uniqueKeysWithValues: files.filter { $0.path.hasSuffix(".swift") }.map { ($0.path, $0.contents) })
    }

    @Test(arguments: [["Search"], ["Search", "Home"], ["Search", "Page"], ["Page", "Search", "Home"], ["Page", "Docs"]])
    func aCreatedFeatureIsWiredAsInitWiresIt(names: [String]) throws {
        let features = names.map { Self.feature($0, web: ["Page", "Docs"].contains($0)) }
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        for feature in features {
            let folder = "Features/" + feature.name
            let requirement = FeatureScaffolder.requirement(folder: folder, products: [feature.name, feature.name + "Interface"], shellFolder: "Shell")
            let outcome = ShellWiring(workspaceRoot: root, shellFolder: "Shell", fileSystem: LocalFileSystem()).wire(WiredFeature(feature), featureFolder: folder, requirements: [requirement])
            #expect(outcome.refusal == nil, "\(outcome.manualSteps)")
            for edit in outcome.edits { try LocalFileSystem().writeAtomically(Data(edit.bytes), to: edit.path) }
        }
        for (path, expected) in try Self.rendered(features) {
            let wired = try String(contentsOfFile: PathUtilities.join(root, "Shell/" + path), encoding: .utf8)
            #expect(wired == expected, "Shell/\(path) differs from what init writes:\n\(GoldenFile.diff(expected, wired))")
        }
        let manifest = try String(contentsOfFile: PathUtilities.join(root, "Shell/Package.swift"), encoding: .utf8)
        for feature in features {
            #expect(manifest.contains(".product(name: \"\(feature.name)Testing\", package: \"\(feature.name)\")"), "the shell's tests use \(feature.name)Testing")
        }
    }

    @Test func theCompositionRootHoldsEveryServiceAsAnInstancePropertyInEveryIfBranch() throws {
        let core = try #require(
            try BaseDependencies.read(
                module: "Core",
                sources: [
                    (
                        "Sources/Core/Core.swift",
                        "public protocol CoreBaseDependencies: Sendable { func makeLogger() -> String }\npublic struct CoreServices: CoreBaseDependencies { public init() {} public func makeLogger() -> String { \"\" } }\n"
                    )
                ]
            ).get())
        var search = WiredFeature(Self.feature("Search"))
        search.bases = [WiredFeature.Base(dependencies: core)]
        let text = """
            import Foundation

            #if os(Linux)
            public struct AppDependencies: Sendable {
                public init() {}
            }
            #else
            public struct AppDependencies: Sendable {
                /// Where settings come from.
                public var settings = Settings()

                public init() {}
            }
            #endif

            """
        let source = ParsedSource(file: "Shell/Sources/DemoComposition/AppDependencies.swift", source: text)
        let wired = String(decoding: source.applying(try CompositionWiring.splices(of: source, wiring: search)), as: UTF8.self)
        #expect(!wired.contains("static let core"), "no process-wide service: \(wired)")
        #expect(
            wired.contains(
                "public struct AppDependencies: Sendable {\n    /// Core's live tools, shared by every feature; configure them here, or hand a test its own.\n    public var coreServices: any CoreBaseDependencies = CoreServices()\n\n    /// Where Search gets its SearchItems: sample data until Search is wired to a backend.\n    public var searchRepository: any SearchRepository = InMemorySearchRepository(searchItems: AppDependencies.sampleSearchItems)\n\n    public init() {}"
            ), "first in the body, before init()")
        #expect(wired.contains("    public var settings = Settings()\n\n    /// Core's live tools"), "after the last stored property")
        #expect(wired.components(separatedBy: "    public func makeLogger() -> String {\n        coreServices.makeLogger()\n    }").count == 3, "forwarded to the instance, in each branch")
        let again = ParsedSource(file: source.file, source: wired)
        #expect(try CompositionWiring.splices(of: again, wiring: search).isEmpty, "wired once")
    }
}

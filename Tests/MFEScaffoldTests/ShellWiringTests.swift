import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// Wiring a new feature into the shell's Swift sources: exact edits on a hand-written file, and
/// the whole wiring of the shell `mfe init` writes, applied twice.
@Suite("wiring a feature into the shell's sources")
struct ShellWiringTests {
    static let search = WiredFeature(
        FeatureSpecification(name: "Search", layer: .product, template: TemplateName.feature, samples: [.init(id: "1", title: "One", subtitle: "The first")], example: true))

    @Test func splicesEachDeclarationAndKeepsEveryOtherByte() throws {
        let before = """
            import Observation // the router is observable

            public enum AppRoute: Hashable {
                case root
                case home // the first tab
            }

            @MainActor
            public final class AppRouter {
                private var links = Router<AppRoute>()

                public init() {
                    links.register("/") { _ in .root }
                    links.register("/home") { _ in .home } // keep this comment
                }
            }
            // end of file

            """
        let after = """
            import Observation // the router is observable
            import SearchInterface

            public enum AppRoute: Hashable {
                case root
                case home // the first tab
                /// Search's screen.
                case search
            }

            @MainActor
            public final class AppRouter {
                private var links = Router<AppRoute>()

                public init() {
                    links.register("/") { _ in .root }
                    links.register("/home") { _ in .home } // keep this comment
                    links.register("/search") { _ in .search }
                }
            }
            // end of file

            extension AppRouter: SearchNavigating {
                public func navigate(to request: SearchNavigationRequest) {
                    switch request {
                    case .openSearchItem:
                        // No screen shows a single SearchItem yet; route this request once one does.
                        break
                    }
                }
            }

            """
        let source = ParsedSource(file: "Shell/Sources/DemoComposition/AppRouter.swift", source: before)
        let wired = SourceSplice.apply(try CompositionWiring.splices(of: source, wiring: Self.search), to: before)
        #expect(wired == after)
        let again = ParsedSource(file: source.file, source: wired)
        #expect(try CompositionWiring.splices(of: again, wiring: Self.search).isEmpty, "wiring twice changes nothing")
    }

    @Test func refusesARouterWithoutRegistrations() {
        let source = ParsedSource(file: "Shell/Sources/App/AppRouter.swift", source: "final class AppRouter {\n    func route(for link: String) -> AppRoute? { nil }\n}\n")
        #expect(throws: WiringRefusal(file: "Shell/Sources/App/AppRouter.swift", reason: "'AppRouter' has no 'register(...)' statement to add the route '/search' after")) {
            try CompositionWiring.splices(of: source, wiring: Self.search)
        }
    }

    /// The shell `mfe init Demo` writes, and a `Features/Search` beside it.
    static func demoShell() throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo")))
        return (directory, PathUtilities.join(directory.path, "Demo"))
    }

    static func wire(_ root: String) -> WiringOutcome {
        let specification = FeatureSpecification(name: "Search", layer: .product, template: TemplateName.feature, example: true)
        let requirement = FeatureScaffolder.requirement(folder: "Features/Search", products: ["Search", "SearchInterface"], shellFolder: "Shell")
        return ShellWiring(workspaceRoot: root, shellFolder: "Shell", fileSystem: LocalFileSystem()).wire(WiredFeature(specification), featureFolder: "Features/Search", requirements: [requirement])
    }

    @Test func wiresTheInitShellOnceAndOnlyOnce() throws {
        let (directory, root) = try Self.demoShell()
        _ = directory
        let outcome = Self.wire(root)
        #expect(outcome.refusal == nil)
        #expect(
            outcome.edits.map { $0.label ?? "" } == [
                "Shell/Package.swift",
                "Shell/Sources/DemoComposition/AppComposition.swift",
                "Shell/Sources/DemoComposition/AppDependencies.swift",
                "Shell/Sources/DemoComposition/AppRootView.swift",
                "Shell/Sources/DemoComposition/AppRouter.swift",
                "Shell/Sources/DemoApp/DemoApp.swift",
                "Shell/Tests/DemoCompositionTests/AppCompositionTests.swift",
            ])
        let rootView = try #require(outcome.edits.first { $0.label?.hasSuffix("AppRootView.swift") == true })
        #expect(!rootView.contents.contains("screen(for: .root)\n"), "the placeholder tab gives way to the first feature")
        #expect(
            rootView.contents.contains(
                "TabView(selection: $router.selectedTab) {\n            screen(for: .search)\n                .tabItem { Label(composition.search.title, systemImage: composition.search.systemImage) }\n        }"
            ),
            "a tab per feature, titled and drawn as the feature says, each with its own navigation stack")
        #expect(rootView.contents.contains("        case .search:\n            composition.search.makeView(navigator: router)\n"))
        #expect(rootView.diff.hasPrefix("--- a/Shell/Sources/DemoComposition/AppRootView.swift\n+++ b/Shell/Sources/DemoComposition/AppRootView.swift\n@@"))
        for edit in outcome.edits {
            try LocalFileSystem().writeAtomically(Data(edit.contents.utf8), to: edit.path)
        }
        #expect(Self.wire(root) == WiringOutcome(), "an already wired feature changes nothing")
    }

    @Test func printsTheStepsAndEditsNothingWhenAFileHasAnUnexpectedShape() throws {
        let (directory, root) = try Self.demoShell()
        _ = directory
        let rootView = PathUtilities.join(root, "Shell/Sources/DemoComposition/AppRootView.swift")
        let original = try String(contentsOfFile: rootView, encoding: .utf8)
        try LocalFileSystem().writeAtomically(Data(original.replacingOccurrences(of: "TabView(selection: $router.selectedTab) {", with: "VStack {").utf8), to: rootView)
        let outcome = Self.wire(root)
        #expect(outcome.edits.isEmpty)
        #expect(
            outcome.refusal
                == "mfe did not wire Search into the shell: Shell/Sources/DemoComposition/AppRootView.swift: 'AppRootView' has no single 'TabView { ... }' with tabs to add 'Search' to; no shell file was changed. Wire it by hand:"
        )
        #expect(
            outcome.manualSteps.first
                == #"in Shell/Package.swift: add .package(path: "../Features/Search") to 'dependencies:', and the products 'Search', 'SearchInterface' to the target 'DemoComposition'"#)
    }
}

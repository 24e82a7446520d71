import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEScaffold

/// The Feed Me example as the article tells it: its own RestaurantOrder (a menu per restaurant,
/// "Surprise me") and shell (parameterised routes, a navigation stack per tab) in place of the
/// generic files, still in the shapes `mfe create` wires.
@Suite("Feed Me example")
struct FeedMeExampleTests {
    static func plan() throws -> ScaffoldPlan {
        try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
    }

    static func contents(_ path: String, in plan: ScaffoldPlan) throws -> String {
        try #require(plan.files.first { $0.path == path }?.contents, "no '\(path)'")
    }

    @Test func theExamplesFilesReplaceThePackagesAtTheirPathAndAddTheRest() {
        var example = [
            PlannedFile(path: "Features/A/Sources/A/A.swift", contents: "example"),
            PlannedFile(path: "Features/A/Sources/A/New.swift", contents: "new"),
            PlannedFile(path: "Features/A/iOSApp/ExampleApp.swift", contents: "no iOS app without iOS"),
            PlannedFile(path: "Features/AB/Sources/AB/AB.swift", contents: "other package"),
        ]
        let files = [
            PlannedFile(path: "Features/A/Package.swift", contents: "manifest"),
            PlannedFile(path: "Features/A/Sources/A/A.swift", contents: "template"),
        ]
        let merged = FeedMeExample.merging(&example, into: files, prefix: "Features/A")
        #expect(merged.map(\.path) == ["Features/A/Package.swift", "Features/A/Sources/A/A.swift", "Features/A/Sources/A/New.swift"])
        #expect(merged[1].contents == "example")
        #expect(example.map(\.path) == ["Features/AB/Sources/AB/AB.swift"], "another package's files stay for that package")
    }

    @Test func withoutIOSTheExampleAddsNoAppSources() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme", platforms: ["macOS:14"]))
        #expect(!plan.files.contains { $0.path.contains("/iOSApp/") || $0.path.contains(".xcodeproj/") }, "\(plan.files.map(\.path))")
        #expect(plan.files.contains { $0.path == "Features/RestaurantOrder/Sources/RestaurantOrder/RandomOrderModel.swift" })
    }

    @Test func restaurantOrderLoadsAMenuPerRestaurantAndHasSurpriseMe() throws {
        let plan = try Self.plan()
        let paths = plan.files.map(\.path)
        #expect(Set(paths).count == paths.count)
        let builder = try Self.contents("Features/RestaurantOrder/Sources/RestaurantOrder/RestaurantOrderBuilder.swift", in: plan)
        #expect(builder.contains("public func makeModel(restaurantID: String, navigator: any RestaurantOrderNavigating) -> RestaurantOrderModel"))
        #expect(builder.contains("public func makeRandomOrderModel(navigator: any RestaurantOrderNavigating) -> RandomOrderModel"))
        #expect(
            try Self.contents("Features/RestaurantOrder/Sources/RestaurantOrderInterface/RestaurantOrderDependencies.swift", in: plan)
                .contains("func fetchMenu(restaurantID: String) async throws -> Menu"))
        for file in ["RestaurantOrder/RandomOrderModel.swift", "RestaurantOrder/RandomOrderView.swift", "RestaurantOrderInterface/RandomSource.swift"] {
            #expect(paths.contains("Features/RestaurantOrder/Sources/" + file))
        }
        // The example app shows both screens and links what it imports.
        let project = try Self.contents("Features/RestaurantOrder/RestaurantOrderExample/RestaurantOrderExample.xcodeproj/project.pbxproj", in: plan)
        #expect(project.contains("productName = RestaurantOrder;") && project.contains("productName = RestaurantOrderTesting;"))
        #expect(try Self.contents("Features/RestaurantOrder/RestaurantOrderExample/RestaurantOrderExampleApp/ExampleApp.swift", in: plan).contains("makeRandomOrderView(navigator: navigator)"))
    }

    @Test func theShellCarriesTheRestaurantIDAndGivesEachTabItsOwnStack() throws {
        let plan = try Self.plan()
        let router = try Self.contents("Shell/Sources/FeedMeComposition/AppRouter.swift", in: plan)
        #expect(router.contains("case restaurant(id: Restaurant.ID)"))
        #expect(router.contains(#"links.register("/restaurants/{id}") { parameters in .restaurant(id: parameters["id", default: ""]) }"#))
        #expect(router.contains("case .openRestaurant(let id):\n            show(.restaurant(id: id))"))
        let root = try Self.contents("Shell/Sources/FeedMeComposition/AppRootView.swift", in: plan)
        #expect(root.components(separatedBy: "NavigationStack(").count == 2)
        let tabView = try #require(root.range(of: "TabView(selection: $router.selectedTab) {"))
        let stack = try #require(root.range(of: "NavigationStack("))
        #expect(tabView.lowerBound < stack.lowerBound, "the stacks are inside the tabs, not around the TabView")
        #expect(root.contains(#"Label("Surprise me", systemImage: "shuffle")"#))
        #expect(root.contains("case .restaurant(let id):\n            composition.restaurantOrder.makeView(restaurantID: id, navigator: router)"))
    }

    @Test func envHasNoForceUnwrapOfItsDefaultURLs() throws {
        let configuration = try Self.contents("Foundation/Env/Sources/Env/Configuration.swift", in: try Self.plan())
        #expect(!configuration.contains(")!"))
        #expect(configuration.contains("public static let demoWebsite = url(\"https://demo.microfrontends.com\")"))
    }

    /// Force unwraps (`x!`, `f()!`, `try!`, `as!`) in any Swift file `mfe init` writes.
    @Test(arguments: ["feedme", nil] as [String?])
    func noGeneratedSwiftForceUnwraps(example: String?) throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: example))
        let forceUnwrap = try Regex(#"[\w\)\]]!(?![=])|\btry!|\bas!"#)
        for file in plan.files where file.path.hasSuffix(".swift") {
            for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let outsideStrings = code.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined()
                #expect(outsideStrings.firstMatch(of: forceUnwrap) == nil, "\(file.path):\(number + 1): \(line)")
            }
        }
    }

    /// A SwiftUI literal (`Text("Menu")`) is looked up in the app's bundle, not the feature
    /// package's, so no feature view of the generated workspaces shows one: every word comes
    /// from the feature's `…Strings`, backed by its String Catalog.
    @Test(arguments: ["feedme", nil] as [String?])
    func featureViewsTakeTheirWordsFromTheirStringCatalog(example: String?) throws {
        var plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: example))
        if example == nil {
            for feature in [
                FeatureSpecification(name: "Home", layer: .product, template: TemplateName.feature, example: true),
                FeatureSpecification(name: "Docs", layer: .product, template: TemplateName.web, example: true, webURL: "https://example.com"),
            ] {
                plan.files += try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: feature.template), context: feature.templateContext, prefix: "Features/" + feature.name)
            }
        }
        let literal = try Regex(#"\b(Text|navigationTitle|Button|Label|ContentUnavailableView|accessibilityLabel|accessibilityHint)\(\s*""#)
        // The feature modules' views: the example apps and the shell run from their own bundle.
        let module = try Regex(#"^Features/(\w+)/Sources/\1/"#)
        let views = plan.files.filter { $0.path.hasSuffix(".swift") && $0.contents.contains("import SwiftUI") && $0.path.firstMatch(of: module) != nil }
        #expect(views.count >= (example == nil ? 2 : 4), "\(views.map(\.path))")
        for file in views {
            for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.contains("#Preview(") {
                #expect(line.firstMatch(of: literal) == nil, "\(file.path):\(number + 1): \(line)")
            }
        }
        if example != nil {
            let strings = try Self.contents("Features/RestaurantOrder/Sources/RestaurantOrder/RestaurantOrderStrings.swift", in: plan)
            let catalog = try Self.contents("Features/RestaurantOrder/Sources/RestaurantOrder/Resources/Localizable.xcstrings", in: plan)
            let keys = Set(((try JSONSerialization.jsonObject(with: Data(catalog.utf8)) as? [String: Any])?["strings"] as? [String: Any] ?? [:]).keys)
            let used = Set(strings.matches(of: try Regex(#"NSLocalizedString\("([^"]+)""#)).compactMap { $0.output[1].substring.map(String.init) })
            #expect(used.count == 12 && used == keys, "the catalog has exactly the words the code uses: \(used.symmetricDifference(keys))")
            for view in ["RestaurantOrderView.swift", "RandomOrderView.swift"] {
                #expect(try Self.contents("Features/RestaurantOrder/Sources/RestaurantOrder/" + view, in: plan).contains("RestaurantOrderStrings."))
            }
        }
    }

    /// Feed Me's shell (About is web) with a second web feature: the router answers
    /// `opensInApp(_:)` once, and the app, which shows web pages already, keeps its project.
    @Test func aSecondWebFeatureInTheFeedMeShellCompiles() throws {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "FeedMe", example: "feedme")))
        let root = PathUtilities.join(directory.path, "FeedMe")
        let specification = FeatureSpecification(name: "Search", layer: .product, template: TemplateName.web, example: true, webURL: "https://example.com")
        let requirement = FeatureScaffolder.requirement(folder: "Features/Search", products: ["Search", "SearchInterface"], shellFolder: "Shell")
        let outcome = ShellWiring(workspaceRoot: root, shellFolder: "Shell", fileSystem: LocalFileSystem()).wire(
            WiredFeature(specification), featureFolder: "Features/Search", requirements: [requirement])
        #expect(outcome.refusal == nil, "\(outcome.manualSteps)")
        let router = try #require(outcome.edits.first { $0.label?.hasSuffix("AppRouter.swift") == true })
        #expect(router.contents.components(separatedBy: "func opensInApp(").count == 2, "\(router.contents)")
        #expect(router.contents.contains("extension AppRouter: SearchNavigating {") && router.contents.contains("extension AppRouter: AboutNavigating {"))
        #expect(!outcome.edits.contains { $0.label?.contains(".xcodeproj") == true }, "FeedMe's app already says why pages may use the camera")
    }

    @Test func mfeCreateStillWiresAFeatureIntoTheFeedMeShell() throws {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "FeedMe", example: "feedme")))
        let root = PathUtilities.join(directory.path, "FeedMe")
        let specification = FeatureSpecification(name: "Search", layer: .product, template: TemplateName.feature, example: true)
        let requirement = FeatureScaffolder.requirement(folder: "Features/Search", products: ["Search", "SearchInterface"], shellFolder: "Shell")
        let outcome = ShellWiring(workspaceRoot: root, shellFolder: "Shell", fileSystem: LocalFileSystem()).wire(
            WiredFeature(specification), featureFolder: "Features/Search", requirements: [requirement])
        #expect(outcome.refusal == nil, "\(outcome.manualSteps)")
        let rootView = try #require(outcome.edits.first { $0.label?.hasSuffix("AppRootView.swift") == true })
        #expect(rootView.contents.contains("screen(for: .search)\n                .tabItem { Label(composition.search.title, systemImage: composition.search.systemImage) }"))
        #expect(rootView.contents.contains("        case .search:\n            composition.search.makeView(navigator: router)\n"))
        let router = try #require(outcome.edits.first { $0.label?.hasSuffix("AppRouter.swift") == true })
        #expect(router.contents.contains(#"links.register("/search") { _ in .search }"#))
        let walkThrough = try #require(outcome.edits.first { $0.label?.hasSuffix("FeedMeApp.swift") == true }, "the Linux walk-through shows Search too")
        #expect(
            walkThrough.contents.contains("        print(\"/about → About: hosts \\(composition.about.pageURL.absoluteString)\")\n        do {\n            let model = composition.search.makeModel"))
        let tests = try #require(outcome.edits.first { $0.label?.hasSuffix("AppCompositionTests.swift") == true })
        #expect(tests.contents.contains("import SearchTesting") && tests.contents.contains("@Test func searchLeadsWhereTheRouterDecides() async throws {"))
    }

    @Test(arguments: [
        (
            "Random",
            "the feature name 'Random' needs the link '/random', and Shell/Sources/FeedMeComposition/AppRouter.swift already registers '/random' for '.restaurantOrder', so the link would never reach 'Random'; choose another feature name, e.g. 'RandomFeature'"
        ),
        (
            "Restaurants",
            "the feature name 'Restaurants' would add a tab titled 'Restaurants', and Shell/Sources/FeedMeComposition/AppRootView.swift already has the tab 'Restaurants' (screen(for: .browse)); choose another feature name, e.g. 'RestaurantsFeature'"
        ),
    ])
    func aRouteOrTabTheShellHasIsRefusedBeforeAnythingIsWritten(name: String, message: String) async throws {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "FeedMe", example: "feedme")))
        let root = PathUtilities.join(directory.path, "FeedMe")
        let scaffolder = FeatureScaffolder(catalog: .builtin, manifestLoader: ManifestReader(environment: [:]), currentDirectory: root)
        do {
            _ = try await scaffolder.plan(CreateRequest(name: name))
            Issue.record("'mfe create \(name)' was planned; its route or tab is the shell's already")
        } catch let errors as InputErrors {
            #expect(errors.errors.map(\.localizedDescription).contains(message), "\(errors.errors.map(\.localizedDescription))")
        }
        #expect(!FileManager.default.fileExists(atPath: PathUtilities.join(root, "Features/\(name)")))
    }
}

// This file is generated from the top-level Templates/ folder; do not edit it.
// Re-record it with `MFE_RECORD=1 swift test --filter BuiltinTemplatesTests`.

/// The built-in templates, compiled into mfe: `(path, contents)` for every file under
/// `Templates/`, the first path component naming the template.
enum BuiltinTemplates {
    static let files: [(path: String, contents: String)] = [
        (path: #"feature/.github/workflows/ci.yml.mustache"#, contents: #"""
{{=<% %>=}}
# <%name%>'s own pipeline: build, test, and check the dependency graph with mfe.
name: <%name%>

on:
  push:
    branches: [main]
  pull_request:

jobs:
  build-and-test:
    runs-on: macos-15
    steps:
      - uses: actions/checkout@v4
      - name: Build
        run: swift build --build-tests
      - name: Test
        run: swift test
      - name: Install mfe
        # Set the repository variable MFE_REPOSITORY to where your team hosts mfe.
        run: |
          git clone --depth 1 "${{ vars.MFE_REPOSITORY }}" "$RUNNER_TEMP/mfe"
          swift build -c release --package-path "$RUNNER_TEMP/mfe" --product mfe
          echo "$RUNNER_TEMP/mfe/.build/release" >> "$GITHUB_PATH"
      - name: Lint the dependency graph
        run: mfe lint-graph --format github .

"""#),
        (path: #"feature/.gitignore.mustache"#, contents: #"""
.DS_Store
/.build
/.swiftpm
/Packages
xcuserdata/
DerivedData/
Package.resolved

"""#),
        (path: #"feature/Package.swift.mustache"#, contents: #"""
// swift-tools-version: {{toolsVersion}}
import PackageDescription

// {{name}}, a product µFeature. Other features and the app see only {{name}}Interface;
// the shell wires {{name}} itself in (see mfe's DESIGN.md, "Vocabulary").
let package = Package(
    name: "{{name}}",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "{{name}}", targets: ["{{name}}"]),
        .library(name: "{{name}}Interface", targets: ["{{name}}Interface"]),
        .library(name: "{{name}}Testing", targets: ["{{name}}Testing"]),
    ],
{{#hasDependencies}}
    dependencies: [
{{#dependencyPackages}}
        .package(path: "{{path}}"),
{{/dependencyPackages}}
    ],
{{/hasDependencies}}
    targets: [
        // Public protocols, models and navigation requests: what other features may depend on.
        .target(name: "{{name}}Interface"),
        // The implementation: builder, model and views.
        .target(
            name: "{{name}}",
            dependencies: [
                "{{name}}Interface",
{{#dependencies}}
                .product(name: "{{product}}", package: "{{package}}"),
{{/dependencies}}
            ]
        ),
        // Mocks and fixtures for tests, previews and the example app; never shipped.
        .target(
            name: "{{name}}Testing",
            dependencies: ["{{name}}Interface"]
        ),
        .testTarget(
            name: "{{name}}Tests",
            dependencies: ["{{name}}", "{{name}}Testing"]
        ),
{{#example}}
        // Runs {{name}} on its own with {{name}}Testing's data: `swift run {{name}}Example`.
        .executableTarget(
            name: "{{name}}Example",
            dependencies: ["{{name}}", "{{name}}Testing"]
        ),
{{/example}}
    ]
)

"""#),
        (path: #"feature/README.md.mustache"#, contents: #"""
# {{name}}

{{name}} is a product µFeature: one cohesive user experience, owned by one team, built,
tested and tried on its own, and shipped inside the app's shell.

## Targets

| target | role | depends on |
|---|---|---|
| `{{name}}Interface` | public protocols, `{{model}}`, navigation requests, `{{name}}Dependencies` | nothing |
| `{{name}}` | `{{name}}Builder`, the screen's model and SwiftUI view | `{{name}}Interface`{{#dependencies}}, `{{product}}`{{/dependencies}} |
| `{{name}}Testing` | stubs, mocks and fixtures | `{{name}}Interface` |
| `{{name}}Tests` | tests of `{{name}}` | `{{name}}`, `{{name}}Testing` |
{{#example}}
| `{{name}}Example` | an app that runs `{{name}}` with `{{name}}Testing`'s data | `{{name}}`, `{{name}}Testing` |
{{/example}}

Other features depend on `{{name}}Interface` only, never on `{{name}}`; the app's shell
wires the implementation in.

## Use it from the app

```swift
import {{name}}
import {{name}}Interface

// The composition root provides what {{name}} needs...
extension AppDependencies: {{name}}Dependencies {
    func make{{name}}Repository() -> any {{name}}Repository { InMemory{{name}}Repository() }
}

// ...and the router decides where {{name}}'s navigation requests lead.
extension AppRouter: {{name}}Navigating {
    func navigate(to request: {{name}}NavigationRequest) { /* push a screen */ }
}

let builder = {{name}}Builder(dependencies: AppDependencies())
let screen = builder.makeView(navigator: router) // SwiftUI; makeModel(navigator:) elsewhere
```

## Work on it

```sh
swift build
swift test
{{#example}}
swift run {{name}}Example
{{/example}}
mfe lint-graph .
```

"""#),
        (path: #"feature/Sources/{{exampleTarget}}/{{name}}ExampleApp.swift.mustache"#, contents: #"""
import {{name}}
import {{name}}Testing

#if canImport(SwiftUI)
import SwiftUI

/// Runs {{name}} on its own with {{name}}Testing's data, to try it without the app.
@main
struct {{name}}ExampleApp: App {
    private let navigator = Recording{{name}}Navigator()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeView(navigator: navigator)
            }
        }
    }
}
#else
/// Runs {{name}} on its own with {{name}}Testing's data. Without SwiftUI (Linux), it drives
/// the screen's model from the command line: load, list, select.
@main
enum {{name}}Example {
    @MainActor
    static func main() async {
        let navigator = Recording{{name}}Navigator()
        let model = {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeModel(navigator: navigator)
        await model.load()
        guard case .loaded(let {{modelsVariable}}) = model.state else {
            print("{{name}}: \(model.state)")
            return
        }
        print("{{name}} shows \({{modelsVariable}}.count) {{models}}:")
        for {{modelVariable}} in {{modelsVariable}} {
            print("  \({{modelVariable}}.title) - \({{modelVariable}}.subtitle)")
        }
        if let first = {{modelsVariable}}.first {
            model.select(first)
            print("Selecting '\(first.title)' asks the app to navigate: \(navigator.requests)")
        }
    }
}
#endif

"""#),
        (path: #"feature/Sources/{{name}}/InMemory{{name}}Repository.swift.mustache"#, contents: #"""
import {{name}}Interface

/// A `{{name}}Repository` serving a fixed list: what the app uses until it wires {{name}} to
/// a backend, and for offline or demo builds.
public struct InMemory{{name}}Repository: {{name}}Repository {
    private let {{modelsVariable}}: [{{model}}]

    /// Creates a repository serving `{{modelsVariable}}`.
    public init({{modelsVariable}}: [{{model}}] = []) {
        self.{{modelsVariable}} = {{modelsVariable}}
    }

    public func fetch{{models}}() async throws -> [{{model}}] {
        {{modelsVariable}}
    }
}

"""#),
        (path: #"feature/Sources/{{name}}/{{name}}Builder.swift.mustache"#, contents: #"""
{{#dependencies}}
import {{module}}
{{/dependencies}}
import {{name}}Interface

/// Builds {{name}} from the dependencies the app provides. The app keeps one builder and asks
/// it for screens; everything else in this module is internal, so the app never depends on
/// how {{name}} works inside.
public struct {{name}}Builder: Sendable {
    private let dependencies: any {{name}}Dependencies

    /// Creates a builder that takes what {{name}} needs from `dependencies`.
    public init(dependencies: any {{name}}Dependencies) {
        self.dependencies = dependencies
    }

    /// The state and logic of {{name}}'s screen, independent of any UI framework; navigation
    /// requests go to `navigator`.
    @MainActor
    public func makeModel(navigator: any {{name}}Navigating) -> {{name}}Model {
        {{name}}Model(repository: dependencies.make{{name}}Repository(), navigator: navigator)
    }
}

"""#),
        (path: #"feature/Sources/{{name}}/{{name}}Model.swift.mustache"#, contents: #"""
import Observation
import {{name}}Interface

/// The state and logic of {{name}}'s screen. It is platform-neutral, so it runs and is
/// tested on Linux; the SwiftUI view only renders it.
@MainActor
@Observable
public final class {{name}}Model {
    /// What the screen shows.
    public enum State: Equatable, Sendable {
        /// Waiting for the repository.
        case loading
        /// The {{models}} to list.
        case loaded([{{model}}])
        /// Loading failed; `message` says why.
        case failed(message: String)
    }

    /// What the screen shows now.
    public private(set) var state: State = .loading

    private let repository: any {{name}}Repository
    private let navigator: any {{name}}Navigating

    init(repository: any {{name}}Repository, navigator: any {{name}}Navigating) {
        self.repository = repository
        self.navigator = navigator
    }

    /// Loads the {{models}}: when the screen appears, and to retry after a failure.
    public func load() async {
        state = .loading
        do {
            state = .loaded(try await repository.fetch{{models}}())
        } catch {
            state = .failed(message: "{{name}} could not load: \(error)")
        }
    }

    /// Asks the app to open `{{modelVariable}}`; where that leads is the app's decision.
    public func select(_ {{modelVariable}}: {{model}}) {
        navigator.navigate(to: .open{{model}}({{modelVariable}}.id))
    }
}

"""#),
        (path: #"feature/Sources/{{name}}/{{name}}View.swift.mustache"#, contents: #"""
#if canImport(SwiftUI)
import SwiftUI
import {{name}}Interface

/// {{name}}'s screen: renders `{{name}}Model` and forwards taps to it.
struct {{name}}View: View {
    let model: {{name}}Model

    var body: some View {
        content
            .navigationTitle("{{name}}")
            .task { await model.load() }
    }

    @ViewBuilder
    private var content: some View {
        switch model.state {
        case .loading:
            ProgressView()
        case .loaded(let {{modelsVariable}}):
            List({{modelsVariable}}) { {{modelVariable}} in
                Button {
                    model.select({{modelVariable}})
                } label: {
                    VStack(alignment: .leading) {
                        Text({{modelVariable}}.title)
                            .font(.headline)
                        Text({{modelVariable}}.subtitle)
                            .font(.subheadline)
                            .foregroundStyle(.secondary)
                    }
                }
            }
        case .failed(let message):
            ContentUnavailableView {
                Label("{{name}} is unavailable", systemImage: "exclamationmark.triangle")
            } description: {
                Text(message)
            } actions: {
                Button("Try Again") {
                    Task { await model.load() }
                }
            }
        }
    }
}

extension {{name}}Builder {
    /// {{name}}'s screen, for the app to place in its navigation; navigation requests go to
    /// `navigator`.
    @MainActor
    public func makeView(navigator: any {{name}}Navigating) -> some View {
        {{name}}View(model: makeModel(navigator: navigator))
    }
}
#endif

"""#),
        (path: #"feature/Sources/{{name}}Interface/{{model}}.swift.mustache"#, contents: #"""
/// One {{model}} as {{name}} shows it: a plain value the app and other features can pass
/// around without depending on {{name}}'s implementation.
public struct {{model}}: Identifiable, Hashable, Codable, Sendable {
    /// A stable identifier, unique among {{models}}.
    public var id: String
    /// The title shown in lists.
    public var title: String
    /// One line shown under the title.
    public var subtitle: String

    /// Creates a {{model}}.
    public init(id: String, title: String, subtitle: String) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
    }
}

"""#),
        (path: #"feature/Sources/{{name}}Interface/{{name}}Dependencies.swift.mustache"#, contents: #"""
/// Where {{name}} gets the {{models}} it shows. The app provides one (backed by its API
/// client or a cache); tests and the example app use `Stub{{name}}Repository` from
/// {{name}}Testing.
public protocol {{name}}Repository: Sendable {
    /// The {{models}} to show, in display order.
    func fetch{{models}}() async throws -> [{{model}}]
}

/// Everything {{name}} needs from the app that hosts it, in one protocol the app's
/// composition root conforms to (the `BaseDependencies` pattern of the µFeatures
/// guidelines): adding a dependency later changes this protocol, not every initializer.
public protocol {{name}}Dependencies: Sendable {
    /// The source of the {{models}} {{name}} shows.
    func make{{name}}Repository() -> any {{name}}Repository
}

"""#),
        (path: #"feature/Sources/{{name}}Interface/{{name}}Navigation.swift.mustache"#, contents: #"""
/// Navigation {{name}} asks for but does not perform. The app decides where each request
/// leads, so {{name}} never imports another feature and can be reused where navigation
/// differs (the delegated navigation of the µFeatures guidelines).
public enum {{name}}NavigationRequest: Hashable, Sendable {
    /// The user picked a {{model}}.
    case open{{model}}({{model}}.ID)
}

/// Performs {{name}}'s navigation requests: the app's router or coordinator conforms to it.
@MainActor
public protocol {{name}}Navigating: AnyObject {
    /// Performs `request`.
    func navigate(to request: {{name}}NavigationRequest)
}

"""#),
        (path: #"feature/Sources/{{name}}Testing/{{name}}Fixtures.swift.mustache"#, contents: #"""
import {{name}}Interface

/// Sample {{models}} for tests, previews and the example app.
public enum {{name}}Fixtures {
    /// A short list in display order.
    public static let {{modelsVariable}}: [{{model}}] = [
{{#samples}}
        {{model}}(id: "{{id}}", title: "{{title}}", subtitle: "{{subtitle}}"),
{{/samples}}
    ]
}

"""#),
        (path: #"feature/Sources/{{name}}Testing/{{name}}Mocks.swift.mustache"#, contents: #"""
import {{name}}Interface

/// A `{{name}}Repository` that returns fixed {{models}} or fails, for tests and the example app.
public struct Stub{{name}}Repository: {{name}}Repository {
    /// The error a failing stub throws.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Creates the error.
        public init() {}

        public var description: String { "the stub was told to fail" }
    }

    private let {{modelsVariable}}: [{{model}}]?

    /// Creates a stub returning `{{modelsVariable}}`.
    public init({{modelsVariable}}: [{{model}}] = {{name}}Fixtures.{{modelsVariable}}) {
        self.{{modelsVariable}} = {{modelsVariable}}
    }

    private init(failing: Void) {
        {{modelsVariable}} = nil
    }

    /// A stub whose every fetch throws `Failure`.
    public static var failing: Stub{{name}}Repository { Stub{{name}}Repository(failing: ()) }

    public func fetch{{models}}() async throws -> [{{model}}] {
        guard let {{modelsVariable}} else { throw Failure() }
        return {{modelsVariable}}
    }
}

/// `{{name}}Dependencies` backed by stubs: what tests and the example app hand to `{{name}}Builder`.
public struct Mock{{name}}Dependencies: {{name}}Dependencies {
    /// The repository `make{{name}}Repository()` returns.
    public var repository: any {{name}}Repository

    /// Creates dependencies serving `repository` (by default the fixtures).
    public init(repository: any {{name}}Repository = Stub{{name}}Repository()) {
        self.repository = repository
    }

    public func make{{name}}Repository() -> any {{name}}Repository {
        repository
    }
}

/// Records {{name}}'s navigation requests instead of performing them.
@MainActor
public final class Recording{{name}}Navigator: {{name}}Navigating {
    /// The requests received, oldest first.
    public private(set) var requests: [{{name}}NavigationRequest] = []

    /// Creates a navigator with no requests yet.
    public init() {}

    public func navigate(to request: {{name}}NavigationRequest) {
        requests.append(request)
    }
}

"""#),
        (path: #"feature/Tests/{{name}}Tests/{{name}}ModelTests.swift.mustache"#, contents: #"""
import {{name}}
import {{name}}Testing
import Testing

@MainActor
@Suite("{{name}} screen")
struct {{name}}ModelTests {
    @Test func startsLoading() {
        let model = {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeModel(navigator: Recording{{name}}Navigator())
        #expect(model.state == .loading)
    }

    @Test func showsWhatTheRepositoryReturns() async {
        let model = {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeModel(navigator: Recording{{name}}Navigator())
        await model.load()
        #expect(model.state == .loaded({{name}}Fixtures.{{modelsVariable}}))
    }

    @Test func reportsAFailedLoad() async {
        let dependencies = Mock{{name}}Dependencies(repository: Stub{{name}}Repository.failing)
        let model = {{name}}Builder(dependencies: dependencies).makeModel(navigator: Recording{{name}}Navigator())
        await model.load()
        #expect(model.state == .failed(message: "{{name}} could not load: the stub was told to fail"))
    }

    @Test func delegatesNavigationToTheApp() throws {
        let navigator = Recording{{name}}Navigator()
        let model = {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeModel(navigator: navigator)
        let {{modelVariable}} = try #require({{name}}Fixtures.{{modelsVariable}}.first)
        model.select({{modelVariable}})
        #expect(navigator.requests == [.open{{model}}({{modelVariable}}.id)])
    }
}

"""#),
        (path: #"feature/mfe.yml.mustache"#, contents: #"""
feature: {{name}}
layer: {{layer}}

"""#),
        (path: #"feature/template.yml"#, contents: #"""
description: "product µFeature: NAME, NAMEInterface, NAMETesting, NAMETests, NAMEExample (mfe create NAME)"

"""#),
        (path: #"feedme/Foundation/Env/Sources/Env/Configuration.swift"#, contents: #"""
import Foundation

/// Settings every Feed Me feature shares, as the Env of "Micro Frontends for Mobile" hosts
/// them: the content API and the website the web features show. The app creates one and hands
/// it to features; there is no shared instance.
public struct Configuration: Sendable, Equatable {
    /// The content API.
    public var host: URL
    /// The Feed Me website, whose pages the web features host.
    public var demoHost: URL

    /// Creates a configuration; the defaults are the Feed Me demo's servers.
    public init(
        host: URL = URL(string: "https://content.demo.microfrontends.com")!,
        demoHost: URL = URL(string: "https://demo.microfrontends.com")!
    ) {
        self.host = host
        self.demoHost = demoHost
    }

    /// The URL of `path` (`/restaurants/12`) on the content API.
    public func contentURL(_ path: String) -> URL {
        host.appendingPathComponent(path)
    }
}

"""#),
        (path: #"feedme/Foundation/Env/Sources/Env/Router.swift"#, contents: ##"""
/// Maps link paths to destinations with patterns such as `/restaurants/{id}`, the way the
/// Feed Me article's router matches routes: the first registered pattern that matches wins.
public struct Router<Destination: Sendable>: Sendable {
    /// The values of a pattern's `{name}` segments, by name.
    public typealias Parameters = [String: String]

    private struct Route: Sendable {
        var segments: [Substring]
        var destination: @Sendable (Parameters) -> Destination
    }

    private var routes: [Route] = []

    /// Creates a router with no routes.
    public init() {}

    /// Routes paths matching `pattern` (`/restaurants/{id}`) to `destination`, which receives
    /// the `{name}` segments' values.
    public mutating func register(_ pattern: String, to destination: @escaping @Sendable (Parameters) -> Destination) {
        routes.append(Route(segments: Self.segments(of: pattern), destination: destination))
    }

    /// The destination of the first pattern matching `path`, or nil when none does.
    public func destination(for path: String) -> Destination? {
        let segments = Self.segments(of: path)
        for route in routes where route.segments.count == segments.count {
            var parameters: Parameters = [:]
            let matches = zip(route.segments, segments).allSatisfy { pattern, segment in
                if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                    parameters[String(pattern.dropFirst().dropLast())] = String(segment)
                    return true
                }
                return pattern == segment
            }
            if matches { return route.destination(parameters) }
        }
        return nil
    }

    /// The non-empty segments of a path, without its query or fragment.
    private static func segments(of path: String) -> [Substring] {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        return path[..<end].split(separator: "/")
    }
}

"""##),
        (path: #"feedme/Foundation/Env/Tests/EnvTests/RouterTests.swift"#, contents: #"""
import Env
import Testing

@Suite("Env router")
struct RouterTests {
    enum Screen: Equatable, Sendable {
        case restaurants
        case restaurant(id: String)
    }

    var router: Router<Screen> {
        var router = Router<Screen>()
        router.register("/restaurants") { _ in .restaurants }
        router.register("/restaurants/{id}") { parameters in .restaurant(id: parameters["id", default: ""]) }
        return router
    }

    @Test(arguments: [
        ("/restaurants", Screen.restaurants),
        ("/restaurants/", Screen.restaurants),
        ("/restaurants/12", Screen.restaurant(id: "12")),
        ("/restaurants/12?tab=menu", Screen.restaurant(id: "12")),
    ])
    func matchesPatternsAndCapturesParameters(path: String, screen: Screen) {
        #expect(router.destination(for: path) == screen)
    }

    @Test(arguments: ["/", "/about", "/restaurants/12/menu"])
    func ignoresPathsNoPatternMatches(path: String) {
        #expect(router.destination(for: path) == nil)
    }
}

@Suite("Env configuration")
struct ConfigurationTests {
    @Test func pointsAtTheFeedMeDemoByDefault() {
        let configuration = Configuration()
        #expect(configuration.contentURL("/restaurants/12").absoluteString == "https://content.demo.microfrontends.com/restaurants/12")
        #expect(configuration.demoHost.absoluteString == "https://demo.microfrontends.com")
    }
}

"""#),
        (path: #"feedme/Shell/Sources/{{workspace}}Composition/AppDependencies+Env.swift"#, contents: #"""
import Env
import Foundation

extension AppDependencies {
    /// The settings every feature shares: Env's configuration, as in the Feed Me article.
    public var configuration: Configuration {
        Configuration()
    }

    /// About hosts the Feed Me website's about page.
    public var aboutPageURL: URL {
        configuration.demoHost.appendingPathComponent("about")
    }
}

"""#),
        (path: #"feedme/Shell/Tests/{{workspace}}CompositionTests/FeedMeTests.swift.mustache"#, contents: #"""
import {{workspace}}Composition
import Testing

@MainActor
@Suite("Feed Me")
struct FeedMeTests {
    @Test(arguments: [
        ("/restaurants", AppRoute.browse),
        ("/restaurants/becky-s-burgers", AppRoute.restaurantOrder),
        ("https://demo.microfrontends.com/restaurants/pizza-palace", AppRoute.restaurantOrder),
        ("/about", AppRoute.about),
    ])
    func routesTheWebsitesPathsToFeatures(link: String, route: AppRoute) {
        #expect(AppRouter().route(for: link) == route)
    }

    @Test func aboutHostsTheDemoSitesAboutPage() {
        let composition = AppComposition()
        #expect(composition.about.pageURL.absoluteString == "https://demo.microfrontends.com/about")
    }
}

"""#),
        (path: #"feedme/template.yml"#, contents: #"""
description: "Feed Me example: Env's Router and Configuration on top of the package templates (mfe init NAME --example feedme)"

"""#),
        (path: #"foundation/.github/workflows/ci.yml.mustache"#, contents: #"""
{{=<% %>=}}
# <%name%>'s own pipeline: build, test, and check the dependency graph with mfe.
name: <%name%>

on:
  push:
    branches: [main]
  pull_request:

jobs:
  build-and-test:
    runs-on: macos-15
    steps:
      - uses: actions/checkout@v4
      - name: Build
        run: swift build --build-tests
      - name: Test
        run: swift test
      - name: Install mfe
        # Set the repository variable MFE_REPOSITORY to where your team hosts mfe.
        run: |
          git clone --depth 1 "${{ vars.MFE_REPOSITORY }}" "$RUNNER_TEMP/mfe"
          swift build -c release --package-path "$RUNNER_TEMP/mfe" --product mfe
          echo "$RUNNER_TEMP/mfe/.build/release" >> "$GITHUB_PATH"
      - name: Lint the dependency graph
        run: mfe lint-graph --format github .

"""#),
        (path: #"foundation/.gitignore.mustache"#, contents: #"""
.DS_Store
/.build
/.swiftpm
/Packages
xcuserdata/
DerivedData/
Package.resolved

"""#),
        (path: #"foundation/Package.swift.mustache"#, contents: #"""
// swift-tools-version: {{toolsVersion}}
import PackageDescription

// {{name}}, a foundation µFeature: shared tools the product features build on. It must not
// depend on product features (see mfe's DESIGN.md, "Rules").
let package = Package(
    name: "{{name}}",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "{{name}}", targets: ["{{name}}"]),
        .library(name: "{{name}}Testing", targets: ["{{name}}Testing"]),
    ],
{{#hasDependencies}}
    dependencies: [
{{#dependencyPackages}}
        .package(path: "{{path}}"),
{{/dependencyPackages}}
    ],
{{/hasDependencies}}
    targets: [
        .target(
            name: "{{name}}",
            dependencies: [
{{#dependencies}}
                .product(name: "{{product}}", package: "{{package}}"),
{{/dependencies}}
            ]
        ),
        // Test doubles other packages' tests can use; never shipped.
        .target(
            name: "{{name}}Testing",
            dependencies: ["{{name}}"]
        ),
        .testTarget(
            name: "{{name}}Tests",
            dependencies: ["{{name}}", "{{name}}Testing"]
        ),
{{#example}}
        .executableTarget(
            name: "{{name}}Example",
            dependencies: ["{{name}}", "{{name}}Testing"]
        ),
{{/example}}
    ]
)

"""#),
        (path: #"foundation/README.md.mustache"#, contents: #"""
# {{name}}

{{name}} is a foundation µFeature: shared tools that product features build on. It never
depends on product features, and it exposes tools, not shared instances: the app creates
them and hands them to features through their dependencies.

## Targets

| target | role | depends on |
|---|---|---|
| `{{name}}` | `{{name}}Logging`, `Print{{name}}Logger` | {{^hasDependencies}}nothing{{/hasDependencies}}{{#dependencies}}`{{product}}` {{/dependencies}} |
| `{{name}}Testing` | `Recording{{name}}Logger` for other packages' tests | `{{name}}` |
| `{{name}}Tests` | tests of `{{name}}` | `{{name}}`, `{{name}}Testing` |
{{#example}}
| `{{name}}Example` | tries `{{name}}` from the command line | `{{name}}`, `{{name}}Testing` |
{{/example}}

## Work on it

```sh
swift build
swift test
mfe lint-graph .
```

"""#),
        (path: #"foundation/Sources/{{exampleTarget}}/{{name}}ExampleApp.swift.mustache"#, contents: #"""
import {{name}}
import {{name}}Testing

/// Tries {{name}} on its own: logs a few entries at every level through a logger that keeps
/// warnings and errors only.
@main
enum {{name}}Example {
    static func main() {
        let logger = Print{{name}}Logger(minimumLevel: .warning)
        for level in {{name}}LogLevel.allCases {
            logger.log(level, "a \(level) entry", category: "{{name}}Example")
        }
        let recorder = Recording{{name}}Logger()
        recorder.log(.info, "kept for tests", category: "{{name}}Example")
        print("Recorded \(recorder.entries.count) entry for tests.")
    }
}

"""#),
        (path: #"foundation/Sources/{{name}}/{{name}}Logger.swift.mustache"#, contents: #"""
{{#dependencies}}
import {{module}}
{{/dependencies}}
{{#hasDependencies}}

{{/hasDependencies}}
/// How much a log entry matters, least to most.
public enum {{name}}LogLevel: Int, Comparable, CaseIterable, Sendable {
    case debug, info, warning, error

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One thing that happened, as a feature reports it.
public struct {{name}}LogEntry: Hashable, Sendable {
    /// How much it matters.
    public var level: {{name}}LogLevel
    /// The part of the app reporting it, e.g. a feature's name.
    public var category: String
    /// What happened.
    public var message: String

    /// Creates an entry.
    public init(level: {{name}}LogLevel, category: String, message: String) {
        self.level = level
        self.category = category
        self.message = message
    }
}

/// Records what happens in the app. Features receive a logger from the app through their
/// dependencies: foundation packages vend tools, never shared instances, so the app controls
/// their lifetime and tests substitute {{name}}Testing's recorder.
public protocol {{name}}Logging: Sendable {
    /// Records `entry`.
    func log(_ entry: {{name}}LogEntry)
}

extension {{name}}Logging {
    /// Records `message` at `level` under `category`.
    public func log(_ level: {{name}}LogLevel, _ message: String, category: String) {
        log({{name}}LogEntry(level: level, category: category, message: message))
    }
}

/// Writes entries at or above a minimum level as `[level] category: message` lines, to
/// standard output unless told otherwise.
public struct Print{{name}}Logger: {{name}}Logging {
    /// Entries below this level are dropped.
    public var minimumLevel: {{name}}LogLevel
    private let write: @Sendable (String) -> Void

    /// Creates a logger writing lines with `write` (by default, `print`).
    public init(minimumLevel: {{name}}LogLevel = .info, write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.minimumLevel = minimumLevel
        self.write = write
    }

    public func log(_ entry: {{name}}LogEntry) {
        guard entry.level >= minimumLevel else { return }
        write(Self.line(for: entry))
    }

    /// The line written for `entry`.
    public static func line(for entry: {{name}}LogEntry) -> String {
        "[\(entry.level)] \(entry.category): \(entry.message)"
    }
}

"""#),
        (path: #"foundation/Sources/{{name}}Testing/Recording{{name}}Logger.swift.mustache"#, contents: #"""
import Foundation
import {{name}}

/// A `{{name}}Logging` that keeps every entry, for tests to check what was logged.
public final class Recording{{name}}Logger: {{name}}Logging, @unchecked Sendable {
    // Guarded by `lock`: loggers are called from any task.
    private var recorded: [{{name}}LogEntry] = []
    private let lock = NSLock()

    /// Creates a logger with nothing recorded.
    public init() {}

    /// The entries logged so far, oldest first.
    public var entries: [{{name}}LogEntry] {
        lock.withLock { recorded }
    }

    public func log(_ entry: {{name}}LogEntry) {
        lock.withLock { recorded.append(entry) }
    }
}

"""#),
        (path: #"foundation/Tests/{{name}}Tests/{{name}}LoggerTests.swift.mustache"#, contents: #"""
import {{name}}
import {{name}}Testing
import Testing

@Suite("{{name}} logging")
struct {{name}}LoggerTests {
    @Test func formatsEntriesAsOneLine() {
        let entry = {{name}}LogEntry(level: .warning, category: "Search", message: "slow response")
        #expect(Print{{name}}Logger.line(for: entry) == "[warning] Search: slow response")
    }

    @Test(arguments: {{name}}LogLevel.allCases)
    func dropsEntriesBelowTheMinimumLevel(level: {{name}}LogLevel) {
        let lines = Recording{{name}}Logger()
        let logger = Print{{name}}Logger(minimumLevel: .warning) { line in
            lines.log(.debug, line, category: "output")
        }
        logger.log(level, "message", category: "test")
        #expect(lines.entries.count == (level >= .warning ? 1 : 0))
    }

    @Test func recordsEntriesInOrder() {
        let logger = Recording{{name}}Logger()
        logger.log(.info, "first", category: "test")
        logger.log(.error, "second", category: "test")
        #expect(logger.entries.map(\.message) == ["first", "second"])
    }
}

"""#),
        (path: #"foundation/mfe.yml.mustache"#, contents: #"""
feature: {{name}}
layer: {{layer}}

"""#),
        (path: #"foundation/template.yml"#, contents: #"""
description: "foundation µFeature: NAME, NAMETesting, NAMETests, optional NAMEExample (mfe create NAME --layer foundation)"

"""#),
        (path: #"shell/.gitignore.mustache"#, contents: #"""
.DS_Store
/.build
/.swiftpm
/Packages
xcuserdata/
DerivedData/

"""#),
        (path: #"shell/Package.swift.mustache"#, contents: #"""
// swift-tools-version: {{toolsVersion}}
import PackageDescription

// The {{workspace}} app: the shell that composes the µFeatures and the only thing released.
// It is the one package that depends on features' implementations; features only ever see
// each other's interfaces (see mfe's DESIGN.md, "Rules").
let package = Package(
    name: "{{workspace}}",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .executable(name: "{{workspace}}App", targets: ["{{workspace}}App"]),
    ],
{{#hasPackages}}
    dependencies: [
{{#packages}}
        .package(path: "{{path}}"),
{{/packages}}
    ],
{{/hasPackages}}
    targets: [
        // The composition root, the router and the root view: everything but the entry point,
        // so tests can check the wiring.
        .target(
            name: "{{workspace}}Composition",
            dependencies: [
{{#features}}
                .product(name: "{{name}}", package: "{{package}}"),
                .product(name: "{{name}}Interface", package: "{{package}}"),
{{/features}}
{{#foundations}}
                .product(name: "{{name}}", package: "{{package}}"),
{{/foundations}}
            ]
        ),
        .executableTarget(
            name: "{{workspace}}App",
            dependencies: ["{{workspace}}Composition"]
        ),
        .testTarget(
            name: "{{workspace}}CompositionTests",
            dependencies: [
                "{{workspace}}Composition",
{{#features}}
                .product(name: "{{name}}Testing", package: "{{package}}"),
{{/features}}
            ]
        ),
    ]
)

"""#),
        (path: #"shell/README.md.mustache"#, contents: #"""
# {{workspace}} shell

The app that composes the µFeatures and the only thing released. It holds no business logic:

- `AppDependencies` — the composition root, the one type that satisfies every feature's
  `…Dependencies` protocol;
- `AppRouter` — maps routes and links to features, and performs the navigation features
  delegate to the app{{#routerModule}} (built on {{routerModule}}'s `Router`){{/routerModule}};
- `AppComposition` and `AppRootView` — the features' builders and the root view;
- `{{workspace}}App` — the entry point (a SwiftUI app; a command-line walk-through on Linux).

| route | link | feature |
|---|---|---|
| `.root` | `/` | the root screen |
{{#features}}
| `.{{caseName}}` | `{{link}}` | {{name}} |
{{/features}}

To add a feature made with `mfe create NAME`: add `.package(path: "../Features/NAME")` and the
`NAME` and `NAMEInterface` products to `Package.swift`, conform `AppDependencies` to
`NAMEDependencies` and `AppRouter` to `NAMENavigating`, and add its route and tab.

```sh
swift build
swift test
swift run {{workspace}}App
```

"""#),
        (path: #"shell/Sources/{{workspace}}App/{{workspace}}App.swift.mustache"#, contents: #"""
import {{workspace}}Composition

#if canImport(SwiftUI)
import SwiftUI

/// The {{workspace}} app.
@main
struct {{workspace}}App: App {
    private let composition = AppComposition()

    var body: some Scene {
        WindowGroup {
            AppRootView(composition: composition)
        }
    }
}
#else
/// The {{workspace}} app. Without SwiftUI (Linux), it walks through the composition from the
/// command line: each route, what its feature shows, and where selecting leads.
@main
enum {{workspace}}App {
    @MainActor
    static func main() async {
{{^hasFeatures}}
        print("{{workspace}} has no features yet; create one with 'mfe create NAME' and wire it into AppComposition.")
{{/hasFeatures}}
{{#hasFeatures}}
        let composition = AppComposition()
        print("{{workspace}}: \(AppRoute.allCases.count - 1) features")
{{/hasFeatures}}
{{#features}}
{{^web}}
        let {{variable}} = composition.{{variable}}.makeModel(navigator: composition.router)
        await {{variable}}.load()
        if case .loaded(let {{modelsVariable}}) = {{variable}}.state, let first = {{modelsVariable}}.first {
            print("{{link}} → {{name}}: \({{modelsVariable}}.count) {{models}}")
            {{variable}}.select(first)
            let shown = composition.router.path.map { "\($0)" }
            print("  selecting '\(first.title)' \(shown.isEmpty ? "stays on {{name}}" : "shows " + shown.joined(separator: ", "))")
            composition.router.show(.root)
        } else {
            print("{{link}} → {{name}}: \({{variable}}.state)")
        }
{{/web}}
{{#web}}
        print("{{link}} → {{name}}: hosts \(composition.{{variable}}.pageURL.absoluteString)")
{{/web}}
{{/features}}
    }
}
#endif

"""#),
        (path: #"shell/Sources/{{workspace}}Composition/AppComposition.swift.mustache"#, contents: #"""
{{#features}}
import {{name}}
{{/features}}
{{#hasFeatures}}

{{/hasFeatures}}
/// The app's parts, made once at launch: the dependencies, the router, and a builder per
/// feature that hands both to the feature.
@MainActor
public final class AppComposition {
    /// What the features need.
    public let dependencies: AppDependencies
    /// Where the features' navigation requests go.
    public let router: AppRouter

    /// Creates the composition from `dependencies` and `router`.
    public init(dependencies: AppDependencies = AppDependencies(), router: AppRouter = AppRouter()) {
        self.dependencies = dependencies
        self.router = router
    }
{{#features}}

    /// Builds {{name}}.
    public var {{variable}}: {{name}}Builder {
        {{name}}Builder(dependencies: dependencies)
    }
{{/features}}
}

"""#),
        (path: #"shell/Sources/{{workspace}}Composition/AppDependencies.swift.mustache"#, contents: #"""
{{#features}}
import {{name}}
import {{name}}Interface
{{/features}}
{{#hasFeatures}}

{{/hasFeatures}}
/// The composition root: the one type that satisfies every feature's dependencies. Each
/// feature declares what it needs in its `…Dependencies` protocol; only the app decides how
/// it is provided, and changes here never ripple into the features.
public struct AppDependencies: Sendable {
{{#features}}
{{^web}}
    /// Where {{name}} gets its {{models}}: sample data until {{name}} is wired to a backend.
    public var {{variable}}Repository: any {{name}}Repository = InMemory{{name}}Repository({{modelsVariable}}: AppDependencies.sample{{models}})

{{/web}}
{{/features}}
    /// Creates the app's dependencies.
    public init() {}
}
{{#features}}

{{^web}}
extension AppDependencies: {{name}}Dependencies {
    public func make{{name}}Repository() -> any {{name}}Repository {
        {{variable}}Repository
    }
}

extension AppDependencies {
    /// The {{models}} the app shows until {{name}} is wired to a backend.
    static let sample{{models}}: [{{model}}] = [
{{#samples}}
        {{model}}(id: "{{id}}", title: "{{title}}", subtitle: "{{subtitle}}"),
{{/samples}}
    ]
}
{{/web}}
{{#web}}
/// {{name}} shows its default page; override `{{variable}}PageURL` here per environment.
extension AppDependencies: {{name}}Dependencies {}
{{/web}}
{{/features}}

"""#),
        (path: #"shell/Sources/{{workspace}}Composition/AppRootView.swift.mustache"#, contents: #"""
#if canImport(SwiftUI)
import SwiftUI

/// The app's root: {{#hasFeatures}}a tab per feature, {{/hasFeatures}}in a navigation stack the router drives.
public struct AppRootView: View {
    private let composition: AppComposition
    @Bindable private var router: AppRouter
    @Environment(\.openURL) private var openURL

    /// Creates the root view of `composition`.
    public init(composition: AppComposition) {
        self.composition = composition
        self.router = composition.router
    }

    public var body: some View {
        NavigationStack(path: $router.path) {
            TabView {
{{#features}}
                screen(for: .{{caseName}})
                    .tabItem { Label("{{name}}", systemImage: "{{#web}}globe{{/web}}{{^web}}list.bullet{{/web}}") }
{{/features}}
{{^features}}
                screen(for: .root)
{{/features}}
            }
            .navigationDestination(for: AppRoute.self) { route in
                screen(for: route)
            }
        }
        .onChange(of: router.externalLink) { _, link in
            guard let link else { return }
            openURL(link)
            router.externalLink = nil
        }
    }

    @ViewBuilder
    private func screen(for route: AppRoute) -> some View {
        switch route {
        case .root:
            ContentUnavailableView("{{workspace}}", systemImage: "square.stack.3d.up", description: Text("Create a feature with 'mfe create' and wire it in here."))
{{#features}}
        case .{{caseName}}:
            composition.{{variable}}.makeView(navigator: router)
{{/features}}
        }
    }
}
#endif

"""#),
        (path: #"shell/Sources/{{workspace}}Composition/AppRouter.swift.mustache"#, contents: #"""
{{#routerModule}}
import {{routerModule}}
{{/routerModule}}
import Foundation
{{#features}}
import {{name}}Interface
{{/features}}
import Observation

/// Where the app can go: its root, and one screen per feature.
public enum AppRoute: Hashable, CaseIterable, Sendable {
    /// The root screen{{#hasFeatures}}, with a tab per feature{{/hasFeatures}}.
    case root
{{#features}}
    /// {{name}}'s screen.
    case {{caseName}}
{{/features}}
}

/// Maps routes to features and performs the navigation features delegate to the app. It is
/// the one place that knows which feature leads to which, so features never import each
/// other (the Env/Router of the Feed Me article).
@MainActor
@Observable
public final class AppRouter {
    /// The screens pushed above the root, bottom to top.
    public var path: [AppRoute] = []
    /// A link no feature owns, for the app to hand to the system browser.
    public var externalLink: URL?

    @ObservationIgnored private let links: Router<AppRoute>

    /// Creates a router at the root.
    public init() {
        var links = Router<AppRoute>()
        links.register("/") { _ in .root }
{{#features}}
        links.register("{{link}}") { _ in .{{caseName}} }
{{/features}}
        self.links = links
    }

    /// The route `link` names: a path such as `{{#features}}{{#first()}}{{link}}{{/first()}}{{/features}}{{^features}}/{{/features}}`, or a URL with such a path.
    public func route(for link: String) -> AppRoute? {
        let path = URLComponents(string: link)?.path ?? link
        return links.destination(for: path)
    }

    /// Shows the screen `url` names, or hands the link to the system when no feature owns it.
    public func open(_ url: URL) {
        if let route = route(for: url.absoluteString) {
            show(route)
        } else {
            externalLink = url
        }
    }

    /// Pushes the screen of `route`; the root pops everything.
    public func show(_ route: AppRoute) {
        if route == .root {
            path.removeAll()
        } else {
            path.append(route)
        }
    }
}
{{#features}}

extension AppRouter: {{name}}Navigating {
    public func navigate(to request: {{name}}NavigationRequest) {
        switch request {
{{^web}}
{{#opensCaseName}}
        case .open{{model}}:
            show(.{{opensCaseName}})
{{/opensCaseName}}
{{^opensCaseName}}
        case .open{{model}}:
            // No screen shows a single {{model}} yet; route this request once one does.
            break
{{/opensCaseName}}
{{/web}}
{{#web}}
        case .openLink(let url):
            open(url)
{{/web}}
        }
    }
}
{{/features}}

"""#),
        (path: #"shell/Sources/{{workspace}}Composition/{{localRouterFile}}"#, contents: ##"""
/// Maps link paths to destinations with patterns such as `/restaurants/{id}`, the way the
/// Feed Me article's router matches routes: the first registered pattern that matches wins.
public struct Router<Destination: Sendable>: Sendable {
    /// The values of a pattern's `{name}` segments, by name.
    public typealias Parameters = [String: String]

    private struct Route: Sendable {
        var segments: [Substring]
        var destination: @Sendable (Parameters) -> Destination
    }

    private var routes: [Route] = []

    /// Creates a router with no routes.
    public init() {}

    /// Routes paths matching `pattern` (`/restaurants/{id}`) to `destination`, which receives
    /// the `{name}` segments' values.
    public mutating func register(_ pattern: String, to destination: @escaping @Sendable (Parameters) -> Destination) {
        routes.append(Route(segments: Self.segments(of: pattern), destination: destination))
    }

    /// The destination of the first pattern matching `path`, or nil when none does.
    public func destination(for path: String) -> Destination? {
        let segments = Self.segments(of: path)
        for route in routes where route.segments.count == segments.count {
            var parameters: Parameters = [:]
            let matches = zip(route.segments, segments).allSatisfy { pattern, segment in
                if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                    parameters[String(pattern.dropFirst().dropLast())] = String(segment)
                    return true
                }
                return pattern == segment
            }
            if matches { return route.destination(parameters) }
        }
        return nil
    }

    /// The non-empty segments of a path, without its query or fragment.
    private static func segments(of path: String) -> [Substring] {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        return path[..<end].split(separator: "/")
    }
}

"""##),
        (path: #"shell/Tests/{{workspace}}CompositionTests/AppCompositionTests.swift.mustache"#, contents: ##"""
import Foundation
import {{workspace}}Composition
{{#features}}
import {{name}}Testing
{{/features}}
import Testing

@MainActor
@Suite("{{workspace}} composition")
struct AppCompositionTests {
    @Test func routesLinksToFeatures() {
        let router = AppRouter()
        #expect(router.route(for: "/") == .root)
{{#features}}
        #expect(router.route(for: "{{link}}") == .{{caseName}})
{{/features}}
        #expect(router.route(for: "/no/such/screen") == nil)
    }

    @Test func handsLinksNoFeatureOwnsToTheSystem() throws {
        let router = AppRouter()
        let link = try #require(URL(string: "https://example.com/no/such/screen"))
        router.open(link)
        #expect(router.path.isEmpty)
        #expect(router.externalLink == link)
    }
{{#features}}
{{^web}}

    @Test func {{variable}}LeadsWhereTheRouterDecides() async throws {
        var dependencies = AppDependencies()
        dependencies.{{variable}}Repository = Stub{{name}}Repository()
        let composition = AppComposition(dependencies: dependencies)
        let model = composition.{{variable}}.makeModel(navigator: composition.router)
        await model.load()
        #expect(model.state == .loaded({{name}}Fixtures.{{modelsVariable}}))
        model.select(try #require({{name}}Fixtures.{{modelsVariable}}.first))
{{#opensCaseName}}
        #expect(composition.router.path == [.{{opensCaseName}}])
{{/opensCaseName}}
{{^opensCaseName}}
        #expect(composition.router.path.isEmpty)
{{/opensCaseName}}
    }
{{/web}}
{{#web}}

    @Test func {{variable}}PageLinksStayInTheAppWhenAFeatureOwnsThem() {
        let composition = AppComposition()
        let bridge = composition.{{variable}}.makeMessageBridge(navigator: composition.router)
        _ = bridge.reply(to: {{name}}Fixtures.openLinkRequest)
        #expect(composition.router.externalLink?.absoluteString == "https://example.com/help")
        _ = bridge.reply(to: #"{"method": "openLink", "params": {"url": "https://example.com{{link}}"}}"#)
        #expect(composition.router.path == [.{{caseName}}])
    }
{{/web}}
{{/features}}
}

"""##),
        (path: #"shell/template.yml"#, contents: #"""
description: "shell app: the composition root, the router mapping routes to features, and the app executable (mfe init)"

"""#),
        (path: #"web/.github/workflows/ci.yml.mustache"#, contents: #"""
{{=<% %>=}}
# <%name%>'s own pipeline: build, test, and check the dependency graph with mfe.
name: <%name%>

on:
  push:
    branches: [main]
  pull_request:

jobs:
  build-and-test:
    runs-on: macos-15
    steps:
      - uses: actions/checkout@v4
      - name: Build
        run: swift build --build-tests
      - name: Test
        run: swift test
      - name: Install mfe
        # Set the repository variable MFE_REPOSITORY to where your team hosts mfe.
        run: |
          git clone --depth 1 "${{ vars.MFE_REPOSITORY }}" "$RUNNER_TEMP/mfe"
          swift build -c release --package-path "$RUNNER_TEMP/mfe" --product mfe
          echo "$RUNNER_TEMP/mfe/.build/release" >> "$GITHUB_PATH"
      - name: Lint the dependency graph
        run: mfe lint-graph --format github .

"""#),
        (path: #"web/.gitignore.mustache"#, contents: #"""
.DS_Store
/.build
/.swiftpm
/Packages
xcuserdata/
DerivedData/
Package.resolved

"""#),
        (path: #"web/Package.swift.mustache"#, contents: #"""
// swift-tools-version: {{toolsVersion}}
import PackageDescription

// {{name}}, a web µFeature: a native host for {{url}} with a JSON message
// bridge. Other features and the app see only {{name}}Interface;
// the shell wires {{name}} itself in (see mfe's DESIGN.md, "Vocabulary").
let package = Package(
    name: "{{name}}",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "{{name}}", targets: ["{{name}}"]),
        .library(name: "{{name}}Interface", targets: ["{{name}}Interface"]),
        .library(name: "{{name}}Testing", targets: ["{{name}}Testing"]),
    ],
{{#hasDependencies}}
    dependencies: [
{{#dependencyPackages}}
        .package(path: "{{path}}"),
{{/dependencyPackages}}
    ],
{{/hasDependencies}}
    targets: [
        // Public protocols, models and navigation requests: what other features may depend on.
        .target(name: "{{name}}Interface"),
        // The implementation: builder, message bridge and the WKWebView host.
        .target(
            name: "{{name}}",
            dependencies: [
                "{{name}}Interface",
{{#dependencies}}
                .product(name: "{{product}}", package: "{{package}}"),
{{/dependencies}}
            ]
        ),
        // Mocks and fixtures for tests, previews and the example app; never shipped.
        .target(
            name: "{{name}}Testing",
            dependencies: ["{{name}}Interface"]
        ),
        .testTarget(
            name: "{{name}}Tests",
            dependencies: ["{{name}}", "{{name}}Testing"]
        ),
{{#example}}
        // Runs {{name}} on its own with {{name}}Testing's data: `swift run {{name}}Example`.
        .executableTarget(
            name: "{{name}}Example",
            dependencies: ["{{name}}", "{{name}}Testing"]
        ),
{{/example}}
    ]
)

"""#),
        (path: #"web/README.md.mustache"#, contents: #"""
# {{name}}

{{name}} is a web µFeature: a native screen hosting {{url}} in a `WKWebView`,
talking to the page through a JSON message bridge, as in the hybrid web/native example.

## The bridge

The page posts a JSON request to the `messageHandler` script handler and awaits the reply:

```js
const reply = await window.webkit.messageHandlers.messageHandler.postMessage(
  JSON.stringify({ method: "infoRequest", params: { text: "Some data" } }))
// {"method":"infoResponse","result":{"message":"Some data"}}
```

| method | params | reply |
|---|---|---|
| `infoRequest` | `text` | `infoResponse` with `message` = `text` |
| `openLink` | `url` | `openLinkResponse`; the app decides where the link leads |
| anything else | | `error` with a `message` |

`{{name}}MessageBridge` is platform-neutral and tested on Linux; `{{name}}WebView` (behind
`#if canImport(WebKit)`) only passes strings through it. The web view's user agent ends in
`mobile/app`, so the page can tell it runs inside the app and hide its own header and footer.

## Targets

| target | role | depends on |
|---|---|---|
| `{{name}}Interface` | request and reply models, navigation requests, `{{name}}Dependencies` | nothing |
| `{{name}}` | `{{name}}Builder`, `{{name}}MessageBridge`, the `WKWebView` host | `{{name}}Interface`{{#dependencies}}, `{{product}}`{{/dependencies}} |
| `{{name}}Testing` | fixture messages and mocks | `{{name}}Interface` |
| `{{name}}Tests` | tests of the bridge | `{{name}}`, `{{name}}Testing` |
{{#example}}
| `{{name}}Example` | the page in a web view; on Linux, the fixture messages through the bridge | `{{name}}`, `{{name}}Testing` |
{{/example}}

## Work on it

```sh
swift build
swift test
{{#example}}
swift run {{name}}Example
{{/example}}
mfe lint-graph .
```

"""#),
        (path: #"web/Sources/{{exampleTarget}}/{{name}}ExampleApp.swift.mustache"#, contents: #"""
import {{name}}
import {{name}}Testing

#if canImport(WebKit) && canImport(SwiftUI)
import SwiftUI

/// Runs {{name}} on its own: the page in a web view, links recorded instead of followed.
@main
struct {{name}}ExampleApp: App {
    private let navigator = Recording{{name}}Navigator()

    var body: some Scene {
        WindowGroup {
            NavigationStack {
                {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeView(navigator: navigator)
            }
        }
    }
}
#else
/// Runs {{name}} on its own. Without WebKit (Linux), it plays the page's part: sends the
/// fixture messages through the bridge and prints the replies.
@main
enum {{name}}Example {
    @MainActor
    static func main() {
        let navigator = Recording{{name}}Navigator()
        let builder = {{name}}Builder(dependencies: Mock{{name}}Dependencies())
        let bridge = builder.makeMessageBridge(navigator: navigator)
        print("{{name}} hosts \(builder.pageURL.absoluteString)")
        for request in [{{name}}Fixtures.infoRequest, {{name}}Fixtures.openLinkRequest, {{name}}Fixtures.unknownRequest] {
            print("page → \(request)")
            print("app  → \(bridge.reply(to: request))")
        }
        print("Navigation asked of the app: \(navigator.requests)")
    }
}
#endif

"""#),
        (path: #"web/Sources/{{name}}/{{name}}Builder.swift.mustache"#, contents: #"""
{{#dependencies}}
import {{module}}
{{/dependencies}}
import Foundation
import {{name}}Interface

/// Builds {{name}} from the dependencies the app provides. The app keeps one builder and asks
/// it for screens; everything else in this module is internal.
public struct {{name}}Builder: Sendable {
    private let dependencies: any {{name}}Dependencies

    /// Creates a builder that takes what {{name}} needs from `dependencies`.
    public init(dependencies: any {{name}}Dependencies) {
        self.dependencies = dependencies
    }

    /// The page the web view loads.
    public var pageURL: URL { dependencies.{{variable}}PageURL }

    /// The bridge answering the page's messages; navigation requests go to `navigator`.
    @MainActor
    public func makeMessageBridge(navigator: any {{name}}Navigating) -> {{name}}MessageBridge {
        {{name}}MessageBridge(navigator: navigator)
    }
}

"""#),
        (path: #"web/Sources/{{name}}/{{name}}MessageBridge.swift.mustache"#, contents: #"""
import Foundation
import {{name}}Interface

/// Answers the web page's messages: decodes a `{"method", "params"}` request, performs it and
/// encodes a `{"method", "result"}` reply, the protocol of the hybrid web/native example. It is
/// platform-neutral and tested on Linux; the WebKit host only passes strings through it.
@MainActor
public final class {{name}}MessageBridge {
    /// The methods the page may call.
    public enum Method {
        /// Echoes `params.text` back as `result.message`: `infoRequest` → `infoResponse`.
        public static let info = "infoRequest"
        /// Asks the app to open `params.url` outside the web view: `openLink` → `openLinkResponse`.
        public static let openLink = "openLink"
    }

    private let navigator: any {{name}}Navigating

    /// Creates a bridge that hands navigation requests to `navigator`.
    public init(navigator: any {{name}}Navigating) {
        self.navigator = navigator
    }

    /// The JSON reply to the JSON `message`. Never fails: a malformed or unknown request gets
    /// an `error` reply with a `message` the page can show.
    public func reply(to message: String) -> String {
        let reply: {{name}}WebReply
        do {
            reply = handle(try JSONDecoder().decode({{name}}WebRequest.self, from: Data(message.utf8)))
        } catch {
            reply = Self.error("the message is not a {\"method\": …, \"params\": {…}} JSON object")
        }
        return Self.encode(reply)
    }

    /// The reply to `request`.
    public func handle(_ request: {{name}}WebRequest) -> {{name}}WebReply {
        switch request.method {
        case Method.info:
            return {{name}}WebReply(method: "infoResponse", result: ["message": request.params["text"] ?? ""])
        case Method.openLink:
            guard let link = request.params["url"], let url = URL(string: link), url.scheme != nil else {
                return Self.error("openLink needs params.url, an absolute URL")
            }
            navigator.navigate(to: .openLink(url))
            return {{name}}WebReply(method: "openLinkResponse", result: ["url": link])
        default:
            return Self.error("unknown method '\(request.method)'; {{name}} answers \(Method.info) and \(Method.openLink)")
        }
    }

    private static func error(_ message: String) -> {{name}}WebReply {
        {{name}}WebReply(method: "error", result: ["message": message])
    }

    private static func encode(_ reply: {{name}}WebReply) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a struct of strings cannot fail.
        let data = (try? encoder.encode(reply)) ?? Data("{\"method\":\"error\",\"result\":{}}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

"""#),
        (path: #"web/Sources/{{name}}/{{name}}WebView.swift.mustache"#, contents: #"""
#if canImport(WebKit) && canImport(SwiftUI)
import SwiftUI
import WebKit
import {{name}}Interface

/// Hosts {{name}}'s page in a `WKWebView`. The page posts JSON requests to the
/// `messageHandler` script handler and gets the bridge's JSON reply back, as in the hybrid
/// web/native example:
/// `const reply = await window.webkit.messageHandlers.messageHandler.postMessage(json)`.
@MainActor
struct {{name}}WebView {
    /// The script message handler name the page posts to.
    static let messageHandlerName = "messageHandler"
    /// Added to the user agent so the page can tell it runs inside the app.
    static let applicationNameForUserAgent = "mobile/app"

    let url: URL
    let bridge: {{name}}MessageBridge

    func makeCoordinator() -> Coordinator {
        Coordinator(bridge: bridge)
    }

    fileprivate func makeWebView(coordinator: Coordinator) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        configuration.applicationNameForUserAgent = Self.applicationNameForUserAgent
        configuration.userContentController.addScriptMessageHandler(coordinator, contentWorld: .page, name: Self.messageHandlerName)
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.load(URLRequest(url: url))
        return webView
    }

    /// Receives the page's messages and replies with the bridge's answer.
    @MainActor
    final class Coordinator: NSObject, WKScriptMessageHandlerWithReply {
        private let bridge: {{name}}MessageBridge

        init(bridge: {{name}}MessageBridge) {
            self.bridge = bridge
        }

        func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (Any?, String?) {
            guard let json = message.body as? String else {
                return (nil, "post the request as a JSON string")
            }
            return (bridge.reply(to: json), nil)
        }
    }
}

#if canImport(UIKit)
extension {{name}}WebView: UIViewRepresentable {
    func makeUIView(context: Context) -> WKWebView {
        makeWebView(coordinator: context.coordinator)
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}
}
#elseif canImport(AppKit)
extension {{name}}WebView: NSViewRepresentable {
    func makeNSView(context: Context) -> WKWebView {
        makeWebView(coordinator: context.coordinator)
    }

    func updateNSView(_ webView: WKWebView, context: Context) {}
}
#endif

extension {{name}}Builder {
    /// {{name}}'s screen: the page in a web view; navigation requests go to `navigator`.
    @MainActor
    public func makeView(navigator: any {{name}}Navigating) -> some View {
        {{name}}WebView(url: pageURL, bridge: makeMessageBridge(navigator: navigator))
            .navigationTitle("{{name}}")
    }
}
#endif

"""#),
        (path: #"web/Sources/{{name}}Interface/{{name}}Dependencies.swift.mustache"#, contents: #"""
import Foundation

/// Everything {{name}} needs from the app that hosts it, in one protocol the app's
/// composition root conforms to (the `BaseDependencies` pattern of the µFeatures guidelines).
public protocol {{name}}Dependencies: Sendable {
    /// The page {{name}} shows; by default `{{name}}Page.defaultURL`. Override it per
    /// environment (staging, production).
    var {{variable}}PageURL: URL { get }
}

extension {{name}}Dependencies {
    public var {{variable}}PageURL: URL { {{name}}Page.defaultURL }
}

/// Where {{name}}'s web content lives.
public enum {{name}}Page {
    /// The page given to `mfe create --web`; a valid absolute URL, checked when it was generated.
    public static let defaultURL = URL(string: "{{url}}")!
}

"""#),
        (path: #"web/Sources/{{name}}Interface/{{name}}Navigation.swift.mustache"#, contents: #"""
import Foundation

/// Navigation {{name}}'s page asks for but the native app performs: the app decides whether a
/// link opens a native screen or the browser (the delegated navigation of the µFeatures
/// guidelines).
public enum {{name}}NavigationRequest: Hashable, Sendable {
    /// The page asked to open `url` outside the web view.
    case openLink(URL)
}

/// Performs {{name}}'s navigation requests: the app's router or coordinator conforms to it.
@MainActor
public protocol {{name}}Navigating: AnyObject {
    /// Performs `request`.
    func navigate(to request: {{name}}NavigationRequest)
}

"""#),
        (path: #"web/Sources/{{name}}Interface/{{name}}WebMessages.swift.mustache"#, contents: #"""
/// A request the web page sends to the native app, as JSON:
/// `{"method": "infoRequest", "params": {"text": "Some data"}}`.
public struct {{name}}WebRequest: Codable, Hashable, Sendable {
    /// What the page asks for, e.g. `infoRequest`.
    public var method: String
    /// The request's arguments.
    public var params: [String: String]

    /// Creates a request.
    public init(method: String, params: [String: String] = [:]) {
        self.method = method
        self.params = params
    }
}

/// The native app's answer to a `{{name}}WebRequest`, as JSON:
/// `{"method": "infoResponse", "result": {"message": "Some data"}}`.
public struct {{name}}WebReply: Codable, Hashable, Sendable {
    /// What this answers, e.g. `infoResponse`, or `error`.
    public var method: String
    /// The answer's values.
    public var result: [String: String]

    /// Creates a reply.
    public init(method: String, result: [String: String] = [:]) {
        self.method = method
        self.result = result
    }
}

"""#),
        (path: #"web/Sources/{{name}}Testing/{{name}}Fixtures.swift.mustache"#, contents: ##"""
/// Messages a web page sends, as JSON, for tests and the example app.
public enum {{name}}Fixtures {
    /// The hybrid example's request: answered with `{"method":"infoResponse","result":{"message":"Some data"}}`.
    public static let infoRequest = #"{"method": "infoRequest", "params": {"text": "Some data"}}"#
    /// Asks the app to open a link outside the web view.
    public static let openLinkRequest = #"{"method": "openLink", "params": {"url": "https://example.com/help"}}"#
    /// A method the bridge does not know.
    public static let unknownRequest = #"{"method": "reticulateSplines", "params": {}}"#
    /// Not a request at all.
    public static let malformedRequest = #"["infoRequest"]"#
}

"""##),
        (path: #"web/Sources/{{name}}Testing/{{name}}Mocks.swift.mustache"#, contents: #"""
import Foundation
import {{name}}Interface

/// `{{name}}Dependencies` for tests and the example app.
public struct Mock{{name}}Dependencies: {{name}}Dependencies {
    /// The page to show.
    public var {{variable}}PageURL: URL

    /// Creates dependencies showing `pageURL` (by default the real page).
    public init(pageURL: URL = {{name}}Page.defaultURL) {
        {{variable}}PageURL = pageURL
    }
}

/// Records {{name}}'s navigation requests instead of performing them.
@MainActor
public final class Recording{{name}}Navigator: {{name}}Navigating {
    /// The requests received, oldest first.
    public private(set) var requests: [{{name}}NavigationRequest] = []

    /// Creates a navigator with no requests yet.
    public init() {}

    public func navigate(to request: {{name}}NavigationRequest) {
        requests.append(request)
    }
}

"""#),
        (path: #"web/Tests/{{name}}Tests/{{name}}MessageBridgeTests.swift.mustache"#, contents: ##"""
import Foundation
import {{name}}
import {{name}}Testing
import Testing

@MainActor
@Suite("{{name}} message bridge")
struct {{name}}MessageBridgeTests {
    private let navigator = Recording{{name}}Navigator()

    private var bridge: {{name}}MessageBridge {
        {{name}}Builder(dependencies: Mock{{name}}Dependencies()).makeMessageBridge(navigator: navigator)
    }

    @Test func answersAnInfoRequestAsTheHybridExampleDoes() {
        #expect(bridge.reply(to: {{name}}Fixtures.infoRequest) == #"{"method":"infoResponse","result":{"message":"Some data"}}"#)
    }

    @Test func delegatesLinksToTheApp() {
        #expect(bridge.reply(to: {{name}}Fixtures.openLinkRequest) == #"{"method":"openLinkResponse","result":{"url":"https://example.com/help"}}"#)
        #expect(navigator.requests == [.openLink(URL(string: "https://example.com/help")!)])
    }

    @Test(arguments: [{{name}}Fixtures.unknownRequest, {{name}}Fixtures.malformedRequest, #"{"method": "openLink", "params": {}}"#])
    func answersBadRequestsWithAnError(request: String) {
        #expect(bridge.reply(to: request).hasPrefix(#"{"method":"error","result":{"message":"#))
        #expect(navigator.requests.isEmpty)
    }

    @Test func loadsThePageTheAppChooses() {
        let staging = URL(string: "https://staging.example.com/{{variable}}")!
        #expect({{name}}Builder(dependencies: Mock{{name}}Dependencies(pageURL: staging)).pageURL == staging)
        #expect({{name}}Builder(dependencies: Mock{{name}}Dependencies()).pageURL.absoluteString == "{{url}}")
    }
}

"""##),
        (path: #"web/mfe.yml.mustache"#, contents: #"""
feature: {{name}}
layer: {{layer}}

"""#),
        (path: #"web/template.yml"#, contents: #"""
description: "web µFeature: a WKWebView host with a JSON message bridge, in the five targets (mfe create NAME --web URL)"

"""#),
        (path: #"workspace/.github/workflows/ci.yml.mustache"#, contents: #"""
{{=<% %>=}}
# Builds and tests every package of the <%workspace%> workspace, and checks its dependency graph.
name: <%workspace%>

on:
  push:
    branches: [main]
  pull_request:

jobs:
  lint-graph:
    runs-on: macos-15
    steps:
      - uses: actions/checkout@v4
      - name: Install mfe
        # Set the repository variable MFE_REPOSITORY to where your team hosts mfe.
        run: |
          git clone --depth 1 "${{ vars.MFE_REPOSITORY }}" "$RUNNER_TEMP/mfe"
          swift build -c release --package-path "$RUNNER_TEMP/mfe" --product mfe
          echo "$RUNNER_TEMP/mfe/.build/release" >> "$GITHUB_PATH"
      - name: Lint the dependency graph
        run: mfe lint-graph --format github

  build-and-test:
    runs-on: macos-15
    steps:
      - uses: actions/checkout@v4
      - name: Build and test every package
        run: |
          for manifest in Foundation/*/Package.swift Features/*/Package.swift <%shellFolder%>/Package.swift; do
            [ -f "$manifest" ] || continue
            package=$(dirname "$manifest")
            echo "::group::$package"
            swift build --build-tests --package-path "$package"
            swift test --package-path "$package"
            echo "::endgroup::"
          done

"""#),
        (path: #"workspace/.gitignore.mustache"#, contents: #"""
.DS_Store
.build/
.swiftpm/
/Packages
xcuserdata/
DerivedData/

"""#),
        (path: #"workspace/README.md.mustache"#, contents: #"""
# {{workspace}}

One app built from independently owned µFeatures, organised as mfe lays them out:

| folder | layer | what |
|---|---|---|
| `Foundation/` | foundation | shared tools features build on |
| `Features/` | product | user-facing features; they use each other only through `…Interface` |
| `{{shellFolder}}/` | shell | the app that composes the features, the only thing released |

{{#hasPackages}}
| package | folder |
|---|---|
{{#packages}}
| {{name}} | `{{folder}}` |
{{/packages}}
| {{workspace}} (shell) | `{{shellFolder}}` |

{{/hasPackages}}
## Work on it

```sh
mfe create Search                         # a product µFeature in Features/Search
mfe create Core --layer foundation        # a foundation µFeature in Foundation/Core
mfe create Home --dependency Core --dependency Search
mfe lint-graph                            # check the layered dependency graph
swift run --package-path {{shellFolder}} {{workspace}}App
```

Each package builds and tests on its own: `swift test --package-path Features/Search`.

"""#),
        (path: #"workspace/mfe.yml.mustache"#, contents: #"""
# The {{workspace}} workspace: its packages, their layers and its shell app.
# Each package's own mfe.yml gives its layer (feature: NAME, layer: product|foundation).
workspace: {{workspace}}
packages:
  - Foundation/*
  - Features/*
  - {{shellFolder}}
shell:
  path: {{shellFolder}}

"""#),
        (path: #"workspace/template.yml"#, contents: #"""
description: "workspace root: mfe.yml, README, .gitignore and a CI workflow for every package (mfe init)"

"""#),
    ]
}

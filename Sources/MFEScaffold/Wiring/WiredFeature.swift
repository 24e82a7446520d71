/// A new µFeature as the shell wires it in: its route, and the declarations the shell adds for
/// it (its dependencies satisfied, its navigation performed, its builder, its tab, its test and
/// its part of the Linux walk-through). The text is what the shell template writes for a
/// feature `mfe init` wires, so a feature created later is wired the same way.
struct WiredFeature: Equatable {
    /// A foundation package whose base dependencies the feature's `…Dependencies` refines, so the
    /// composition root must supply them (the `BaseDependencies` pattern).
    struct Base: Equatable {
        /// The protocol, its live type and its requirements.
        var dependencies: BaseDependencies
        /// The module to import, e.g. `Core`.
        var module: String { dependencies.module }
        /// The base protocol, e.g. `CoreBaseDependencies`.
        var protocolName: String { dependencies.protocolName }
        /// The composition root's property holding the live tools: `coreServices`.
        var property: String { dependencies.variable + "Services" }
    }

    var name: String
    var web: Bool
    var model: String
    var models: String
    var modelsVariable: String
    var samples: [FeatureSpecification.Sample]
    /// The link path the router maps to the feature: `/search`.
    var link: String
    var bases: [Base] = []
    /// Whether `AppRouter` already has `opensInApp(_:)`, which every web feature's
    /// `…Navigating` requires: the shell template declares it in the class, and a shell mfe
    /// wrote before has it in its first web feature's extension. A second copy is an invalid
    /// redeclaration, so the shell would stop compiling.
    var routerOpensInApp = false
    /// Whether the web feature's page is on the local network, so the shell app must say why
    /// it reaches it.
    var pageOnLocalNetwork = false

    init(_ specification: FeatureSpecification) {
        name = specification.name
        web = specification.webURL != nil
        model = specification.model
        models = FeatureSpecification.plural(of: specification.model)
        modelsVariable = models.lowerCamelCased
        samples = specification.samples
        link = "/" + ShellSpecification.slug(specification.name)
        bases = specification.bases.map { Base(dependencies: $0.base) }
        pageOnLocalNetwork = specification.pageOnLocalNetwork
    }

    /// The feature's route case and builder property: `search`, back-quoted when a keyword.
    var caseName: String {
        let lower = name.lowerCamelCased
        return NameValidation.keywords.contains(lower) ? "`\(lower)`" : lower
    }

    /// `search`: the start of the feature's property and test names.
    var variable: String { name.lowerCamelCased }

    /// The composition root's property holding the feature's repository, which a test
    /// replaces (none for a web feature).
    var repositoryProperty: (name: String, declaration: String)? {
        guard !web else { return nil }
        return (
            variable + "Repository",
            """
            /// Where \(name) gets its \(models): sample data until \(name) is wired to a backend.
            public var \(variable)Repository: any \(name)Repository = InMemory\(name)Repository(\(modelsVariable): AppDependencies.sample\(models))
            """
        )
    }

    /// The composition root's conformance to the feature's `…Dependencies`.
    var dependenciesConformance: String {
        if web {
            return """
                /// \(name) shows its default page; override `\(variable)PageURL` here per environment.
                extension AppDependencies: \(name)Dependencies {}
                """
        }
        let samples = self.samples.map { sample in
            "        \(model)(id: \"\(FeatureSpecification.swiftString(sample.id))\", title: \"\(FeatureSpecification.swiftString(sample.title))\", subtitle: \"\(FeatureSpecification.swiftString(sample.subtitle))\"),\n"
        }.joined()
        return """
            extension AppDependencies: \(name)Dependencies {
                public func make\(name)Repository() -> any \(name)Repository {
                    \(variable)Repository
                }
            }

            extension AppDependencies {
                /// The \(models) the app shows until \(name) is wired to a backend.
                static let sample\(models): [\(model)] = [
            \(samples)    ]
            }
            """
    }

    /// The router's conformance to the feature's `…Navigating`.
    var navigatingConformance: String {
        if web {
            let opensInApp =
                routerOpensInApp
                ? ""
                : """


                    public func opensInApp(_ url: URL) -> Bool {
                        route(for: url.absoluteString) != nil
                    }
                """
            return """
                extension AppRouter: \(name)Navigating {
                    public func navigate(to request: \(name)NavigationRequest) {
                        switch request {
                        case .openLink(let url):
                            open(url)
                        }
                    }\(opensInApp)
                }
                """
        }
        return """
            extension AppRouter: \(name)Navigating {
                public func navigate(to request: \(name)NavigationRequest) {
                    switch request {
                    case .open\(model):
                        // No screen shows a single \(model) yet; route this request once one does.
                        break
                    }
                }
            }
            """
    }

    /// The composition's builder property, indented one level.
    func builderProperty(indent: String) -> String {
        "\(indent)/// Builds \(name).\n\(indent)public var \(caseName): \(name)Builder {\n\(indent)    \(name)Builder(dependencies: dependencies)\n\(indent)}"
    }

    /// The root view's tab of the feature, titled and drawn as the feature says.
    func tab(indent unit: String) -> String {
        "screen(for: .\(caseName))\n\(unit).tabItem { Label(composition.\(caseName).title, systemImage: composition.\(caseName).systemImage) }"
    }

    /// What `swift run WORKSPACEApp` prints of the feature on Linux: its route, what it shows
    /// and where selecting leads.
    var walkThrough: String {
        if web {
            return #"print("\#(link) → \#(name): hosts \(composition.\#(caseName).pageURL.absoluteString)")"#
        }
        return #"""
            do {
                let model = composition.\#(caseName).makeModel(navigator: composition.router)
                await model.load()
                if case .loaded(let \#(modelsVariable)) = model.state, let first = \#(modelsVariable).first {
                    print("\#(link) → \#(name): \(\#(modelsVariable).count) \#(models)")
                    model.select(first)
                    let shown = composition.router.path.map { "\($0)" }
                    print("  selecting '\(first.title)' \(shown.isEmpty ? "stays on \#(name)" : "shows " + shown.joined(separator: ", "))")
                    composition.router.show(.root)
                } else {
                    print("\#(link) → \#(name): \(model.state)")
                }
            }
            """#
    }

    /// The shell's test of the feature's route and wiring, a member of `AppCompositionTests`.
    var compositionTest: (name: String, declaration: String) {
        if web {
            return (
                variable + "PageLinksStayInTheAppWhenAFeatureOwnsThem",
                #"""
                @Test func \#(variable)PageLinksStayInTheAppWhenAFeatureOwnsThem() {
                    let composition = AppComposition(router: AppRouter(hosts: ["example.com"]))
                    #expect(composition.router.route(for: "\#(link)") == .\#(caseName))
                    let bridge = composition.\#(caseName).makeMessageBridge(navigator: composition.router)
                    bridge.noteUserActivation()
                    _ = bridge.reply(to: \#(name)Fixtures.openLinkRequest)
                    #expect(composition.router.externalLink?.absoluteString == "https://example.com/help")
                    bridge.noteUserActivation()
                    _ = bridge.reply(to: #"{"method": "openLink", "params": {"url": "https://example.com\#(link)"}}"#)
                    #expect(composition.router.selectedTab == .\#(caseName))
                    #expect(composition.router.path.isEmpty)
                }
                """#
            )
        }
        return (
            variable + "LeadsWhereTheRouterDecides",
            #"""
            @Test func \#(variable)LeadsWhereTheRouterDecides() async throws {
                let router = AppRouter()
                #expect(router.route(for: "\#(link)") == .\#(caseName))
                #expect(router.route(for: "\(router.scheme):/\#(link)") == .\#(caseName))
                var dependencies = AppDependencies()
                dependencies.\#(variable)Repository = Stub\#(name)Repository()
                let composition = AppComposition(dependencies: dependencies)
                let model = composition.\#(caseName).makeModel(navigator: composition.router)
                await model.load()
                #expect(model.state == .loaded(\#(name)Fixtures.\#(modelsVariable)))
                model.select(try #require(\#(name)Fixtures.\#(modelsVariable).first))
                #expect(composition.router.path.isEmpty)
            }
            """#
        )
    }

    /// The composition root's property holding a foundation package's live tools, made with
    /// the app's dependencies and replaced by a test like any other.
    static func baseProperty(_ base: Base) -> (name: String, declaration: String) {
        (
            base.property,
            """
            /// \(base.module)'s live tools, shared by every feature; configure them here, or hand a test its own.
            public var \(base.property): any \(base.protocolName) = \(base.dependencies.liveType)()
            """
        )
    }

    /// The composition root's conformance to a foundation package's base dependencies: each
    /// requirement forwarded to the instance in `baseProperty`.
    static func baseConformance(_ base: Base) -> String {
        let tools = base.dependencies
        guard !tools.requirements.isEmpty else { return "extension AppDependencies: \(tools.protocolName) {}" }
        return """
            extension AppDependencies: \(tools.protocolName) {
            \(tools.members(forwardingTo: base.property, indent: "    "))
            }
            """
    }
}

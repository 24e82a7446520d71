/// A new µFeature as the shell wires it in: its route, and the declarations the shell adds for
/// it (its dependencies satisfied, its navigation performed, its builder, its tab).
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

    init(_ specification: FeatureSpecification) {
        name = specification.name
        web = specification.webURL != nil
        model = specification.model
        models = FeatureSpecification.plural(of: specification.model)
        modelsVariable = models.lowerCamelCased
        samples = specification.samples
        link = "/" + ShellSpecification.slug(specification.name)
        bases = specification.bases.map { Base(dependencies: $0.base) }
    }

    /// The feature's route case and builder property: `search`, back-quoted when a keyword.
    var caseName: String {
        let lower = name.lowerCamelCased
        return NameValidation.keywords.contains(lower) ? "`\(lower)`" : lower
    }

    /// The composition root's conformance to the feature's `…Dependencies`.
    var dependenciesConformance: String {
        if web {
            return """
                /// \(name) shows its default page; override `\(name.lowerCamelCased)PageURL` here per environment.
                extension AppDependencies: \(name)Dependencies {}
                """
        }
        let samples = self.samples.map { sample in
            "            \(model)(id: \"\(FeatureSpecification.swiftString(sample.id))\", title: \"\(FeatureSpecification.swiftString(sample.title))\", subtitle: \"\(FeatureSpecification.swiftString(sample.subtitle))\"),\n"
        }.joined()
        return """
            extension AppDependencies: \(name)Dependencies {
                /// Where \(name) gets its \(models): sample data until \(name) is wired to a backend.
                public func make\(name)Repository() -> any \(name)Repository {
                    InMemory\(name)Repository(\(modelsVariable): [
            \(samples)        ])
                }
            }
            """
    }

    /// The router's conformance to the feature's `…Navigating`.
    var navigatingConformance: String {
        let handling =
            web
            ? "        case .openLink(let url):\n            open(url)\n"
            : "        case .open\(model):\n            // No screen shows a single \(model) yet; route this request once one does.\n            break\n"
        return """
            extension AppRouter: \(name)Navigating {
                public func navigate(to request: \(name)NavigationRequest) {
                    switch request {
            \(handling)        }
                }
            }
            """
    }

    /// The composition's builder property, indented one level.
    func builderProperty(indent: String) -> String {
        "\(indent)/// Builds \(name).\n\(indent)public var \(caseName): \(name)Builder {\n\(indent)    \(name)Builder(dependencies: dependencies)\n\(indent)}"
    }

    /// The composition root's conformance to a foundation package's base dependencies: the live
    /// tools made once, and each requirement forwarded to them.
    static func baseConformance(_ base: Base) -> String {
        let tools = base.dependencies
        return """
            extension AppDependencies: \(tools.protocolName) {
                /// \(tools.module)'s live tools, made once and shared by every feature; configure them here.
                static let \(tools.variable) = \(tools.liveType)()\(tools.requirements.isEmpty ? "" : "\n\n" + tools.members(forwardingTo: "Self." + tools.variable, indent: "    "))
            }
            """
    }
}

import Foundation
import MFECore
import MFEWorkspace

/// A µFeature to scaffold, fully resolved: the value a package template renders.
package struct FeatureSpecification: Sendable, Equatable {
    /// A sample value for fixtures and the shell's starting data.
    package struct Sample: Sendable, Equatable {
        /// The sample's identifier.
        package var id: String
        /// Its title.
        package var title: String
        /// Its one-line description.
        package var subtitle: String

        /// Creates a sample.
        package init(id: String, title: String, subtitle: String) {
            self.id = id
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// The package and main target name, e.g. `Search`.
    package var name: String
    /// Its layer: `product` or `foundation`.
    package var layer: Layer
    /// The template it is rendered from (`feature`, `foundation`, `web`, or a team's).
    package var template: String
    /// The name of the model type the feature shows, e.g. `SearchItem` or `Restaurant`.
    package var model: String
    /// Sample values of the model.
    package var samples: [Sample]
    /// Whether to generate the `NAMEExample` executable.
    package var example: Bool
    /// The web page of a web feature.
    package var webURL: String?
    /// Dependencies on other workspace packages.
    package var dependencies: [FeatureDependency]
    /// The product feature a selected item opens in the shell (Browse opens RestaurantOrder);
    /// nil to stay in the feature.
    package var opens: String?
    /// The platforms and minimum versions of `Package.swift`; with iOS among them, the example
    /// app also gets an iOS app target in an Xcode project.
    package var platforms: [PlatformRequirement]
    /// A foundation package's kind: which tool the foundation template writes.
    package var kind: FoundationKind = .logging
    /// Whether the package lives in its own repository (created outside a workspace), and so
    /// gets its own CI workflow; inside a workspace, the workspace's one workflow covers it.
    package var ownRepository: Bool

    /// Creates a specification.
    package init(
        name: String,
        layer: Layer,
        template: String,
        model: String? = nil,
        samples: [Sample]? = nil,
        example: Bool,
        webURL: String? = nil,
        dependencies: [FeatureDependency] = [],
        opens: String? = nil,
        platforms: [PlatformRequirement] = PlatformRequirement.defaults,
        ownRepository: Bool = false
    ) {
        self.name = name
        self.layer = layer
        self.template = template
        self.model = model ?? name + "Item"
        self.samples =
            samples ?? [
                Sample(id: "1", title: "First \(name) item", subtitle: "Sample data from \(name)Testing"),
                Sample(id: "2", title: "Second \(name) item", subtitle: "Replace with real fixtures"),
                Sample(id: "3", title: "Third \(name) item", subtitle: "Shown by tests and the example app"),
            ]
        self.example = example
        self.webURL = webURL
        self.dependencies = dependencies
        self.opens = opens
        self.platforms = platforms
        self.ownRepository = ownRepository
    }

    /// The targets the package declares, in the order the templates declare them.
    package var targetNames: [String] {
        var names = [name]
        if layer == .product { names.append(name + "Interface") }
        names += [name + "Testing", name + "Tests"]
        if example { names.append(name + "Example") }
        return names
    }

    /// The values templates see: `{{name}}`, `{{model}}`, `{{#dependencies}}`, ...
    package var templateContext: [String: Any] {
        var packages: [FeatureDependency] = []
        for dependency in dependencies where !packages.contains(where: { $0.path == dependency.path }) { packages.append(dependency) }
        var context: [String: Any] = [
            "name": name,
            "variable": name.lowerCamelCased,
            "layer": layer.rawValue,
            "model": model,
            "modelVariable": model.lowerCamelCased,
            "models": Self.plural(of: model),
            "modelsVariable": Self.plural(of: model).lowerCamelCased,
            "samples": samples.map { ["id": Self.swiftString($0.id), "title": Self.swiftString($0.title), "subtitle": Self.swiftString($0.subtitle)] },
            "example": example,
            "exampleTarget": example ? name + "Example" : "",
            "product": layer == .product,
            "foundation": layer == .foundation,
            "toolsVersion": "6.0",
            "dependencies": dependencies.map(\.templateContext),
            "hasDependencies": !dependencies.isEmpty,
            "bases": bases.compactMap(\.dependency.baseTemplateContext),
            "hasBases": !bases.isEmpty,
            "dependenciesInheritance": (bases.map(\.base.protocolName) + ["Sendable"]).joined(separator: ", "),
            "dependencyPackages": packages.map { ["path": Self.swiftString($0.path), "release": $0.release.map(Self.swiftString) ?? false] as [String: Any] },
            "targets": targetNames,
            "platforms": platforms.manifestList,
            "iosAppFolder": iOSApp?.sourcesFolder ?? "",
            "iosApp": iOSApp != nil,
            "projectName": iOSApp?.projectName ?? "",
            "targetName": iOSApp?.targetName ?? "",
            "ciFolder": ownRepository ? ".github" : "",
            "mfeRepository": GeneratedCI.mfeRepository,
            "systemImage": systemImage,
        ]
        if let webURL { context["url"] = Self.swiftString(webURL) }
        context.merge(kind.templateContext) { _, kind in kind }
        context.merge(GeneratedCI.templateContext) { own, _ in own }
        return context
    }

    /// The dependencies whose base protocols the feature's `…Dependencies` refines (product
    /// features only: a foundation package vends tools, it takes none from the app).
    package var bases: [(dependency: FeatureDependency, base: BaseDependencies)] {
        guard layer == .product else { return [] }
        return dependencies.compactMap { dependency in dependency.base.map { (dependency, $0) } }
    }

    /// The Xcode project and iOS app target of the example app: only with an example and iOS
    /// among the platforms.
    package var iOSApp: XcodeAppProject.AppRequest? {
        guard example, layer == .product, let iOS = platforms.iOS else { return nil }
        return XcodeAppProject.AppRequest(
            projectName: name + "Example", targetName: name + "ExampleApp", deploymentTarget: iOS.deploymentTarget, hostsWebContent: webURL != nil, usesLocalNetwork: pageOnLocalNetwork,
            iconName: name)
    }

    /// Whether the web feature's page is on the local network, where iOS asks the user before
    /// the app may reach it: a `.local` (Bonjour) or single-label host, or a private,
    /// link-local or unique-local address. `localhost` and loopback addresses are the device
    /// itself, which iOS does not ask about.
    package var pageOnLocalNetwork: Bool {
        guard let webURL, let host = URLComponents(string: webURL)?.host?.lowercased().trimmingCharacters(in: ["[", "]", "."]), !host.isEmpty else { return false }
        if host == "localhost" || host.hasSuffix(".localhost") { return false }
        if host.contains(":") {
            // IPv6: link-local fe80::/10, unique-local fc00::/7; not loopback ::1.
            return host.hasPrefix("fe8") || host.hasPrefix("fe9") || host.hasPrefix("fea") || host.hasPrefix("feb") || host.hasPrefix("fc") || host.hasPrefix("fd")
        }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        if octets.count == 4, octets.allSatisfy({ $0.map { (0...255).contains($0) } ?? false }) {
            let (first, second) = (octets[0] ?? 0, octets[1] ?? 0)
            return first == 10 || (first == 172 && (16...31).contains(second)) || (first == 192 && second == 168) || (first == 169 && second == 254)
        }
        return host.hasSuffix(".local") || !host.contains(".")
    }

    /// The SF Symbol of the feature's tab: one its name suggests (`Search` → `magnifyingglass`),
    /// a globe for a web feature, else one of a few neutral symbols picked by the name, so
    /// every tab of the shell looks different and the same name always gets the same symbol.
    package var systemImage: String {
        let words = ShellSpecification.slug(name).split(separator: "-").map(String.init)
        for word in words.reversed() {
            if let symbol = Self.symbolsByWord[word] ?? Self.symbolsByWord[String(word.dropLast())] { return symbol }
        }
        if webURL != nil { return "globe" }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Self.neutralSymbols[Int(hash % UInt32(Self.neutralSymbols.count))]
    }

    /// SF Symbols (each in SF Symbols 5 or earlier: iOS 17 and macOS 14 have them) for words
    /// feature names use.
    static let symbolsByWord: [String: String] = [
        "about": "info.circle", "account": "person.crop.circle", "basket": "cart", "browse": "square.grid.2x2", "calendar": "calendar", "cart": "cart", "chat": "bubble.left.and.bubble.right",
        "checkout": "creditcard", "discover": "sparkles", "event": "calendar", "explore": "safari", "favorite": "heart", "feed": "newspaper", "help": "questionmark.circle",
        "history": "clock", "home": "house", "inbox": "tray", "library": "books.vertical", "map": "map", "message": "envelope", "news": "newspaper", "note": "note.text",
        "notification": "bell", "order": "bag", "payment": "creditcard", "photo": "photo", "profile": "person.crop.circle", "search": "magnifyingglass", "setting": "gearshape",
        "settings": "gearshape", "shop": "bag", "store": "bag", "support": "questionmark.circle", "wallet": "creditcard",
    ]

    /// Symbols for a name that suggests none.
    static let neutralSymbols = ["square.grid.2x2", "star", "bookmark", "folder", "tag", "flag", "doc.text", "circle.grid.2x2", "rectangle.stack", "square.stack"]

    /// The English plural of a type name, for names like `fetchRestaurants()`:
    /// `Category` → `Categories`, `Box` → `Boxes`, `MenuItem` → `MenuItems`.
    static func plural(of name: String) -> String {
        let lower = name.lowercased()
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) {
            return name.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: { lower.hasSuffix($0) }) { return name + "es" }
        return name + "s"
    }

    /// `text` escaped for use inside a Swift (and JSON, YAML double-quoted) string literal.
    static func swiftString(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}

/// A dependency of a new µFeature on a workspace package, as `Package.swift` writes it.
package struct FeatureDependency: Sendable, Equatable {
    /// The name given with `--dependency`.
    package var requested: String
    /// The path of the package, relative to the new package (`../../Foundation/Core`).
    package var path: String
    /// The package argument of `.product(name:package:)`: the folder name, SwiftPM's identity.
    package var package: String
    /// The library product depended on: `Core`, `SearchInterface`.
    package var product: String
    /// The module to import: the product's target with that name, else its first target.
    package var module: String
    /// The layer of the package depended on.
    package var layer: Layer?
    /// The release required from the package's own git repository (`from: "1.0.0"`, with
    /// `path` as a relative URL), when it is one; nil for a local `.package(path:)`.
    package var release: String?
    /// The package's folder relative to the workspace root: `Foundation/Core`.
    package var directory: String?
    /// The base dependencies the module declares, which the new feature's `…Dependencies`
    /// refines (a foundation package only).
    package var base: BaseDependencies?

    /// Creates a dependency.
    package init(
        requested: String, path: String, package: String, product: String, module: String? = nil, layer: Layer?, release: String? = nil, directory: String? = nil, base: BaseDependencies? = nil
    ) {
        self.requested = requested
        self.path = path
        self.package = package
        self.product = product
        self.module = module ?? product
        self.layer = layer
        self.release = release
        self.directory = directory
        self.base = base
    }

    var templateContext: [String: Any] {
        ["requested": requested, "path": FeatureSpecification.swiftString(path), "package": FeatureSpecification.swiftString(package), "product": product, "module": module]
    }
}

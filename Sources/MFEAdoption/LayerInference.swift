import MFEManifest
import MFEWorkspace

/// Infers each feature's layer for `mfe init --adopt`, from its name and from the target graph,
/// and says why, for the comment on its line in the written `mfe.yml`.
///
/// Names come first: an app or an `App…` composition root is the shell; `…Feature` (or the
/// suffix most features of a monorepo package share, e.g. `…UI`) is product; `Core`, `Common`,
/// `Shared`, `DesignSystem`, `Networking`, `…Client`, `Models`, `Utils`, … (or a package under a
/// `Foundation/` or `Shared/` folder) is foundation, and `…Kit` / `…UI` is foundation when
/// something depends on it. Then the graph: what a foundation feature depends on is foundation;
/// what nothing depends on sits high (a user-facing feature when it has UI, the shell when it
/// composes product features); what several features depend on sits low (a feature with UI
/// that one or two others open stays product). Last, a feature named
/// like foundation that depends on a product feature moves up, so the inference never invents
/// a `foundation-to-upper` finding.
///
/// Complexity: O(F + E) per pass over F features and E dependencies, at most F passes.
struct LayerInference {
    /// A feature's inferred layer and the reason.
    struct Decision: Equatable {
        var layer: Layer
        var reason: String
    }

    let graph: TargetGraph
    /// The targets whose sources import SwiftUI, UIKit or AppKit.
    let uiTargets: Set<Int>
    /// The Xcode application targets (nodes), nil when the workspace has none. With them,
    /// only an application is the shell: any other executable (an app extension, a widget, a
    /// watch app, a command-line tool, an aggregate target, a SwiftPM executable) belongs to
    /// the application that embeds it, or is tooling. Without them, an executable nothing
    /// depends on is the app (a SwiftPM shell).
    var applications: Set<Int>? = nil

    static let shellLastWords: Set<String> = ["Feature", "Core", "Root", "Shell", "Main", "Composition", "Coordinator"]
    static let productWords: Set<String> = ["Feature", "Features", "View", "Page", "Screen", "Scene"]
    static let siblingFeatureWords: Set<String> = ["UI", "Feature", "View", "Views", "Screen", "Scene", "Module", "Flow"]
    static let foundationWords: Set<String> = [
        "Core", "Common", "Shared", "Foundation", "Foundations", "Utils", "Utilities", "Util", "Helpers", "Helper",
        "Extensions", "Extension", "Networking", "Network", "Models", "Model", "Domain", "Localization", "Strings",
        "Resources", "Assets", "Logger", "Logging", "Log", "Persistence", "Database", "Storage", "Analytics", "Env",
        "Environment", "Crypto", "Styleguide", "Theme", "Design", "SDK", "Support",
    ]
    static let foundationLastWords: Set<String> = ["Client", "API", "Api"]
    static let weakFoundationLastWords: Set<String> = ["Kit", "UI", "Components"]
    static let foundationFolders: Set<String> = ["Foundation", "Foundations", "Core", "Shared", "Common", "Base"]
    static let productFolders: Set<String> = ["Features", "Feature"]

    /// The decision for every feature of `graph`, by index in `graph.features`.
    func infer() -> [Decision] {
        let count = graph.features.count
        var dependencies = [Set<Int>](repeating: [], count: count)
        var dependents = [Set<Int>](repeating: [], count: count)
        // The features whose test bundles depend on a feature (not counted as its dependents).
        var testDependents = [Set<Int>](repeating: [], count: count)
        for edge in graph.edges {
            let from = graph.nodes[edge.from].feature
            let to = graph.nodes[edge.to].feature
            guard from != to else { continue }
            guard [.source, .interface].contains(graph.nodes[edge.from].role) else {
                if graph.nodes[edge.from].role == .tests { testDependents[to].insert(from) }
                continue
            }
            dependencies[from].insert(to)
            dependents[to].insert(from)
        }
        let programs = programFeatures()
        let siblingWords = siblingFeatureWords()
        let brands = brandWords()
        var decisions = [Decision?](repeating: nil, count: count)
        func name(_ feature: Int) -> String { graph.features[feature].name }
        func list(_ features: some Collection<Int>) -> String {
            let names = features.map(name).sorted()
            return names.count <= 3 ? names.joined(separator: ", ") : names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more"
        }
        // Features with no module of their own to build on: tests, examples and test doubles
        // only (`IntegrationTestHelpers` makes a stem `Integration` that is no module). They
        // sit with what they test or support, and are never "a library the app uses".
        let testOnly = (0..<count).map { feature in graph.features[feature].targets.allSatisfy { [.tests, .example, .testing].contains(graph.nodes[$0].role) } }

        // Names.
        var weak: Set<Int> = []
        for feature in 0..<count where !testOnly[feature] {
            let words = Self.words(name(feature))
            let isRoot = dependents[feature].isEmpty
            let folder = parentFolder(of: feature)
            let kinds = Set(graph.features[feature].targets.map { graph.nodes[$0].kind })
            if kinds == [.binary] {
                // A prebuilt framework has no code of ours to layer: it is a library that
                // features link, never a feature (so never one missing an interface).
                decisions[feature] = Decision(layer: .foundation, reason: "a prebuilt framework (.binaryTarget): a library that features link")
            } else if kinds.isSubset(of: [.plugin, .test]) {
                decisions[feature] = Decision(layer: .foundation, reason: "a package plugin: build or command tooling, not part of the app")
            } else if let hosts = programs[feature], !hosts.isEmpty {
                // What the app ships: never foundation for a name like `…Extension`, and nothing
                // it uses is foundation because of it. Product, not shell, while it is a feature
                // of its own: the app embedding a shell feature would "depend on the shell".
                decisions[feature] = Decision(layer: .product, reason: "embedded in \(list(hosts)): an extension, widget or watch app the app ships")
            } else if programs[feature] != nil {
                decisions[feature] = Decision(layer: .foundation, reason: "a tool or aggregate target no app embeds: tooling, never the shell")
            } else if isRoot && isApp(feature) && !testDependents[feature].isEmpty {
                // An app that only other features' tests build (apple-browsers'
                // sandbox-test-tool): a test helper, never the shell the tests would depend on.
                decisions[feature] = Decision(layer: .foundation, reason: "an app only the tests of \(list(testDependents[feature])) use: test tooling, never the shell")
            } else if isRoot && isApp(feature) {
                decisions[feature] = Decision(layer: .shell, reason: "an app: an executable nothing in the workspace depends on")
            } else if isRoot && !dependencies[feature].isEmpty && (words == ["App"] || words.last == "App" || (words.first == "App" && Self.shellLastWords.contains(words.last ?? ""))) {
                decisions[feature] = Decision(layer: .shell, reason: "the composition root: named like an app, and nothing depends on it")
            } else if let views = viewVariants(feature) {
                decisions[feature] = Decision(layer: .product, reason: "a feature: its logic and its views (\(views))")
            } else if let last = words.last, Self.productWords.contains(last) {
                decisions[feature] = Decision(layer: .product, reason: "named …\(last)")
            } else if let last = words.last, siblingWords[feature] == last {
                decisions[feature] = Decision(layer: .product, reason: "named …\(last), like most features of package \(graph.packages[graph.features[feature].package].name)")
            } else if let folder, Self.productFolders.contains(folder) {
                decisions[feature] = Decision(layer: .product, reason: "in a \(folder)/ folder")
            } else if let word = words.first(where: Self.foundationWords.contains) ?? words.last.flatMap({ Self.foundationLastWords.contains($0) ? $0 : nil }) {
                decisions[feature] = Decision(layer: .foundation, reason: "named like foundation (\(word))")
            } else if let folder, Self.foundationFolders.contains(folder) {
                decisions[feature] = Decision(layer: .foundation, reason: "in a \(folder)/ folder")
            } else if let last = words.last, Self.weakFoundationLastWords.contains(last) {
                weak.insert(feature)
                if !isRoot {
                    decisions[feature] = Decision(layer: .foundation, reason: "a shared …\(last) (used by \(list(dependents[feature])))")
                } else if let brand = words.first, words.count == 2, brands[feature] == brand {
                    decisions[feature] = Decision(layer: .foundation, reason: "the \(last) of the \(brand)… modules of package \(graph.packages[graph.features[feature].package].name): a shared kit")
                }
            }
        }

        // What a foundation feature depends on is foundation.
        var pending = (0..<count).filter { decisions[$0]?.layer == .foundation && !dependents[$0].isEmpty }
        while let feature = pending.popLast() {
            for dependency in dependencies[feature].sorted() where decisions[dependency] == nil && !testOnly[dependency] {
                decisions[dependency] = Decision(layer: .foundation, reason: "used by foundation \(name(feature))")
                pending.append(dependency)
            }
        }

        // The rest by position: what several features use sits low; what nothing uses sits high.
        for feature in 0..<count where decisions[feature] == nil && !testOnly[feature] && !dependents[feature].isEmpty {
            let users = dependents[feature]
            if users.count >= 3 || (users.count == 2 && !hasUI(feature)) {
                decisions[feature] = Decision(layer: .foundation, reason: "used by \(users.count) features (\(list(users)))")
            } else if hasUI(feature) {
                decisions[feature] = Decision(layer: .product, reason: "has UI and only \(list(users)) use\(users.count == 1 ? "s" : "") it: a feature \(users.count == 1 ? "it opens" : "they open")")
            } else {
                decisions[feature] = Decision(layer: .foundation, reason: "a library without UI, used by \(list(users))")
            }
        }
        let productionFeatures = (0..<count).filter { !testOnly[$0] }
        for feature in 0..<count where decisions[feature] == nil && !testOnly[feature] {
            let products = dependencies[feature].filter { decisions[$0]?.layer == .product }
            if productionFeatures.count == 1 {
                decisions[feature] = Decision(layer: .foundation, reason: "the only feature of the workspace: a library")
            } else if products.count >= 2 {
                decisions[feature] = Decision(layer: .shell, reason: "nothing depends on it and it composes product features \(list(products))")
            } else if hasUI(feature) || weak.contains(feature) {
                decisions[feature] = Decision(layer: .product, reason: "nothing in the workspace depends on it\(hasUI(feature) ? " and it has UI" : ""): a user-facing feature")
            } else {
                decisions[feature] = Decision(layer: .foundation, reason: "a library without UI that the app uses")
            }
        }

        // A feature named like foundation that depends on a product feature moves up.
        var changed = true
        while changed {
            changed = false
            for feature in 0..<count where decisions[feature]?.layer == .foundation {
                let products = dependencies[feature].filter { decisions[$0]?.layer == .product }
                guard !products.isEmpty else { continue }
                let shell = dependents[feature].isEmpty && products.count >= 2
                decisions[feature] = Decision(
                    layer: shell ? .shell : .product,
                    reason: "depends on product feature\(products.count == 1 ? "" : "s") \(list(products))\(shell ? " and nothing depends on it: a composition root" : "")")
                changed = true
            }
        }

        // Test-only features (tests of several targets, test doubles) sit with the highest
        // layer they test or support.
        for feature in 0..<count where testOnly[feature] {
            let tested = Set(graph.features[feature].targets.flatMap { graph.successors[$0] }.map { graph.nodes[$0].feature }).subtracting([feature])
            let layer = tested.compactMap { decisions[$0]?.layer }.max() ?? .foundation
            let doubles = graph.features[feature].targets.contains { graph.nodes[$0].role == .testing }
            let what = doubles ? "test support" : "tests"
            decisions[feature] = Decision(layer: layer, reason: tested.isEmpty ? "\(what) only" : "\(what) of \(list(tested))")
        }
        return decisions.map { $0 ?? Decision(layer: .foundation, reason: "a library") }
    }

    private func isApp(_ feature: Int) -> Bool {
        if let applications { return graph.features[feature].targets.contains(where: applications.contains) }
        return graph.features[feature].targets.contains { graph.nodes[$0].kind == .executable && graph.nodes[$0].role != .example }
    }

    /// With Xcode applications: the features whose every program target is an executable
    /// but no application, each with the features of the applications that depend on
    /// (embed) one of them, empty for a tool nothing embeds.
    private func programFeatures() -> [Int: [Int]] {
        guard let applications else { return [:] }
        var hosts: [Int: Set<Int>] = [:]
        for edge in graph.edges where applications.contains(edge.from) && !applications.contains(edge.to) && graph.nodes[edge.to].kind == .executable {
            hosts[graph.nodes[edge.to].feature, default: []].insert(graph.nodes[edge.from].feature)
        }
        var result: [Int: [Int]] = [:]
        for (index, feature) in graph.features.enumerated() {
            let programs = feature.targets.filter { ![.tests, .testing].contains(graph.nodes[$0].role) }
            guard !programs.isEmpty, programs.allSatisfy({ graph.nodes[$0].kind == .executable && !applications.contains($0) }) else { continue }
            result[index] = (hosts[index] ?? []).subtracting([index]).sorted()
        }
        return result
    }

    /// The names of a feature's targets when they are its logic and its views
    /// (`LoginCore`, `LoginSwiftUI`, `LoginUIKit`), nil otherwise.
    private func viewVariants(_ feature: Int) -> String? {
        let names = graph.features[feature].targets.map { graph.nodes[$0].name }.filter { $0 != graph.features[feature].name }
        let views = names.filter { name in RoleInference.viewSuffixes.contains { name.hasSuffix($0) } }
        guard !views.isEmpty, names.contains(where: { $0.hasSuffix(RoleInference.logicSuffix) }) else { return nil }
        return names.filter { name in ([RoleInference.logicSuffix] + RoleInference.viewSuffixes).contains { name.hasSuffix($0) } }.sorted().joined(separator: ", ")
    }

    private func hasUI(_ feature: Int) -> Bool {
        graph.features[feature].targets.contains(where: uiTargets.contains)
    }

    /// The name of the folder holding a whole package (`Foundations` for
    /// `libraries/Foundations/Domain`), nil for monorepo features.
    private func parentFolder(of feature: Int) -> String? {
        guard graph.features[feature].isWholePackage else { return nil }
        let parts = graph.packages[graph.features[feature].package].directory.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : nil
    }

    /// For features of monorepo packages: the last word most of the package's features share,
    /// when it is a feature-naming word (`FeedUI`, `PostUI`, `ProfileUI`… → `UI`).
    private func siblingFeatureWords() -> [Int: String] {
        var result: [Int: String] = [:]
        for package in graph.packages.indices {
            let features = graph.features(inPackage: package).filter { !graph.features[$0].isWholePackage }
            guard features.count >= 4 else { continue }
            var byWord: [String: [Int]] = [:]
            for feature in features {
                if let last = Self.words(graph.features[feature].name).last, Self.siblingFeatureWords.contains(last) { byWord[last, default: []].append(feature) }
            }
            for (word, members) in byWord where members.count >= 3 && members.count * 2 >= features.count {
                for member in members { result[member] = word }
            }
        }
        return result
    }

    /// For features of monorepo packages: the first word most of the package's features
    /// share (`Mastodon` in `MastodonCore`, `MastodonUI`, …), the brand of an SDK's modules.
    private func brandWords() -> [Int: String] {
        var result: [Int: String] = [:]
        for package in graph.packages.indices {
            let features = graph.features(inPackage: package).filter { !graph.features[$0].isWholePackage }
            var byWord: [String: [Int]] = [:]
            for feature in features {
                if let first = Self.words(graph.features[feature].name).first { byWord[first, default: []].append(feature) }
            }
            for (word, members) in byWord where members.count >= 3 && members.count * 2 >= features.count {
                for member in members { result[member] = word }
            }
        }
        return result
    }

    /// The words of a name, without a platform suffix: `SwiftUIExtensions` → Swift, UI,
    /// Extensions; `RSCore` → RS, Core; `PreferencesUI-macOS` → Preferences, UI.
    static func words(_ name: String) -> [String] {
        let name = RoleInference.platformSuffixes.first { name.hasSuffix($0) && name.count > $0.count }.map { String(name.dropLast($0.count)) } ?? name
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character == "-" || character == "_" || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, !current.isEmpty {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

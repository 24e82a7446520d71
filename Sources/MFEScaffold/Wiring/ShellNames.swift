import MFECore
import SwiftSyntax

/// The names a new feature must not take because the shell it is wired into already uses
/// them: the composition root imports the feature's modules beside its own types, so a module
/// or type of the feature named like one of the shell's makes the shell stop building
/// (`mfe create App` would add `extension AppDependencies: AppDependencies`).
struct ShellNames {
    /// The types the shell's wiring is built on, reserved even when the shell's sources cannot
    /// be read; `App` is also SwiftUI's protocol the shell's app conforms to.
    static let reserved = ["App", "AppDependencies", "AppRoute", "AppRouter", "AppComposition", "AppRootView"]

    /// The shell's types, each with the file declaring it (relative to the workspace root).
    var types: [String: String] = [:]
    /// The route cases of `AppRoute` and the members of `AppComposition`: a feature's route
    /// case and builder property must be new.
    var members: [String: String] = [:]
    /// The workspace's name, which also names the shell's iOS app target (a module).
    var workspace: String?
    /// The link patterns `AppRouter` registers (`/restaurants/{id}`), each with the route it
    /// leads to (`.browse`) and the file registering it.
    var links: [(pattern: String, route: String, file: String)] = []
    /// The titles of `AppRootView`'s tabs written as text (`Label("Restaurants", …)`), each
    /// with the screen it shows and the file.
    var tabs: [(title: String, screen: String, file: String)] = []

    /// The names of `files`.
    init(files: ShellWiring.Files?, workspace: String?) {
        for name in Self.reserved { types[name] = name == "App" ? "SwiftUI (the protocol the shell's app conforms to)" : "the shell's composition root" }
        for (_, source) in files?.sources ?? [] {
            for name in source.topLevelTypeNames.sorted() where types[name] == nil || Self.reserved.contains(name) {
                types[name] = source.file
            }
            for route in source.declarations(named: "AppRoute") {
                for element in route.descendants(EnumCaseElementSyntax.self) { members[element.name.text] = members[element.name.text] ?? "'case \(element.name.text)' of AppRoute in \(source.file)" }
            }
            for router in source.declarations(named: "AppRouter") {
                for call in router.descendants(FunctionCallExprSyntax.self) where call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "register" {
                    guard let pattern = call.arguments.first.flatMap({ ManifestWiring.stringValue($0.expression) }) else { continue }
                    let destination = call.trailingClosure?.descendants(MemberAccessExprSyntax.self).first { $0.base == nil }?.declName.baseName.text
                    links.append((pattern, destination.map { "." + $0 } ?? "a screen", source.file))
                }
            }
            for root in source.declarations(named: "AppRootView") {
                for call in root.descendants(FunctionCallExprSyntax.self) where call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "tabItem" {
                    let label = call.trailingClosure?.descendants(FunctionCallExprSyntax.self).first { $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Label" }
                    guard let title = label?.arguments.first.flatMap({ ManifestWiring.stringValue($0.expression) }) else { continue }
                    let screen = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? "a tab"
                    tabs.append((title, screen, source.file))
                }
            }
            for composition in source.declarations(named: "AppComposition") {
                for member in composition.asProtocol(DeclGroupSyntax.self)?.memberBlock.members ?? [] {
                    let names =
                        member.decl.as(VariableDeclSyntax.self)?.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
                        ?? member.decl.as(FunctionDeclSyntax.self).map { [$0.name.text] } ?? []
                    for name in names { members[name] = members[name] ?? "the member '\(name)' of AppComposition in \(source.file)" }
                }
            }
        }
        self.workspace = workspace
    }

    /// Every clash of a feature named `name` (targets `targetNames`, declaring the types
    /// `featureTypes`, with route case `caseName` and link `link`) with the shell, as sentences
    /// saying what to do. `newRoute` is false when wiring an existing feature, whose route may
    /// already be there.
    func clashes(name: String, targetNames: [String], featureTypes: [String], caseName: String, link: String, newRoute: Bool) -> [ScaffoldError] {
        var problems: [ScaffoldError] = []
        if let workspace, workspace.lowercased() == name.lowercased() {
            problems.append(.nameIsWorkspace(name))
        }
        for target in targetNames {
            if let file = types[target] {
                problems.append(.moduleNamedLikeShellType(name, module: target, file: file))
            }
        }
        for type in featureTypes where !targetNames.contains(type) {
            if let file = types[type] {
                problems.append(.typeDeclaredByShell(name, type: type, file: file))
            }
        }
        let route = caseName.trimmingCharacters(in: ["`"])
        if newRoute, let owner = members[route] {
            problems.append(.routeTaken(name, route: route, owner: owner))
        }
        // The router matches the first registered pattern: a link another route has would never
        // reach the new feature (`/random` in Feed Me is "Surprise me").
        if let taken = links.first(where: { Self.matches(pattern: $0.pattern, link: link) && $0.route != "." + route }) {
            problems.append(.linkTaken(name, link: link, pattern: taken.pattern, route: taken.route, file: taken.file))
        }
        if newRoute, let tab = tabs.first(where: { $0.title.lowercased() == name.lowercased() }) {
            problems.append(.tabTaken(name, title: tab.title, screen: tab.screen, file: tab.file))
        }
        return problems
    }

    /// Whether the router's `pattern` (`/restaurants/{id}`) matches the path `link`, segment by
    /// segment, as `Router.destination(for:)` does.
    static func matches(pattern: String, link: String) -> Bool {
        let patterns = pattern.split(separator: "/")
        let segments = link.split(separator: "/")
        return patterns.count == segments.count && zip(patterns, segments).allSatisfy { ($0.hasPrefix("{") && $0.hasSuffix("}")) || $0 == $1 }
    }

    /// The types declared at the top level (no indentation) of the Swift files among `files`
    /// (path and text): a lexical scan, as a template's output need not parse.
    static func declaredTypes(in files: [(path: String, text: String)]) -> [String] {
        let keywords: Set<Substring> = ["struct", "class", "enum", "protocol", "actor", "typealias"]
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private", "open", "final", "indirect", "nonisolated"]
        var names: [String] = []
        for (path, text) in files where path.hasSuffix(".swift") {
            for line in text.split(separator: "\n") {
                guard let first = line.first, first.isLetter || first == "@" else { continue }
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                var index = 0
                while index < words.count, modifiers.contains(words[index]) || words[index].hasPrefix("@") { index += 1 }
                guard index + 1 < words.count, keywords.contains(words[index]) else { continue }
                let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !name.isEmpty, !names.contains(String(name)) { names.append(String(name)) }
            }
        }
        return names
    }
}

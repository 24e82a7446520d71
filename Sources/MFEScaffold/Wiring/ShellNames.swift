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
    /// `featureTypes`, with route case `caseName`) with the shell, as sentences saying what to do.
    /// `newRoute` is false when wiring an existing feature, whose route may already be there.
    func clashes(name: String, targetNames: [String], featureTypes: [String], caseName: String, newRoute: Bool) -> [ScaffoldError] {
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
        return problems
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

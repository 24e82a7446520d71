import SwiftSyntax

/// The edit of the shell's command-line entry point (the `@main` type with a `static func
/// main()`, which `swift run WORKSPACEApp` runs where SwiftUI is not, as on Linux): the new
/// feature's part of the walk-through, after what it already prints.
enum EntryPointWiring {
    /// The splices of `source` for `feature`: none when the file has no such entry point, or
    /// when it walks through the feature already.
    static func splices(of source: ParsedSource, wiring feature: WiredFeature) -> [SourceSplice] {
        var splices: [SourceSplice] = []
        for function in source.tree.descendants(FunctionDeclSyntax.self) where function.name.text == "main" && function.modifiers.contains(where: { $0.name.text == "static" }) {
            guard isInMainType(function), let body = function.body, let last = body.statements.last else { continue }
            if body.trimmedDescription.contains("composition.\(feature.caseName).") { continue }
            let declaresComposition = body.statements.contains { item in
                item.item.as(VariableDeclSyntax.self)?.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "composition" } == true
            }
            let indent = source.layout.indentation(of: last)
            var lines = declaresComposition ? [] : ["let composition = AppComposition()"]
            lines += feature.walkThrough.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let text = lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
            splices.append(SourceSplice(offset: last.endPosition.utf8Offset, text: "\n" + text))
        }
        return splices
    }

    /// Whether `function` is a member of a type marked `@main`.
    private static func isInMainType(_ function: FunctionDeclSyntax) -> Bool {
        var parent = function.parent
        while let node = parent {
            if let group = node.asProtocol(DeclGroupSyntax.self) {
                return group.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }
            }
            parent = node.parent
        }
        return false
    }
}

/// The edit of the shell's tests (`struct AppCompositionTests`): a test of the new feature's
/// route and wiring, as the shell template writes one for each feature `mfe init` wires.
enum CompositionTestWiring {
    /// The splices of `source` for `feature`: none when it declares no `AppCompositionTests`,
    /// or tests the feature already.
    static func splices(of source: ParsedSource, wiring feature: WiredFeature) -> [SourceSplice] {
        let test = feature.compositionTest
        var splices: [SourceSplice] = []
        for declaration in source.declarations(named: "AppCompositionTests") {
            guard let group = declaration.asProtocol(DeclGroupSyntax.self), let last = group.memberBlock.members.last else { continue }
            let names = group.memberBlock.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text }
            if names.contains(test.name) { continue }
            let indent = source.layout.indentation(of: last)
            let text = test.declaration.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
            splices.append(SourceSplice(offset: last.endPosition.utf8Offset, text: "\n\n" + text))
        }
        guard !splices.isEmpty else { return [] }
        return source.tree.importing([feature.name + "Testing"], layout: source.layout) + splices
    }
}

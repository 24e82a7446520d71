import SwiftParser
import SwiftSyntax

/// One Swift file of the shell, parsed: a composition root source or its `Package.swift`.
struct ParsedSource {
    /// The path relative to the workspace root, for messages and diffs.
    var file: String
    var source: String
    var tree: SourceFileSyntax
    var layout: SourceLayout

    init(file: String, source: String) {
        self.file = file
        self.source = source
        self.tree = Parser.parse(source: source)
        self.layout = SourceLayout(source)
    }

    /// The type named `name` declared in this file (at any depth, `#if` blocks included).
    func declaration(named name: String) -> DeclSyntax? {
        tree.descendants(DeclSyntax.self).first { node in
            [.structDecl, .classDecl, .enumDecl, .actorDecl].contains(node.kind) && node.asProtocol(NamedDeclSyntax.self)?.name.text == name
        }
    }

    /// Whether the file declares `extension type: conformance`, or the type's own declaration
    /// lists `conformance`.
    func conforms(_ type: String, to conformance: String) -> Bool {
        tree.descendants(ExtensionDeclSyntax.self).contains { node in
            node.extendedType.trimmedDescription == type && (node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == conformance } ?? false)
        } || inheritance(of: type).contains(conformance)
    }

    private func inheritance(of type: String) -> [String] {
        let clause = declaration(named: type)?.asProtocol(DeclGroupSyntax.self)?.inheritanceClause
        return clause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    }
}

/// The edits of the composition root's Swift files that wire one feature in: the composition
/// root satisfies its `…Dependencies`, the router gets its route and performs its navigation,
/// the composition builds it, and the root view shows it in a tab. Each edit first checks the
/// declaration it extends has the shape mfe generates, and refuses otherwise.
enum CompositionWiring {
    /// The splices of `source` for `feature`, or none when the file holds nothing to wire.
    static func splices(of source: ParsedSource, wiring feature: WiredFeature) throws -> [SourceSplice] {
        var splices: [SourceSplice] = []
        var imports: [String] = []
        var appended: [String] = []
        if source.declaration(named: "AppDependencies") != nil {
            for base in feature.bases where !source.conforms("AppDependencies", to: base.protocolName) {
                imports.append(base.module)
                appended.append(WiredFeature.baseConformance(base))
            }
            if !source.conforms("AppDependencies", to: feature.name + "Dependencies") {
                imports += feature.web ? [feature.name + "Interface"] : [feature.name, feature.name + "Interface"]
                appended.append(feature.dependenciesConformance)
            }
        }
        if let route = source.declaration(named: "AppRoute") {
            splices += try routeCase(in: route, source: source, feature: feature)
        }
        if let router = source.declaration(named: "AppRouter") {
            splices += try registration(in: router, source: source, feature: feature)
            if !source.conforms("AppRouter", to: feature.name + "Navigating") {
                imports.append(feature.name + "Interface")
                appended.append(feature.navigatingConformance)
            }
        }
        if let composition = source.declaration(named: "AppComposition") {
            splices += try builder(in: composition, source: source, feature: feature, imports: &imports)
        }
        if let root = source.declaration(named: "AppRootView") {
            splices += try RootViewWiring.splices(in: root, source: source, feature: feature)
        }
        var unique: [String] = []
        for module in imports where !unique.contains(module) { unique.append(module) }
        splices += source.tree.importing(unique)
        splices += appended.map { source.tree.appending(declaration: $0, layout: source.layout) }
        return splices
    }

    /// `case search` after the last case of `enum AppRoute`.
    private static func routeCase(in route: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        guard let route = route.as(EnumDeclSyntax.self) else {
            throw WiringRefusal(file: source.file, reason: "'AppRoute' is not an enum")
        }
        let cases = route.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
        let names = cases.flatMap { $0.elements.map(\.name.text) }
        if names.contains(feature.caseName.trimmingCharacters(in: ["`"])) { return [] }
        guard let last = cases.last else {
            throw WiringRefusal(file: source.file, reason: "'enum AppRoute' has no cases to add '\(feature.caseName)' after")
        }
        let indent = source.layout.indentation(of: last)
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: "\n\(indent)/// \(feature.name)'s screen.\n\(indent)case \(feature.caseName)")]
    }

    /// `links.register("/search") { _ in .search }` after the last `register` call in
    /// `AppRouter`'s initializer.
    private static func registration(in router: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        let calls = router.descendants(FunctionCallExprSyntax.self).filter {
            $0.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "register"
        }
        let links = calls.compactMap { $0.arguments.first.flatMap { ManifestWiring.stringValue($0.expression) } }
        if links.contains(feature.link) { return [] }
        guard let last = calls.last, let base = last.calledExpression.as(MemberAccessExprSyntax.self)?.base,
              last.parent?.is(CodeBlockItemSyntax.self) == true else {
            throw WiringRefusal(file: source.file, reason: "'AppRouter' has no 'register(...)' statement to add the route '\(feature.link)' after")
        }
        let indent = source.layout.indentation(of: last)
        let text = "\n\(indent)\(base.trimmedDescription).register(\(ManifestWiring.literal(feature.link))) { _ in .\(feature.caseName) }"
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: text)]
    }

    /// `public var search: SearchBuilder { ... }` after the last member of `AppComposition`.
    private static func builder(in composition: DeclSyntax, source: ParsedSource, feature: WiredFeature, imports: inout [String]) throws -> [SourceSplice] {
        guard let composition = composition.asProtocol(DeclGroupSyntax.self) else {
            throw WiringRefusal(file: source.file, reason: "'AppComposition' is not a type declaration")
        }
        let members = composition.memberBlock.members
        let names = members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }
        guard names.contains("dependencies") else {
            throw WiringRefusal(file: source.file, reason: "'AppComposition' has no 'dependencies' property to build '\(feature.name)' from")
        }
        if names.contains(feature.caseName.trimmingCharacters(in: ["`"])) { return [] }
        guard let last = members.last else {
            throw WiringRefusal(file: source.file, reason: "'AppComposition' has no members")
        }
        imports.append(feature.name)
        let indent = source.layout.indentation(of: last)
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: "\n\n" + feature.builderProperty(indent: indent))]
    }
}

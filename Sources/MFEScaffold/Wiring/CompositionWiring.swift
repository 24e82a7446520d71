import SwiftParser
import SwiftSyntax

/// One Swift file of the shell, parsed: a composition root source or its `Package.swift`.
///
/// The parser reads a copy of the file in which every byte of an invalid UTF-8 sequence is an
/// `_` (same length, so every offset is the file's), and splices are applied to the file's own
/// bytes: a stray Latin-1 byte in a comment survives the edit byte for byte.
struct ParsedSource {
    /// The path relative to the workspace root, for messages and diffs.
    var file: String
    /// The file's bytes as read.
    var bytes: [UInt8]
    /// The text the parser read: `bytes` with invalid UTF-8 bytes replaced one for one.
    var source: String
    var tree: SourceFileSyntax
    var layout: SourceLayout

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        let parseable = Self.parseableBytes(bytes)
        self.source = String(decoding: parseable, as: UTF8.self)
        self.tree = Parser.parse(source: source)
        self.layout = SourceLayout(bytes: parseable)
    }

    init(file: String, source: String) {
        self.init(file: file, bytes: Array(source.utf8))
    }

    /// `bytes` with each byte that is not part of a well-formed UTF-8 sequence (Unicode's
    /// table 3-7: no overlong forms, surrogates or values above U+10FFFF) replaced by `_`.
    static func parseableBytes(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: (length, second) = (0, 0x80...0xBF)
            }
            var valid = length > 0 && index + length <= bytes.count && second.contains(bytes[index + 1])
            if valid {
                for offset in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[index + offset]) { valid = false }
            }
            if valid {
                index += length
            } else {
                result[index] = UInt8(ascii: "_")
                index += 1
            }
        }
        return result
    }

    /// `bytes` with `splices` applied.
    func applying(_ splices: [SourceSplice]) -> [UInt8] {
        SourceSplice.apply(splices, to: bytes)
    }

    /// The type named `name` declared in this file (at any depth, `#if` blocks included).
    func declaration(named name: String) -> DeclSyntax? {
        declarations(named: name).first
    }

    /// Every declaration of the type `name` in this file, in source order: one per `#if`
    /// branch that declares it.
    func declarations(named name: String) -> [DeclSyntax] {
        tree.descendants(DeclSyntax.self).filter { node in
            [.structDecl, .classDecl, .enumDecl, .actorDecl].contains(node.kind) && node.asProtocol(NamedDeclSyntax.self)?.name.text == name
        }
    }

    /// Whether the file declares `extension type: conformance`, or the type's own declaration
    /// lists `conformance`.
    func conforms(_ type: String, to conformance: String) -> Bool {
        tree.descendants(ExtensionDeclSyntax.self).contains { node in
            node.extendedType.trimmedDescription == type && (node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == conformance } ?? false)
        } || declarations(named: type).contains { Self.inheritance(of: $0).contains(conformance) }
    }

    /// Whether `declaration` conforms to `conformance` in the configuration it is declared in:
    /// its own inheritance clause, or an extension outside any `#if` or in the same `#if`
    /// branch.
    func conforms(_ declaration: DeclSyntax, to conformance: String) -> Bool {
        if Self.inheritance(of: declaration).contains(conformance) { return true }
        let type = declaration.asProtocol(NamedDeclSyntax.self)?.name.text
        let clause = declaration.enclosingClause()
        return tree.descendants(ExtensionDeclSyntax.self).contains { node in
            node.extendedType.trimmedDescription == type
                && (node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == conformance } ?? false)
                && (node.enclosingClause() == nil || node.enclosingClause()?.id == clause?.id)
        }
    }

    /// Whether the file declares a method `name` in `type` or in an extension of it.
    func declaresMethod(_ name: String, of type: String) -> Bool {
        tree.descendants(FunctionDeclSyntax.self).contains { function in
            guard function.name.text == name else { return false }
            var parent = function.parent
            while let current = parent {
                if let group = current.as(ExtensionDeclSyntax.self) { return group.extendedType.trimmedDescription == type }
                if let named = current.asProtocol(NamedDeclSyntax.self), current.is(DeclSyntax.self) { return named.name.text == type }
                parent = current.parent
            }
            return false
        }
    }

    private static func inheritance(of declaration: DeclSyntax) -> [String] {
        let clause = declaration.asProtocol(DeclGroupSyntax.self)?.inheritanceClause
        return clause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
    }

    /// The names of the types the file declares outside any other type (`#if` branches
    /// included): what a module the shell imports must not also declare.
    var topLevelTypeNames: Set<String> {
        var names: Set<String> = []
        for node in tree.descendants(DeclSyntax.self) {
            guard [.structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .typeAliasDecl].contains(node.kind),
                let name = node.asProtocol(NamedDeclSyntax.self)?.name.text
            else { continue }
            var parent = node.parent
            var nested = false
            while let current = parent {
                if current.is(MemberBlockSyntax.self) || current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) {
                    nested = true
                    break
                }
                parent = current.parent
            }
            if !nested { names.insert(name) }
        }
        return names
    }

    /// `declaration` (a type's extension, one or more lines) placed for `target`: appended at
    /// the end of the file when `target` is outside any `#if`, else right after `target` in its
    /// own `#if` branch, so each branch that declares the type gets it.
    func placing(_ declaration: String, after target: DeclSyntax) -> SourceSplice {
        guard target.enclosingClause() != nil else { return tree.appending(declaration: declaration, layout: layout) }
        let indent = layout.indentation(of: target)
        let text = declaration.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        return SourceSplice(offset: target.endPosition.utf8Offset, text: "\n\n" + text)
    }
}

extension SyntaxProtocol {
    /// The innermost `#if` branch holding this node, below `boundary` when given.
    func enclosingClause(below boundary: SyntaxIdentifier? = nil) -> IfConfigClauseSyntax? {
        var parent = self.parent
        while let current = parent, current.id != boundary {
            if let clause = current.as(IfConfigClauseSyntax.self) { return clause }
            parent = current.parent
        }
        return nil
    }
}

/// The edits of the composition root's Swift files that wire one feature in: the composition
/// root satisfies its `…Dependencies`, the router gets its route and performs its navigation,
/// the composition builds it, and the root view shows it in a tab. Each edit first checks the
/// declaration it extends has the shape mfe generates, and refuses otherwise.
enum CompositionWiring {
    /// The splices of `source` for `feature`, or none when the file holds nothing to wire.
    /// A type declared in several `#if` branches is wired in each.
    static func splices(of source: ParsedSource, wiring feature: WiredFeature) throws -> [SourceSplice] {
        var splices: [SourceSplice] = []
        var imports: [String] = []
        var appended: [SourceSplice] = []
        for dependencies in source.declarations(named: "AppDependencies") {
            var properties: [(name: String, declaration: String)] = []
            for base in feature.bases where !source.conforms(dependencies, to: base.protocolName) {
                imports.append(base.module)
                properties.append(WiredFeature.baseProperty(base))
                appended.append(source.placing(WiredFeature.baseConformance(base), after: dependencies))
            }
            if !source.conforms(dependencies, to: feature.name + "Dependencies") {
                imports += feature.web ? [feature.name + "Interface"] : [feature.name, feature.name + "Interface"]
                if let repository = feature.repositoryProperty { properties.append(repository) }
                appended.append(source.placing(feature.dependenciesConformance, after: dependencies))
            }
            splices += try storedProperties(properties, in: dependencies, source: source)
        }
        for route in source.declarations(named: "AppRoute") {
            splices += try routeCase(in: route, source: source, feature: feature)
        }
        for router in source.declarations(named: "AppRouter") {
            splices += try registration(in: router, source: source, feature: feature)
            if !source.conforms(router, to: feature.name + "Navigating") {
                imports.append(feature.name + "Interface")
                appended.append(source.placing(feature.navigatingConformance, after: router))
            }
        }
        for composition in source.declarations(named: "AppComposition") {
            splices += try builder(in: composition, source: source, feature: feature, imports: &imports)
        }
        for root in source.declarations(named: "AppRootView") {
            splices += try RootViewWiring.splices(in: root, source: source, feature: feature)
        }
        var unique: [String] = []
        for module in imports where !unique.contains(module) { unique.append(module) }
        splices += source.tree.importing(unique, layout: source.layout)
        splices += appended
        return splices
    }

    /// `properties` (each a documented `public var`) in the body of `declaration` (a struct),
    /// after its last stored property, or first when it has none, so `init()` stays last; one
    /// it already declares is left alone.
    static func storedProperties(_ properties: [(name: String, declaration: String)], in declaration: DeclSyntax, source: ParsedSource) throws -> [SourceSplice] {
        guard !properties.isEmpty else { return [] }
        guard let group = declaration.asProtocol(DeclGroupSyntax.self), declaration.is(StructDeclSyntax.self) else {
            throw WiringRefusal(file: source.file, reason: "'AppDependencies' is not a struct to add '\(properties[0].name)' to")
        }
        let members = group.memberBlock.members
        let declared = Set(members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } })
        let missing = properties.filter { !declared.contains($0.name) }
        guard !missing.isEmpty else { return [] }
        let stored = members.filter { member in
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
            return !variable.modifiers.contains { ["static", "class"].contains($0.name.text) } && variable.bindings.allSatisfy { $0.accessorBlock == nil }
        }
        let indent = members.first.map { source.layout.indentation(of: $0) } ?? source.layout.indentation(of: group.memberBlock.rightBrace) + source.layout.indentUnit
        func indented(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n")
        }
        let text = missing.map { indented($0.declaration) }.joined(separator: "\n\n")
        if let last = stored.last {
            return [SourceSplice(offset: last.endPosition.utf8Offset, text: "\n\n" + text)]
        }
        return [SourceSplice(offset: group.memberBlock.leftBrace.endPosition.utf8Offset, text: "\n" + text + "\n")]
    }

    /// `case search` after the last case of `enum AppRoute`.
    private static func routeCase(in route: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        guard let route = route.as(EnumDeclSyntax.self) else {
            throw WiringRefusal(file: source.file, reason: "'AppRoute' is not an enum")
        }
        let cases = route.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }
        let name = feature.caseName.trimmingCharacters(in: ["`"])
        if cases.contains(where: { $0.elements.contains { $0.name.text == name } }) { return [] }
        if route.descendants(EnumCaseElementSyntax.self).contains(where: { $0.name.text == name }) {
            throw WiringRefusal(file: source.file, reason: "'enum AppRoute' has 'case \(feature.caseName)' only under an '#if'; mfe cannot tell whether the other branches should have it")
        }
        guard let last = cases.last else {
            throw WiringRefusal(file: source.file, reason: "'enum AppRoute' has no cases to add '\(feature.caseName)' after")
        }
        let indent = source.layout.indentation(of: last)
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: "\n\(indent)/// \(feature.name)'s screen.\n\(indent)case \(feature.caseName)")]
    }

    /// `links.register("/search") { _ in .search }` after the last `register` call in
    /// `AppRouter`'s initializer. When every registration is inside an `#if`, each branch of it
    /// gets the route, and a branch without registrations (or a missing `#else`) is refused:
    /// mfe cannot tell where the route belongs there.
    private static func registration(in router: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        let calls = router.descendants(FunctionCallExprSyntax.self).filter {
            $0.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "register"
        }
        func link(_ call: FunctionCallExprSyntax) -> String? { call.arguments.first.flatMap { ManifestWiring.stringValue($0.expression) } }
        let unconditional = calls.filter { $0.enclosingClause(below: router.id) == nil }
        if unconditional.contains(where: { link($0) == feature.link }) { return [] }
        let anchors: [FunctionCallExprSyntax]
        if let last = unconditional.last {
            anchors = [last]
        } else {
            var byClause: [(clause: IfConfigClauseSyntax, calls: [FunctionCallExprSyntax])] = []
            for call in calls {
                guard let clause = call.enclosingClause(below: router.id) else { continue }
                if let index = byClause.firstIndex(where: { $0.clause.id == clause.id }) { byClause[index].calls.append(call) } else { byClause.append((clause, [call])) }
            }
            let block = byClause.first?.clause.parent?.as(IfConfigClauseListSyntax.self)
            let covered =
                block.map { list in
                    list.allSatisfy { clause in byClause.contains { $0.clause.id == clause.id } } && list.last?.poundKeyword.tokenKind == .poundElse
                } ?? false
            if !byClause.isEmpty, !covered || byClause.contains(where: { $0.clause.parent?.id != block?.id }) {
                throw WiringRefusal(
                    file: source.file,
                    reason: "'AppRouter' registers its routes only under '#if' branches that do not cover every platform; mfe cannot tell where the route '\(feature.link)' belongs in the others")
            }
            anchors = byClause.filter { !$0.calls.contains { link($0) == feature.link } }.compactMap(\.calls.last)
            if anchors.isEmpty && !byClause.isEmpty { return [] }
        }
        guard !anchors.isEmpty else {
            throw WiringRefusal(file: source.file, reason: "'AppRouter' has no 'register(...)' statement to add the route '\(feature.link)' after")
        }
        return try anchors.map { last in
            guard let base = last.calledExpression.as(MemberAccessExprSyntax.self)?.base, last.parent?.is(CodeBlockItemSyntax.self) == true else {
                throw WiringRefusal(file: source.file, reason: "'AppRouter' has no 'register(...)' statement to add the route '\(feature.link)' after")
            }
            let indent = source.layout.indentation(of: last)
            let text = "\n\(indent)\(base.trimmedDescription).register(\(ManifestWiring.literal(feature.link))) { _ in .\(feature.caseName) }"
            return SourceSplice(offset: last.endPosition.utf8Offset, text: text)
        }
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
        let name = feature.caseName.trimmingCharacters(in: ["`"])
        if names.contains(name) { return [] }
        let conditional = composition.memberBlock.descendants(VariableDeclSyntax.self).filter { $0.enclosingClause(below: composition.id) != nil }
        if conditional.contains(where: { $0.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name } }) {
            throw WiringRefusal(file: source.file, reason: "'AppComposition' has a '\(name)' builder only under an '#if'; mfe cannot tell whether the other branches should have it")
        }
        guard let last = members.last else {
            throw WiringRefusal(file: source.file, reason: "'AppComposition' has no members")
        }
        imports.append(feature.name)
        let indent = source.layout.indentation(of: last)
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: "\n\n" + feature.builderProperty(indent: indent))]
    }
}

import MFECore
import SwiftParser
import SwiftSyntax

/// A foundation package's base dependencies (the `BaseDependencies` pattern of the µFeatures
/// guidelines): a `public protocol CoreBaseDependencies` in its library listing the tools every
/// feature using it needs, and a public type conforming to it with an `init()` (`CoreServices`)
/// that makes the live tools. A feature created with `--dependency Core` refines the protocol in
/// its `…Dependencies`; the shell's composition root and the feature's mocks supply each
/// requirement by forwarding to the live type.
package struct BaseDependencies: Sendable, Equatable {
    /// One requirement of the protocol, as the conforming type declares and forwards it.
    package struct Requirement: Sendable, Equatable {
        /// The declaration without body or modifiers: `func makeCoreLogger() -> any CoreLogging`.
        package var declaration: String
        /// The forwarding expression after the receiver and a dot: `makeCoreLogger()`.
        package var call: String
        /// `try `, `await `, `try await ` or nothing.
        package var effects: String
        /// Whether it is a property (`var`), forwarded in a getter.
        package var isProperty: Bool
    }

    /// The module to import: `Core`.
    package var module: String
    /// The protocol: `CoreBaseDependencies`.
    package var protocolName: String
    /// The public type conforming to it with an `init()`: `CoreServices`.
    package var liveType: String
    /// The requirements, in declaration order.
    package var requirements: [Requirement]
    /// The package's testing library (`CoreTesting`) and its public type conforming to the
    /// protocol with an `init()` (`MockCoreServices`), which a feature's mocks hand out by
    /// default; nil when the package has none, and the mocks hand out the live type.
    package var testDouble: TestDouble?

    /// A foundation package's test double of its base dependencies.
    package struct TestDouble: Sendable, Equatable {
        /// The testing library's module, to import: `CoreTesting`.
        package var module: String
        /// The library product vending it, which the feature's testing target depends on.
        package var product: String
        /// The type: `MockCoreServices`.
        package var type: String
    }

    /// The conformance's members forwarding to `receiver` (`Self.core`, `core`), each `public`
    /// unless `isPublic` is false (an internal type's), indented with `indent`, separated by
    /// blank lines.
    package func members(forwardingTo receiver: String, indent: String, isPublic: Bool = true) -> String {
        requirements.map { requirement in
            let body = "\(indent)    \(requirement.effects)\(receiver).\(requirement.call)"
            return "\(indent)\(isPublic ? "public " : "")\(requirement.declaration) {\n\(body)\n\(indent)}"
        }.joined(separator: "\n\n")
    }

    /// The property name holding the live tools: `core` for `Core`.
    package var variable: String { module.lowerCamelCased }

    /// Reads the base dependencies declared in `sources` (the Swift files of the library `module`,
    /// as `(path for messages, text)`); nil when the module declares none. A protocol mfe cannot
    /// supply by forwarding (associated types, static or mutating requirements, subscripts,
    /// refining another protocol than `Sendable`), or one without a live type, is a problem
    /// naming the file and the fix.
    package static func read(module: String, sources: [(file: String, text: String)]) -> Result<BaseDependencies?, ScaffoldError> {
        var found: (file: String, declaration: ProtocolDeclSyntax)?
        var types: [DeclaredType] = []
        for (file, text) in sources {
            let tree = Parser.parse(source: text)
            for node in tree.descendants(ProtocolDeclSyntax.self) where node.name.text.hasSuffix("BaseDependencies") && isPublic(node.modifiers) {
                if let found {
                    return .failure(.twoBaseProtocols(file: file, module: module, first: found.declaration.name.text, second: node.name.text))
                }
                found = (file, node)
            }
            types += declaredTypes(in: tree)
        }
        guard let (file, declaration) = found else { return .success(nil) }
        let name = declaration.name.text
        for inherited in declaration.inheritanceClause?.inheritedTypes ?? [] where !["Sendable", "Swift.Sendable", "AnyObject"].contains(inherited.type.trimmedDescription) {
            return .failure(.refinesUnknownProtocol(file: file, name: name, inherited: inherited.type.trimmedDescription))
        }
        var requirements: [Requirement] = []
        for member in declaration.memberBlock.members {
            switch requirement(member.decl) {
            case .success(let requirement): requirements.append(requirement)
            case .failure(let reason):
                return .failure(.unforwardableRequirement(file: file, name: name, requirement: reason.reason))
            }
        }
        guard let live = conformingType(to: name, among: types) else {
            return .failure(.noLiveType(file: file, name: name, module: module))
        }
        return .success(BaseDependencies(module: module, protocolName: name, liveType: live, requirements: requirements))
    }

    /// The first public type among `sources` (the Swift files of the package's testing library
    /// `module`, vended as `product`) conforming to the protocol with an `init()`: the test
    /// double a feature's mocks hand out.
    package mutating func readTestDouble(module: String, product: String, sources: [(file: String, text: String)]) {
        var types: [DeclaredType] = []
        for (_, text) in sources { types += Self.declaredTypes(in: Parser.parse(source: text)) }
        testDouble = Self.conformingType(to: protocolName, among: types).map { TestDouble(module: module, product: product, type: $0) }
    }

    private typealias DeclaredType = (name: String, inherited: [String], initializers: [InitializerDeclSyntax], isPublic: Bool)

    /// The structs, classes and actors `tree` declares.
    private static func declaredTypes(in tree: SourceFileSyntax) -> [DeclaredType] {
        tree.descendants(DeclSyntax.self).compactMap { node in
            guard [.structDecl, .classDecl, .actorDecl].contains(node.kind), let group = node.asProtocol(DeclGroupSyntax.self), let named = node.asProtocol(NamedDeclSyntax.self) else { return nil }
            let inherited = group.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
            let initializers = group.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            return (named.name.text, inherited, initializers, isPublic(group.modifiers))
        }
    }

    /// The first public type conforming to `protocolName` that `init()` makes: no initializer,
    /// or a public one whose every parameter has a default and that neither fails nor throws.
    private static func conformingType(to protocolName: String, among types: [DeclaredType]) -> String? {
        types.first { type in
            type.isPublic && type.inherited.contains(protocolName)
                && (type.initializers.isEmpty
                    || type.initializers.contains {
                        isPublic($0.modifiers) && $0.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil } && $0.optionalMark == nil && $0.signature.effectSpecifiers == nil
                    })
        }?.name
    }

    private static func isPublic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["public", "open"].contains($0.name.text) }
    }

    /// A protocol member as a forwardable requirement, or what it is when it is not one.
    private static func requirement(_ decl: DeclSyntax) -> Result<Requirement, Unsupported> {
        if decl.is(MissingDeclSyntax.self) || decl.is(IfConfigDeclSyntax.self) { return .failure(Unsupported(reason: "conditional members ('#if')")) }
        if let function = decl.as(FunctionDeclSyntax.self) {
            let shown = "'\(function.name.text)'"
            if function.modifiers.contains(where: { ["static", "class", "mutating"].contains($0.name.text) }) {
                return .failure(Unsupported(reason: "the \(function.modifiers.map(\.name.text).joined(separator: " ")) function \(shown)"))
            }
            var arguments: [String] = []
            for parameter in function.signature.parameterClause.parameters {
                if parameter.ellipsis != nil || parameter.type.is(AttributedTypeSyntax.self) && parameter.type.trimmedDescription.hasPrefix("inout") {
                    return .failure(Unsupported(reason: "\(shown) with a variadic or inout parameter"))
                }
                let value = (parameter.secondName ?? parameter.firstName).text
                arguments.append(parameter.firstName.text == "_" ? value : "\(parameter.firstName.text): \(value)")
            }
            let effects = function.signature.effectSpecifiers
            let prefix = (effects?.throwsClause != nil ? "try " : "") + (effects?.asyncSpecifier != nil ? "await " : "")
            var declaration = "func \(function.name.text)\(function.genericParameterClause?.trimmedDescription ?? "")\(function.signature.trimmedDescription)"
            if let clause = function.genericWhereClause { declaration += " " + clause.trimmedDescription }
            return .success(Requirement(declaration: declaration, call: "\(function.name.text)(\(arguments.joined(separator: ", ")))", effects: prefix, isProperty: false))
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            guard !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }), variable.bindings.count == 1, let binding = variable.bindings.first,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let type = binding.typeAnnotation?.type,
                case .accessors(let accessors) = binding.accessorBlock?.accessors,
                accessors.map(\.accessorSpecifier.text) == ["get"], accessors.first?.effectSpecifiers == nil
            else {
                return .failure(Unsupported(reason: "the property '\(variable.bindings.first?.pattern.trimmedDescription ?? "")' (only instance '{ get }' properties are forwarded)"))
            }
            return .success(Requirement(declaration: "var \(name): \(type.trimmedDescription)", call: name, effects: "", isProperty: true))
        }
        if let associated = decl.as(AssociatedTypeDeclSyntax.self) { return .failure(Unsupported(reason: "the associated type '\(associated.name.text)'")) }
        if decl.is(SubscriptDeclSyntax.self) { return .failure(Unsupported(reason: "a subscript")) }
        if decl.is(InitializerDeclSyntax.self) { return .failure(Unsupported(reason: "an initializer")) }
        return .failure(Unsupported(reason: "'\(decl.trimmedDescription.prefix(40))'"))
    }

    private struct Unsupported: Error {
        var reason: String
    }
}

extension FeatureDependency {
    /// `{{#bases}}`'s values: the product and module, the protocol, its live type, the mock's
    /// property and the mock's forwarding members.
    var baseTemplateContext: [String: Any]? {
        guard let base else { return nil }
        return [
            "product": product, "package": FeatureSpecification.swiftString(package), "module": base.module,
            "protocolName": base.protocolName, "liveType": base.liveType, "variable": base.variable,
            "mockType": base.testDouble?.type ?? base.liveType, "testingModule": base.testDouble?.module ?? false, "testingProduct": base.testDouble?.product ?? false,
            "mockMembers": base.members(forwardingTo: base.variable, indent: "    "),
            "previewMembers": base.members(forwardingTo: base.variable, indent: "    ", isPublic: false),
        ]
    }
}

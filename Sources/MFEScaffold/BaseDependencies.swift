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
        var types: [(name: String, inherited: [String], initializers: [InitializerDeclSyntax], isPublic: Bool)] = []
        for (file, text) in sources {
            let tree = Parser.parse(source: text)
            for node in tree.descendants(ProtocolDeclSyntax.self) where node.name.text.hasSuffix("BaseDependencies") && isPublic(node.modifiers) {
                if let found {
                    return .failure(.twoBaseProtocols(file: file, module: module, first: found.declaration.name.text, second: node.name.text))
                }
                found = (file, node)
            }
            for node in tree.descendants(DeclSyntax.self) {
                guard [.structDecl, .classDecl, .actorDecl].contains(node.kind), let group = node.asProtocol(DeclGroupSyntax.self), let named = node.asProtocol(NamedDeclSyntax.self) else { continue }
                let inherited = group.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
                let initializers = group.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
                types.append((named.name.text, inherited, initializers, isPublic(group.modifiers)))
            }
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
        let live = types.first { type in
            type.isPublic && type.inherited.contains(name)
                && (type.initializers.isEmpty
                    || type.initializers.contains {
                        isPublic($0.modifiers) && $0.signature.parameterClause.parameters.allSatisfy { $0.defaultValue != nil } && $0.optionalMark == nil && $0.signature.effectSpecifiers == nil
                    })
        }
        guard let live else {
            return .failure(.noLiveType(file: file, name: name, module: module))
        }
        return .success(BaseDependencies(module: module, protocolName: name, liveType: live.name, requirements: requirements))
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
            "mockMembers": base.members(forwardingTo: base.variable, indent: "    "),
            "previewMembers": base.members(forwardingTo: base.variable, indent: "    ", isPublic: false),
        ]
    }
}

import MFECore
import SwiftSyntax

/// Values of the manifest's own structs and enums: a struct built with its memberwise
/// initialiser (directly or through a static factory of its own), read through its stored
/// properties, its methods and computed properties evaluated with `self` and the properties
/// bound; enum cases compared and switched over.
extension ManifestEvaluator {
    /// A value of a struct the manifest declares: its stored properties' values, each an
    /// expression and where to evaluate it.
    struct Instance {
        var type: String
        var properties: [String: Element]
    }

    /// The structs the manifest declares with their stored properties, in order.
    func declaredStructs() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for declarations in members.values {
            for declaration in declarations {
                guard let variable = declaration.as(VariableDeclSyntax.self), !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
                    let container = Self.containerDecl(of: declaration)?.as(StructDeclSyntax.self)
                else { continue }
                result[container.name.text] = Self.storedProperties(of: container)
            }
        }
        return result
    }

    static func containerDecl(of declaration: DeclSyntax) -> Syntax? {
        var node = declaration.parent
        while let current = node {
            if current.asProtocol(DeclGroupSyntax.self) != nil { return current }
            node = current.parent
        }
        return nil
    }

    /// The stored properties of a struct, in declaration order (its memberwise initialiser's
    /// parameters).
    static func storedProperties(of declaration: StructDeclSyntax) -> [String] {
        var names: [String] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.append(name) }
            }
        }
        return names
    }

    /// `expression` as a value of the manifest's struct `type`; nil when it is not one the
    /// reader can follow.
    mutating func instance(_ expression: ExprSyntax, of type: String, at position: Int) throws -> Instance? {
        try step(expression)
        let expression = Self.unwrap(expression)
        let (root, rootPosition) = rootScope(at: position)
        guard let stored = root.declaredStructs()[type] else { return nil }
        if let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            let callee = Self.unwrap(call.calledExpression)
            // The memberwise initialiser: `Type(a: …, b: …)` (every property, in order, unless
            // the struct declares its own initialisers).
            if callee.as(DeclReferenceExprSyntax.self)?.baseName.text == type || (callee.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false) {
                guard !root.declaredNames.contains(type + ".init"), call.arguments.map({ $0.label?.text ?? "" }) == stored else { return nil }
                var properties: [String: Element] = [:]
                for argument in call.arguments { properties[argument.label!.text] = Element(expression: argument.expression, site: Site(self, position)) }
                return Instance(type: type, properties: properties)
            }
            // A static factory of the type: `.target(kind:…)`, `Type.target(…)`.
            if let member = callee.as(MemberAccessExprSyntax.self), member.base == nil || Self.typeName(member.base!.trimmedDescription) == type {
                let candidates = (root.members[member.declName.baseName.text] ?? []).compactMap { $0.as(FunctionDeclSyntax.self) }.filter {
                    $0.modifiers.contains { $0.name.tokenKind == .keyword(.static) } && Self.containerType(of: DeclSyntax($0)).map(Self.typeName) == type
                }
                guard candidates.count == 1, let function = candidates.first, let body = function.body else { return nil }
                let parameters = try bind(function.signature.parameterClause.parameters, to: call, at: position)
                return try evaluateBody(body.statements, node: Syntax(call), at: position, in: (root, rootPosition), parameters: parameters) { evaluator, result, index in
                    guard let value = try evaluator.instance(result, of: type, at: index) else {
                        throw evaluator.cannotEvaluate(result, expected: "a '\(type)'")
                    }
                    return value
                }
            }
            return nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try constant(reference, at: position, expected: "a '\(type)'") { evaluator, initializer, index in
                guard let value = try evaluator.instance(initializer, of: type, at: index) else {
                    throw evaluator.cannotEvaluate(initializer, expected: "a '\(type)'")
                }
                return value
            }
        }
        return nil
    }

    /// The bindings a method or computed property of `declaration`'s type sees: `self`, and
    /// the stored properties of a struct value `receiver`.
    mutating func receiverBindings(_ receiver: ExprSyntax, of declaration: DeclSyntax, at position: Int) throws -> [Binding]? {
        let node = Syntax(receiver)
        var bindings = [Binding(name: "self", index: -1, initializer: receiver, node: node, site: Site(self, position))]
        guard let container = Self.containerDecl(of: declaration) else { return nil }
        let typeName: String
        if let extensionDecl = container.as(ExtensionDeclSyntax.self) {
            typeName = Self.typeName(extensionDecl.extendedType.trimmedDescription)
        } else if let named = container.asProtocol(NamedDeclSyntax.self), container.is(StructDeclSyntax.self) || container.is(EnumDeclSyntax.self) {
            typeName = named.name.text
        } else {
            return nil  // classes and protocols: the reader does not follow their state
        }
        let (root, _) = rootScope(at: position)
        if root.declaredStructs()[typeName] != nil {
            guard let value = try instance(receiver, of: typeName, at: position) else { return nil }
            for (name, element) in value.properties {
                bindings.append(Binding(name: name, index: -1, initializer: element.expression, node: node, site: element.site))
            }
        } else if !root.declaredEnums().contains(typeName) {
            return nil
        }
        return bindings
    }

    /// The enums the manifest declares (their names, nested ones as `Outer.Inner`).
    func declaredEnums() -> Set<String> {
        var result: Set<String> = []
        for declarations in members.values {
            for declaration in declarations {
                guard let container = Self.containerDecl(of: declaration) else { continue }
                if container.is(EnumDeclSyntax.self), let type = Self.containerType(of: declaration) { result.insert(type) }
            }
        }
        for name in enumCaseNames.keys { result.insert(name) }
        return result
    }

    /// `.name` for a case of an enum the manifest declares, as a value to compare and switch
    /// over; nil otherwise.
    func enumCase(_ expression: ExprSyntax) -> Scalar? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil else { return nil }
        let (root, _) = rootScope(at: 0)
        let name = member.declName.baseName.text
        let owners = root.enumCaseNames.filter { $0.value.contains(name) }.map(\.key)
        if let base = member.base {
            let type = Self.typeName(base.trimmedDescription)
            return owners.contains(where: { $0 == type || $0.hasSuffix("." + type) }) ? .enumCase(type.split(separator: ".").last.map(String.init) ?? type, name) : nil
        }
        guard owners.count == 1, let owner = owners.first else { return nil }
        return .enumCase(owner.split(separator: ".").last.map(String.init) ?? owner, name)
    }
}

import MFECore
import SwiftSyntax

/// Closures, functions, computed properties and static members the manifest defines: their
/// bodies are evaluated like the top level (constants, modelled appends, chosen branches,
/// unrolled loops) and must end in one `return` (or be one expression).
extension ManifestEvaluator {
    /// The outermost scope (the file) and the position in it of the statement being evaluated
    /// (`position` itself in the file: a function sees the file's values as they are there).
    func rootScope(at position: Int) -> (ManifestEvaluator, Int) {
        guard var outer = enclosing.first else { return (self, position) }
        var position = enclosingPosition
        while let next = outer.enclosing.first {
            position = outer.enclosingPosition
            outer = next
        }
        return (outer, position)
    }

    /// Evaluates `statements` (a closure, function or getter body) in a new scope inside
    /// `scope` (self when nil) seen at `position`, with `parameters` bound, and reads the value
    /// it returns with `evaluate`.
    mutating func evaluateBody<T>(
        _ statements: CodeBlockItemListSyntax,
        node: Syntax,
        at position: Int,
        in scope: (ManifestEvaluator, Int)? = nil,
        parameters: [Binding],
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T {
        guard depth < 64 else { throw refusal(node, "\(Self.describe(node)), nested this deep,") }
        try step(node)
        var inner = ManifestEvaluator(file: file, converter: converter, configuration: configuration)
        let (outer, outerPosition) = scope ?? (self, position)
        inner.enclosing = [outer]
        inner.enclosingPosition = outerPosition
        inner.packageVariable = ""
        inner.depth = depth + 1
        inner.host = host
        inner.budget = budget
        inner.readsPlatformsStrictly = readsPlatformsStrictly
        // The manifest's own names and enums are the file's, seen from every scope.
        inner.declaredNames = declaredNames
        inner.enumCaseNames = enumCaseNames
        for parameter in parameters { inner.declare(parameter) }
        let items = try inner.collect(statements)
        let result: ExprSyntax
        if items.count == 1, case .expr(let only) = items[0] {
            result = only
        } else if items.count == 1, case .stmt(let only) = items[0], let expression = only.as(ExpressionStmtSyntax.self)?.expression {
            result = expression
        } else if case .stmt(let last)? = items.last, let returned = last.as(ReturnStmtSyntax.self)?.expression {
            result = returned
        } else {
            throw refusal(node, "\(Self.describe(node)), which does not end in 'return',")
        }
        // An early `return` would make the final one unreachable; refuse rather than follow it.
        for item in items.dropLast() {
            if let early = Self.returnStatement(in: Syntax(item)) {
                throw refusal(early, "the early 'return' in \(Self.describe(node))")
            }
        }
        return try evaluate(&inner, result, items.count - 1)
    }

    /// The value of `{ ... }()`, a closure without parameters called where it is written.
    /// Nil when `expression` is not such a call.
    mutating func immediatelyInvokedClosure<T>(
        _ expression: ExprSyntax,
        at position: Int,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            call.additionalTrailingClosures.isEmpty,
            let closure = Self.unwrap(call.calledExpression).as(ClosureExprSyntax.self)
        else { return nil }
        guard closure.signature == nil else { throw refusal(closure, "the closure with a signature") }
        return try evaluateBody(closure.statements, node: Syntax(closure), at: position, parameters: [], evaluate: evaluate)
    }

    /// Calls `closure` with its parameters bound to `arguments` (elements of a list).
    mutating func call<T>(
        _ closure: ClosureExprSyntax,
        with arguments: [Element],
        at position: Int,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T {
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): names = list.map(\.name.text)
        case .parameterClause(let clause):
            guard clause.parameters.allSatisfy({ $0.ellipsis == nil }) else { throw refusal(closure, "the closure's parameters") }
            names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: names = (0..<arguments.count).map { "$\($0)" }
        }
        if closure.signature?.capture != nil || closure.signature?.effectSpecifiers != nil {
            throw refusal(closure, "the closure's signature")
        }
        guard names.count == arguments.count else { throw refusal(closure, "the closure taking \(names.count) parameters") }
        let parameters = zip(names, arguments).map { name, argument in
            Binding(name: name, index: -1, initializer: argument.expression, node: Syntax(closure), site: argument.site ?? Site(self, position))
        }
        return try evaluateBody(closure.statements, node: Syntax(closure), at: position, parameters: parameters, evaluate: evaluate)
    }

    /// The value of `f(…)` for a function `f` the manifest declares (once, at the top level).
    mutating func functionCall<T>(
        _ call: FunctionCallExprSyntax,
        at position: Int,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T? {
        guard let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) else { return nil }
        let (root, rootPosition) = rootScope(at: position)
        guard let declarations = root.functions[reference.baseName.text] ?? functions[reference.baseName.text] else { return nil }
        guard declarations.count == 1, let function = declarations.first, let body = function.body else {
            throw refusal(call, "\(Self.describe(call)), which may call one of several functions named '\(reference.baseName.text)',")
        }
        let parameters = try bind(function.signature.parameterClause.parameters, to: call, at: position)
        return try evaluateBody(body.statements, node: Syntax(call), at: position, in: (root, rootPosition), parameters: parameters, evaluate: evaluate)
    }

    /// Binds a function's parameters to a call's arguments (by label, defaults filling gaps).
    mutating func bind(_ parameters: FunctionParameterListSyntax, to call: FunctionCallExprSyntax, at position: Int) throws -> [Binding] {
        var arguments = Array(call.arguments)
        if let trailing = call.trailingClosure {
            arguments.append(LabeledExprSyntax(expression: ExprSyntax(trailing)))
        }
        guard call.additionalTrailingClosures.isEmpty else { throw refusal(call, Self.describe(call)) }
        var result: [Binding] = []
        let site = Site(self, position)
        for parameter in parameters {
            guard parameter.ellipsis == nil, !parameter.type.trimmedDescription.hasPrefix("inout") else {
                throw refusal(parameter, "the parameter '\(parameter.trimmedDescription)'")
            }
            let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
            let name = (parameter.secondName ?? parameter.firstName).text
            if let first = arguments.first, first.label?.text == label {
                arguments.removeFirst()
                result.append(Binding(name: name, index: -1, initializer: first.expression, node: Syntax(parameter), site: site))
            } else if let value = parameter.defaultValue?.value {
                result.append(Binding(name: name, index: -1, initializer: value, node: Syntax(parameter)))
            } else {
                throw refusal(call, "\(Self.describe(call)) (its arguments do not match the function's parameters)")
            }
        }
        guard arguments.isEmpty else { throw refusal(call, "\(Self.describe(call)) (its arguments do not match the function's parameters)") }
        return result
    }

    /// Names PackageDescription's own factories use: a manifest member of that name is an
    /// overload the reader does not resolve.
    static let packageDescriptionMembers: Set<String> = Set(targetKinds.keys).union([
        "product", "package", "library", "executable", "plugin", "byName", "byNameItem", "when", "default", "trait",
        "upToNextMajor", "upToNextMinor", "exact", "branch", "revision", "custom", "define", "unsafeFlags", "enableUpcomingFeature",
        "enableExperimentalFeature", "linkedLibrary", "linkedFramework", "process", "copy", "embedInCode", "headerSearchPath",
    ])

    /// `.name`, `Type.name`, `.name(…)`, `Type.name(…)` for a static member the manifest
    /// declares once: a `static let`/`var` (stored or computed) or a `static func`.
    mutating func memberValue<T>(
        _ expression: ExprSyntax,
        at position: Int,
        type: String? = nil,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T? {
        var access = expression.as(MemberAccessExprSyntax.self)
        let call = expression.as(FunctionCallExprSyntax.self)
        if let call { access = call.calledExpression.as(MemberAccessExprSyntax.self) }
        guard let access, access.declName.argumentNames == nil else { return nil }
        let name = access.declName.baseName.text
        let (root, rootPosition) = rootScope(at: position)
        guard var declarations = root.members[name] ?? members[name] else { return nil }
        if let base = access.base {
            // `Type.name`: the type must be the manifest's own or one of PackageDescription's.
            guard base.is(DeclReferenceExprSyntax.self) || base.is(MemberAccessExprSyntax.self) else { return nil }
        }
        // `Target.target(…)` where the manifest's `target` belongs to another type.
        if let base = access.base, Self.packageDescriptionTypes.contains(Self.typeName(base.trimmedDescription)),
            !declarations.contains(where: { Self.containerType(of: $0).map(Self.typeName) == Self.typeName(base.trimmedDescription) })
        {
            return nil
        }
        // Overloads in extensions of different types (`Target.grpc`, `Target.Dependency.grpc`):
        // the written type, or else the one the position expects, chooses.
        if declarations.count > 1, let wanted = access.base.map({ Self.typeName($0.trimmedDescription) }) ?? type.map(Self.typeName) {
            let matching = declarations.filter { Self.containerType(of: $0).map(Self.typeName) == wanted }
            if !matching.isEmpty { declarations = matching }
        }
        guard declarations.count == 1, let declaration = declarations.first, !Self.packageDescriptionMembers.contains(name) else {
            throw refusal(expression, "\(Self.describe(expression)), which may use the manifest's own '\(name)',")
        }
        let isStatic = declaration.asProtocol(WithModifiersSyntax.self)?.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) ?? false
        if !isStatic, let base = access.base, let value = try instanceMember(declaration, name: name, of: base, call: call, at: position, in: (root, rootPosition), evaluate: evaluate) {
            return value
        }
        if let function = declaration.as(FunctionDeclSyntax.self) {
            guard let call, function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }), let body = function.body else {
                throw refusal(expression, "\(Self.describe(expression)), which uses the manifest's own '\(name)',")
            }
            let parameters = try bind(function.signature.parameterClause.parameters, to: call, at: position)
            return try evaluateBody(body.statements, node: Syntax(expression), at: position, in: (root, rootPosition), parameters: parameters, evaluate: evaluate)
        }
        guard call == nil, let variable = declaration.as(VariableDeclSyntax.self),
            variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
            let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
        else {
            throw refusal(expression, "\(Self.describe(expression)), which uses the manifest's own '\(name)',")
        }
        if let initializer = binding.initializer?.value, binding.accessorBlock == nil {
            var scope = root
            scope.depth = depth + 1
            return try evaluate(&scope, initializer, rootPosition)
        }
        if binding.initializer == nil, let accessors = binding.accessorBlock, let body = Self.getterBody(accessors) {
            return try evaluateBody(body, node: Syntax(expression), at: position, in: (root, rootPosition), parameters: [], evaluate: evaluate)
        }
        throw refusal(expression, "\(Self.describe(expression)), which uses the manifest's own '\(name)',")
    }

    /// `value.method(…)`, `value.computed` and `value.stored` for a member of the manifest's own
    /// struct or enum; nil when `base` is not a value the reader can follow.
    private mutating func instanceMember<T>(
        _ declaration: DeclSyntax,
        name: String,
        of base: ExprSyntax,
        call: FunctionCallExprSyntax?,
        at position: Int,
        in scope: (ManifestEvaluator, Int),
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T? {
        if let function = declaration.as(FunctionDeclSyntax.self) {
            guard let call, let body = function.body, !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.mutating) }),
                let receiver = try receiverBindings(base, of: declaration, at: position)
            else { return nil }
            let parameters = try bind(function.signature.parameterClause.parameters, to: call, at: position)
            return try evaluateBody(body.statements, node: Syntax(call), at: position, in: scope, parameters: receiver + parameters, evaluate: evaluate)
        }
        guard call == nil, let variable = declaration.as(VariableDeclSyntax.self),
            let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
        else { return nil }
        if let accessors = binding.accessorBlock {
            guard binding.initializer == nil, let body = Self.getterBody(accessors), let receiver = try receiverBindings(base, of: declaration, at: position) else { return nil }
            return try evaluateBody(body, node: Syntax(base), at: position, in: scope, parameters: receiver, evaluate: evaluate)
        }
        guard let type = Self.containerType(of: declaration).map(Self.typeName), let value = try instance(base, of: type, at: position),
            let element = value.properties[name], let site = element.site
        else { return nil }
        var other = site.evaluator
        other.depth = depth + 1
        return try evaluate(&other, element.expression, site.position)
    }

    /// PackageDescription's types a static member may be written on.
    static let packageDescriptionTypes: Set<String> = [
        "Target", "Target.Dependency", "Product", "Package", "Package.Dependency", "SupportedPlatform", "Trait", "Version",
        "Platform", "TargetDependencyCondition", "SwiftSetting", "CSetting", "CXXSetting", "LinkerSetting", "Resource",
    ]

    /// A type's name without the module and whitespace: `PackageDescription.Target.Dependency`
    /// is `Target.Dependency`.
    static func typeName(_ text: String) -> String {
        let compact = text.filter { !$0.isWhitespace }
        return compact.hasPrefix("PackageDescription.") ? String(compact.dropFirst("PackageDescription.".count)) : compact
    }

    /// The type or extension a member is declared in, qualified by the types around it
    /// (`CustomTarget.Kind` for an enum nested in a struct, or an extension's extended type).
    static func containerType(of declaration: DeclSyntax) -> String? {
        var names: [String] = []
        var node = declaration.parent
        while let current = node {
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) {
                names.insert(extensionDecl.extendedType.trimmedDescription, at: 0)
            } else if let named = current.asProtocol(NamedDeclSyntax.self), current.asProtocol(DeclGroupSyntax.self) != nil {
                names.insert(named.name.text, at: 0)
            }
            node = current.parent
        }
        return names.isEmpty ? nil : names.joined(separator: ".")
    }

    /// `if`/`switch` used as an expression: the branch taken.
    mutating func conditionalValue<T>(
        _ expression: ExprSyntax,
        at position: Int,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T? {
        var statements: CodeBlockItemListSyntax?
        if let conditional = expression.as(IfExprSyntax.self) {
            statements = try chosenExpressionBranch(conditional, at: position)
        } else if let switchExpression = expression.as(SwitchExprSyntax.self) {
            statements = try chosenCase(of: switchExpression, at: position)?.statements
        } else {
            return nil
        }
        guard let statements, statements.count == 1, let only = statements.first else {
            throw refusal(expression, "\(Self.describe(expression)), whose branch is not one expression,")
        }
        let value: ExprSyntax
        switch only.item {
        case .expr(let expression): value = expression
        case .stmt(let statement):
            guard let expression = statement.as(ExpressionStmtSyntax.self)?.expression else { throw refusal(only, Self.describe(only)) }
            value = expression
        case .decl: throw refusal(only, Self.describe(only))
        }
        return try evaluate(&self, value, position)
    }

    private mutating func chosenExpressionBranch(_ conditional: IfExprSyntax, at position: Int) throws -> CodeBlockItemListSyntax? {
        if try conditions(conditional.conditions, at: position) { return conditional.body.statements }
        switch conditional.elseBody {
        case .ifExpr(let next): return try chosenExpressionBranch(next, at: position)
        case .codeBlock(let block): return block.statements
        case nil: return nil
        }
    }
}

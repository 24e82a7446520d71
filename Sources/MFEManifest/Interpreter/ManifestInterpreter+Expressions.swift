import Foundation
import MFECore
import SwiftSyntax

/// Expressions: literals, names, members, operators, conditionals, casts. `hint` is the type
/// the position expects, which implicit members (`.target(...)`) and literals (`"1.0.0"` as a
/// `Version`) are read as, as Swift's type checker reads them.
extension ManifestInterpreter {
    func evaluate(_ expression: ExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        try step(expression)
        switch expression.as(ExprSyntaxEnum.self) {
        case .stringLiteralExpr(let literal):
            return try coerceLiteral(try string(literal, in: scope), to: hint, at: Syntax(literal))
        case .integerLiteralExpr(let literal):
            guard let value = Self.integer(literal.literal.text) else { return unknown(literal) }
            if hint?.name == "Double" { return .double(Double(value)) }
            return .int(value)
        case .floatLiteralExpr(let literal):
            guard let value = Double(literal.literal.text.filter { $0 != "_" }) else { return unknown(literal) }
            return .double(value)
        case .booleanLiteralExpr(let literal):
            return .bool(literal.literal.tokenKind == .keyword(.true))
        case .nilLiteralExpr:
            return .null
        case .arrayExpr(let array):
            return try arrayLiteral(array, in: scope, hint: hint)
        case .dictionaryExpr(let dictionary):
            return try dictionaryLiteral(dictionary, in: scope, hint: hint)
        case .tupleExpr(let tuple):
            if tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                return try evaluate(only.expression, in: scope, hint: hint)
            }
            var hints: [MType?] = Array(repeating: nil, count: tuple.elements.count)
            if case .tuple(let types)? = hint?.unwrapped, types.count == hints.count { hints = types }
            var values: [MValue] = []
            for (element, elementHint) in zip(tuple.elements, hints) {
                values.append(try evaluate(element.expression, in: scope, hint: elementHint))
            }
            return .tuple(values, labels: tuple.elements.map { $0.label.map { Self.plain($0.text) } })
        case .declReferenceExpr(let reference):
            return try identifierValue(Self.plain(reference.baseName.text), node: Syntax(reference), in: scope, hint: hint)
        case .memberAccessExpr(let member):
            return try memberAccess(member, in: scope, hint: hint)
        case .functionCallExpr(let call):
            return try evaluateCall(call, in: scope, hint: hint)
        case .subscriptCallExpr(let subscriptCall):
            return try subscriptValue(subscriptCall, in: scope, hint: hint)
        case .closureExpr(let closure):
            return .function(.closure(closure, scope))
        case .infixOperatorExpr(let infix):
            return try infixOperation(infix, in: scope, hint: hint)
        case .prefixOperatorExpr(let prefix):
            return try prefixOperation(prefix, in: scope, hint: hint)
        case .ternaryExpr(let ternary):
            let holds = try bool(ternary.condition, in: scope)
            return try evaluate(holds ? ternary.thenExpression : ternary.elseExpression, in: scope, hint: hint)
        case .ifExpr(let conditional):
            return try conditionalValue(conditional, in: scope, hint: hint)
        case .switchExpr(let switchExpression):
            guard let (index, cases, caseScope) = try chosenCase(of: switchExpression, in: scope) else {
                throw refusal(switchExpression, "the 'switch' no case of which matches")
            }
            return try branchValue(cases[index].statements, in: caseScope, hint: hint, node: Syntax(switchExpression))
        case .optionalChainingExpr(let chain):
            return try evaluate(chain.expression, in: scope, hint: hint.map { .optional($0) })
        case .forceUnwrapExpr(let force):
            let value = try evaluate(force.expression, in: scope, hint: hint.map { .optional($0) })
            if value.isNone { throw refusal(force, "\(Self.describe(force)), which is nil and stops the manifest,") }
            return value
        case .asExpr(let cast):
            let type = resolveType(cast.type, context: scope.memberScope?.context)
            let value = try evaluate(cast.expression, in: scope, hint: type)
            if cast.questionOrExclamationMark?.tokenKind == .postfixQuestionMark {
                if case .unknown = value { return value }
                return try valueIs(value, type, node: Syntax(cast)) ? value : .null
            }
            return try coerce(value, to: type, at: Syntax(cast))
        case .isExpr(let check):
            let value = try evaluate(check.expression, in: scope, hint: nil)
            if case .unknown = value { return value }
            return .bool(try valueIs(value, resolveType(check.type, context: scope.memberScope?.context), node: Syntax(check)))
        case .tryExpr(let tryExpression):
            // `try? String(contentsOf: …)` of a file that does not exist is nil, as it throws.
            if tryExpression.questionOrExclamationMark?.tokenKind == .postfixQuestionMark, let call = tryExpression.expression.as(FunctionCallExprSyntax.self),
                let path = try fileReadPath(call, in: scope), !host.fileExists(path)
            {
                return .null
            }
            return try evaluate(tryExpression.expression, in: scope, hint: hint)
        case .awaitExpr(let awaitExpression):
            return try evaluate(awaitExpression.expression, in: scope, hint: hint)
        case .typeExpr(let type):
            return .type(resolveType(type.type, context: scope.memberScope?.context))
        case .genericSpecializationExpr(let generic):
            return .type(typeOfExpression(ExprSyntax(generic)))
        case .keyPathExpr(let keyPath):
            return .function(.builtin("keyPath", receiver: nil, node: Syntax(keyPath)))
        case .macroExpansionExpr(let macro):
            return try macroValue(macro)
        case .discardAssignmentExpr:
            return .null
        case .inOutExpr(let inOut):
            return try evaluate(inOut.expression, in: scope, hint: hint)
        case .sequenceExpr(let sequence):
            throw refusal(sequence, "\(Self.describe(sequence)), whose operators the reader cannot group,")
        default:
            throw cannotEvaluate(expression)
        }
    }

    /// The file `String(contentsOf:)`, `String(contentsOfFile:)` or `Data(contentsOf:)` reads,
    /// when the path is known; nil for other calls.
    func fileReadPath(_ call: FunctionCallExprSyntax, in scope: Scope) throws -> String? {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), ["String", "Data"].contains(callee.baseName.text),
            scope.declaring(callee.baseName.text) == nil, let first = call.arguments.first,
            ["contentsOf", "contentsOfFile"].contains(first.label?.text ?? "")
        else { return nil }
        switch try evaluate(first.expression, in: scope, hint: nil) {
        case .string(let path): return path.hasPrefix("/") ? path : PathUtilities.join(host.packageDirectory, path)
        case .record(let url) where url.type == "URL":
            if case .string(let path)? = url["path"] { return path }
            return nil
        default: return nil
        }
    }

    /// An integer literal's value: decimal, `0x`, `0o`, `0b`, with `_` separators.
    static func integer(_ text: String) -> Int? {
        let digits = text.filter { $0 != "_" }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return Int(digits.dropFirst(2), radix: radix)
        }
        return Int(digits)
    }

    /// The manifest's absolute path, as the compiler sees it.
    var absoluteFile: String { PathUtilities.join(host.packageDirectory, Self.lastPathComponent(file)) }

    /// `#file`, `#filePath`, `#line`, `#column`, `#function`, as the compiler gives them to a
    /// manifest (SwiftPM compiles it as the module `main`).
    private func macroValue(_ macro: MacroExpansionExprSyntax) throws -> MValue {
        switch macro.macroName.text {
        case "filePath": return .string(absoluteFile)
        case "file": return .string(configuration.languageVersion.components[0] >= 6 ? "main/" + Self.lastPathComponent(file) : absoluteFile)
        case "fileID": return .string("main/" + Self.lastPathComponent(file))
        case "line": return .int(location(of: macro).line)
        case "column": return .int(location(of: macro).column)
        case "function": return .string("main")
        // A note to whoever builds the manifest: the compiler prints it and goes on.
        case "warning": return .tuple([], labels: [])
        default: throw cannotEvaluate(macro)
        }
    }

    // MARK: - Literals

    /// A string literal's text, with its interpolations evaluated.
    func string(_ literal: StringLiteralExprSyntax, in scope: Scope) throws -> MValue {
        if let value = literal.representedLiteralValue { return .string(value) }
        var result = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text):
                let single = literal.with(\.segments, [.stringSegment(text)])
                guard let value = single.representedLiteralValue else { return unknown(literal) }
                result += value
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let only = interpolation.expressions.first, only.label == nil else {
                    return unknown(interpolation)
                }
                let value = try evaluate(only.expression, in: scope, hint: nil)
                guard let text = try describe(value, node: Syntax(only.expression)) else { return value }
                result += text
            }
        }
        return .string(result)
    }

    /// A value as string interpolation prints it; nil for an unknown value (returned as is).
    func describe(_ value: MValue, node: Syntax) throws -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .unknown: return nil
        case .null: return "nil"
        case .record(let record) where record.type == "Version":
            return Self.versionDescription(record)
        case .record(let record) where record.type == "SwiftLanguageMode":
            return Self.languageModeDescription(record)
        case .record(let record) where record.kase != nil && types[record.type] != nil && payload(of: record).isEmpty:
            if let raw = try rawValue(of: record), case .string(let text) = raw { return text }
            return record.kase
        case .record(let record) where record.type == "LanguageTag":
            if case .string(let tag)? = record["tag"] { return tag }
        case .type(let type) where vocabulary == .projectDescription:
            // `"\(self)"` in a static member of a helper's type: the type's own name.
            if let name = type.name, types[name] != nil { return String(name.split(separator: ".").last ?? "") }
        case .array(let elements):
            var parts: [String] = []
            for element in elements {
                if case .string(let text) = element { parts.append("\"\(text)\"") } else if let text = try describe(element, node: node) { parts.append(text) } else { return nil }
            }
            return "[" + parts.joined(separator: ", ") + "]"
        default: break
        }
        throw refusal(node, "\(Self.describe(node)), whose text the reader cannot tell,")
    }

    private func arrayLiteral(_ array: ArrayExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        let element = hint?.element
        var values: [MValue] = []
        values.reserveCapacity(array.elements.count)
        for item in array.elements {
            var value = try evaluate(item.expression, in: scope, hint: element)
            // A target dependency held in a constant is located where the list names it.
            if item.expression.is(DeclReferenceExprSyntax.self), case .record(var record) = value, record.type == "Target.Dependency" {
                record.location = location(of: item.expression)
                value = .record(record)
            }
            values.append(value)
        }
        if case .set? = hint?.unwrapped { return .set(unique(values)) }
        if case .dictionary? = hint?.unwrapped, values.isEmpty { return .dictionary([]) }
        return .array(values)
    }

    private func dictionaryLiteral(_ dictionary: DictionaryExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        // `KeyValuePairs` keeps its pairs in the order written (and repeats): a list of
        // `(key:value:)` tuples, gone through in order, unlike a dictionary.
        if case .generic("KeyValuePairs", let arguments)? = hint?.unwrapped, arguments.count == 2 {
            guard case .elements(let elements) = dictionary.content else { return .array([]) }
            return .array(
                try elements.map { element in
                    .tuple(
                        [try evaluate(element.key, in: scope, hint: arguments[0]), try evaluate(element.value, in: scope, hint: arguments[1])],
                        labels: ["key", "value"])
                })
        }
        guard case .elements(let elements) = dictionary.content else { return .dictionary([]) }
        var keyHint: MType?
        var valueHint: MType?
        if case .dictionary(let key, let value)? = hint?.unwrapped {
            keyHint = key
            valueHint = value
        }
        var pairs: [(key: MValue, value: MValue)] = []
        for element in elements {
            let key = try evaluate(element.key, in: scope, hint: keyHint)
            let value = try evaluate(element.value, in: scope, hint: valueHint)
            if let index = try pairs.firstIndex(where: { try equalsOrThrow($0.key, key, node: Syntax(element)) }) {
                pairs[index].value = value
            } else {
                pairs.append((key, value))
            }
        }
        return .dictionary(pairs)
    }

    /// `values` without repeats, in order (a `Set` built from a literal).
    func unique(_ values: [MValue]) -> [MValue] {
        var result: [MValue] = []
        for value in values where !result.contains(where: { equals($0, value) == true }) {
            result.append(value)
        }
        return result
    }

    // MARK: - Names

    /// The value a name stands for in `scope`: a constant or variable, a computed variable, a
    /// function, a member of `self`, a type.
    func identifierValue(_ name: String, node: Syntax, in scope: Scope, hint: MType? = nil) throws -> MValue {
        if name == "self", let member = scope.memberScope {
            if let variable = member.variables["self"], let value = variable.value { return value }
            return .type(.named(member.context!))
        }
        if name == "Self", let context = scope.memberScope?.context { return .type(.named(context)) }
        var current: Scope? = scope
        while let next = current {
            // A `private let` of a helper file is that file's, whatever other files declare.
            if !filePrivates.isEmpty, next === globals, let variable = filePrivates[node.root.id]?[name], let value = variable.value { return value }
            if let variable = next.variables[name] {
                guard let value = variable.value else {
                    throw refusal(node, "'\(name)', which is used before it is given a value,")
                }
                return value
            }
            if let binding = next.computed[name] { return try computedValue(binding, in: next, receiver: nil, context: next.memberScope?.context, node: node) }
            if let functions = next.functions[name], let first = functions.first {
                return .function(.declared(first, next, receiver: nil, context: next.memberScope?.context))
            }
            if let context = next.context, next.variables[name] == nil {
                if let value = try memberOfSelf(name, scope: next, context: context, node: node, hint: hint),
                    !(isMadeUpProjectDescriptionMember(value, name) && (next.parent?.declaring(name) != nil || (!filePrivates.isEmpty && filePrivates[node.root.id]?[name] != nil)))
                {
                    return value
                }
            }
            current = next.parent
        }
        // A static member of a type around the current one (`name` in a struct nested in
        // `extension TargetDependency.Data`), as Swift's unqualified lookup finds it.
        for outer in Self.enclosingTypes(of: scope.memberScope?.context) where !isTypeName(name, context: scope.memberScope?.context) {
            if let value = try staticMemberIfAny(outer, name, node: node, hint: hint) { return value }
        }
        if isTypeName(name, context: scope.memberScope?.context) {
            return .type(.named(resolveTypeName(name, context: scope.memberScope?.context).name))
        }
        throw cannotEvaluate(node)
    }

    /// The types `context` is nested in, innermost first (`A.B` and `A` for `A.B.C`).
    static func enclosingTypes(of context: String?) -> [String] {
        guard var outer = context else { return [] }
        var result: [String] = []
        while let dot = outer.lastIndex(of: ".") {
            outer = String(outer[..<dot])
            result.append(outer)
        }
        return result
    }

    /// A member named without `self.` in a method or static member body: a property or method
    /// of `self`, or a static member of the type.
    func memberOfSelf(_ name: String, scope: Scope, context: String, node: Syntax, hint: MType?) throws -> MValue? {
        if let receiver = scope.variables["self"]?.value {
            if let value = try instanceMemberIfAny(receiver, name, node: node, hint: hint) { return value }
        }
        return try staticMemberIfAny(context, name, node: node, hint: hint)
    }

    /// The value of a computed variable or property (`var x: T { … }`).
    func computedValue(_ binding: PatternBindingSyntax, in scope: Scope, receiver: MValue?, context: String?, node: Syntax) throws -> MValue {
        guard let accessors = binding.accessorBlock, let body = Self.getterBody(accessors) else {
            throw refusal(node, "the computed property '\(binding.pattern.trimmedDescription)' without a getter")
        }
        let type = binding.typeAnnotation.map { resolveType($0.type, context: context) }
        return try runBody(body, parent: scope, receiver: receiver, context: context, parameters: [], returnType: type, node: node)
    }

    // MARK: - Members

    /// `base.name`, `.name` (an implicit member of the type expected), `Type.name`.
    func memberAccess(_ member: MemberAccessExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        let name = Self.plain(member.declName.baseName.text)
        guard let base = member.base else {
            return try implicitMember(name, node: Syntax(member), hint: hint, scope: scope)
        }
        if let type = try typeReference(base, in: scope) {
            if name == "self" { return .type(.named(type)) }
            if name == "init" { return .function(.builtin("\(type).init", receiver: nil, node: Syntax(member))) }
            return try staticMember(type, name, node: Syntax(member), hint: hint)
        }
        // An implicit member chain (`.Project.Core`) starts in the type the whole chain has.
        let value = try evaluate(base, in: scope, hint: Self.isImplicitMemberChain(base) ? hint : nil)
        if value.isNone, Self.isOptionalChain(base) { return .null }
        return try instanceMember(value, name, node: Syntax(member), hint: hint)
    }

    /// Whether `expression` is a chain of members starting with an implicit one (`.a.b`).
    static func isImplicitMemberChain(_ expression: ExprSyntax) -> Bool {
        // `.Module.type(.Domain).dependency`: calls are links of the chain too.
        if let call = expression.as(FunctionCallExprSyntax.self) { return isImplicitMemberChain(call.calledExpression) }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return false }
        guard let base = member.base else { return true }
        return isImplicitMemberChain(base)
    }

    /// Whether an expression ends in `?` (so a member of it is nil when it is).
    static func isOptionalChain(_ expression: ExprSyntax) -> Bool {
        if expression.is(OptionalChainingExprSyntax.self) { return true }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base { return isOptionalChain(base) }
        if let call = expression.as(FunctionCallExprSyntax.self) { return isOptionalChain(call.calledExpression) }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) { return isOptionalChain(subscriptCall.calledExpression) }
        return false
    }

    /// The type `expression` names when it is one (`Target.Dependency`, `Versions`, `[String]`),
    /// not a value; nil otherwise.
    func typeReference(_ expression: ExprSyntax, in scope: Scope) throws -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = Self.plain(reference.baseName.text)
            if name == "Self", let context = scope.memberScope?.context { return context }
            if scope.declaring(name) != nil { return nil }
            if let memberScope = scope.memberScope, let receiver = memberScope.variables["self"]?.value,
                (try? instanceMemberIfAny(receiver, name, node: Syntax(reference), hint: nil)) != nil
            {
                return nil
            }
            return isTypeName(name, context: scope.memberScope?.context) ? resolveTypeName(name, context: scope.memberScope?.context).name : nil
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
            // `PackageDescription.Target`, `Foundation.URL`: a module names no value.
            if let module = base.as(DeclReferenceExprSyntax.self),
                ["PackageDescription", "Foundation", "Swift", "CompilerPluginSupport", "ProjectDescription", "ProjectDescriptionHelpers"].contains(module.baseName.text),
                scope.declaring(module.baseName.text) == nil
            {
                let name = Self.plain(member.declName.baseName.text)
                return isTypeName(name, context: nil) ? resolveTypeName(name, context: nil).name : nil
            }
            guard let baseType = try typeReference(base, in: scope) else { return nil }
            let name = "\(baseType).\(Self.plain(member.declName.baseName.text))"
            let resolved = resolveTypeName(name, context: nil).name
            if types[resolved] != nil || isLibraryType(resolved) || Self.builtinTypes.contains(resolved) || typeAliases[name] != nil {
                return resolved
            }
            return nil
        }
        if expression.is(GenericSpecializationExprSyntax.self) || expression.is(TypeExprSyntax.self) {
            switch typeOfExpression(expression) {
            case .named(let name): return name
            case .array: return "Array"
            default: return nil
            }
        }
        if let array = expression.as(ArrayExprSyntax.self), array.elements.count == 1,
            let element = array.elements.first, (try typeReference(element.expression, in: scope)) != nil
        {
            return "Array"
        }
        return nil
    }

    /// `.name` read as a member of the type the position expects (or, with no expectation,
    /// of the one type that has such a member).
    func implicitMember(_ name: String, node: Syntax, hint: MType?, scope: Scope) throws -> MValue {
        if name == "none" && (hint == nil || hint.map({ if case .optional = $0 { return true } else { return false } }) == true) { return .null }
        if let type = Self.typeKey(of: hint) {
            if let value = try staticMemberIfAny(type, name, node: node, hint: hint) { return value }
        }
        // Without an expected type, the one type with a value (not a function) of that name.
        let candidates = implicitMemberCandidates(name, arguments: nil).filter { type in
            if let declared = types[type] {
                return declared.staticProperties[name] != nil || declared.cases[name].map { $0.parameterClause == nil } == true
            }
            return PackageDescriptionSignatures.all[type]?[name] == nil || libraryAccepts(type, name, [])
        }
        if candidates.count == 1 { return try staticMember(candidates[0], name, node: node, hint: hint) }
        if name == "none" { return .null }
        if vocabulary == .projectDescription { return .record(MRecord(type: Self.typeKey(of: hint) ?? "", kase: name, location: location(of: node))) }
        throw refusal(node, "'.\(name)', whose type the reader cannot tell here,")
    }

    /// `Type.name`.
    func staticMember(_ type: String, _ name: String, node: Syntax, hint: MType?) throws -> MValue {
        if let value = try staticMemberIfAny(type, name, node: node, hint: hint) { return value }
        throw refusal(node, "\(Self.describe(node)) (no member '\(name)' of '\(type)' the reader knows)")
    }

    /// A static member of `type`: the manifest's own (static properties, enum cases, static
    /// methods, nested types), then PackageDescription's and the standard library's.
    func staticMemberIfAny(_ type: String, _ name: String, node: Syntax, hint: MType?) throws -> MValue? {
        for declared in memberTypes(of: type) {
            if let binding = declared.staticProperties[name] {
                return try staticPropertyValue(declared.name, name, binding, node: node)
            }
            if let element = declared.cases[name] {
                if element.parameterClause == nil {
                    return .record(MRecord(type: declared.name, kase: name))
                }
                return .function(.enumCase(type: declared.name, kase: name, labels: element.parameterClause!.parameters.map { $0.firstName.map { Self.plain($0.text) } }))
            }
            if let methods = declared.methods[name], let method = methods.first(where: Self.isStatic) {
                return .function(.declared(method, globals, receiver: .type(.named(declared.name)), context: declared.name))
            }
            if types["\(declared.name).\(name)"] != nil { return .type(.named("\(declared.name).\(name)")) }
        }
        if name == "allCases", let declared = types[type], declared.kind == .enumeration, declared.conformances.contains("CaseIterable") {
            return .array(declared.caseOrder.filter { declared.cases[$0]?.parameterClause == nil }.map { .record(MRecord(type: declared.name, kase: $0)) })
        }
        if let value = try libraryStaticMember(type, name, node: node, hint: hint) { return value }
        if isLibraryType("\(type).\(name)") { return .type(.named("\(type).\(name)")) }
        return nil
    }

    static func isStatic(_ function: FunctionDeclSyntax) -> Bool {
        function.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// A static stored or computed property of the manifest's type, a stored one evaluated once.
    private func staticPropertyValue(_ type: String, _ name: String, _ binding: PatternBindingSyntax, node: Syntax) throws -> MValue {
        let key = "\(type).\(name)"
        if let cached = staticValues[key] { return cached }
        let annotation = binding.typeAnnotation.map { resolveType($0.type, context: type) }
        if let initializer = binding.initializer?.value {
            let scope = Scope(parent: globals, receiver: .type(.named(type)), context: type)
            let value = try coerce(try evaluate(initializer, in: scope, hint: annotation), to: annotation, at: Syntax(initializer))
            staticValues[key] = value
            return value
        }
        return try computedValue(binding, in: globals, receiver: .type(.named(type)), context: type, node: node)
    }

    /// The types (the manifest's and PackageDescription's) with a static member `name`, for
    /// an implicit member read where no type is expected; `arguments` are the labels of a call.
    func implicitMemberCandidates(_ name: String, arguments: [String?]?) -> [String] {
        var result: [String] = []
        for (typeName, declared) in types {
            if declared.staticProperties[name] != nil || declared.cases[name] != nil || declared.methods[name]?.contains(where: Self.isStatic) == true {
                result.append(typeName)
            }
        }
        for typeName in libraryStaticOwners(of: name) where !result.contains(typeName) {
            result.append(typeName)
        }
        return result.sorted()
    }

    /// `value.name`: a stored or computed property, a method (as a function), a field of
    /// PackageDescription's objects, a property of the standard library's types.
    func instanceMember(_ value: MValue, _ name: String, node: Syntax, hint: MType?) throws -> MValue {
        if case .unknown = value { return value }
        if let member = try instanceMemberIfAny(value, name, node: node, hint: hint) { return member }
        // `sources.globs` of a `SourceFilesList` written as a literal: its strings are its globs.
        if vocabulary == .projectDescription, name == "globs" {
            if case .string = value { return .array([value]) }
            if case .array(let items) = value, items.allSatisfy({ if case .string = $0 { return true } else { return false } }) { return value }
        }
        if vocabulary == .projectDescription { return unknown(node, "a property mfe does not model") }
        throw refusal(node, "\(Self.describe(node)) (no member '\(name)' the reader knows)")
    }

    func instanceMemberIfAny(_ value: MValue, _ name: String, node: Syntax, hint: MType?) throws -> MValue? {
        if case .unknown = value { return value }
        if case .type(let type) = value, let typeName = type.name {
            return try staticMemberIfAny(typeName, name, node: node, hint: hint)
        }
        if let typeName = Self.typeKey(of: value) {
            for declared in memberTypes(of: typeName) {
                if let binding = declared.computedProperties[name] {
                    return try computedValue(binding, in: globals, receiver: value, context: declared.name, node: node)
                }
                if let methods = declared.methods[name], let method = methods.first(where: { !Self.isStatic($0) }) {
                    return .function(.declared(method, globals, receiver: value, context: declared.name))
                }
            }
        }
        switch value {
        case .record(let record):
            if let field = record.fields[name], types[record.type] != nil || record.kase == nil { return field }
            if name == "rawValue", let raw = try rawValue(of: record) { return raw }
        case .object(let object):
            if types[object.type] != nil, let field = object.fields[name] { return field }
        case .tuple(let values, let labels):
            if let index = Int(name), values.indices.contains(index) { return values[index] }
            if let index = labels.firstIndex(of: name) { return values[index] }
        default: break
        }
        return try libraryInstanceMember(value, name, node: node, hint: hint)
    }

    /// The raw value of a case of the manifest's enum with a raw type.
    func rawValue(of record: MRecord) throws -> MValue? {
        guard let declared = types[record.type], let rawType = declared.rawType, let kase = record.kase else { return nil }
        if let element = declared.cases[kase], let raw = element.rawValue?.value {
            return try evaluate(raw, in: globals, hint: .named(rawType))
        }
        if rawType == "String" { return .string(kase) }
        if rawType == "Int" {
            // Implicit integer raw values count up from the previous explicit one.
            var next = 0
            for caseName in declared.caseOrder {
                if let raw = declared.cases[caseName]?.rawValue?.value, case .int(let value) = try evaluate(raw, in: globals, hint: .named("Int")) { next = value }
                if caseName == kase { return .int(next) }
                next += 1
            }
        }
        return nil
    }

    // MARK: - Subscripts

    private func subscriptValue(_ subscriptCall: SubscriptCallExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        let base = try evaluate(subscriptCall.calledExpression, in: scope, hint: nil)
        if base.isNone, Self.isOptionalChain(subscriptCall.calledExpression) { return .null }
        if case .unknown = base { return base }
        let arguments = Array(subscriptCall.arguments)
        guard let first = arguments.first else { throw cannotEvaluate(subscriptCall) }
        let key = try evaluate(first.expression, in: scope, hint: nil)
        if case .unknown = key { return key }
        switch base {
        case .array(let elements):
            if case .int(let index) = key {
                guard elements.indices.contains(index) else { throw refusal(subscriptCall, "\(Self.describe(subscriptCall)), an index out of range that stops the manifest,") }
                return elements[index]
            }
            if case .range(.int(let lower), .int(let upper), let closed) = key {
                let end = closed ? upper + 1 : upper
                guard lower >= 0, end <= elements.count, lower <= end else { throw refusal(subscriptCall, "\(Self.describe(subscriptCall)), a range out of bounds that stops the manifest,") }
                return .array(Array(elements[lower..<end]))
            }
        case .dictionary(let pairs):
            let found = try pairs.first(where: { try equalsOrThrow($0.key, key, node: Syntax(subscriptCall)) })?.value
            if arguments.count == 2, arguments[1].label?.text == "default" {
                return try found ?? evaluate(arguments[1].expression, in: scope, hint: hint)
            }
            return found ?? .null
        case .record(let record) where record.type == "ProcessInfo.Environment":
            guard case .string(let name) = key else { break }
            return host.environment[name].map(MValue.string) ?? .null
        default: break
        }
        throw refusal(subscriptCall, "\(Self.describe(subscriptCall)) (a subscript the reader does not know)")
    }

    // MARK: - Operators

    private func infixOperation(_ infix: InfixOperatorExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        if infix.operator.is(AssignmentExprSyntax.self) {
            try assign(infix.rightOperand, to: infix.leftOperand, in: scope)
            return .tuple([], labels: [])
        }
        guard let text = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            throw cannotEvaluate(infix)
        }
        if ["+=", "-=", "*=", "/=", "%=", "&&=", "||="].contains(text) {
            let operation = String(text.dropLast())
            let leftHint = try? staticTypeOfTarget(infix.leftOperand, in: scope)
            let right = try evaluate(infix.rightOperand, in: scope, hint: leftHint ?? nil)
            try modify(infix.leftOperand, in: scope) { current in
                current = try self.binary(operation, current, right, node: Syntax(infix))
            }
            return .tuple([], labels: [])
        }
        switch text {
        case "&&":
            guard try bool(infix.leftOperand, in: scope) else { return .bool(false) }
            return .bool(try bool(infix.rightOperand, in: scope))
        case "||":
            if try bool(infix.leftOperand, in: scope) { return .bool(true) }
            return .bool(try bool(infix.rightOperand, in: scope))
        case "??":
            let left = try evaluate(infix.leftOperand, in: scope, hint: hint.map { .optional($0) })
            if case .unknown = left { return left }
            return left.isNone ? try evaluate(infix.rightOperand, in: scope, hint: hint) : left
        default: break
        }
        if let user = try userOperator(text, infix, in: scope, hint: hint) { return user }
        var leftHint = hint
        if ["==", "!=", "<", ">", "<=", ">=", "..<", "...", "~="].contains(text) { leftHint = nil }
        if ["..<", "..."].contains(text), let element = hint?.element { leftHint = element }
        // `.test == target.type`, `[.a] + list`: an operand that needs a type takes the other's.
        if leftHint == nil, Self.needsExpectedType(infix.leftOperand), !Self.needsExpectedType(infix.rightOperand) {
            let right = try evaluate(infix.rightOperand, in: scope, hint: nil)
            let type = try staticType(of: infix.rightOperand, value: right, in: scope)
            let left = try evaluate(infix.leftOperand, in: scope, hint: type)
            return try binary(text, left, right, node: Syntax(infix))
        }
        let left = try evaluate(infix.leftOperand, in: scope, hint: leftHint)
        var rightHint = leftHint
        if ["==", "!=", "<", ">", "<=", ">=", "..<", "...", "+", "-"].contains(text), rightHint == nil {
            rightHint = try staticType(of: infix.leftOperand, value: left, in: scope)
        }
        if text == "+" || text == "-", case .set = left { rightHint = nil }
        let right = try evaluate(infix.rightOperand, in: scope, hint: rightHint)
        return try binary(text, left, right, node: Syntax(infix))
    }

    /// Whether an expression's meaning depends on the type expected: an implicit member
    /// (`.test`, `.target(name:)`), or a list or conditional of them.
    static func needsExpectedType(_ expression: ExprSyntax) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.base == nil }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.contains { needsExpectedType($0.expression) } }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1 { return needsExpectedType(tuple.elements.first!.expression) }
        if let ternary = expression.as(TernaryExprSyntax.self) { return needsExpectedType(ternary.thenExpression) || needsExpectedType(ternary.elseExpression) }
        return false
    }

    /// The type of an evaluated expression, for the operands and arguments beside it: a
    /// variable's declared type, else what its value tells.
    func staticType(of expression: ExprSyntax, value: MValue, in scope: Scope) throws -> MType? {
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
            let declared = try? staticTypeOfTarget(expression, in: scope)
        {
            return declared.unwrapped
        }
        return Self.inferredType(of: value)
    }

    /// An operator the manifest declares for its own types (`static func + (…)`, a global
    /// `func <> (…)`); nil when none applies.
    private func userOperator(_ text: String, _ infix: InfixOperatorExprSyntax, in scope: Scope, hint: MType?) throws -> MValue? {
        var candidates: [(FunctionDeclSyntax, String?)] = (globals.functions[text] ?? []).map { ($0, nil) }
        for (name, declared) in types {
            for method in declared.methods[text] ?? [] where Self.isStatic(method) { candidates.append((method, name)) }
        }
        guard !candidates.isEmpty else { return nil }
        // One operator of that name: its parameters' types are the operands'.
        var hints: [MType?] = [nil, nil]
        if candidates.count == 1, candidates[0].0.signature.parameterClause.parameters.count == 2 {
            hints = candidates[0].0.signature.parameterClause.parameters.map { resolveType($0.type, context: candidates[0].1) }
        }
        let left = try evaluate(infix.leftOperand, in: scope, hint: hints[0])
        let right = try evaluate(infix.rightOperand, in: scope, hint: hints[1] ?? Self.inferredType(of: left))
        for (function, context) in candidates {
            let parameters = Array(function.signature.parameterClause.parameters)
            guard parameters.count == 2 else { continue }
            let leftType = resolveType(parameters[0].type, context: context)
            let rightType = resolveType(parameters[1].type, context: context)
            guard try valueIs(left, leftType, node: Syntax(infix)), try valueIs(right, rightType, node: Syntax(infix)) else { continue }
            return try callDeclared(function, in: globals, receiver: context.map { .type(.named($0)) }, context: context, values: [left, right], node: Syntax(infix)).value
        }
        return try binaryIfBuiltin(text, left, right, node: Syntax(infix))
    }

    private func binaryIfBuiltin(_ text: String, _ left: MValue, _ right: MValue, node: Syntax) throws -> MValue {
        try binary(text, left, right, node: node)
    }

    /// `left op right` for the standard library's operators.
    func binary(_ text: String, _ left: MValue, _ right: MValue, node: Syntax) throws -> MValue {
        if case .unknown = left { return left }
        if case .unknown = right { return right }
        switch (text, left, right) {
        case ("+", .string(let a), .string(let b)): return .string(a + b)
        case ("+", .int(let a), .int(let b)): return .int(a &+ b)
        case ("-", .int(let a), .int(let b)): return .int(a &- b)
        case ("*", .int(let a), .int(let b)): return .int(a &* b)
        case ("/", .int(let a), .int(let b)) where b != 0: return .int(a / b)
        case ("%", .int(let a), .int(let b)) where b != 0: return .int(a % b)
        // Bit masks (`1 << 2` in an `OptionSet`'s raw values).
        case ("<<", .int(let a), .int(let b)): return .int(a << b)
        case (">>", .int(let a), .int(let b)): return .int(a >> b)
        case ("&", .int(let a), .int(let b)): return .int(a & b)
        case ("|", .int(let a), .int(let b)): return .int(a | b)
        case ("^", .int(let a), .int(let b)): return .int(a ^ b)
        case ("+", .double(let a), .double(let b)): return .double(a + b)
        case ("-", .double(let a), .double(let b)): return .double(a - b)
        case ("*", .double(let a), .double(let b)): return .double(a * b)
        case ("/", .double(let a), .double(let b)): return .double(a / b)
        case ("+", .array(let a), .array(let b)): return .array(a + b)
        case ("+", .array(let a), .set(let b)): return .array(a + b)
        case ("+", .set(let a), .array(let b)): return .array(a + b)
        case ("+", .null, _), ("+", _, .null): break
        case ("==", _, _): return .bool(try equalsOrThrow(left, right, node: node))
        case ("!=", _, _): return .bool(try !equalsOrThrow(left, right, node: node))
        case ("===", .object(let a), .object(let b)): return .bool(a === b)
        case ("!==", .object(let a), .object(let b)): return .bool(a !== b)
        case ("<", _, _), (">", _, _), ("<=", _, _), (">=", _, _):
            guard let order = compare(left, right) else { break }
            switch text {
            case "<": return .bool(order < 0)
            case ">": return .bool(order > 0)
            case "<=": return .bool(order <= 0)
            default: return .bool(order >= 0)
            }
        case ("..<", _, _): return .range(left, right, closed: false)
        case ("...", _, _): return .range(left, right, closed: true)
        case ("~=", .range(let lower, let upper, let closed), _):
            return .bool(try contains(lower: lower, upper: upper, closed: closed, right, node: node))
        default: break
        }
        throw refusal(node, "\(Self.describe(node)) (the operator '\(text)' on values the reader does not combine)")
    }

    private func prefixOperation(_ prefix: PrefixOperatorExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        switch prefix.operator.text {
        case "!": return .bool(try !bool(prefix.expression, in: scope))
        case "-":
            switch try evaluate(prefix.expression, in: scope, hint: hint) {
            case .int(let value): return .int(-value)
            case .double(let value): return .double(-value)
            case .unknown(let refusal): return .unknown(refusal)
            default: break
            }
        case "..<", "...":
            break
        default: break
        }
        throw cannotEvaluate(prefix)
    }

    /// -1, 0 or 1 for values Swift orders (numbers, strings, versions); nil otherwise.
    func compare(_ left: MValue, _ right: MValue) -> Int? {
        switch (left, right) {
        case (.int(let a), .int(let b)): return a < b ? -1 : a > b ? 1 : 0
        case (.double(let a), .double(let b)): return a < b ? -1 : a > b ? 1 : 0
        case (.int(let a), .double(let b)): return Double(a) < b ? -1 : Double(a) > b ? 1 : 0
        case (.double(let a), .int(let b)): return a < Double(b) ? -1 : a > Double(b) ? 1 : 0
        case (.string(let a), .string(let b)): return a < b ? -1 : a > b ? 1 : 0
        case (.record(let a), .record(let b)) where a.type == "Version" && b.type == "Version":
            guard let first = Self.version(from: a), let second = Self.version(from: b) else { return nil }
            return first < second ? -1 : first > second ? 1 : 0
        default: return nil
        }
    }

    /// Whether `value` lies in `lower..<upper` (or `lower...upper`).
    func contains(lower: MValue, upper: MValue, closed: Bool, _ value: MValue, node: Syntax) throws -> Bool {
        guard let low = compare(lower, value), let high = compare(value, upper) else {
            throw refusal(node, "\(Self.describe(node)) (a range of values the reader does not compare)")
        }
        return low <= 0 && (closed ? high <= 0 : high < 0)
    }

    /// Whether two values are equal as Swift's `==` says; nil when it cannot tell.
    func equals(_ left: MValue, _ right: MValue) -> Bool? {
        switch (left, right) {
        case (.unknown, _), (_, .unknown): return nil
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard let equal = equals(x, y) else { return nil }
                if !equal { return false }
            }
            return true
        case (.set(let a), .set(let b)), (.set(let a), .array(let b)), (.array(let b), .set(let a)):
            let other = unique(b)
            guard a.count == other.count else { return false }
            for x in a {
                var found = false
                for y in other {
                    guard let equal = equals(x, y) else { return nil }
                    if equal {
                        found = true
                        break
                    }
                }
                if !found { return false }
            }
            return true
        case (.dictionary(let a), .dictionary(let b)):
            guard a.count == b.count else { return false }
            for pair in a {
                guard let match = b.first(where: { equals($0.key, pair.key) == true }) else { return false }
                guard let equal = equals(pair.value, match.value) else { return nil }
                if !equal { return false }
            }
            return true
        case (.tuple(let a, _), .tuple(let b, _)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard let equal = equals(x, y) else { return nil }
                if !equal { return false }
            }
            return true
        case (.range(let a1, let a2, let ac), .range(let b1, let b2, let bc)):
            guard ac == bc, let low = equals(a1, b1), let high = equals(a2, b2) else { return nil }
            return low && high
        case (.record(let a), .record(let b)):
            if a.type == "Version" && b.type == "Version" { return compare(left, right) == 0 }
            guard a.type == b.type, a.kase == b.kase else { return false }
            let keys = Set(a.fields.keys).union(b.fields.keys)
            for key in keys {
                guard let equal = equals(a.fields[key] ?? .null, b.fields[key] ?? .null) else { return nil }
                if !equal { return false }
            }
            return true
        case (.object(let a), .object(let b)): return a === b
        case (.type(let a), .type(let b)): return a == b
        default: return false
        }
    }

    /// `equals`, refusing at `node` when it cannot tell.
    func equalsOrThrow(_ left: MValue, _ right: MValue, node: Syntax) throws -> Bool {
        if case .unknown(let refusal) = left { throw refusal }
        if case .unknown(let refusal) = right { throw refusal }
        guard let equal = equals(left, right) else { throw refusal(node, "\(Self.describe(node)) (a comparison the reader cannot make)") }
        return equal
    }

    // MARK: - Conditionals

    private func conditionalValue(_ conditional: IfExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        let inner = Scope(parent: scope)
        if try conditions(conditional.conditions, in: inner) {
            return try branchValue(conditional.body.statements, in: inner, hint: hint, node: Syntax(conditional))
        }
        switch conditional.elseBody {
        case .ifExpr(let next): return try conditionalValue(next, in: scope, hint: hint)
        case .codeBlock(let block): return try branchValue(block.statements, in: Scope(parent: scope), hint: hint, node: Syntax(conditional))
        case nil: throw refusal(conditional, "the 'if' expression without 'else'")
        }
    }

    /// The value of a branch of an `if` or `switch` expression: its one expression.
    private func branchValue(_ statements: CodeBlockItemListSyntax, in scope: Scope, hint: MType?, node: Syntax) throws -> MValue {
        let items = try flatten(statements)
        guard items.count == 1, let only = items.first else {
            throw refusal(node, "\(Self.describe(node)), whose branch is not one expression,")
        }
        switch only {
        case .expr(let expression): return try evaluate(expression, in: scope, hint: hint)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { return try evaluate(expression, in: scope, hint: hint) }
            if statement.is(ThrowStmtSyntax.self) { throw refusal(statement, "the 'throw', which stops the manifest,") }
        case .decl: break
        }
        throw refusal(node, "\(Self.describe(node)), whose branch is not one expression,")
    }

    // MARK: - Types of values

    /// Whether `value` is of `type` (`is`, `as?`, overloads); types the reader does not model
    /// refuse.
    func valueIs(_ value: MValue, _ type: MType, node: Syntax) throws -> Bool {
        switch type {
        case .optional(let wrapped): return try value.isNone || valueIs(value, wrapped, node: node)
        case .array(let element):
            guard case .array(let elements) = value else { return false }
            return try elements.allSatisfy { try valueIs($0, element, node: node) }
        case .set(let element):
            guard case .set(let elements) = value else {
                if case .array = value { return false }
                return false
            }
            return try elements.allSatisfy { try valueIs($0, element, node: node) }
        case .dictionary:
            if case .dictionary = value { return true }
            return false
        case .unknown, .function, .tuple: return true
        case .generic(let name, _):
            if case .range(_, _, let closed) = value { return name == (closed ? "ClosedRange" : "Range") }
            return false
        case .named(let name):
            switch (name, value) {
            case ("Any", _), ("AnyObject", .object): return true
            case ("String", .string), ("Int", .int), ("Bool", .bool), ("Double", .double), ("Character", .string), ("Substring", .string): return true
            case (_, .record(let record)): return record.type == name || types[record.type]?.conformances.contains(name) == true
            case (_, .object(let object)) where object.type == "Product" && name.hasPrefix("Product."):
                // PackageDescription's products are subclasses of `Product`, one per factory.
                guard case .string(let kind)? = object.fields["kind"] else { throw refusal(node, "\(Self.describe(node)), a product of a kind the reader cannot tell,") }
                return name.dropFirst("Product.".count).lowercased() == kind
            case (_, .object(let object)): return object.type == name || (name == "Product" && object.type.hasPrefix("Product")) || types[object.type]?.conformances.contains(name) == true
            case (_, .unknown(let refusal)): throw refusal
            default: return false
            }
        }
    }
}

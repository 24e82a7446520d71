import MFECore
import SwiftSyntax

/// Calls: functions and methods the manifest declares (overloads chosen by labels and
/// argument types), closures, initializers of its own types, mutating methods, and the
/// assignments and in-place changes they make.
extension ManifestInterpreter {
    /// One argument of a call as written.
    struct Argument {
        var label: String?
        var expression: ExprSyntax
        /// A trailing closure, which may stand for a parameter of any label.
        var isTrailingClosure = false
    }

    static func arguments(of call: FunctionCallExprSyntax) -> [Argument] {
        var result = call.arguments.map { Argument(label: $0.label.map { plain($0.text) }, expression: $0.expression) }
        if let trailing = call.trailingClosure {
            result.append(Argument(label: nil, expression: ExprSyntax(trailing), isTrailingClosure: true))
        }
        for extra in call.additionalTrailingClosures {
            result.append(Argument(label: plain(extra.label.text), expression: ExprSyntax(extra.closure), isTrailingClosure: true))
        }
        return result
    }

    /// The value of a call expression.
    func evaluateCall(_ call: FunctionCallExprSyntax, in scope: Scope, hint: MType?) throws -> MValue {
        let arguments = Self.arguments(of: call)
        let callee = call.calledExpression
        let node = Syntax(call)
        if let member = callee.as(MemberAccessExprSyntax.self) {
            let name = Self.plain(member.declName.baseName.text)
            guard let base = member.base else {
                return try callImplicit(name, arguments, node: node, scope: scope, hint: hint)
            }
            if let type = try typeReference(base, in: scope) {
                if name == "init" { return try construct(type, arguments, node: node, scope: scope, hint: hint) }
                return try callStatic(type, name, arguments, node: node, scope: scope, hint: hint)
            }
            if let result = try mutatingCall(base, name, arguments, node: node, scope: scope, hint: hint) { return result }
            // `[.executable, .test].contains(target.type)`: the argument's type is the elements'.
            if Self.needsExpectedType(base), arguments.count == 1, ["contains", "firstIndex", "lastIndex"].contains(name), !Self.needsExpectedType(arguments[0].expression) {
                let argument = try evaluate(arguments[0].expression, in: scope, hint: nil)
                let elementType = try staticType(of: arguments[0].expression, value: argument, in: scope)
                let receiver = try evaluate(base, in: scope, hint: elementType.map { .array($0) })
                return try callMethod(receiver, name, arguments, node: node, scope: scope, hint: hint)
            }
            // An implicit member chain (`.Module.type(…)`) starts in the type the whole chain has.
            let receiver = try evaluate(base, in: scope, hint: hint != nil && Self.isImplicitMemberChain(base) ? hint : nil)
            if receiver.isNone, Self.isOptionalChain(base) { return .null }
            return try callMethod(receiver, name, arguments, node: node, scope: scope, hint: hint)
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return try callNamed(Self.plain(reference.baseName.text), arguments, node: node, scope: scope, hint: hint)
        }
        if let type = try typeReference(callee, in: scope) {
            return try construct(type, arguments, node: node, scope: scope, hint: hint)
        }
        let function = try evaluate(callee, in: scope, hint: nil)
        return try callValue(function, arguments, node: node, scope: scope, hint: hint)
    }

    /// `name(…)`: a closure or function in scope, a method of `self`, an initializer, or a
    /// function of the standard library.
    func callNamed(_ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue {
        var current: Scope? = scope
        while let next = current {
            if let variable = next.variables[name] {
                guard let value = variable.value else { throw refusal(node, "'\(name)', which is used before it is given a value,") }
                return try callValue(value, arguments, node: node, scope: scope, hint: hint)
            }
            if let functions = next.functions[name] {
                return try callOverloads(
                    functions.map { ($0, next.memberScope?.context) }, in: next, receiver: next.memberScope?.variables["self"]?.value, arguments, node: node, scope: scope, hint: hint)
            }
            if let binding = next.computed[name] {
                let value = try computedValue(binding, in: next, receiver: nil, context: next.memberScope?.context, node: node)
                return try callValue(value, arguments, node: node, scope: scope, hint: hint)
            }
            if let context = next.context {
                let receiver = next.variables["self"]?.value ?? .type(.named(context))
                if let result = try callMemberIfAny(receiver, name, arguments, node: node, scope: scope, hint: hint) { return result }
                // `append(…)` in a `mutating func` of an extension of `Array`: changes `self`.
                if Self.mutatingMethods.contains(name), let selfVariable = next.variables["self"], var current = selfVariable.value, Self.isCollection(current) {
                    var values: [MValue] = []
                    let element = Self.inferredType(of: current)?.element ?? (context.hasPrefix("Array<") ? .named(String(context.dropFirst("Array<".count).dropLast())) : nil)
                    for argument in arguments {
                        let argumentHint: MType? = argument.label == "contentsOf" ? element.map { .array($0) } : element
                        values.append(try coerce(try evaluate(argument.expression, in: scope, hint: argumentHint), to: argumentHint, at: Syntax(argument.expression)))
                    }
                    let result = try applyMutatingMethod(name, to: &current, arguments: arguments, values: values, node: node, scope: scope)
                    selfVariable.value = current
                    return result
                }
                // A method of the library type the manifest extends (`filter` in `extension Array`).
                if case .type = receiver {
                    if let result = try libraryStaticCall(context, name, arguments, node: node, scope: scope, hint: hint) { return result }
                } else if let result = try libraryMethod(receiver, name, arguments, node: node, scope: scope, hint: hint) {
                    return result
                }
            }
            current = next.parent
        }
        // A static method of a type around the current one (`dataDependency(target:)` in a
        // struct nested in `extension TargetDependency.Data`), as Swift's unqualified lookup finds it.
        if !isTypeName(name, context: scope.memberScope?.context) {
            for outer in Self.enclosingTypes(of: scope.memberScope?.context) {
                if let result = try callMemberIfAny(.type(.named(outer)), name, arguments, node: node, scope: scope, hint: hint) { return result }
            }
        }
        if name == "Self", let context = scope.memberScope?.context {
            return try construct(context, arguments, node: node, scope: scope, hint: hint)
        }
        if isTypeName(name, context: scope.memberScope?.context) {
            return try construct(resolveTypeName(name, context: scope.memberScope?.context).name, arguments, node: node, scope: scope, hint: hint)
        }
        if let result = try libraryFunction(name, arguments, node: node, scope: scope, hint: hint) { return result }
        if Self.foundationTypes.contains(name) {
            try refuseClosures(arguments, node: node)
            return unknown(node, "which only running the manifest can tell")
        }
        throw refusal(node, "\(Self.describe(node)) (no function '\(name)' the reader knows)")
    }

    /// Which declarations a member lookup goes through: protocols' extensions give default
    /// implementations, which a type's own members and the library's come before.
    enum ProtocolMembers {
        case included, excluded, only
    }

    /// A method of the manifest's types called on `receiver` (a value, or a type for a static
    /// method); nil when there is none of that name.
    func callMemberIfAny(
        _ receiver: MValue, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?, protocols: ProtocolMembers = .included
    ) throws -> MValue? {
        let isType: Bool
        let typeName: String
        if case .type(let type) = receiver, let name = type.name {
            isType = true
            typeName = name
        } else if let name = Self.typeKey(of: receiver) {
            isType = false
            typeName = name
        } else {
            return nil
        }
        // The most specific declaration with methods that fit wins (`extension Array where
        // Element == SwiftSetting` before `extension Array`, a type before its protocols); the
        // manifest's overloads of a library function (`TargetDependencyCondition.when`) leave
        // the library's to calls they do not fit. A method of a protocol's extension or of
        // `Array` runs with `Self` the receiver's type.
        var candidates: [(FunctionDeclSyntax, String?)] = []
        for declared in memberTypes(of: typeName) where candidates.isEmpty {
            let isProtocol = declared.kind == .protocolType
            if (isProtocol && protocols == .excluded) || (!isProtocol && protocols == .only) { continue }
            let context = isProtocol || (declared.name == "Array" && typeName.hasPrefix("Array<")) ? typeName : declared.name
            for method in declared.methods[name] ?? []
            where Self.isStatic(method) == isType && method.body != nil
                && Self.matchParameters(Array(method.signature.parameterClause.parameters), arguments) != nil
            {
                candidates.append((method, context))
            }
        }
        if candidates.count > 1 {
            // Swift prefers the overload that leaves fewer defaults to fill.
            let filled = { (method: FunctionDeclSyntax) in Self.matchParameters(Array(method.signature.parameterClause.parameters), arguments)!.count }
            let best = candidates.map { filled($0.0) }.max()!
            let fewestDefaults = candidates.filter { filled($0.0) == best && $0.0.signature.parameterClause.parameters.count == best }
            if !fewestDefaults.isEmpty { candidates = fewestDefaults }
        }
        if !candidates.isEmpty {
            return try callOverloads(candidates, in: globals, receiver: receiver, arguments, node: node, scope: scope, hint: hint)
        }
        if protocols == .only { return nil }
        if isType {
            for declared in memberTypes(of: typeName) {
                if let element = declared.cases[name], element.parameterClause != nil {
                    return try callValue(
                        .function(.enumCase(type: declared.name, kase: name, labels: element.parameterClause!.parameters.map { $0.firstName.map { Self.plain($0.text) } })),
                        arguments, node: node, scope: scope, hint: hint)
                }
                if declared.staticProperties[name] != nil, let value = try staticMemberIfAny(declared.name, name, node: node, hint: nil) {
                    return try callValue(value, arguments, node: node, scope: scope, hint: hint)
                }
            }
        } else {
            for declared in memberTypes(of: typeName) where declared.computedProperties[name] != nil {
                let value = try instanceMember(receiver, name, node: node, hint: nil)
                return try callValue(value, arguments, node: node, scope: scope, hint: hint)
            }
            if case .record(let record) = receiver, types[record.type] != nil, let stored = record.fields[name] {
                return try callValue(stored, arguments, node: node, scope: scope, hint: hint)
            }
            if case .object(let object) = receiver, types[object.type] != nil, let stored = object.fields[name] {
                return try callValue(stored, arguments, node: node, scope: scope, hint: hint)
            }
        }
        return nil
    }

    /// `Type.name(…)`.
    func callStatic(_ type: String, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue {
        if let result = try callMemberIfAny(.type(.named(type)), name, arguments, node: node, scope: scope, hint: hint, protocols: .excluded) { return result }
        if let result = try libraryStaticCall(type, name, arguments, node: node, scope: scope, hint: hint) { return result }
        if let result = try callMemberIfAny(.type(.named(type)), name, arguments, node: node, scope: scope, hint: hint, protocols: .only) { return result }
        // `Package.Dependency.Trait(name:)`: an initializer of a nested type, written through
        // the type that holds it.
        if name.first?.isUppercase == true, let result = try libraryConstruct("\(type).\(name)", arguments, node: node, scope: scope, hint: hint) {
            return result
        }
        throw refusal(node, "\(Self.describe(node)) (no function '\(name)' of '\(type)' the reader knows)")
    }

    /// `.name(…)`: a static member of the type the position expects, else of the one type
    /// that has it with these labels.
    func callImplicit(_ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue {
        if name == "init", let type = Self.typeKey(of: hint) {
            return try construct(type, arguments, node: node, scope: scope, hint: hint)
        }
        if let type = Self.typeKey(of: hint) {
            if let result = try callMemberIfAny(.type(.named(type)), name, arguments, node: node, scope: scope, hint: hint, protocols: .excluded) { return result }
            if let result = try libraryStaticCall(type, name, arguments, node: node, scope: scope, hint: hint) { return result }
            if let result = try callMemberIfAny(.type(.named(type)), name, arguments, node: node, scope: scope, hint: hint, protocols: .only) { return result }
            if type == "Optional" || name == "some" {
                if name == "some", arguments.count == 1 { return try evaluate(arguments[0].expression, in: scope, hint: nil) }
            }
        }
        if name == "some", arguments.count == 1 { return try evaluate(arguments[0].expression, in: scope, hint: hint?.unwrapped) }
        let labels = arguments.map(\.label)
        var matching: [String] = []
        for type in implicitMemberCandidates(name, arguments: labels) where acceptsLabels(type, name, labels) {
            matching.append(type)
        }
        if matching.count == 1 {
            return try callStatic(matching[0], name, arguments, node: node, scope: scope, hint: hint)
        }
        if vocabulary == .projectDescription {
            return try projectDescriptionRecord(Self.typeKey(of: hint) ?? "", name, arguments, node: node, scope: scope)
        }
        throw refusal(node, "\(Self.describe(node)), whose type the reader cannot tell here,")
    }

    /// Whether `type.name` could take arguments with `labels` (for an implicit member with no
    /// expected type).
    private func acceptsLabels(_ type: String, _ name: String, _ labels: [String?]) -> Bool {
        if let declared = types[type] {
            if let methods = declared.methods[name]?.filter(Self.isStatic), !methods.isEmpty {
                return methods.contains {
                    Self.matchParameters(Array($0.signature.parameterClause.parameters), labels.map { Argument(label: $0, expression: ExprSyntax(NilLiteralExprSyntax())) }) != nil
                }
            }
            if declared.cases[name] != nil { return true }
        }
        return libraryAccepts(type, name, labels)
    }

    /// Calls a function value.
    func callValue(_ value: MValue, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue {
        switch value {
        case .function(let function):
            switch function {
            case .closure(let closure, let captured):
                var values: [MValue] = []
                for argument in arguments { values.append(try evaluate(argument.expression, in: scope, hint: nil)) }
                return try callClosure(closure, in: captured, values, node: node, resultHint: hint)
            case .declared(let declaration, let declaredIn, let receiver, let context):
                return try callOverloads([(declaration, context)], in: declaredIn, receiver: receiver, arguments, node: node, scope: scope, hint: hint)
            case .builtin(let name, let receiver, let origin):
                var values: [MValue] = []
                for argument in arguments { values.append(try evaluate(argument.expression, in: scope, hint: nil)) }
                return try callBuiltin(name, receiver: receiver, values, origin: origin, node: node, hint: hint)
            case .thunk(let expression, let captured, let result):
                return try evaluate(expression, in: captured, hint: result ?? hint)
            case .enumCase(let type, let kase, let labels):
                var record = MRecord(type: type, kase: kase, location: location(of: node))
                let parameterTypes = enumCaseParameterTypes(type, kase)
                for (offset, argument) in arguments.enumerated() {
                    let key = offset < labels.count ? labels[offset] ?? "_\(offset)" : "_\(offset)"
                    let parameterType = offset < parameterTypes.count ? parameterTypes[offset] : nil
                    record[key] = try coerce(try evaluate(argument.expression, in: scope, hint: parameterType), to: parameterType, at: Syntax(argument.expression))
                }
                return .record(record)
            }
        case .unknown: return value
        case .type(let type):
            guard let name = type.name else { break }
            return try construct(name, arguments, node: node, scope: scope, hint: hint)
        default: break
        }
        throw refusal(node, "\(Self.describe(node)) (a call of a value that is not a function)")
    }

    /// The declared types of an enum case's associated values.
    private func enumCaseParameterTypes(_ type: String, _ kase: String) -> [MType?] {
        guard let element = types[type]?.cases[kase] else { return [] }
        return element.parameterClause?.parameters.map { resolveType($0.type, context: type) } ?? []
    }

    /// A method called on a value: the manifest's own, then the standard library's.
    func callMethod(_ receiver: MValue, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue {
        if case .unknown(let refusal) = receiver {
            // A closure run over an unknown value could change anything: the value's refusal.
            if arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) { throw refusal }
            return receiver
        }
        if case .type(let type) = receiver, let typeName = type.name {
            if name == "init" { return try construct(typeName, arguments, node: node, scope: scope, hint: hint) }
            return try callStatic(typeName, name, arguments, node: node, scope: scope, hint: hint)
        }
        if let result = try callMemberIfAny(receiver, name, arguments, node: node, scope: scope, hint: hint, protocols: .excluded) { return result }
        if let result = try libraryMethod(receiver, name, arguments, node: node, scope: scope, hint: hint) { return result }
        if let result = try callMemberIfAny(receiver, name, arguments, node: node, scope: scope, hint: hint, protocols: .only) { return result }
        if vocabulary == .projectDescription {
            if let value = try tuistEnvironmentValue(receiver, name, arguments, scope: scope) { return value }
            return unknown(node, "a method mfe does not model")
        }
        throw refusal(node, "\(Self.describe(node)) (no method '\(name)' the reader knows)")
    }

    /// Types of Foundation whose values only running the manifest gives (file contents,
    /// processes, dates).
    static let foundationTypes: Set<String> = [
        "Data", "Process", "Pipe", "FileHandle", "Date", "UUID", "Bundle", "NSString", "JSONDecoder", "PropertyListDecoder", "NSRegularExpression",
        "Host", "ProcessInfo", "FileManager", "URL", "String",
    ]

    /// A closure passed to code the reader does not run could change anything: refused.
    func refuseClosures(_ arguments: [Argument], node: Syntax) throws {
        if let closure = arguments.first(where: { $0.expression.is(ClosureExprSyntax.self) }) {
            throw refusal(closure.expression, "the closure passed to \(Self.describe(node))")
        }
    }

    // MARK: - Functions the manifest declares

    /// Calls the one of `candidates` (functions or methods) whose parameters the arguments
    /// fit: by labels, then by the types of the arguments' values.
    func callOverloads(
        _ candidates: [(FunctionDeclSyntax, String?)], in declaredIn: Scope, receiver: MValue?, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?
    ) throws -> MValue {
        let fitting = candidates.filter { Self.matchParameters(Array($0.0.signature.parameterClause.parameters), arguments) != nil }
        guard !fitting.isEmpty else { throw refusal(node, "\(Self.describe(node)) (its arguments do not match the function's parameters)") }
        var chosen = fitting[0]
        if fitting.count > 1 {
            chosen = try chooseOverload(fitting, arguments, node: node, scope: scope, hint: hint)
        }
        let (function, context) = chosen
        let isMutating = function.modifiers.contains { $0.name.tokenKind == .keyword(.mutating) }
        if isMutating { throw refusal(node, "\(Self.describe(node)), a mutating method of a value the reader cannot write back,") }
        return try callDeclared(function, in: declaredIn, receiver: receiver, context: context, arguments: arguments, callerScope: scope, node: node, hint: hint).value
    }

    /// The one of several overloads whose labels fit that Swift would call: the one whose
    /// parameter types the arguments have (an implicit member such as `.Core` is read in each
    /// parameter's type, as Swift types it), then the one leaving the fewest defaults to fill.
    private func chooseOverload(
        _ fitting: [(FunctionDeclSyntax, String?)], _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?
    ) throws -> (FunctionDeclSyntax, String?) {
        var plainValues: [Int: MValue] = [:]
        var typed: [(FunctionDeclSyntax, String?)] = []
        for (function, context) in fitting {
            let parameters = Array(function.signature.parameterClause.parameters)
            let mapping = Self.matchParameters(parameters, arguments)!
            var fits = true
            parameters: for (index, parameter) in parameters.enumerated() {
                let type = resolveType(parameter.type, context: context)
                for argumentIndex in mapping[index] ?? [] {
                    let expression = arguments[argumentIndex].expression
                    let value: MValue
                    if Self.needsExpectedType(expression) {
                        do {
                            value = try evaluate(expression, in: scope, hint: type)
                        } catch is ManifestRefusal {
                            fits = false
                            break parameters
                        }
                        if !isLiteralOfProjectDescription(type), !isKnownMember(value) {
                            fits = false
                            break parameters
                        }
                    } else if let known = plainValues[argumentIndex] {
                        value = known
                    } else {
                        value = try evaluate(expression, in: scope, hint: nil)
                        plainValues[argumentIndex] = value
                    }
                    if try !(isLiteralOfProjectDescription(type) ? projectDescriptionAccepts(value, type) : valueIs(value, type, node: node)) {
                        fits = false
                        break parameters
                    }
                }
            }
            if fits, let hint, let returned = function.signature.returnClause?.type, case .named(let wanted) = hint.unwrapped,
                case .named(let given) = resolveType(returned, context: context), wanted != given, given != "Self"
            {
                fits = false
            }
            if fits { typed.append((function, context)) }
        }
        if typed.count > 1 {
            // Swift prefers the overload that leaves fewer defaults to fill.
            let defaults = { (function: FunctionDeclSyntax) in
                function.signature.parameterClause.parameters.count - Self.matchParameters(Array(function.signature.parameterClause.parameters), arguments)!.count
            }
            let fewest = typed.map { defaults($0.0) }.min()!
            typed = typed.filter { defaults($0.0) == fewest }
        }
        guard typed.count == 1 else { throw refusal(node, "\(Self.describe(node)), which may call one of several functions named '\(fitting[0].0.name.text)',") }
        return typed[0]
    }

    /// Whether `type` is one of ProjectDescription's, whose values literals also write
    /// (`["Sources/**"]` is a `SourceFilesList`, `[.glob(…)]` a `ResourceFileElements`).
    private func isLiteralOfProjectDescription(_ type: MType) -> Bool {
        guard vocabulary == .projectDescription, case .named(let name) = type.unwrapped else { return false }
        return isProjectDescriptionType(name)
    }

    /// Whether a value may stand for ProjectDescription's `type`: anything but a value of
    /// another named type (a literal converts; the reader keeps them as written).
    private func projectDescriptionAccepts(_ value: MValue, _ type: MType) -> Bool {
        guard case .named(let name) = type.unwrapped else { return true }
        switch value {
        case .record(let record): return record.type == name || record.type.isEmpty || record.type.hasPrefix(name + ".")
        case .object(let object): return object.type == name
        case .null:
            if case .optional = type { return true }
            return false
        default: return true
        }
    }

    /// Whether an implicit member read in an expected type is one that type has: a case the
    /// reader made up for a type that declares no such case cannot choose an overload.
    private func isKnownMember(_ value: MValue) -> Bool {
        switch value {
        case .record(let record) where record.kase != nil:
            if let declared = types[record.type], declared.kind == .enumeration { return declared.cases[record.kase!] != nil }
            return types[record.type] != nil || isProjectDescriptionType(record.type)
        case .array(let elements): return elements.allSatisfy(isKnownMember)
        default: return true
        }
    }

    /// Binds the generic parameters `names` in `pattern` to the parts of `type` they stand for.
    static func unify(_ pattern: MType, _ type: MType, names: Set<String>, into bindings: inout [String: MType]) {
        switch (pattern, type) {
        case (.named(let name), _) where names.contains(name):
            if bindings[name] == nil { bindings[name] = type }
        case (.array(let a), .array(let b)), (.set(let a), .set(let b)), (.optional(let a), .optional(let b)):
            unify(a, b, names: names, into: &bindings)
        case (.optional(let a), _):
            unify(a, type, names: names, into: &bindings)
        case (.dictionary(let k1, let v1), .dictionary(let k2, let v2)):
            unify(k1, k2, names: names, into: &bindings)
            unify(v1, v2, names: names, into: &bindings)
        default: break
        }
    }

    /// `type` with its generic parameters replaced by what they are bound to.
    static func substitute(_ type: MType, _ bindings: [String: MType]) -> MType {
        guard !bindings.isEmpty else { return type }
        switch type {
        case .named(let name): return bindings[name] ?? type
        case .array(let element): return .array(substitute(element, bindings))
        case .set(let element): return .set(substitute(element, bindings))
        case .optional(let wrapped): return .optional(substitute(wrapped, bindings))
        case .dictionary(let key, let value): return .dictionary(substitute(key, bindings), substitute(value, bindings))
        case .generic(let name, let arguments): return .generic(name, arguments.map { substitute($0, bindings) })
        default: return type
        }
    }

    /// Which arguments each parameter takes (indices into `arguments`), or nil when they do
    /// not fit: labels in order, defaults skipped, variadics taking the unlabelled rest, a
    /// trailing closure standing for a function parameter of any label.
    static func matchParameters(_ parameters: [FunctionParameterSyntax], _ arguments: [Argument]) -> [Int: [Int]]? {
        var mapping: [Int: [Int]] = [:]
        var next = 0
        for (index, parameter) in parameters.enumerated() {
            let label = parameter.firstName.text == "_" ? nil : plain(parameter.firstName.text)
            if next < arguments.count, arguments[next].label == label || (arguments[next].isTrailingClosure && arguments[next].label == nil && isFunctionType(parameter.type)) {
                mapping[index] = [next]
                next += 1
                if parameter.ellipsis != nil {
                    while next < arguments.count, arguments[next].label == nil, !arguments[next].isTrailingClosure {
                        mapping[index]!.append(next)
                        next += 1
                    }
                }
            } else if parameter.defaultValue != nil || parameter.ellipsis != nil {
                continue
            } else {
                return nil
            }
        }
        return next == arguments.count ? mapping : nil
    }

    private static func isFunctionType(_ type: TypeSyntax) -> Bool {
        if type.is(FunctionTypeSyntax.self) { return true }
        if let attributed = type.as(AttributedTypeSyntax.self) { return isFunctionType(attributed.baseType) }
        if let optional = type.as(OptionalTypeSyntax.self) { return isFunctionType(optional.wrappedType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1 { return isFunctionType(tuple.elements.first!.type) }
        return false
    }

    /// Runs a function or method the manifest declares with arguments written at a call site
    /// in `callerScope`; returns its value and, for a method, its receiver afterwards.
    func callDeclared(
        _ function: FunctionDeclSyntax, in declaredIn: Scope, receiver: MValue?, context: String?, arguments: [Argument], callerScope: Scope, node: Syntax,
        hint: MType? = nil
    ) throws -> (value: MValue, receiver: MValue?) {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard let mapping = Self.matchParameters(parameters, arguments) else {
            throw refusal(node, "\(Self.describe(node)) (its arguments do not match the function's parameters)")
        }
        // A generic function's parameters take their types from the type its result is
        // expected to have (`func filterNil<T>(_ list: [T?]) -> [T]` in `products:`).
        var generics: [String: MType] = [:]
        let genericNames = Set(function.genericParameterClause?.parameters.map { $0.name.text } ?? [])
        if !genericNames.isEmpty, let hint, let returned = function.signature.returnClause?.type {
            Self.unify(resolveType(returned, context: context), hint, names: genericNames, into: &generics)
        }
        var bound: [(name: String, value: MValue, type: MType?)] = []
        var writeBacks: [(name: String, target: ExprSyntax)] = []
        for (index, parameter) in parameters.enumerated() {
            let type = Self.substitute(resolveType(parameter.type, context: context), generics)
            let name = Self.plain((parameter.secondName ?? parameter.firstName).text)
            let value: MValue
            if let indices = mapping[index] {
                if parameter.ellipsis != nil {
                    var values: [MValue] = []
                    for argumentIndex in indices {
                        values.append(try coerce(try evaluate(arguments[argumentIndex].expression, in: callerScope, hint: type), to: type, at: Syntax(arguments[argumentIndex].expression)))
                    }
                    value = .array(values)
                } else if let result = autoclosureResult(parameter.type, context: context) {
                    value = .function(.thunk(arguments[indices[0]].expression, callerScope, result: result.map { Self.substitute($0, generics) }))
                } else {
                    let expression = arguments[indices[0]].expression
                    value = try coerce(try evaluate(expression, in: callerScope, hint: type), to: type, at: Syntax(expression))
                    if let inOut = expression.as(InOutExprSyntax.self) { writeBacks.append((name, inOut.expression)) }
                }
            } else if parameter.ellipsis != nil {
                value = .array([])
            } else if let defaultValue = parameter.defaultValue?.value {
                let defaultScope = Scope(parent: declaredIn, receiver: receiver, context: context)
                if let receiver { defaultScope.variables["self"] = Variable(value: receiver, type: nil, isConstant: true, node: node) }
                if let result = autoclosureResult(parameter.type, context: context) {
                    value = .function(.thunk(defaultValue, defaultScope, result: result))
                } else {
                    value = try coerce(try evaluate(defaultValue, in: defaultScope, hint: type), to: type, at: Syntax(defaultValue))
                }
            } else {
                throw refusal(node, "\(Self.describe(node)) (its arguments do not match the function's parameters)")
            }
            bound.append((name, value, parameter.ellipsis != nil ? .array(type) : type))
        }
        guard let body = function.body else { throw refusal(node, "\(Self.describe(node)), a function without a body,") }
        let returnType = function.signature.returnClause.map { Self.substitute(resolveType($0.type, context: context), generics) }
        if vocabulary == .projectDescription { callSites.append(node) }
        defer { if vocabulary == .projectDescription { callSites.removeLast() } }
        let result = try run(body.statements, parent: declaredIn, receiver: receiver, context: context, parameters: bound, returnType: returnType, node: node)
        for writeBack in writeBacks {
            guard let value = result.parameters[writeBack.name] else { continue }
            try modify(writeBack.target, in: callerScope) { $0 = value }
        }
        return (result.value, result.receiver)
    }

    /// For an `@autoclosure` parameter, the type its closure returns (`.some(nil)` when not
    /// written); nil for other parameters.
    func autoclosureResult(_ type: TypeSyntax, context: String?) -> MType?? {
        guard let attributed = type.as(AttributedTypeSyntax.self),
            attributed.attributes.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "autoclosure" })
        else { return nil }
        if let function = attributed.baseType.as(FunctionTypeSyntax.self) { return .some(resolveType(function.returnClause.type, context: context)) }
        return .some(nil)
    }

    /// Runs a function with already evaluated arguments, in order (operators).
    func callDeclared(_ function: FunctionDeclSyntax, in declaredIn: Scope, receiver: MValue?, context: String?, values: [MValue], node: Syntax) throws -> (value: MValue, receiver: MValue?) {
        let parameters = Array(function.signature.parameterClause.parameters)
        guard parameters.count == values.count, let body = function.body else { throw refusal(node, "\(Self.describe(node)) (its arguments do not match the function's parameters)") }
        let bound = zip(parameters, values).map { parameter, value in
            (name: Self.plain((parameter.secondName ?? parameter.firstName).text), value: value, type: Optional(resolveType(parameter.type, context: context)))
        }
        let returnType = function.signature.returnClause.map { resolveType($0.type, context: context) }
        let result = try run(body.statements, parent: declaredIn, receiver: receiver, context: context, parameters: bound, returnType: returnType, node: node)
        return (result.value, result.receiver)
    }

    /// Runs a body (function, getter, closure) with its parameters bound; a body of one
    /// expression is its value.
    func runBody(
        _ body: CodeBlockItemListSyntax, parent: Scope, receiver: MValue?, context: String?, parameters: [(name: String, value: MValue, type: MType?)], returnType: MType?, node: Syntax
    ) throws -> MValue {
        try run(body, parent: parent, receiver: receiver, context: context, parameters: parameters, returnType: returnType, node: node).value
    }

    func run(
        _ body: CodeBlockItemListSyntax, parent: Scope, receiver: MValue?, context: String?, parameters: [(name: String, value: MValue, type: MType?)], returnType: MType?, node: Syntax
    ) throws -> (value: MValue, receiver: MValue?, parameters: [String: MValue]) {
        depth += 1
        defer { depth -= 1 }
        guard depth < Self.maximumDepth else { throw refusal(node, "\(Self.describe(node)), nested this deep (recursion that may not end),") }
        try step(node)
        let scope = Scope(parent: parent, receiver: receiver, context: context ?? (receiver != nil ? parent.memberScope?.context : nil))
        scope.isFunctionBody = true
        scope.returnType = returnType
        if let receiver { scope.variables["self"] = Variable(value: receiver, type: nil, isConstant: false, node: node) }
        for parameter in parameters {
            scope.variables[parameter.name] = Variable(value: parameter.value, type: parameter.type, isConstant: false, node: node)
        }
        let items = try flatten(body)
        var value: MValue = .tuple([], labels: [])
        let returnsValue = returnType.map { $0 != .named("Void") && $0 != .tuple([]) } ?? false
        var single: ExprSyntax?
        if items.count == 1 {
            if case .expr(let expression) = items[0] { single = expression }
            if case .stmt(let statement) = items[0] { single = statement.as(ExpressionStmtSyntax.self)?.expression }
        }
        // A body of one expression is its value; an `if` or `switch` only when each branch is
        // one expression too (else its `return`s give the value).
        let isConditional = single.map { $0.is(IfExprSyntax.self) || $0.is(SwitchExprSyntax.self) } ?? false
        if let expression = single, isConditional ? !Self.isStatementLike(expression) && returnsValue : (returnsValue || !Self.isStatementLike(expression)) {
            value = try evaluate(expression, in: scope, hint: returnType)
        } else {
            switch try executeBody(items, in: scope) {
            case .returned(let returned): value = returned
            case .normal: break
            case .broke, .continued: throw refusal(node, "\(Self.describe(node)), a 'break' or 'continue' outside a loop,")
            }
        }
        value = try coerce(value, to: returnType, at: node)
        var finalParameters: [String: MValue] = [:]
        for parameter in parameters { finalParameters[parameter.name] = scope.variables[parameter.name]?.value }
        return (value, scope.variables["self"]?.value, finalParameters)
    }

    /// Whether an expression is a statement in a body of one (an `if`, an assignment, a call
    /// of a `Void` method): its value is not the body's.
    static func isStatementLike(_ expression: ExprSyntax) -> Bool {
        if let conditional = expression.as(IfExprSyntax.self) { return !isExpressionIf(conditional) }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            return !switchExpression.cases.allSatisfy { element in
                guard case .switchCase(let switchCase) = element else { return false }
                return isOneExpression(switchCase.statements)
            }
        }
        if let infix = expression.as(InfixOperatorExprSyntax.self) {
            if infix.operator.is(AssignmentExprSyntax.self) { return true }
            if let text = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text, text.hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(text) { return true }
        }
        return false
    }

    /// Whether every branch of an `if` is one expression (so it may be the body's value).
    static func isExpressionIf(_ conditional: IfExprSyntax) -> Bool {
        guard isOneExpression(conditional.body.statements) else { return false }
        switch conditional.elseBody {
        case .ifExpr(let next): return isExpressionIf(next)
        case .codeBlock(let block): return isOneExpression(block.statements)
        case nil: return false
        }
    }

    /// Whether a block is one expression (not a `return`, a declaration or an assignment).
    static func isOneExpression(_ statements: CodeBlockItemListSyntax) -> Bool {
        guard statements.count == 1, let only = statements.first else { return false }
        switch only.item {
        case .expr(let expression): return !isStatementLike(expression) || expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self)
        case .stmt(let statement):
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { return !isStatementLike(expression) }
            return statement.is(ThrowStmtSyntax.self)
        case .decl: return false
        }
    }

    /// Calls a closure with argument values.
    func callClosure(_ closure: ClosureExprSyntax, in captured: Scope, _ values: [MValue], node: Syntax, resultHint: MType?) throws -> MValue {
        var names: [String] = []
        var types: [MType?] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list):
            names = list.map { Self.plain($0.name.text) }
            types = Array(repeating: nil, count: names.count)
        case .parameterClause(let clause):
            names = clause.parameters.map { Self.plain(($0.secondName ?? $0.firstName).text) }
            types = clause.parameters.map { $0.type.map { resolveType($0, context: captured.memberScope?.context) } }
        case nil:
            names = (0..<values.count).map { "$\($0)" }
            types = Array(repeating: nil, count: names.count)
        }
        var arguments = values
        // A closure taking one tuple parameter gets the tuple's parts when it names several.
        if names.count > 1, values.count == 1, case .tuple(let parts, _) = values[0], parts.count == names.count { arguments = parts }
        if names.count == 1, values.count > 1 { arguments = [.tuple(values, labels: Array(repeating: nil, count: values.count))] }
        if closure.signature == nil, values.count > 0, !Self.usesAnonymousParameters(closure) {
            names = []
            types = []
            arguments = []
        }
        guard names.count == arguments.count else {
            throw refusal(closure, "the closure taking \(names.count) parameters (given \(arguments.count))")
        }
        let returnType = closure.signature?.returnClause.map { resolveType($0.type, context: captured.memberScope?.context) } ?? resultHint
        var parameters: [(name: String, value: MValue, type: MType?)] = []
        for (offset, name) in names.enumerated() where name != "_" {
            parameters.append((name, try coerce(arguments[offset], to: types[offset], at: Syntax(closure)), types[offset]))
        }
        return try runBody(closure.statements, parent: captured, receiver: nil, context: nil, parameters: parameters, returnType: returnType, node: Syntax(closure))
    }

    /// Whether a closure without a signature uses `$0` and its kin.
    static func usesAnonymousParameters(_ closure: ClosureExprSyntax) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            if case .dollarIdentifier = token.tokenKind { return true }
            return false
        }
    }

    // MARK: - Initializers of the manifest's types

    /// `Type(…)`: the manifest's struct, class or enum (`init(rawValue:)`), or a type of
    /// PackageDescription or the standard library.
    func construct(_ type: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue {
        if let declared = types[type], declared.kind != .extended {
            return try constructDeclared(declared, arguments, node: node, scope: scope)
        }
        if let declared = types[type], declared.kind == .extended, !declared.initializers.isEmpty,
            let initializer = declared.initializers.first(where: { Self.matchParameters(Array($0.signature.parameterClause.parameters), arguments) != nil })
        {
            // A convenience initializer the manifest adds to a library type: its body assigns `self`.
            let result = try runInitializer(initializer, of: type, initial: .null, arguments, node: node, scope: scope)
            return result
        }
        let libraryType = type.hasPrefix("Array<") ? "Array" : type
        if let value = try libraryConstruct(libraryType, arguments, node: node, scope: scope, hint: hint) { return value }
        // An initializer of Foundation or the standard library the reader does not run
        // (`String(contentsOf:)`, `Process()`): a value only running the manifest gives.
        if Self.builtinTypes.contains(libraryType) || Self.foundationTypes.contains(libraryType) {
            try refuseClosures(arguments, node: node)
            return unknown(node, "which only running the manifest can tell")
        }
        throw refusal(node, "\(Self.describe(node)) (no initializer of '\(type)' the reader knows)")
    }

    private func constructDeclared(_ declared: DeclaredType, _ arguments: [Argument], node: Syntax, scope: Scope) throws -> MValue {
        let location = location(of: node)
        if declared.kind == .enumeration {
            if arguments.count == 1, arguments[0].label == "rawValue" {
                let raw = try evaluate(arguments[0].expression, in: scope, hint: declared.rawType.map { .named($0) })
                if case .unknown = raw { return raw }
                for kase in declared.caseOrder {
                    let record = MRecord(type: declared.name, kase: kase, location: location)
                    if let value = try rawValue(of: record), equals(value, raw) == true { return .record(record) }
                }
                return .null
            }
        }
        if let initializer = declared.initializers.first(where: { Self.matchParameters(Array($0.signature.parameterClause.parameters), arguments) != nil }) {
            let initial = try defaultInstance(declared, location: location)
            return try runInitializer(initializer, of: declared.name, initial: initial, arguments, node: node, scope: scope)
        }
        guard !declared.declaresInitializer, declared.kind == .structure || (declared.kind == .classType && arguments.isEmpty) else {
            throw refusal(node, "\(Self.describe(node)) (its arguments match no initializer of '\(declared.name)')")
        }
        // The memberwise initializer: every stored property in order; those with a value may
        // be left out (a `let` with a value is not a parameter).
        let parameters = declared.storedProperties.filter { !($0.isConstant && $0.initializer != nil) }
        var fields: [String: MValue] = [:]
        var next = 0
        for property in parameters {
            if next < arguments.count, arguments[next].label == property.name || (arguments[next].isTrailingClosure && arguments[next].label == nil) {
                let expression = arguments[next].expression
                fields[property.name] = try coerce(try evaluate(expression, in: scope, hint: property.type), to: property.type, at: Syntax(expression))
                next += 1
            } else if property.initializer == nil, case .optional? = property.type, !property.isConstant {
                fields[property.name] = MValue.null
            } else if property.initializer == nil {
                throw refusal(node, "\(Self.describe(node)) (its arguments do not match the memberwise initializer of '\(declared.name)')")
            }
        }
        guard next == arguments.count else {
            throw refusal(node, "\(Self.describe(node)) (its arguments do not match the memberwise initializer of '\(declared.name)')")
        }
        for property in declared.storedProperties where fields[property.name] == nil {
            if let initializer = property.initializer {
                let initScope = Scope(parent: globals, receiver: nil, context: declared.name)
                fields[property.name] = try coerce(try evaluate(initializer, in: initScope, hint: property.type), to: property.type, at: Syntax(initializer))
            }
        }
        if declared.kind == .classType { return .object(MObject(type: declared.name, fields: fields, location: location)) }
        return .record(MRecord(type: declared.name, fields: fields, location: location))
    }

    /// A new instance with the stored properties that have values (before an initializer runs).
    private func defaultInstance(_ declared: DeclaredType, location: MFECore.SourceLocation) throws -> MValue {
        var fields: [String: MValue] = [:]
        for property in declared.storedProperties {
            if let initializer = property.initializer {
                let initScope = Scope(parent: globals, receiver: nil, context: declared.name)
                fields[property.name] = try coerce(try evaluate(initializer, in: initScope, hint: property.type), to: property.type, at: Syntax(initializer))
            } else if case .optional? = property.type, !property.isConstant {
                fields[property.name] = MValue.null
            }
        }
        if declared.kind == .classType { return .object(MObject(type: declared.name, fields: fields, location: location)) }
        return .record(MRecord(type: declared.name, fields: fields, location: location))
    }

    /// Runs an `init` with `self` starting as `initial`; returns `self` afterwards.
    private func runInitializer(_ initializer: InitializerDeclSyntax, of type: String, initial: MValue, _ arguments: [Argument], node: Syntax, scope: Scope) throws -> MValue {
        let parameters = Array(initializer.signature.parameterClause.parameters)
        guard let mapping = Self.matchParameters(parameters, arguments), let body = initializer.body else {
            throw refusal(node, "\(Self.describe(node)) (its arguments do not match the initializer)")
        }
        var bound: [(name: String, value: MValue, type: MType?)] = []
        for (index, parameter) in parameters.enumerated() {
            let parameterType = resolveType(parameter.type, context: type)
            let value: MValue
            if let indices = mapping[index] {
                if parameter.ellipsis != nil {
                    var values: [MValue] = []
                    for argumentIndex in indices { values.append(try evaluate(arguments[argumentIndex].expression, in: scope, hint: parameterType)) }
                    value = .array(values)
                } else {
                    let expression = arguments[indices[0]].expression
                    value = try coerce(try evaluate(expression, in: scope, hint: parameterType), to: parameterType, at: Syntax(expression))
                }
            } else if let defaultValue = parameter.defaultValue?.value {
                value = try coerce(try evaluate(defaultValue, in: Scope(parent: globals, receiver: nil, context: type), hint: parameterType), to: parameterType, at: Syntax(defaultValue))
            } else {
                value = .array([])
            }
            bound.append((Self.plain((parameter.secondName ?? parameter.firstName).text), value, parameterType))
        }
        let result = try run(body.statements, parent: globals, receiver: initial, context: type, parameters: bound, returnType: nil, node: node)
        // `return nil` in a failable initializer.
        if initializer.optionalMark != nil, result.value.isNone { return .null }
        guard let instance = result.receiver else { throw refusal(node, Self.describe(node)) }
        return instance
    }

    // MARK: - Changing values in place

    /// `target = value`.
    func assign(_ valueExpression: ExprSyntax, to target: ExprSyntax, in scope: Scope) throws {
        if target.is(DiscardAssignmentExprSyntax.self) {
            _ = try evaluate(valueExpression, in: scope, hint: nil)
            return
        }
        if let tuple = target.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            let value = try evaluate(valueExpression, in: scope, hint: nil)
            guard case .tuple(let parts, _) = value, parts.count == tuple.elements.count else { throw cannotEvaluate(target) }
            for (element, part) in zip(tuple.elements, parts) where !element.expression.is(DiscardAssignmentExprSyntax.self) {
                try modify(element.expression, in: scope) { $0 = part }
            }
            return
        }
        let type = try staticTypeOfTarget(target, in: scope)
        let value = try coerce(try evaluate(valueExpression, in: scope, hint: type), to: type, at: Syntax(valueExpression))
        try modify(target, in: scope, initializing: true) { $0 = value }
    }

    /// The declared type of what `target` names, for the value assigned to it: a variable's
    /// type, a property of PackageDescription's objects, a stored property of the manifest's.
    func staticTypeOfTarget(_ target: ExprSyntax, in scope: Scope) throws -> MType? {
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = Self.plain(reference.baseName.text)
            if let variable = scope.lookup(name) { return variable.type ?? variable.value.flatMap(Self.inferredType(of:)) }
            if let receiver = scope.memberScope?.variables["self"]?.value { return propertyType(of: receiver, name) }
            return nil
        }
        if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = Self.plain(member.declName.baseName.text)
            if let type = try typeReference(base, in: scope) {
                return types[type]?.staticProperties[name]?.typeAnnotation.map { resolveType($0.type, context: type) }
            }
            let value = try evaluate(base, in: scope, hint: nil)
            return propertyType(of: value, name)
        }
        if let force = target.as(ForceUnwrapExprSyntax.self) { return try staticTypeOfTarget(force.expression, in: scope)?.unwrapped }
        if let chain = target.as(OptionalChainingExprSyntax.self) { return try staticTypeOfTarget(chain.expression, in: scope)?.unwrapped }
        if let subscriptCall = target.as(SubscriptCallExprSyntax.self) {
            let container = try staticTypeOfTarget(subscriptCall.calledExpression, in: scope)
            if case .dictionary(_, let value)? = container?.unwrapped { return value }
            return container?.element
        }
        return nil
    }

    /// The type of property `name` of `value`.
    func propertyType(of value: MValue, _ name: String) -> MType? {
        switch value {
        case .object(let object):
            if let type = Self.packageDescriptionPropertyTypes[object.type.hasPrefix("Product") ? "Product" : object.type]?[name] { return type }
            return types[object.type]?.storedProperties.first { $0.name == name }?.type ?? object.fields[name].flatMap(Self.inferredType(of:))
        case .record(let record):
            return types[record.type]?.storedProperties.first { $0.name == name }?.type ?? record.fields[name].flatMap(Self.inferredType(of:))
        default: return nil
        }
    }

    /// Reads what `target` names, lets `change` modify it, and writes it back: a variable, a
    /// property of an object (changed in place: PackageDescription's classes are shared), a
    /// property of a value (written back through its own target), an element.
    func modify(_ target: ExprSyntax, in scope: Scope, initializing: Bool = false, _ change: (inout MValue) throws -> Void) throws {
        try step(target)
        if let reference = target.as(DeclReferenceExprSyntax.self) {
            let name = Self.plain(reference.baseName.text)
            if let variable = scope.lookup(name) {
                guard var value = variable.value ?? (initializing ? MValue.null : nil) else {
                    throw refusal(target, "'\(name)', which is changed before it is given a value,")
                }
                try change(&value)
                variable.value = value
                return
            }
            if let memberScope = scope.memberScope, let selfVariable = memberScope.variables["self"], let receiver = selfVariable.value {
                if case .object(let object) = receiver {
                    var field = object.fields[name] ?? .null
                    try change(&field)
                    setField(object, name, field)
                    return
                }
                if case .record(var record) = receiver, types[record.type] != nil {
                    var field = record.fields[name] ?? .null
                    try change(&field)
                    record.fields[name] = field
                    selfVariable.value = .record(record)
                    return
                }
                if case .type(let type) = receiver, let typeName = type.name, types[typeName]?.staticProperties[name] != nil {
                    var value = try staticMember(typeName, name, node: Syntax(target), hint: nil)
                    try change(&value)
                    staticValues["\(typeName).\(name)"] = value
                    return
                }
            }
            throw refusal(target, "'\(name)', which is not a variable of this manifest,")
        }
        if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = Self.plain(member.declName.baseName.text)
            if let type = try typeReference(base, in: scope) {
                var value = try staticMember(type, name, node: Syntax(target), hint: nil)
                try change(&value)
                staticValues["\(type).\(name)"] = value
                return
            }
            let baseValue = try evaluate(base, in: scope, hint: nil)
            switch baseValue {
            case .object(let object):
                var field = try fieldForChange(of: object, name, node: Syntax(target))
                try change(&field)
                setField(object, name, field)
                return
            case .unknown(let refusal):
                throw refusal
            case .null where Self.isOptionalChain(base):
                return
            default:
                try modify(base, in: scope) { value in
                    guard case .record(var record) = value else {
                        throw self.refusal(target, "\(Self.describe(target)) (a change to a value the reader does not model)")
                    }
                    var field = record.fields[name] ?? .null
                    try change(&field)
                    record.fields[name] = field
                    value = .record(record)
                }
                return
            }
        }
        if let force = target.as(ForceUnwrapExprSyntax.self) {
            try modify(force.expression, in: scope) { value in
                if value.isNone { throw self.refusal(force, "\(Self.describe(force)), which is nil and stops the manifest,") }
                try change(&value)
            }
            return
        }
        if let chain = target.as(OptionalChainingExprSyntax.self) {
            try modify(chain.expression, in: scope) { value in
                if value.isNone { return }
                try change(&value)
            }
            return
        }
        if let tuple = target.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            try modify(only.expression, in: scope, change)
            return
        }
        if let subscriptCall = target.as(SubscriptCallExprSyntax.self), let first = subscriptCall.arguments.first {
            let key = try evaluate(first.expression, in: scope, hint: nil)
            if case .unknown(let refusal) = key { throw refusal }
            let fallback = subscriptCall.arguments.count == 2 && subscriptCall.arguments.last?.label?.text == "default" ? subscriptCall.arguments.last?.expression : nil
            let fallbackValue = try fallback.map { try evaluate($0, in: scope, hint: nil) }
            try modify(subscriptCall.calledExpression, in: scope) { container in
                switch container {
                case .array(var elements):
                    guard case .int(let index) = key, elements.indices.contains(index) else {
                        throw self.refusal(subscriptCall, "\(Self.describe(subscriptCall)), an index out of range that stops the manifest,")
                    }
                    try change(&elements[index])
                    container = .array(elements)
                case .dictionary(var pairs):
                    if let index = try pairs.firstIndex(where: { try self.equalsOrThrow($0.key, key, node: Syntax(subscriptCall)) }) {
                        var value = pairs[index].value
                        try change(&value)
                        if value.isNone && fallbackValue == nil { pairs.remove(at: index) } else { pairs[index].value = value }
                    } else {
                        var value = fallbackValue ?? .null
                        try change(&value)
                        if !value.isNone { pairs.append((key, value)) }
                    }
                    container = .dictionary(pairs)
                default:
                    throw self.refusal(subscriptCall, "\(Self.describe(subscriptCall)) (a change to a value the reader does not model)")
                }
            }
            return
        }
        throw refusal(target, "\(Self.describe(target)) (a change the reader does not model)")
    }

    /// The current value of an object's property, before a change.
    private func fieldForChange(of object: MObject, _ name: String, node: Syntax) throws -> MValue {
        if let field = object.fields[name] { return field }
        if object.type == "Package", name == "swiftLanguageVersions" { return object.fields["swiftLanguageModes"] ?? .null }
        return .null
    }

    /// Sets an object's property (PackageDescription's `swiftLanguageVersions` is another name
    /// for `swiftLanguageModes`).
    func setField(_ object: MObject, _ name: String, _ value: MValue) {
        if object.type == "Package", name == "swiftLanguageVersions" {
            object.fields["swiftLanguageModes"] = value
            return
        }
        object.fields[name] = value
    }

    /// `base.name(…)` for a method that changes `base` (`append`, `removeAll`, the manifest's
    /// `mutating func`): the change is written back to what `base` names. Nil when `name` is
    /// no such method.
    func mutatingCall(_ base: ExprSyntax, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        // A `mutating func` of the manifest's own value type.
        if let current = try? evaluate(base, in: scope, hint: nil),
            let typeName = Self.typeKey(of: current).map({ key in key == "Array" ? (Self.typeKey(of: (try? staticTypeOfTarget(base, in: scope)) ?? nil) ?? key) : key })
        {
            let methods = memberTypes(of: typeName).flatMap { declared in
                (declared.methods[name] ?? []).filter { !Self.isStatic($0) && $0.modifiers.contains { $0.name.tokenKind == .keyword(.mutating) } }.map {
                    ($0, declared.kind == .protocolType || (declared.name == "Array" && typeName.hasPrefix("Array<")) ? typeName : declared.name)
                }
            }
            if let (method, context) = methods.first(where: { Self.matchParameters(Array($0.0.signature.parameterClause.parameters), arguments) != nil }) {
                var result: MValue = .null
                try modify(base, in: scope) { value in
                    let outcome = try self.callDeclared(method, in: self.globals, receiver: value, context: context, arguments: arguments, callerScope: scope, node: node)
                    result = outcome.value
                    if let changed = outcome.receiver { value = changed }
                }
                return result
            }
        }
        guard Self.mutatingMethods.contains(name) else { return nil }
        let current = try evaluate(base, in: scope, hint: nil)
        switch current {
        case .array, .set, .dictionary, .bool, .int, .string: break
        case .unknown(let refusal):
            if arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) }) { throw refusal }
            return current
        case .null where Self.isOptionalChain(base): return MValue.null
        default: return nil
        }
        let containerType = try staticTypeOfTarget(base, in: scope) ?? Self.inferredType(of: current)
        var values: [MValue] = []
        for argument in arguments {
            let argumentHint: MType?
            switch (name, argument.label) {
            case ("append", nil), ("insert", nil), ("remove", nil), ("update", "with"): argumentHint = containerType?.element
            case ("append", "contentsOf"), ("insert", "contentsOf"), ("formUnion", nil), ("subtract", nil), ("formIntersection", nil): argumentHint = containerType
            default: argumentHint = nil
            }
            values.append(try coerce(try evaluate(argument.expression, in: scope, hint: argumentHint), to: argumentHint, at: Syntax(argument.expression)))
        }
        var result: MValue = .tuple([], labels: [])
        try modify(base, in: scope) { value in
            result = try self.applyMutatingMethod(name, to: &value, arguments: arguments, values: values, node: node, scope: scope)
        }
        return result
    }
}

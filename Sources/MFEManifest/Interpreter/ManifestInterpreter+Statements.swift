import MFECore
import SwiftSyntax

/// Statements: declarations of constants and variables, assignments, `if`, `guard`,
/// `switch`, loops, `return`, `break`, `continue`, `defer`, `do`.
extension ManifestInterpreter {
    /// Runs a block in a new scope inside `parent`, its functions and types hoisted.
    func executeBlock(_ list: CodeBlockItemListSyntax, in parent: Scope) throws -> Flow {
        let scope = Scope(parent: parent)
        return try executeBody(try flatten(list), in: scope)
    }

    /// Runs `items` in `scope` (already created), hoisting their declarations, running
    /// `defer` blocks when they end.
    func executeBody(_ items: [CodeBlockItemSyntax.Item], in scope: Scope) throws -> Flow {
        try register(items, in: scope, context: nil)
        var deferred: [CodeBlockSyntax] = []
        defer {
            for block in deferred.reversed() { _ = try? executeBlock(block.statements, in: scope) }
        }
        for item in items {
            if case .stmt(let statement) = item, let deferStatement = statement.as(DeferStmtSyntax.self) {
                deferred.append(deferStatement.body)
                continue
            }
            let flow = try execute(item, in: scope)
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    /// Runs one statement.
    func execute(_ item: CodeBlockItemSyntax.Item, in scope: Scope) throws -> Flow {
        try step(item)
        switch item {
        case .decl(let declaration):
            if let variable = declaration.as(VariableDeclSyntax.self) {
                try declare(variable, in: scope)
            }
            // Functions, types and imports were registered; they do nothing when reached.
            return .normal
        case .expr(let expression):
            return try executeExpression(expression, in: scope)
        case .stmt(let statement):
            return try execute(statement, in: scope, label: nil)
        }
    }

    private func execute(_ statement: StmtSyntax, in scope: Scope, label: String?) throws -> Flow {
        if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
            return try executeExpression(expression, in: scope, label: label)
        }
        if let returnStatement = statement.as(ReturnStmtSyntax.self) {
            guard let value = returnStatement.expression else { return .returned(.tuple([], labels: [])) }
            return .returned(try evaluate(value, in: scope, hint: returnHint(of: scope)))
        }
        if let guardStatement = statement.as(GuardStmtSyntax.self) {
            // `guard let` binds into the enclosing scope.
            if try conditions(guardStatement.conditions, in: scope) { return .normal }
            let flow = try executeBlock(guardStatement.body.statements, in: scope)
            if case .normal = flow { throw refusal(guardStatement, "the 'guard' whose 'else' does not leave the scope") }
            return flow
        }
        if let loop = statement.as(ForStmtSyntax.self) { return try executeFor(loop, in: scope, label: label) }
        if let loop = statement.as(WhileStmtSyntax.self) {
            while true {
                try step(loop)
                let inner = Scope(parent: scope)
                guard try conditions(loop.conditions, in: inner) else { return .normal }
                switch try executeBlock(loop.body.statements, in: inner) {
                case .normal: continue
                case .returned(let value): return .returned(value)
                case .broke(let target): if target == nil || target == label { return .normal } else { return .broke(target) }
                case .continued(let target): if target == nil || target == label { continue } else { return .continued(target) }
                }
            }
        }
        if let loop = statement.as(RepeatStmtSyntax.self) {
            repeat {
                try step(loop)
                switch try executeBlock(loop.body.statements, in: scope) {
                case .normal: break
                case .returned(let value): return .returned(value)
                case .broke(let target): if target == nil || target == label { return .normal } else { return .broke(target) }
                case .continued(let target): if target != nil && target != label { return .continued(target) }
                }
            } while try bool(loop.condition, in: scope)
            return .normal
        }
        if let breakStatement = statement.as(BreakStmtSyntax.self) { return .broke(breakStatement.label?.text) }
        if let continueStatement = statement.as(ContinueStmtSyntax.self) { return .continued(continueStatement.label?.text) }
        if let labeled = statement.as(LabeledStmtSyntax.self) {
            let flow = try execute(labeled.statement, in: scope, label: labeled.label.text)
            if case .broke(let target) = flow, target == labeled.label.text { return .normal }
            return flow
        }
        if let doStatement = statement.as(DoStmtSyntax.self) {
            return try executeBlock(doStatement.body.statements, in: scope)
        }
        if statement.is(ThrowStmtSyntax.self) {
            throw refusal(statement, "the 'throw', which stops the manifest,")
        }
        if statement.is(FallThroughStmtSyntax.self) {
            throw refusal(statement, "the 'fallthrough' outside the end of a 'switch' case")
        }
        if statement.is(DiscardStmtSyntax.self) { return .normal }
        throw cannotEvaluate(statement)
    }

    /// The return type a `return` in `scope` converts to, when the function declares one.
    private func returnHint(of scope: Scope) -> MType? {
        var current: Scope? = scope
        while let next = current {
            if let hint = next.returnType { return hint }
            if next.isFunctionBody { return nil }
            current = next.parent
        }
        return nil
    }

    /// An expression used as a statement: assignments, calls, `if`/`switch` statements.
    func executeExpression(_ expression: ExprSyntax, in scope: Scope, label: String? = nil) throws -> Flow {
        if let conditional = expression.as(IfExprSyntax.self) {
            return try executeIf(conditional, in: scope)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            let flow = try executeSwitch(switchExpression, in: scope)
            if case .broke(let target) = flow, target == nil || target == label { return .normal }
            return flow
        }
        _ = try evaluate(expression, in: scope, hint: nil)
        return .normal
    }

    // MARK: - Declarations

    /// `let x = e`, `var x: T`, `let (a, b) = e`, `var x: T { … }` inside a function.
    func declare(_ variable: VariableDeclSyntax, in scope: Scope) throws {
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let bindings = Array(variable.bindings)
        for (offset, binding) in bindings.enumerated() {
            // `let a, b: Int` gives both the type written last.
            let annotation = binding.typeAnnotation?.type ?? bindings[offset...].first(where: { $0.typeAnnotation != nil })?.typeAnnotation?.type
            let type = annotation.map { resolveType($0, context: scope.memberScope?.context) }
            if binding.accessorBlock != nil, binding.initializer == nil, !Self.hasObservers(binding) {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { scope.computed[Self.plain(name)] = binding }
                continue
            }
            var value: MValue?
            if let initializer = binding.initializer?.value {
                let evaluated = try evaluate(initializer, in: scope, hint: type)
                value = try coerce(evaluated, to: type, at: Syntax(initializer))
            } else if !isConstant, case .optional? = type {
                value = MValue.null
            }
            var staticType = type
            if staticType == nil, let value { staticType = typeOfInitializer(binding.initializer?.value, value: value, in: scope) }
            try bind(binding.pattern, to: value, type: staticType, isConstant: isConstant, in: scope, node: Syntax(binding))
        }
    }

    /// Binds the names of `pattern` to `value` (nil: declared, not yet assigned).
    func bind(_ pattern: PatternSyntax, to value: MValue?, type: MType?, isConstant: Bool, in scope: Scope, node: Syntax) throws {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            scope.variables[Self.plain(identifier.identifier.text)] = Variable(value: value, type: type, isConstant: isConstant, node: node)
            return
        }
        if pattern.is(WildcardPatternSyntax.self) { return }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            let elements = Array(tuple.elements)
            guard let value else {
                for element in elements { try bind(element.pattern, to: nil, type: nil, isConstant: isConstant, in: scope, node: node) }
                return
            }
            if case .unknown = value {
                for element in elements { try bind(element.pattern, to: value, type: nil, isConstant: isConstant, in: scope, node: node) }
                return
            }
            guard case .tuple(let values, _) = value, values.count == elements.count else {
                throw refusal(pattern, "the pattern '\(pattern.trimmedDescription)' over a value that is not a tuple of \(elements.count)")
            }
            for (element, item) in zip(elements, values) {
                try bind(element.pattern, to: item, type: nil, isConstant: isConstant, in: scope, node: node)
            }
            return
        }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            try bind(binding.pattern, to: value, type: type, isConstant: binding.bindingSpecifier.tokenKind == .keyword(.let), in: scope, node: node)
            return
        }
        throw refusal(pattern, "the pattern '\(pattern.trimmedDescription)'")
    }

    /// The static type of a constant without a written type, for the literals and implicit
    /// members later assigned or appended to it: `[Target]()` is `[Target]`, a list of
    /// targets is `[Target]`.
    func typeOfInitializer(_ initializer: ExprSyntax?, value: MValue, in scope: Scope) -> MType? {
        // `target.swiftSettings ?? []`: the type of the optional.
        if let infix = initializer?.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let left = try? staticTypeOfTarget(infix.leftOperand, in: scope)
        {
            return left.unwrapped
        }
        if let initializer, initializer.is(MemberAccessExprSyntax.self), let type = try? staticTypeOfTarget(initializer, in: scope) {
            return type
        }
        // `Self()`, `Module(…)`: the type called.
        if let call = initializer?.as(FunctionCallExprSyntax.self), let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
            isTypeName(Self.plain(reference.baseName.text), context: scope.memberScope?.context)
        {
            let type = resolveType(TypeSyntax(IdentifierTypeSyntax(name: .identifier(Self.plain(reference.baseName.text)))), context: scope.memberScope?.context)
            if type != .unknown { return type }
        }
        if let call = initializer?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty {
            if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1, let element = array.elements.first {
                return .array(typeOfExpression(element.expression))
            }
            if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
                case .type(let type)? = generic.genericArgumentClause.arguments.first?.argument
            {
                let element = resolveType(type, context: nil)
                switch generic.expression.trimmedDescription {
                case "Set": return .set(element)
                case "Array": return .array(element)
                default: break
                }
            }
        }
        return Self.inferredType(of: value)
    }

    /// The type an expression written where a type is expected names (`[Target]()`'s `Target`).
    func typeOfExpression(_ expression: ExprSyntax) -> MType {
        let text = expression.trimmedDescription.filter { !$0.isWhitespace }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            if !inner.contains(":") { return .array(.named(resolveTypeName(inner, context: nil).name)) }
            return .unknown
        }
        return .named(resolveTypeName(text, context: nil).name)
    }

    /// The type of a value, as far as it tells: a list of targets is `[Target]`.
    static func inferredType(of value: MValue) -> MType? {
        switch value {
        case .string: return .named("String")
        case .int: return .named("Int")
        case .bool: return .named("Bool")
        case .double: return .named("Double")
        case .record(let record): return .named(record.type)
        case .object(let object): return .named(object.type.hasPrefix("Product.") ? "Product" : object.type)
        case .array(let elements): return elements.first.flatMap(inferredType(of:)).map { MType.array($0) }
        case .set(let elements): return elements.first.flatMap(inferredType(of:)).map { MType.set($0) }
        default: return nil
        }
    }

    /// An identifier without backticks.
    static func plain(_ text: String) -> String {
        text.hasPrefix("`") && text.hasSuffix("`") && text.count >= 2 ? String(text.dropFirst().dropLast()) : text
    }

    // MARK: - Conditions

    /// Whether every condition holds; `if let` and `if case` bind into `scope`.
    func conditions(_ list: ConditionElementListSyntax, in scope: Scope) throws -> Bool {
        for element in list {
            switch element.condition {
            case .expression(let expression):
                if try !bool(expression, in: scope) { return false }
            case .optionalBinding(let optional):
                let type = optional.typeAnnotation.map { resolveType($0.type, context: scope.memberScope?.context) }
                let source: MValue
                if let initializer = optional.initializer?.value {
                    source = try evaluate(initializer, in: scope, hint: type.map { .optional($0) })
                } else {
                    guard let name = optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                        throw refusal(element, "the condition '\(element.trimmedDescription)'")
                    }
                    source = try identifierValue(Self.plain(name), node: Syntax(optional), in: scope)
                }
                if case .unknown(let refusal) = source { throw refusal }
                if source.isNone { return false }
                try bind(optional.pattern, to: source, type: type, isConstant: optional.bindingSpecifier.tokenKind == .keyword(.let), in: scope, node: Syntax(optional))
            case .matchingPattern(let matching):
                let value = try evaluate(matching.initializer.value, in: scope, hint: nil)
                if case .unknown(let refusal) = value { throw refusal }
                if try !match(matching.pattern, value, in: scope, binding: false) { return false }
            case .availability:
                continue
            }
        }
        return true
    }

    /// `expression` as a Boolean; an unknown condition is the refusal it carries.
    func bool(_ expression: ExprSyntax, in scope: Scope) throws -> Bool {
        let value = try evaluate(expression, in: scope, hint: .named("Bool"))
        switch value {
        case .bool(let holds): return holds
        case .unknown(let refusal): throw refusal
        default: throw refusal(expression, "the condition '\(expression.trimmedDescription)', which is not a Boolean,")
        }
    }

    // MARK: - if, switch

    func executeIf(_ conditional: IfExprSyntax, in scope: Scope) throws -> Flow {
        let inner = Scope(parent: scope)
        if try conditions(conditional.conditions, in: inner) {
            return try executeBlock(conditional.body.statements, in: inner)
        }
        switch conditional.elseBody {
        case .ifExpr(let next): return try executeIf(next, in: scope)
        case .codeBlock(let block): return try executeBlock(block.statements, in: scope)
        case nil: return .normal
        }
    }

    /// The cases of a `switch` with `#if` resolved.
    func activeCases(_ cases: SwitchCaseListSyntax) throws -> [SwitchCaseSyntax] {
        var result: [SwitchCaseSyntax] = []
        for element in cases {
            switch element {
            case .switchCase(let switchCase): result.append(switchCase)
            case .ifConfigDecl(let ifConfig):
                guard let clause = try activeClause(of: ifConfig), case .switchCases(let nested)? = clause.elements else { continue }
                result += try activeCases(nested)
            }
        }
        return result
    }

    /// The case a `switch` takes and the scope holding its bindings; nil when none matches.
    func chosenCase(of switchExpression: SwitchExprSyntax, in scope: Scope) throws -> (index: Int, cases: [SwitchCaseSyntax], scope: Scope)? {
        let subject = try evaluate(switchExpression.subject, in: scope, hint: nil)
        if case .unknown(let refusal) = subject { throw refusal }
        let cases = try activeCases(switchExpression.cases)
        for (index, switchCase) in cases.enumerated() {
            let inner = Scope(parent: scope)
            switch switchCase.label {
            case .default: return (index, cases, inner)
            case .case(let label):
                for item in label.caseItems {
                    let attempt = Scope(parent: scope)
                    guard try match(item.pattern, subject, in: attempt, binding: false) else { continue }
                    if let condition = item.whereClause?.condition, try !bool(condition, in: attempt) { continue }
                    return (index, cases, attempt)
                }
            }
        }
        return nil
    }

    func executeSwitch(_ switchExpression: SwitchExprSyntax, in scope: Scope) throws -> Flow {
        guard let (index, cases, caseScope) = try chosenCase(of: switchExpression, in: scope) else { return .normal }
        var position = index
        var current = caseScope
        while true {
            let items = try flatten(cases[position].statements)
            let fallsThrough =
                items.last.map { item -> Bool in
                    if case .stmt(let statement) = item { return statement.is(FallThroughStmtSyntax.self) }
                    return false
                } ?? false
            let flow = try executeBody(fallsThrough ? Array(items.dropLast()) : items, in: current)
            guard case .normal = flow else { return flow }
            guard fallsThrough, position + 1 < cases.count else { return .normal }
            position += 1
            current = Scope(parent: scope)
        }
    }

    // MARK: - Patterns

    /// Whether `value` matches `pattern`, binding its names into `scope`.
    func match(_ pattern: PatternSyntax, _ value: MValue, in scope: Scope, binding: Bool) throws -> Bool {
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            scope.variables[Self.plain(identifier.identifier.text)] = Variable(value: value, type: nil, isConstant: true, node: Syntax(pattern))
            return true
        }
        if let valueBinding = pattern.as(ValueBindingPatternSyntax.self) {
            return try match(valueBinding.pattern, value, in: scope, binding: true)
        }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            guard case .tuple(let values, _) = value, values.count == tuple.elements.count else { return false }
            for (element, item) in zip(tuple.elements, values) where try !match(element.pattern, item, in: scope, binding: binding) {
                return false
            }
            return true
        }
        if let isType = pattern.as(IsTypePatternSyntax.self) {
            return try valueIs(value, resolveType(isType.type, context: scope.memberScope?.context), node: Syntax(pattern))
        }
        if let expressionPattern = pattern.as(ExpressionPatternSyntax.self) {
            return try match(expression: expressionPattern.expression, value, in: scope, binding: binding)
        }
        throw refusal(pattern, "the pattern '\(pattern.trimmedDescription)'")
    }

    private func match(expression: ExprSyntax, _ value: MValue, in scope: Scope, binding: Bool) throws -> Bool {
        if let patternExpression = expression.as(PatternExprSyntax.self) {
            return try match(patternExpression.pattern, value, in: scope, binding: binding)
        }
        if binding, let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            scope.variables[Self.plain(reference.baseName.text)] = Variable(value: value, type: nil, isConstant: true, node: Syntax(expression))
            return true
        }
        if expression.is(DiscardAssignmentExprSyntax.self) { return true }
        // `let .feature(module as any Convertible)`: matches a value of the type, then binds it.
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark == nil {
            guard try valueIs(value, resolveType(cast.type, context: scope.memberScope?.context), node: Syntax(expression)) else { return false }
            return try match(expression: cast.expression, value, in: scope, binding: binding)
        }
        if let optional = expression.as(OptionalChainingExprSyntax.self) {
            if value.isNone { return false }
            return try match(expression: optional.expression, value, in: scope, binding: binding)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            guard case .tuple(let values, _) = value, values.count == tuple.elements.count else { return false }
            for (element, item) in zip(tuple.elements, values) where try !match(expression: element.expression, item, in: scope, binding: binding) {
                return false
            }
            return true
        }
        // An enum case: `.name`, `.name(let x, _)`, `Type.name(…)`.
        var caseCall: FunctionCallExprSyntax?
        var caseMember: MemberAccessExprSyntax?
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            caseCall = call
            caseMember = member
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            caseMember = member
        }
        if let member = caseMember, let kase = enumCaseName(of: value), try member.base == nil || typeReference(member.base!, in: scope) != nil {
            let name = Self.plain(member.declName.baseName.text)
            if case .record(let record) = value, record.kase != nil {
                guard Self.caseName(record.kase!, matches: name) else { return false }
                guard let call = caseCall else { return true }
                let payload = payload(of: record)
                guard payload.count == call.arguments.count else {
                    return payload.isEmpty
                        ? false : call.arguments.count == 1 ? try match(expression: call.arguments.first!.expression, .tuple(payload, labels: []), in: scope, binding: binding) : false
                }
                for (argument, item) in zip(call.arguments, payload) where try !match(expression: argument.expression, item, in: scope, binding: binding) {
                    return false
                }
                return true
            }
            _ = kase
        }
        if caseMember != nil, caseCall == nil, case .null = value {
            return caseMember!.declName.baseName.text == "none"
        }
        if let call = caseCall, caseMember?.declName.baseName.text == "some", caseMember?.base == nil, call.arguments.count == 1 {
            if value.isNone { return false }
            return try match(expression: call.arguments.first!.expression, value, in: scope, binding: binding)
        }
        // Anything else compares with `~=`: equality, or a range containing the value.
        let pattern = try evaluate(expression, in: scope, hint: Self.inferredType(of: value))
        switch pattern {
        case .unknown(let refusal): throw refusal
        case .range(let lower, let upper, let closed):
            return try contains(lower: lower, upper: upper, closed: closed, value, node: Syntax(expression))
        default:
            guard let equal = equals(pattern, value) else { throw refusal(expression, "the comparison in the pattern '\(expression.trimmedDescription)'") }
            return equal
        }
    }

    /// The case name of an enum value (nil for other values).
    private func enumCaseName(of value: MValue) -> String? {
        if case .record(let record) = value { return record.kase }
        return nil
    }

    /// Whether a case stored as `kase` is the one a pattern names (`targetItem` is matched by
    /// `.targetItem`; PackageDescription's deprecated requirement items by their short names too).
    static func caseName(_ kase: String, matches name: String) -> Bool {
        kase == name
    }

    /// The associated values of an enum record, in declaration order: the manifest's own
    /// enums by their case declarations, PackageDescription's by `enumPayloadFields`.
    func payload(of record: MRecord) -> [MValue] {
        guard let kase = record.kase else { return [] }
        if let element = types[record.type]?.cases[kase] {
            return (element.parameterClause?.parameters ?? []).enumerated().compactMap { offset, parameter in
                record.fields[parameter.firstName.map { Self.plain($0.text) } ?? "_\(offset)"] ?? record.fields["_\(offset)"]
            }
        }
        if let names = Self.enumPayloadFields[record.type]?[kase] {
            return names.map { record.fields[$0] ?? .null }
        }
        var result: [MValue] = []
        var index = 0
        while let value = record.fields["_\(index)"] {
            result.append(value)
            index += 1
        }
        return result
    }

    // MARK: - Loops

    private func executeFor(_ loop: ForStmtSyntax, in scope: Scope, label: String?) throws -> Flow {
        let sequence = try evaluate(loop.sequence, in: scope, hint: nil)
        let elements = try self.elements(of: sequence, node: Syntax(loop.sequence))
        for element in elements {
            try step(loop)
            let inner = Scope(parent: scope)
            if loop.caseKeyword != nil {
                guard try match(loop.pattern, element, in: inner, binding: false) else { continue }
            } else {
                try bind(loop.pattern, to: element, type: nil, isConstant: true, in: inner, node: Syntax(loop))
            }
            if let condition = loop.whereClause?.condition, try !bool(condition, in: inner) { continue }
            switch try executeBlock(loop.body.statements, in: inner) {
            case .normal: continue
            case .returned(let value): return .returned(value)
            case .broke(let target): if target == nil || target == label { return .normal } else { return .broke(target) }
            case .continued(let target): if target == nil || target == label { continue } else { return .continued(target) }
            }
        }
        return .normal
    }

    /// The elements of a sequence for what does not depend on their order (set operations,
    /// `Set(…)`, `max()`).
    func unorderedElements(of sequence: MValue, node: Syntax) throws -> [MValue] {
        switch sequence {
        case .set(let elements): return elements
        case .dictionary(let pairs): return pairs.map { .tuple([$0.key, $0.value], labels: ["key", "value"]) }
        default: return try elements(of: sequence, node: node)
        }
    }

    /// The elements a `for` loop or a sequence method goes through.
    func elements(of sequence: MValue, node: Syntax) throws -> [MValue] {
        switch sequence {
        case .array(let elements): return elements
        case .set(let elements):
            if elements.count > 1 { try refuseUnorderedIteration(node) }
            return elements
        case .dictionary(let pairs):
            if pairs.count > 1 { try refuseUnorderedIteration(node) }
            return pairs.map { .tuple([$0.key, $0.value], labels: ["key", "value"]) }
        case .range(.int(let lower), .int(let upper), let closed):
            let end = closed ? upper : upper - 1
            guard end >= lower else { return [] }
            if end - lower > budget.limit { throw refusal(node, "\(Self.describe(node)), a range too long to go through,") }
            return (lower...end).map(MValue.int)
        case .string(let text): return text.map { .string(String($0)) }
        case .null: return []
        case .unknown(let refusal): throw refusal
        default: throw refusal(node, "\(Self.describe(node)), which is not a sequence the reader can go through,")
        }
    }
}

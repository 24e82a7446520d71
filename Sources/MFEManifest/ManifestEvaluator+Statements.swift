import MFECore
import SwiftSyntax

/// Collecting statements: `#if` resolved, `if`/`switch` statements whose conditions the
/// reader can evaluate replaced by the branch taken, `for` loops over known lists unrolled,
/// each statement recorded as a binding, a modelled mutation, or what it may change. A
/// statement the reader cannot follow stays whole: only the names it may change become
/// unreadable.
extension ManifestEvaluator {
    /// What the manifest may read from the machine it runs on (SwiftPM runs it with mfe's
    /// environment, in the package folder).
    struct ManifestHost {
        var environment: [String: String]
        var fileExists: @Sendable (String) -> Bool
        var packageDirectory: String
        /// Where the manifest's relative folder and `~/` paths start (its reader's file system).
        var origin: PathOrigin = .root

        static let none = ManifestHost(environment: [:], fileExists: { _ in false }, packageDirectory: ".")
    }

    /// Bounds the work one manifest may cause: loops, calls and lookups all take steps. The
    /// bounds grow with the manifest's size, so plain data of any length is read (a
    /// 50,000-target list takes a few steps per line) and only work out of proportion to the
    /// text — loops and recursion that multiply it — is stopped.
    final class Budget {
        /// Evaluation steps for a manifest of no length.
        static let baseSteps = 25_000
        /// Statements after unrolling loops, per scope, for a manifest of no length.
        static let baseStatements = 5_000

        /// The most evaluation steps: the base plus 4 per byte of source.
        let limit: Int
        /// At most this many statements after unrolling loops, per scope: the base plus one
        /// per 8 bytes of source (a statement is never shorter).
        let statementLimit: Int
        var steps = 0

        /// The budget for a manifest of `sourceLength` UTF-8 bytes.
        init(sourceLength: Int = 0) {
            limit = Self.baseSteps + 4 * max(0, sourceLength)
            statementLimit = Self.baseStatements + max(0, sourceLength) / 8
        }
    }

    /// Takes one evaluation step at `node`, refusing once the budget is spent.
    func step(_ node: some SyntaxProtocol) throws {
        budget.steps += 1
        if budget.steps > budget.limit {
            throw refusal(node, "\(Self.describe(node)), after \(budget.limit) evaluation steps,")
        }
    }

    /// Walks the active top-level statements, recording constants and functions, the modelled
    /// mutations and the names other statements may change.
    mutating func collect(_ file: SourceFileSyntax) throws {
        try collect(file.statements)
    }

    /// Collects the active statements of `statements` (a file, a closure or function body) and
    /// returns them, flattened.
    @discardableResult
    mutating func collect(_ statements: CodeBlockItemListSyntax) throws -> [CodeBlockItemSyntax.Item] {
        var raw: [CodeBlockItemSyntax.Item] = []
        try flatten(statements, into: &raw)
        for item in raw {
            guard case .decl(let declaration) = item else { continue }
            if let function = declaration.as(FunctionDeclSyntax.self) {
                functions[function.name.text, default: []].append(function)
                declaredNames.insert(function.name.text)
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                // A computed variable is like a function: usable above its declaration.
                for binding in variable.bindings where binding.initializer == nil {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        let accessors = binding.accessorBlock, let getter = Self.getterBody(accessors)
                    else { continue }
                    var value = Binding(name: name, index: -1, initializer: nil, node: Syntax(binding))
                    value.getter = getter
                    declare(value)
                }
            } else {
                recordDeclaredNames(declaration)
                recordMembers(declaration)
            }
        }
        if enclosing.isEmpty {
            let candidates = raw.compactMap { item -> String? in
                guard case .decl(let declaration) = item, let variable = declaration.as(VariableDeclSyntax.self) else { return nil }
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if name == "package" { return name }
                    if binding.initializer.flatMap({ Self.factoryCall(Self.unwrap($0.value), qualifiers: ["Package"]) })?.name == "init" { return name }
                }
                return nil
            }
            if !candidates.contains("package"), candidates.count == 1 { packageVariable = candidates[0] }
        }
        collecting = true
        var returned = false
        try process(raw, returned: &returned)
        collecting = false
        if enclosing.isEmpty { recordObjectStatements() }
        if !taints.isEmpty { propagateTaintsThroughConstants() }
        if !objectStatements.isEmpty {
            taints = taints.mapValues { $0.filter { !objectStatements.contains($0.index) } }.filter { !$0.value.isEmpty }
        }
        return items
    }

    /// Marks the statements that change nothing but the package's targets, through
    /// `package.targets` (a loop, `forEach`, `first(where:)!`), as the object model's to apply.
    private mutating func recordObjectStatements() {
        let effects = sideEffects
        for taint in taints[packageVariable] ?? [] where taint.index < items.count {
            let item = items[taint.index]
            var shaped = false
            switch item {
            case .stmt(let statement):
                if let loop = statement.as(ForStmtSyntax.self) {
                    shaped = isPackageTargets(loop.sequence)
                } else if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    shaped = isObjectExpression(expression)
                }
            case .expr(let expression): shaped = isObjectExpression(expression)
            case .decl: break
            }
            if shaped, effects.changedNames(by: Syntax(item)) == [packageVariable] { objectStatements.insert(taint.index) }
        }
    }

    private func isObjectExpression(_ expression: ExprSyntax) -> Bool {
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "forEach", let base = member.base
        {
            return isPackageTargets(base)
        }
        guard let change = Self.propertyChange(expression), let subject = change.subject.as(ForceUnwrapExprSyntax.self)?.expression,
            let member = subject.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base
        else { return false }
        return member.declName.baseName.text == "first" && isPackageTargets(base)
    }

    /// The side-effect analysis for a statement at this point.
    var sideEffects: ManifestSideEffects {
        ManifestSideEffects(topLevelNames: Set(bindings.keys), functions: functions.compactMapValues { $0.count == 1 ? $0[0] : nil }, methods: valueTypeMethods())
    }

    /// The manifest's methods that cannot change the value they are called on: every
    /// declaration of the name is a non-`mutating` instance method of one of its own structs
    /// or enums (an extension of a PackageDescription class could change the object).
    func valueTypeMethods() -> [String: FunctionDeclSyntax] {
        let (root, _) = rootScope(at: 0)
        var result: [String: FunctionDeclSyntax] = [:]
        let structs = root.declaredStructs()
        let enums = root.declaredEnums()
        for (name, declarations) in root.members where declarations.count == 1 {
            guard let function = declarations[0].as(FunctionDeclSyntax.self),
                !function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.mutating) }),
                let type = Self.containerType(of: declarations[0]).map(Self.typeName), structs[type] != nil || enums.contains(type)
            else { continue }
            result[name] = function
        }
        return result
    }

    /// Processes `statements` in order, appending to `items`; stops after a `return`.
    mutating func process(_ statements: [CodeBlockItemSyntax.Item], returned: inout Bool) throws {
        for item in statements {
            if returned { return }
            try step(item)
            if items.count >= budget.statementLimit {
                throw refusal(item, "\(Self.describe(item)), after \(budget.statementLimit) statements,")
            }
            let index = items.count
            switch item {
            case .decl(let declaration):
                items.append(item)
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    record(variable, at: index)
                    let effects = sideEffects
                    for binding in variable.bindings {
                        if let initializer = binding.initializer { recordEffects(of: Syntax(initializer.value), at: index, effects) }
                        if binding.accessorBlock != nil, binding.initializer != nil || variable.bindingSpecifier.tokenKind != .keyword(.var) {
                            recordEffects(of: Syntax(binding.accessorBlock!), at: index, effects)
                        }
                    }
                } else if declaration.is(IfConfigDeclSyntax.self) {
                    // An active clause holding something other than statements.
                    taint("*", at: Syntax(declaration), nil, index: index)
                }
            // Imports, functions, types and extensions change nothing by being declared.
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    try processExpressionStatement(item, expression, returned: &returned)
                } else if let guardStatement = statement.as(GuardStmtSyntax.self), try processGuard(guardStatement, returned: &returned) {
                    continue
                } else if let loop = statement.as(ForStmtSyntax.self), try unroll(loop, returned: &returned) {
                    continue
                } else {
                    items.append(item)
                    if statement.is(ReturnStmtSyntax.self) { returned = true }
                    recordEffects(of: Syntax(statement), at: index, sideEffects)
                }
            case .expr(let expression):
                try processExpressionStatement(item, expression, returned: &returned)
            }
        }
    }

    private mutating func processExpressionStatement(_ item: CodeBlockItemSyntax.Item, _ expression: ExprSyntax, returned: inout Bool) throws {
        if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) {
            let saved = checkpoint()
            do {
                // No branch taken (an `if` without `else`) runs nothing.
                var bound: [Binding] = []
                let branch = try chosenBranch(of: expression, binding: &bound)
                try processScope(branch, returned: &returned) { evaluator in
                    for binding in bound { evaluator.declare(binding) }
                }
                return
            } catch is ManifestRefusal {
                // Not evaluable now: the statement stays whole.
                rollBack(to: saved)
            }
        }
        if try unrollForEach(expression, returned: &returned) { return }
        let index = items.count
        items.append(item)
        recordExpressionStatement(expression, at: index, sideEffects)
    }

    /// `guard` whose conditions the reader can evaluate now: when they hold, its `let`s are
    /// bound for the rest of the scope; otherwise its `else` block runs (and must leave the
    /// scope). False when the conditions cannot be evaluated (the statement then stays whole).
    private mutating func processGuard(_ statement: GuardStmtSyntax, returned: inout Bool) throws -> Bool {
        let saved = checkpoint()
        do {
            var bound: [Binding] = []
            if try conditions(statement.conditions, at: items.count, binding: &bound) {
                for binding in bound { declare(binding) }
                return true
            }
            try processScope(statement.body.statements, returned: &returned)
            if !returned { throw refusal(statement, "the 'guard' whose 'else' does not end in 'return'") }
            return true
        } catch is ManifestRefusal {
            rollBack(to: saved)
            return false
        }
    }

    /// Processes a nested block: its bindings end with it.
    mutating func processScope(_ statements: CodeBlockItemListSyntax?, returned: inout Bool, bind: (inout ManifestEvaluator) -> Void = { _ in }) throws {
        let names = Set(bindings.keys)
        let counts = bindings.mapValues(\.count)
        bind(&self)
        if let statements {
            var flattened: [CodeBlockItemSyntax.Item] = []
            try flatten(statements, into: &flattened)
            try process(flattened, returned: &returned)
        }
        let end = items.count
        for (name, list) in bindings {
            let kept = names.contains(name) ? counts[name] ?? 0 : 0
            for offset in kept..<list.count where bindings[name]![offset].scopeEnd == Int.max {
                bindings[name]![offset].scopeEnd = end
            }
        }
    }

    /// The statements of the branch an `if` or `switch` takes (nil: none), when every
    /// condition up to it can be evaluated now.
    /// `if let` conditions add their values to `bound`, for the branch taken.
    mutating func chosenBranch(of expression: ExprSyntax, binding bound: inout [Binding], at position: Int? = nil) throws -> CodeBlockItemListSyntax? {
        let position = position ?? items.count
        if let conditional = expression.as(IfExprSyntax.self) {
            var values: [Binding] = []
            if try conditions(conditional.conditions, at: position, binding: &values) {
                bound = values
                return conditional.body.statements
            }
            switch conditional.elseBody {
            case .ifExpr(let next): return try chosenBranch(of: ExprSyntax(next), binding: &bound, at: position)
            case .codeBlock(let block): return block.statements
            case nil: return nil
            }
        }
        guard let switchExpression = expression.as(SwitchExprSyntax.self) else { throw refusal(expression, Self.describe(expression)) }
        let statements = try chosenCase(of: switchExpression, at: position)?.statements
        let jumps = statements?.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind == .keyword(.fallthrough) || $0.tokenKind == .keyword(.break) } ?? []
        let endsInBreak = statements?.last.map { $0.item.as(StmtSyntax.self)?.is(BreakStmtSyntax.self) == true } ?? false
        if !(jumps.isEmpty || (jumps.count == 1 && endsInBreak)) {
            throw refusal(switchExpression, "the 'switch' whose case uses 'break' or 'fallthrough'")
        }
        return statements
    }

    /// Whether every condition of an `if` holds; `if let` is refused (it binds a value).
    mutating func conditions(_ list: ConditionElementListSyntax, at position: Int) throws -> Bool {
        var bound: [Binding] = []
        let holds = try conditions(list, at: position, binding: &bound)
        if let first = bound.first { throw refusal(first.node, "the condition '\(first.node.trimmedDescription)'") }
        return holds
    }

    /// Whether every condition of an `if` holds: Boolean expressions, and `if let x = value`
    /// over a plain value (an environment variable, say), which holds when it is not `nil` and
    /// binds `x` to it in `bound`.
    mutating func conditions(_ list: ConditionElementListSyntax, at position: Int, binding bound: inout [Binding]) throws -> Bool {
        for element in list {
            switch element.condition {
            case .expression(let expression):
                if try !bool(expression, at: position) { return false }
            case .optionalBinding(let optional):
                guard optional.bindingSpecifier.tokenKind == .keyword(.let) || optional.bindingSpecifier.tokenKind == .keyword(.var),
                    let name = optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, optional.typeAnnotation == nil
                else { throw refusal(element, "the condition '\(element.trimmedDescription)'") }
                let source = optional.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                let value = try scalar(source, at: position)
                if value == .nothing { return false }
                guard let literal = Self.literal(value) else { throw refusal(element, "the condition '\(element.trimmedDescription)'") }
                bound.append(Binding(name: name, index: position - 1, initializer: literal, node: Syntax(element)))
            default:
                throw refusal(element, "the condition '\(element.trimmedDescription)'")
            }
        }
        return true
    }

    /// A literal expression for a plain string, number or Boolean (nil for other values).
    static func literal(_ value: Scalar) -> ExprSyntax? {
        switch value {
        case .string(let text): return ExprSyntax(StringLiteralExprSyntax(content: text))
        case .int(let number): return ExprSyntax(IntegerLiteralExprSyntax(number))
        case .bool(let flag): return ExprSyntax(BooleanLiteralExprSyntax(flag))
        default: return nil
        }
    }

    /// The case a `switch` over a known value takes: literal patterns (several per case) and
    /// `default`.
    mutating func chosenCase(of switchExpression: SwitchExprSyntax, at position: Int) throws -> SwitchCaseSyntax? {
        let subject = try scalar(switchExpression.subject, at: position)
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element else { throw refusal(element, "the '#if' inside a switch") }
            switch switchCase.label {
            case .default: return switchCase
            case .case(let label):
                for item in label.caseItems {
                    guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self) else {
                        throw refusal(item, "the case pattern '\(item.trimmedDescription)'")
                    }
                    if try scalar(pattern.expression, at: position) == subject { return switchCase }
                }
            }
        }
        return nil
    }

    /// Unrolls `for x in list { … }` over a list the reader knows: each iteration's statements
    /// are processed with `x` bound to that element. False when the loop cannot be unrolled
    /// (it then stays one statement).
    mutating func unroll(_ loop: ForStmtSyntax, returned: inout Bool) throws -> Bool {
        guard loop.tryKeyword == nil, loop.awaitKeyword == nil, loop.caseKeyword == nil,
            let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? (loop.pattern.is(WildcardPatternSyntax.self) ? "_" : nil)
        else { return false }
        return try unroll(name: name, over: loop.sequence, where: loop.whereClause?.condition, body: loop.body.statements, node: Syntax(loop), returned: &returned)
    }

    /// `list.forEach { x in … }` as a statement: unrolled like a `for` loop.
    mutating func unrollForEach(_ expression: ExprSyntax, returned: inout Bool) throws -> Bool {
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "forEach", !declaredNames.contains("forEach"), let base = member.base,
            let closure = call.trailingClosure ?? (call.arguments.count == 1 ? call.arguments.first?.expression.as(ClosureExprSyntax.self) : nil),
            call.trailingClosure == nil || call.arguments.isEmpty
        else { return false }
        var name = "$0"
        switch closure.signature?.parameterClause {
        case .simpleInput(let list) where list.count == 1: name = list.first!.name.text
        case .parameterClause(let clause) where clause.parameters.count == 1:
            let parameter = clause.parameters.first!
            name = (parameter.secondName ?? parameter.firstName).text
        case nil: break
        default: return false
        }
        guard closure.signature?.capture == nil, closure.signature?.effectSpecifiers == nil,
            Self.returnStatement(in: Syntax(closure.statements)) == nil
        else { return false }
        var ignored = false
        return try unroll(name: name, over: base, where: nil, body: closure.statements, node: Syntax(call), returned: &ignored)
    }

    private mutating func unroll(name: String, over sequence: ExprSyntax, where condition: ExprSyntax?, body: CodeBlockItemListSyntax, node: Syntax, returned: inout Bool) throws -> Bool {
        // `break` and `continue` change which statements run; such loops stay whole.
        guard !body.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.break) || $0.tokenKind == .keyword(.continue) }),
            let elements = try? self.elements(of: sequence, at: items.count)
        else { return false }
        // Unrolling must not change what a loop over objects means: the statements run once
        // per element with the loop variable bound to it.
        let saved = checkpoint()
        let taintCount = taints.values.reduce(0) { $0 + $1.count }
        do {
            for element in elements {
                try step(node)
                let index = items.count
                let binding = Binding(name: name, index: index - 1, initializer: element.expression, node: node, site: element.site)
                if let condition {
                    var probe = self
                    probe.declare(binding)
                    if try !probe.bool(condition, at: index) { continue }
                }
                try processScope(body, returned: &returned) { evaluator in
                    evaluator.declare(binding)
                }
                if returned { break }
            }
        } catch is ManifestRefusal {
            rollBack(to: saved)
            return false
        }
        // A statement in the body that may change something (the loop variable's object, say)
        // is analysed with the whole loop instead, where aliases are known.
        if taints.values.reduce(0, { $0 + $1.count }) != taintCount {
            rollBack(to: saved)
            return false
        }
        return true
    }

    /// How much has been collected: undoing an unrolled loop truncates back to it (a copy of
    /// the evaluator would make nested loops quadratic).
    struct Checkpoint {
        var items: Int
        var bindings: [String: Int]
        var mutations: [String: Int]
        var taints: [String: Int]
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(items: items.count, bindings: bindings.mapValues(\.count), mutations: mutations.mapValues(\.count), taints: taints.mapValues(\.count))
    }

    mutating func rollBack(to checkpoint: Checkpoint) {
        items.removeLast(items.count - checkpoint.items)
        for key in Array(bindings.keys) { bindings[key]!.removeLast(bindings[key]!.count - (checkpoint.bindings[key] ?? 0)) }
        for key in Array(mutations.keys) { mutations[key]!.removeLast(mutations[key]!.count - (checkpoint.mutations[key] ?? 0)) }
        for key in Array(taints.keys) { taints[key]!.removeLast(taints[key]!.count - (checkpoint.taints[key] ?? 0)) }
        bindings = bindings.filter { !$0.value.isEmpty }
        mutations = mutations.filter { !$0.value.isEmpty }
        taints = taints.filter { !$0.value.isEmpty }
    }

    // MARK: - Bindings

    mutating func declare(_ binding: Binding) {
        bindings[binding.name, default: []].append(binding)
    }

    /// The binding of `name` visible to the statement at `position`.
    func binding(named name: String, at position: Int) -> Binding? {
        bindings[name]?.last { $0.index < position && position < $0.scopeEnd }
    }

    /// Whether `mutation` (or any statement at `index`) changes the same binding as the one
    /// visible at `position` for `name`.
    func sameBinding(_ name: String, _ index: Int, as binding: Binding) -> Bool {
        guard let visible = self.binding(named: name, at: index) else { return false }
        return visible.index == binding.index
    }

    /// The body of a getter-only computed variable: `{ … }` or `{ get { … } }`.
    static func getterBody(_ accessors: AccessorBlockSyntax) -> CodeBlockItemListSyntax? {
        switch accessors.accessors {
        case .getter(let body): return body
        case .accessors(let list):
            guard list.count == 1, let only = list.first, only.accessorSpecifier.tokenKind == .keyword(.get),
                only.effectSpecifiers == nil
            else { return nil }
            return only.body?.statements
        }
    }

    /// Records the static members of a type or extension the manifest declares.
    mutating func recordMembers(_ declaration: DeclSyntax) {
        guard let group = declaration.asProtocol(DeclGroupSyntax.self) else { return }
        for member in group.memberBlock.members {
            let decl = member.decl
            if let function = decl.as(FunctionDeclSyntax.self) {
                members[function.name.text, default: []].append(decl)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        members[name, default: []].append(decl)
                    }
                }
            } else if let cases = decl.as(EnumCaseDeclSyntax.self) {
                if let type = Self.containerType(of: decl).map(Self.typeName) {
                    enumCaseNames[type, default: []].formUnion(cases.elements.map(\.name.text))
                }
            } else if decl.asProtocol(DeclGroupSyntax.self) != nil {
                recordMembers(decl)
            }
        }
    }
}

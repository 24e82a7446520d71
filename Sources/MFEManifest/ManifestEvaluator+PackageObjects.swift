import MFECore
import SwiftSyntax

/// The package as PackageDescription's objects after `let package = Package(…)`: its targets
/// read back (`package.targets.compactMap { … }`, `target.name`, `target.type`) and changed
/// in place (`for target in package.targets { target.dependencies += … }`,
/// `package.targets.first(where: { $0.name == "X" })!.dependencies.append(…)`), as SwiftPM's
/// classes allow. A statement the model cannot follow stays a refusal naming it.
extension ManifestEvaluator {
    /// The target properties a statement after `Package(…)` may change in the model.
    static let modelledTargetProperties: Set<String> = ["dependencies", "exclude"]

    /// The elements of `package.targets` as seen at `position` of the root scope: the
    /// `targets:` argument with the modelled changes before `position`; nil when `expression`
    /// is not `package.targets`.
    mutating func packageTargetElements(_ expression: ExprSyntax, at position: Int) throws -> [Element]? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "targets",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let (root, seenAt) = rootScope(at: position)
        guard base.baseName.text == root.packageVariable, binding(named: base.baseName.text, at: position) == nil || enclosing.isEmpty,
            let declared = root.bindings[root.packageVariable], declared.count == 1, let package = declared.first,
            package.index < seenAt, let initializer = package.initializer,
            let call = Self.factoryCall(Self.unwrap(initializer), qualifiers: ["Package"]), call.name == "init"
        else { return nil }
        var scope = root
        scope.depth = depth + 1
        var result = try call.argument("targets").map { try scope.elements(of: $0, at: package.index) } ?? []
        for mutation in root.mutations["package.targets"] ?? [] where mutation.index > package.index && mutation.index < seenAt {
            switch mutation.kind {
            case .append(let item): result.append(Element(expression: item, site: Site(root, mutation.index)))
            case .appendContents(let items): result += try scope.elements(of: items, at: mutation.index)
            case .assign(let items): result = try scope.elements(of: items, at: mutation.index)
            }
        }
        if let taint = root.taint(of: root.packageVariable, after: package.index, before: seenAt), !root.objectStatements.contains(taint.index) {
            throw refusal(taint.node, "\(taint.description), which may change '\(root.packageVariable)',")
        }
        return result
    }

    /// `target.name` and `target.type` of a value that is a target: nil for other members or
    /// values.
    mutating func targetProperty(_ member: MemberAccessExprSyntax, at position: Int) throws -> Scalar? {
        let name = member.declName.baseName.text
        guard ["name", "type"].contains(name), member.declName.argumentNames == nil, let base = member.base,
            base.is(DeclReferenceExprSyntax.self)
        else { return nil }
        guard let target = try? self.target(base, at: position) else { return nil }
        return name == "name" ? .string(target.name) : .targetType(target.kind.rawValue)
    }

    /// `.regular`, `.test`, `Target.TargetType.executable`…: a target type to compare with.
    static func targetType(_ expression: ExprSyntax) -> Scalar? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.argumentNames == nil,
            let kind = Target.Kind(rawValue: member.declName.baseName.text)
        else { return nil }
        if let base = member.base, !["Target.TargetType", "PackageDescription.Target.TargetType", "TargetType"].contains(typeName(base.trimmedDescription)) {
            return nil
        }
        return .targetType(kind.rawValue)
    }

    // MARK: - Statements that change the package's targets

    /// Applies the statement at `index` (a loop over `package.targets`, a change through
    /// `package.targets.first(where:)!`) to `targets`, or throws a refusal naming it.
    mutating func applyObjectStatement(at index: Int, to targets: inout [Target]) throws {
        let item = items[index]
        var expression: ExprSyntax?
        switch item {
        case .expr(let value): expression = value
        case .stmt(let statement):
            if let loop = statement.as(ForStmtSyntax.self) {
                return try applyLoop(loop, at: index, to: &targets)
            }
            expression = statement.as(ExpressionStmtSyntax.self)?.expression
        case .decl: break
        }
        guard let expression else { throw refusal(item, "\(Self.describe(item)), which may change '\(packageVariable)',") }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "forEach", let base = member.base, isPackageTargets(base),
            let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self)
        {
            let name: String
            switch closure.signature?.parameterClause {
            case .simpleInput(let list) where list.count == 1: name = list.first!.name.text
            case .parameterClause(let clause) where clause.parameters.count == 1:
                name = (clause.parameters.first!.secondName ?? clause.parameters.first!.firstName).text
            case nil: name = "$0"
            default: throw refusal(closure, "the closure's parameters")
            }
            return try applyBody(closure.statements, variable: name, where: nil, node: Syntax(call), at: index, to: &targets)
        }
        // `package.targets.first(where: { … })!.dependencies += …` and its relatives.
        guard let change = Self.propertyChange(expression), let subject = change.subject.as(ForceUnwrapExprSyntax.self)?.expression,
            let call = subject.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "first", let base = member.base, isPackageTargets(base),
            let predicate = call.trailingClosure ?? (call.arguments.first?.label?.text == "where" ? call.arguments.first?.expression.as(ClosureExprSyntax.self) : nil)
        else { throw refusal(item, "\(Self.describe(item)), which may change '\(packageVariable)',") }
        let elements = try targetElements(at: index, count: targets.count, node: Syntax(call))
        for (offset, element) in elements.enumerated() {
            if try self.call(predicate, with: [element], at: index, evaluate: { evaluator, body, position in try evaluator.bool(body, at: position) }) {
                return try apply(change, toTarget: offset, of: &targets, at: index)
            }
        }
        throw refusal(subject, "\(Self.describe(subject)), which finds no target and stops the manifest,")
    }

    /// A change to a modelled property of a target: `subject.property op value`.
    struct PropertyChange {
        var subject: ExprSyntax
        var property: String
        var kind: Mutation.Kind
        var node: ExprSyntax
    }

    /// `x.dependencies += e`, `x.dependencies.append(e)`, `x.dependencies.append(contentsOf: e)`,
    /// `x.exclude = e`; nil for anything else.
    static func propertyChange(_ expression: ExprSyntax) -> PropertyChange? {
        if let call = expression.as(FunctionCallExprSyntax.self), let method = call.calledExpression.as(MemberAccessExprSyntax.self),
            method.declName.baseName.text == "append", call.trailingClosure == nil, call.arguments.count == 1,
            let property = method.base?.as(MemberAccessExprSyntax.self), let subject = property.base,
            modelledTargetProperties.contains(property.declName.baseName.text), let argument = call.arguments.first
        {
            switch argument.label?.text {
            case nil: return PropertyChange(subject: subject, property: property.declName.baseName.text, kind: .append(argument.expression), node: expression)
            case "contentsOf": return PropertyChange(subject: subject, property: property.declName.baseName.text, kind: .appendContents(argument.expression), node: expression)
            default: return nil
            }
        }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard let property = elements[0].as(MemberAccessExprSyntax.self), let subject = property.base,
            modelledTargetProperties.contains(property.declName.baseName.text)
        else { return nil }
        if elements[1].is(AssignmentExprSyntax.self) { return PropertyChange(subject: subject, property: property.declName.baseName.text, kind: .assign(elements[2]), node: expression) }
        if elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" {
            return PropertyChange(subject: subject, property: property.declName.baseName.text, kind: .appendContents(elements[2]), node: expression)
        }
        return nil
    }

    /// Whether `expression` is `package.targets` (the package variable's).
    func isPackageTargets(_ expression: ExprSyntax) -> Bool {
        guard let member = Self.unwrap(expression).as(MemberAccessExprSyntax.self), member.declName.baseName.text == "targets",
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        return base.baseName.text == packageVariable
    }

    /// `package.targets` at `index`, as elements to bind; refused when the list read does not
    /// match the targets modelled so far (a change the model did not follow).
    private mutating func targetElements(at index: Int, count: Int, node: Syntax) throws -> [Element] {
        let reference = MemberAccessExprSyntax(base: DeclReferenceExprSyntax(baseName: .identifier(packageVariable)), declName: DeclReferenceExprSyntax(baseName: .identifier("targets")))
        guard let elements = try packageTargetElements(ExprSyntax(reference), at: index), elements.count == count else {
            throw refusal(node, "\(Self.describe(node)), which may change '\(packageVariable)',")
        }
        return elements
    }

    /// `for target in package.targets [where …] { … }`.
    private mutating func applyLoop(_ loop: ForStmtSyntax, at index: Int, to targets: inout [Target]) throws {
        guard loop.tryKeyword == nil, loop.awaitKeyword == nil, loop.caseKeyword == nil, isPackageTargets(loop.sequence),
            let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { throw refusal(loop, "\(Self.describe(loop)), which may change '\(packageVariable)',") }
        try applyBody(loop.body.statements, variable: name, where: loop.whereClause?.condition, node: Syntax(loop), at: index, to: &targets)
    }

    /// Runs `body` once per target with `variable` bound to it: changes to its modelled
    /// properties are applied, `if`/`switch` over what the reader can evaluate choose, and
    /// statements that change nothing modelled (settings) are passed over.
    private mutating func applyBody(
        _ body: CodeBlockItemListSyntax, variable: String, where condition: ExprSyntax?, node: Syntax, at index: Int, to targets: inout [Target]
    ) throws {
        let elements = try targetElements(at: index, count: targets.count, node: node)
        for (offset, element) in elements.enumerated() {
            try step(node)
            var scope = self
            scope.declare(Binding(name: variable, index: index - 1, initializer: element.expression, node: node, site: element.site))
            if let condition, try !scope.bool(condition, at: index) { continue }
            try scope.applyStatements(body, variable: variable, target: offset, of: &targets, at: index)
        }
    }

    private mutating func applyStatements(_ body: CodeBlockItemListSyntax, variable: String, target offset: Int, of targets: inout [Target], at index: Int) throws {
        var flattened: [CodeBlockItemSyntax.Item] = []
        try flatten(body, into: &flattened)
        for item in flattened {
            try step(item)
            var expression: ExprSyntax?
            switch item {
            case .expr(let value): expression = value
            case .stmt(let statement): expression = statement.as(ExpressionStmtSyntax.self)?.expression
            case .decl: break
            }
            if let expression {
                if let change = Self.propertyChange(expression), Self.unwrap(change.subject).as(DeclReferenceExprSyntax.self)?.baseName.text == variable {
                    try apply(change, toTarget: offset, of: &targets, at: index)
                    continue
                }
                if expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) {
                    var bound: [Binding] = []
                    let branch = try chosenBranch(of: expression, binding: &bound, at: index)
                    var scope = self
                    for binding in bound { scope.declare(binding) }
                    if let branch { try scope.applyStatements(branch, variable: variable, target: offset, of: &targets, at: index) }
                    continue
                }
            }
            // Anything else must leave the model alone: local values, settings.
            let effects = ManifestSideEffects(topLevelNames: Set(bindings.keys).union([variable]), functions: functions.compactMapValues { $0.count == 1 ? $0[0] : nil })
            if !effects.changedNames(by: Syntax(item)).isEmpty || Self.returnStatement(in: Syntax(item)) != nil
                || item.as(StmtSyntax.self).map({ $0.is(BreakStmtSyntax.self) || $0.is(ContinueStmtSyntax.self) }) == true
            {
                throw refusal(item, "\(Self.describe(item)), which may change '\(packageVariable)',")
            }
        }
    }

    /// Applies `change` to `targets[offset]`, evaluating its value at `index`.
    private mutating func apply(_ change: PropertyChange, toTarget offset: Int, of targets: inout [Target], at index: Int) throws {
        switch change.property {
        case "dependencies":
            switch change.kind {
            case .append(let item): targets[offset].dependencies.append(try targetDependency(item, at: index))
            case .appendContents(let items): targets[offset].dependencies += try targetDependencies(items, at: index)
            case .assign(let items): targets[offset].dependencies = try targetDependencies(items, at: index)
            }
        default:
            switch change.kind {
            case .append(let item): targets[offset].exclude.append(try string(item, at: index))
            case .appendContents(let items): targets[offset].exclude += try strings(items, at: index)
            case .assign(let items): targets[offset].exclude = try strings(items, at: index)
            }
        }
    }
}

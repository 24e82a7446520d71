import SwiftSyntax

/// A condition of `#if` the compiler refuses, at the node it points at: the message is the
/// compiler's (`invalid conditional compilation expression`, …).
package struct IfConfigProblem: Sendable, Hashable {
    /// The part of the condition that is wrong.
    package var node: Syntax
    /// What is wrong, in the compiler's words.
    package var message: String
}

extension HostBuildConfiguration {
    /// The clause of `ifConfig` this configuration compiles (nil when none is, and there is no
    /// `#else`), and the problems of the conditions evaluated to choose it. A condition with a
    /// problem is false and the next clause is tried, as the compiler does after its error.
    package func activeClause(of ifConfig: IfConfigDeclSyntax) -> (clause: IfConfigClauseSyntax?, problems: [IfConfigProblem]) {
        var problems: [IfConfigProblem] = []
        for clause in ifConfig.clauses {
            guard let condition = clause.condition else { return (clause, problems) }
            let outcome = IfConfigEvaluator(configuration: self, canImportSuppressed: false).evaluateCondition(condition)
            problems += outcome.problems
            if outcome.active { return (clause, problems) }
        }
        return (nil, problems)
    }

    /// Whether `condition` (folded or not) holds for this configuration, and its problems.
    package func isActive(_ condition: ExprSyntax) -> (active: Bool, problems: [IfConfigProblem]) {
        let outcome = IfConfigEvaluator(configuration: self, canImportSuppressed: false).evaluateCondition(condition)
        return (outcome.active, outcome.problems)
    }
}

/// The compiler's evaluation of `#if` conditions, without a compiler: `os`, `arch`,
/// `canImport`, `swift`/`compiler` versions and the rest, with `!`, `&&`, `||` and parentheses.
///
/// Like the compiler, `&&` and `||` short-circuit only past a version check (`swift`,
/// `compiler`), whose false branch may hold code an older compiler cannot parse; elsewhere the
/// right operand is still checked (with `canImport` false, as the compiler does not load a
/// module it will not use).
struct IfConfigEvaluator {
    /// The configuration the conditions are evaluated for.
    let configuration: HostBuildConfiguration
    /// True on the right of a short-circuited operator: `canImport` is false there.
    let canImportSuppressed: Bool

    /// The result of one condition.
    struct Outcome {
        /// Whether the condition holds.
        var active: Bool
        /// Whether an inactive clause of this condition may hold code this compiler cannot
        /// parse: true for version checks, which `&&` and `||` then short-circuit past.
        var syntaxErrorsAllowed: Bool
        /// The refused parts, in order.
        var problems: [IfConfigProblem] = []
    }

    /// A condition split at `&&` and `||`, which the parser leaves as a flat sequence.
    private indirect enum Tree {
        case leaf(ExprSyntax)
        case logical(operator: String, left: Tree, right: Tree)
    }

    /// A whole `#if` condition evaluated: like the compiler, every operator other than `&&` and
    /// `||` is reported first, wherever it is (a short circuit does not hide it).
    func evaluateCondition(_ condition: ExprSyntax) -> Outcome {
        let check = OperatorCheck(viewMode: .sourceAccurate)
        check.walk(condition)
        var outcome = evaluate(condition)
        outcome.problems = check.problems + outcome.problems
        return outcome
    }

    /// The operators of the unfolded sequences of a condition that are not `&&` or `||`.
    private final class OperatorCheck: SyntaxVisitor {
        var problems: [IfConfigProblem] = []

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            for (index, element) in node.elements.enumerated() where index % 2 == 1 {
                if let name = element.as(BinaryOperatorExprSyntax.self)?.operator.text, name != "&&", name != "||" {
                    problems.append(IfConfigProblem(node: Syntax(element), message: "expected '&&' or '||' expression"))
                }
            }
            return .visitChildren
        }
    }

    /// `condition` evaluated; an unfolded sequence is folded first (`&&` before `||`).
    func evaluate(_ condition: ExprSyntax) -> Outcome {
        switch Self.tree(of: condition) {
        case .success(let tree): return evaluate(tree)
        case .failure(let failure): return Outcome(active: false, syntaxErrorsAllowed: true, problems: failure.problem.map { [$0] } ?? [])
        }
    }

    /// The tree of `expression`: a sequence folded by precedence, an infix `&&`/`||` split.
    private static func tree(of expression: ExprSyntax) -> Result<Tree, ConditionFailure> {
        if let sequence = expression.as(SequenceExprSyntax.self) { return fold(sequence) }
        if let infix = expression.as(InfixOperatorExprSyntax.self), let name = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            name == "&&" || name == "||"
        {
            switch (tree(of: infix.leftOperand), tree(of: infix.rightOperand)) {
            case (.success(let left), .success(let right)): return .success(.logical(operator: name, left: left, right: right))
            case (.failure(let failure), _), (_, .failure(let failure)): return .failure(failure)
            }
        }
        return .success(.leaf(expression))
    }

    /// The failure of folding: an operator other than `&&` and `||` between operands (reported
    /// by `OperatorCheck`, so no problem here), or something that is no operator.
    private struct ConditionFailure: Error {
        var problem: IfConfigProblem?
    }

    /// `elements` (operand, operator, operand, …) folded with `&&` binding tighter than `||`,
    /// both left-associative.
    private static func fold(_ sequence: SequenceExprSyntax) -> Result<Tree, ConditionFailure> {
        var disjuncts: [Tree] = []
        var conjuncts: [Tree] = []
        var expectsOperand = true
        for element in sequence.elements {
            if expectsOperand {
                switch tree(of: element) {
                case .success(let operand): conjuncts.append(operand)
                case .failure(let failure): return .failure(failure)
                }
                expectsOperand = false
                continue
            }
            guard let name = element.as(BinaryOperatorExprSyntax.self)?.operator.text else {
                return .failure(ConditionFailure(problem: IfConfigProblem(node: Syntax(sequence), message: "invalid conditional compilation expression")))
            }
            guard name == "&&" || name == "||" else { return .failure(ConditionFailure(problem: nil)) }
            if name == "||" {
                disjuncts.append(leftFolded(conjuncts, operator: "&&"))
                conjuncts = []
            }
            expectsOperand = true
        }
        disjuncts.append(leftFolded(conjuncts, operator: "&&"))
        return .success(leftFolded(disjuncts, operator: "||"))
    }

    /// `trees` joined left to right by `name`.
    private static func leftFolded(_ trees: [Tree], operator name: String) -> Tree {
        trees.dropFirst().reduce(trees[0]) { .logical(operator: name, left: $0, right: $1) }
    }

    private func evaluate(_ tree: Tree) -> Outcome {
        switch tree {
        case .leaf(let expression):
            return evaluateLeaf(expression)
        case .logical(let name, let left, let right):
            let lhs = evaluate(left)
            let shortCircuit: Bool? = (lhs.active && name == "||") ? true : (!lhs.active && name == "&&" ? false : nil)
            if let result = shortCircuit, lhs.syntaxErrorsAllowed {
                return Outcome(active: result, syntaxErrorsAllowed: true, problems: lhs.problems)
            }
            let rhs = IfConfigEvaluator(configuration: configuration, canImportSuppressed: canImportSuppressed || shortCircuit != nil).evaluate(right)
            if name == "||" {
                return Outcome(active: lhs.active || rhs.active, syntaxErrorsAllowed: lhs.syntaxErrorsAllowed && rhs.syntaxErrorsAllowed, problems: lhs.problems + rhs.problems)
            }
            return Outcome(active: lhs.active && rhs.active, syntaxErrorsAllowed: lhs.syntaxErrorsAllowed || rhs.syntaxErrorsAllowed, problems: lhs.problems + rhs.problems)
        }
    }

    /// A refusal: false, and past it a short circuit may skip the rest.
    private func refusal(_ node: some SyntaxProtocol, _ message: String) -> Outcome {
        Outcome(active: false, syntaxErrorsAllowed: true, problems: [IfConfigProblem(node: Syntax(node), message: message)])
    }

    private func evaluateLeaf(_ condition: ExprSyntax) -> Outcome {
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return Outcome(active: literal.literal.tokenKind == .keyword(.true), syntaxErrorsAllowed: false)
        }
        if let literal = condition.as(IntegerLiteralExprSyntax.self), literal.literal.text == "0" || literal.literal.text == "1" {
            let value = literal.literal.text == "1"
            return Outcome(
                active: value, syntaxErrorsAllowed: false,
                problems: [IfConfigProblem(node: Syntax(condition), message: "'\(literal.literal.text)' is not a valid conditional compilation expression, use '\(value)'")])
        }
        if let name = Self.simpleIdentifier(condition) {
            return Outcome(active: configuration.isCustomConditionSet(name: name), syntaxErrorsAllowed: false)
        }
        if let prefix = condition.as(PrefixOperatorExprSyntax.self) {
            guard prefix.operator.text == "!" else { return refusal(condition, "expected unary '!' expression") }
            var inner = evaluate(prefix.expression)
            inner.active.toggle()
            return inner
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), infix.operator.is(BinaryOperatorExprSyntax.self) {
            // An operator other than `&&`/`||` in a condition folded by the caller: false, as the
            // compiler's evaluator answers it (the folding reported it).
            return Outcome(active: false, syntaxErrorsAllowed: true)
        }
        if let tuple = condition.as(TupleExprSyntax.self), let only = Self.singleUnlabeled(tuple.elements) {
            return evaluate(only)
        }
        if let call = condition.as(FunctionCallExprSyntax.self), let name = Self.simpleIdentifier(call.calledExpression),
            let function = Function(rawValue: name)
        {
            return evaluate(call, function)
        }
        return refusal(condition, "invalid conditional compilation expression")
    }

    /// The functions `#if` knows.
    private enum Function: String {
        case hasAttribute, hasFeature, swift, compiler, canImport, os, arch, targetEnvironment
        case _hasAtomicBitWidth, _compiler_version, _endian, _pointerBitWidth, objectFormat, _runtime, _ptrauth, defined

        /// Version checks: the code they exclude need not parse, so `&&`/`||` stop at them.
        var syntaxErrorsAllowed: Bool { self == .swift || self == .compiler || self == ._compiler_version }
    }

    private func evaluate(_ call: FunctionCallExprSyntax, _ function: Function) -> Outcome {
        let name = function.rawValue
        let argument = Self.singleUnlabeled(call.arguments)

        /// A test of one identifier argument, `os(Linux)`.
        func identifierTest(role: String, _ test: (String) -> Bool) -> Outcome {
            guard let argument, var value = Self.simpleIdentifier(argument) else {
                return refusal(call, "'\(name)' requires a single unlabeled argument for the \(role)")
            }
            if function == .targetEnvironment, value == "macabi" { value = "macCatalyst" }
            return Outcome(active: test(value), syntaxErrorsAllowed: false)
        }

        switch function {
        case .hasAttribute: return identifierTest(role: "attribute", configuration.hasAttribute)
        case .hasFeature: return identifierTest(role: "feature", configuration.hasFeature)
        case .os: return identifierTest(role: "operating system", configuration.isActiveTargetOS)
        case .arch: return identifierTest(role: "architecture", configuration.isActiveTargetArchitecture)
        case .targetEnvironment: return identifierTest(role: "environment", configuration.isActiveTargetEnvironment)
        case .objectFormat: return identifierTest(role: "object file format", configuration.isActiveTargetObjectFormat)
        case ._runtime: return identifierTest(role: "runtime", configuration.isActiveTargetRuntime)
        case ._ptrauth: return identifierTest(role: "pointer authentication scheme", configuration.isActiveTargetPointerAuthentication)
        case .defined:
            guard let argument, let value = Self.simpleIdentifier(argument) else {
                return refusal(call, "invalid conditional compilation expression")
            }
            let message = "compilation conditions in Swift are always boolean and do not need to be checked for existence with 'defined()'"
            return Outcome(active: configuration.isCustomConditionSet(name: value), syntaxErrorsAllowed: false, problems: [IfConfigProblem(node: Syntax(call), message: message)])
        case ._endian:
            guard let argument, let value = Self.simpleIdentifier(argument) else {
                return refusal(call, "'\(name)' requires a single unlabeled argument for the endianness ('big' or 'little')")
            }
            // An unknown byte order is only a warning to the compiler: false.
            return Outcome(active: ByteOrder(rawValue: value) == configuration.endianness, syntaxErrorsAllowed: false)
        case ._pointerBitWidth, ._hasAtomicBitWidth:
            guard let argument, let value = Self.simpleIdentifier(argument), value.first == "_", let width = Int(value.dropFirst()) else {
                return refusal(call, "'\(name)' requires a single unlabeled argument for the bit width ('_' followed by an integer)")
            }
            let active = function == ._pointerBitWidth ? configuration.targetPointerBitWidth == width : configuration.targetAtomicBitWidths.contains(width)
            return Outcome(active: active, syntaxErrorsAllowed: false)
        case .swift: return versionComparison(call, argument, name, configuration.languageVersion)
        case .compiler: return versionComparison(call, argument, name, configuration.compilerVersion)
        case ._compiler_version:
            guard let argument, let segment = Self.plainStringSegment(argument) else {
                return versionComparison(call, argument, name, configuration.compilerVersion)
            }
            switch Self.legacyCompilerVersion(segment.text) {
            case .success(let version): return Outcome(active: configuration.compilerVersion >= version, syntaxErrorsAllowed: true)
            case .failure(let failure): return refusal(segment, failure.message)
            }
        case .canImport: return canImport(call)
        }
    }

    /// `swift(>=6.0)`, `compiler(<6.2)`: `>=` and `<` against `actual`.
    private func versionComparison(_ call: FunctionCallExprSyntax, _ argument: ExprSyntax?, _ name: String, _ actual: SwiftVersion) -> Outcome {
        guard let argument, let comparison = argument.as(PrefixOperatorExprSyntax.self) else {
            return refusal(call, "'\(name)' requires a single unlabeled argument for the version comparison (>= or <= a version)")
        }
        guard let version = SwiftVersion(parsing: comparison.expression.trimmedDescription) else {
            return refusal(comparison.expression, "'\(name)' version check has invalid version '\(comparison.expression.trimmedDescription)'")
        }
        switch comparison.operator.text {
        case ">=": return Outcome(active: actual >= version, syntaxErrorsAllowed: true)
        case "<": return Outcome(active: actual < version, syntaxErrorsAllowed: true)
        default: return refusal(comparison.operator, "'\(name)' version check does not support operator '\(comparison.operator.trimmedDescription)'")
        }
    }

    /// `canImport(Module)`, `canImport(A.B, _version: 1.2)` (or `_underlyingVersion:`).
    private func canImport(_ call: FunctionCallExprSyntax) -> Outcome {
        guard let first = call.arguments.first, first.label == nil else {
            return refusal(call, "'canImport' requires a module name")
        }
        if call.arguments.count > 2 { return refusal(call, "'canImport' can take only two parameters") }
        guard let path = Self.modulePath(first.expression) else { return refusal(first.expression, "expected module name") }
        if let second = call.arguments.dropFirst().first {
            guard second.label?.text == "_version" || second.label?.text == "_underlyingVersion" else {
                return refusal(second.expression, "second parameter of 'canImport' should be labeled as _version or _underlyingVersion")
            }
            let text = Self.plainStringSegment(second.expression)?.text ?? second.expression.trimmedDescription
            // mfe knows no module versions: a versioned check is answered as an unversioned one.
            guard SwiftVersion(parsing: text) != nil else {
                return refusal(second.expression, "'canImport' version check has invalid version '\(second.expression.trimmedDescription)'")
            }
        }
        return Outcome(active: !canImportSuppressed && configuration.canImport(modulePath: path), syntaxErrorsAllowed: false)
    }

    /// `A.B.C` as its names; nil when it is not a dotted name.
    private static func modulePath(_ expression: ExprSyntax) -> [String]? {
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, member.declName.argumentNames == nil,
            let name = identifierText(member.declName.baseName), let prefix = modulePath(base)
        {
            return prefix + [name]
        }
        return simpleIdentifier(expression).map { [$0] }
    }

    /// The version `_compiler_version("5.1.*.2")` tests, in the compiler's legacy encoding:
    /// the second component is a wildcard; the first holds major × 1000 + minor.
    private static func legacyCompilerVersion(_ text: String) -> Result<SwiftVersion, LegacyVersionFailure> {
        var components: [Int] = []
        for (index, part) in text.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
            guard !part.isEmpty else { return .failure(LegacyVersionFailure(message: "found empty version component")) }
            let value: Int
            if index == 1 {
                value = 0
            } else if let number = Int(part) {
                value = number
            } else {
                return .failure(LegacyVersionFailure(message: "'_compiler_version' version check has invalid version '\"\(text)\"'"))
            }
            let limit = components.isEmpty ? 9_223_371 : 999
            guard (0...limit).contains(value) else {
                return .failure(LegacyVersionFailure(message: "compiler version component '\(value)' is not in the allowed range 0...\(limit)"))
            }
            components.append(value)
        }
        guard components.count <= 5 else { return .failure(LegacyVersionFailure(message: "compiler version must not have more than five components")) }
        if components.count > 1 { components[1] = components[0] % 1000 }
        components[0] /= 1000
        return .success(SwiftVersion(components: components))
    }

    /// Why a legacy compiler version is refused.
    private struct LegacyVersionFailure: Error {
        var message: String
    }

    /// The one segment of a string literal without interpolation, `"5.9"`.
    private static func plainStringSegment(_ expression: ExprSyntax) -> TokenSyntax? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            case .stringSegment(let segment)? = literal.segments.first
        else { return nil }
        return segment.content
    }

    /// The expression of a list of exactly one unlabeled element.
    private static func singleUnlabeled(_ list: LabeledExprListSyntax) -> ExprSyntax? {
        guard list.count == 1, let only = list.first, only.label == nil else { return nil }
        return only.expression
    }

    /// The name of a plain identifier reference (`Linux`, `` `DEBUG` ``), nil for anything else.
    private static func simpleIdentifier(_ expression: ExprSyntax) -> String? {
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return nil }
        return identifierText(reference.baseName)
    }

    /// The name an identifier token stands for, backticks removed; nil for keywords and operators.
    private static func identifierText(_ token: TokenSyntax) -> String? {
        guard case .identifier(let text) = token.tokenKind else { return nil }
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }
}

import MFECore
import SwiftSyntax

/// The expression shapes every position shares: lists (with `+` and conditional parts),
/// strings and factory calls.
extension ManifestEvaluator {
    // MARK: - Generic shapes

    /// Removes parentheses around a single expression.
    static func unwrap(_ expression: ExprSyntax) -> ExprSyntax {
        var current = expression
        while let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            current = only.expression
        }
        return current
    }

    /// A list: an array literal, `a + b`, or a constant (with its appends folded in).
    mutating func list<T>(
        _ expression: ExprSyntax,
        at position: Int,
        expected: String,
        element: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> [T] {
        var result: [T] = []
        for item in try elements(of: expression, at: position) {
            if let site = item.site {
                var scope = site.evaluator
                scope.depth = depth + 1
                result.append(try element(&scope, item.expression, site.position))
            } else {
                result.append(try element(&self, item.expression, position))
            }
        }
        return result
    }

    /// The operands of `a op b op c` when every operator is `op`; refused when the manifest
    /// declares its own `op`.
    func operands(of expression: ExprSyntax, joinedBy operatorText: String) throws -> [ExprSyntax]? {
        guard let operands = Self.operands(of: expression, joinedBy: operatorText) else { return nil }
        if declaredNames.contains(operatorText) {
            throw refusal(expression, "\(Self.describe(expression)), which uses the manifest's own '\(operatorText)',")
        }
        return operands
    }

    /// A factory call (see `factoryCall(_:qualifiers:)`), refused when the manifest declares a
    /// member or type of that name itself.
    func factory(_ expression: ExprSyntax, qualifiers: Set<String>) throws -> FactoryCall? {
        guard let call = Self.factoryCall(expression, qualifiers: qualifiers) else { return nil }
        let calledName = call.name == "init" ? call.node.calledExpression.trimmedDescription : call.name
        // `Target.target(…)` names PackageDescription's unless the manifest extends `Target`
        // with a `target` of its own.
        // `.target(…)` only finds members of the type the position expects: a `target` of the
        // manifest's own struct or enum is not one of them.
        if call.name != "init", let member = call.node.calledExpression.as(MemberAccessExprSyntax.self) {
            let (root, _) = rootScope(at: 0)
            let owners = Set((root.members[call.name] ?? []).compactMap { Self.containerType(of: $0).map(Self.typeName) })
                .union(root.enumCaseNames.filter { $0.value.contains(call.name) }.keys)
            let types = member.base.map { [Self.typeName($0.trimmedDescription)] } ?? qualifiers.map(Self.typeName)
            if !owners.isEmpty, owners.isDisjoint(with: types) { return call }
        }
        if declaredNames.contains(calledName) || (call.name == "init" && declaredNames.contains(calledName + ".init")) {
            throw refusal(call.node, "\(Self.describe(call.node)), which may call the manifest's own '\(calledName)',")
        }
        return call
    }

    /// The operands of `a op b op c` when every operator is `op`.
    static func operands(of expression: ExprSyntax, joinedBy operatorText: String) -> [ExprSyntax]? {
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        var operands: [ExprSyntax] = []
        for (offset, element) in sequence.elements.enumerated() {
            if offset % 2 == 1 {
                guard element.as(BinaryOperatorExprSyntax.self)?.operator.text == operatorText else { return nil }
            } else {
                operands.append(element)
            }
        }
        return operands.count > 1 ? operands : nil
    }

    /// A string: a literal (interpolating string constants), `a + b`, or a constant.
    mutating func string(_ expression: ExprSyntax, at position: Int) throws -> String {
        let expression = Self.unwrap(expression)
        if let literal = expression.as(StringLiteralExprSyntax.self) {
            if let value = literal.representedLiteralValue { return value }
            var result = ""
            for segment in literal.segments {
                switch segment {
                case .stringSegment(let text):
                    let single = literal.with(\.segments, [.stringSegment(text)])
                    guard let value = single.representedLiteralValue else { throw cannotEvaluate(literal, expected: "a string") }
                    result += value
                case .expressionSegment(let interpolation):
                    guard interpolation.expressions.count == 1, let only = interpolation.expressions.first, only.label == nil else {
                        throw cannotEvaluate(interpolation, expected: "a string")
                    }
                    result += try string(only.expression, at: position)
                }
            }
            return result
        }
        if let operands = try operands(of: expression, joinedBy: "+") {
            var result = ""
            for operand in operands { result += try string(operand, at: position) }
            return result
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.string(body, at: index) }) {
            return value
        }
        if case .string(let value) = try scalar(expression, at: position) { return value }
        throw cannotEvaluate(expression, expected: "a string")
    }

    /// A string or `nil`.
    mutating func optionalString(_ expression: ExprSyntax, at position: Int) throws -> String? {
        if Self.unwrap(expression).is(NilLiteralExprSyntax.self) { return nil }
        return try string(expression, at: position)
    }

    /// Whether `expression` is `nil`, written in place or held in a constant (`let platforms:
    /// [SupportedPlatform]? = nil`) or chosen by a condition.
    mutating func isNil(_ expression: ExprSyntax, at position: Int) throws -> Bool {
        let expression = Self.unwrap(expression)
        if expression.is(NilLiteralExprSyntax.self) { return true }
        guard expression.is(DeclReferenceExprSyntax.self) || expression.is(SequenceExprSyntax.self) || expression.is(IfExprSyntax.self) else { return false }
        // Not nil as far as the reader can tell: reading the value as a list says why not.
        let result = try? indirection(expression, at: position) { evaluator, body, index in try evaluator.isNil(body, at: index) }
        return (result ?? nil) ?? false
    }

    /// A list of strings.
    mutating func strings(_ expression: ExprSyntax, at position: Int) throws -> [String] {
        try list(expression, at: position, expected: "a list of strings") { evaluator, item, index in
            try evaluator.string(item, at: index)
        }
    }

    /// A list of strings or `nil`.
    mutating func optionalStrings(_ expression: ExprSyntax, at position: Int) throws -> [String]? {
        if try isNil(expression, at: position) { return nil }
        return try strings(expression, at: position)
    }

    /// A dictionary literal of strings: `["Logging": "SwiftLogging"]`, or a constant.
    mutating func stringDictionary(_ expression: ExprSyntax, at position: Int) throws -> [String: String] {
        let expression = Self.unwrap(expression)
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return [:] }
            var result: [String: String] = [:]
            for element in elements {
                result[try string(element.key, at: position)] = try string(element.value, at: position)
            }
            return result
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.stringDictionary(body, at: index) }) {
            return value
        }
        throw cannotEvaluate(expression, expected: "a dictionary of strings")
    }

    // MARK: - Calls

    /// A call of a PackageDescription factory: `.name(...)` or `Qualifier.name(...)` where the
    /// qualifier is one of `qualifiers`.
    struct FactoryCall {
        var name: String
        var arguments: [(label: String?, expression: ExprSyntax)]
        var node: FunctionCallExprSyntax

        /// The argument labelled `label`.
        func argument(_ label: String) -> ExprSyntax? {
            arguments.first { $0.label == label }?.expression
        }

        /// The unlabelled arguments, in order.
        var unlabelled: [ExprSyntax] { arguments.filter { $0.label == nil }.map(\.expression) }
    }

    /// `expression` as a factory call, or nil when it is not a call of a member of one of
    /// `qualifiers` (or an implicit member).
    static func factoryCall(_ expression: ExprSyntax, qualifiers: Set<String>) -> FactoryCall? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else { return nil }
        let name: String
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if let base = member.base {
                let qualifier = base.trimmedDescription.filter { !$0.isWhitespace }
                guard
                    qualifiers.contains(qualifier) || qualifiers.contains("PackageDescription." + qualifier)
                        || qualifier.hasPrefix("PackageDescription.") && qualifiers.contains(String(qualifier.dropFirst("PackageDescription.".count)))
                else { return nil }
            }
            name = member.declName.baseName.text
        } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), qualifiers.contains(reference.baseName.text) {
            // `Version(1, 2, 3)`, `Package(...)`: an initializer.
            name = "init"
        } else {
            return nil
        }
        return FactoryCall(name: name, arguments: call.arguments.map { ($0.label?.text, $0.expression) }, node: call)
    }
}

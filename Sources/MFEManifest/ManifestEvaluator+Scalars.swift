import Foundation
import MFECore
import SwiftSyntax

/// Plain values a manifest computes with (strings, numbers, booleans, optionals, lists of
/// them): conditions, environment lookups, `fileExists(atPath:)`, string methods.
extension ManifestEvaluator {
    /// A plain value.
    indirect enum Scalar: Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case nothing
        case list([Scalar])
        /// `ProcessInfo.processInfo.environment` / `Context.environment`.
        case environment
        /// A target's type (`.regular`, `.test`): its `Target.Kind` raw value.
        case targetType(String)
        /// A case of an enum the manifest declares: the enum's name and the case's.
        case enumCase(String, String)
    }

    /// `expression` as a Boolean.
    mutating func bool(_ expression: ExprSyntax, at position: Int) throws -> Bool {
        guard case .bool(let value) = try scalar(expression, at: position) else {
            throw cannotEvaluate(expression, expected: "a Boolean")
        }
        return value
    }

    /// An operator sequence (`a == b && c ? d : e`) grouped by Swift's precedence, keeping the
    /// original nodes (so refusals point at the source).
    indirect enum Operation {
        case operand(ExprSyntax)
        case binary(String, Operation, Operation, node: ExprSyntax)
        case ternary(Operation, then: ExprSyntax, else: Operation)
    }

    /// Groups `sequence` by the standard operators' precedence and associativity.
    func operation(_ sequence: SequenceExprSyntax) throws -> Operation {
        let elements = Array(sequence.elements)
        var index = 0
        func precedence(_ element: ExprSyntax) throws -> (Int, rightAssociative: Bool) {
            if element.is(UnresolvedTernaryExprSyntax.self) { return (1, true) }
            guard let text = element.as(BinaryOperatorExprSyntax.self)?.operator.text else {
                throw refusal(element, "the operator '\(element.trimmedDescription)'")
            }
            if declaredNames.contains(text) { throw refusal(element, "\(Self.describe(sequence)), which uses the manifest's own '\(text)',") }
            switch text {
            case "||": return (2, false)
            case "&&": return (3, false)
            case "==", "!=", "<", ">", "<=", ">=": return (4, false)
            case "??": return (5, true)
            case "..<", "...": return (6, false)
            case "+", "-": return (7, false)
            default: throw refusal(element, "the operator '\(text)'")
            }
        }
        func parse(_ minimum: Int) throws -> Operation {
            guard index < elements.count else { throw refusal(sequence, Self.describe(sequence)) }
            var left = Operation.operand(elements[index])
            index += 1
            while index < elements.count {
                let operatorElement = elements[index]
                let (level, right) = try precedence(operatorElement)
                if level < minimum { break }
                index += 1
                if let ternary = operatorElement.as(UnresolvedTernaryExprSyntax.self) {
                    left = .ternary(left, then: ternary.thenExpression, else: try parse(level))
                } else {
                    let text = operatorElement.as(BinaryOperatorExprSyntax.self)!.operator.text
                    left = .binary(text, left, try parse(right ? level : level + 1), node: operatorElement)
                }
            }
            return left
        }
        let result = try parse(0)
        guard index == elements.count else { throw refusal(sequence, Self.describe(sequence)) }
        return result
    }

    /// `expression` as a plain value.
    mutating func scalar(_ expression: ExprSyntax, at position: Int) throws -> Scalar {
        try step(expression)
        let expression = Self.unwrap(expression)
        if let sequence = expression.as(SequenceExprSyntax.self) { return try scalar(try operation(sequence), at: position) }
        if expression.is(StringLiteralExprSyntax.self) { return .string(try string(expression, at: position)) }
        if let literal = expression.as(IntegerLiteralExprSyntax.self), let value = literal.representedLiteralValue { return .int(value) }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return .bool(literal.literal.tokenKind == .keyword(.true)) }
        if expression.is(NilLiteralExprSyntax.self) { return .nothing }
        if let array = expression.as(ArrayExprSyntax.self) {
            return .list(try array.elements.map { try scalar($0.expression, at: position) })
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return .bool(try !bool(prefix.expression, at: position))
        }
        if Self.isEnvironment(expression) { return .environment }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
            let key = subscriptCall.arguments.first, key.label == nil
        {
            let base = try scalar(subscriptCall.calledExpression, at: position)
            switch base {
            case .environment:
                guard case .string(let name) = try scalar(key.expression, at: position) else { throw cannotEvaluate(key.expression, expected: "a string") }
                return host.environment[name].map(Scalar.string) ?? Scalar.nothing
            case .list(let elements):
                guard case .int(let offset) = try scalar(key.expression, at: position), elements.indices.contains(offset) else {
                    throw cannotEvaluate(expression, expected: "an element of a list")
                }
                return elements[offset]
            default: throw cannotEvaluate(expression, expected: "a value")
            }
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let value = try scalarCall(call, at: position) { return value }
        if let type = Self.targetType(expression) { return type }
        if let value = enumCase(expression) { return value }
        if let member = expression.as(MemberAccessExprSyntax.self), let value = try targetProperty(member, at: position) { return value }
        // A member the manifest declares (`t.kind` of its own struct) is read as one below.
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, member.declName.argumentNames == nil,
            !declaredNames.contains(member.declName.baseName.text)
        {
            let value = try scalar(base, at: position)
            if let result = try Self.property(member.declName.baseName.text, of: value) { return result }
        }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { return try scalar(optional.expression, at: position) }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) {
            // `getenv("X")!` on an unset variable traps when the manifest runs.
            let value = try scalar(forced.expression, at: position)
            if value == .nothing { throw refusal(forced, "\(Self.describe(forced)), which is nil and stops the manifest,") }
            return value
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.scalar(body, at: index) }) {
            return value
        }
        throw cannotEvaluate(expression, expected: "a value")
    }

    /// `ProcessInfo.processInfo.environment`, `Context.environment`.
    static func isEnvironment(_ expression: ExprSyntax) -> Bool {
        let text = expression.trimmedDescription.filter { !$0.isWhitespace }
        return ["ProcessInfo.processInfo.environment", "Foundation.ProcessInfo.processInfo.environment", "Context.environment", "PackageDescription.Context.environment"].contains(text)
    }

    /// The value of a grouped operator sequence.
    mutating func scalar(_ operation: Operation, at position: Int) throws -> Scalar {
        switch operation {
        case .operand(let expression): return try scalar(expression, at: position)
        case .ternary(let condition, let then, let otherwise):
            guard case .bool(let holds) = try scalar(condition, at: position) else { throw refusal(then, "the condition before '\(then.trimmedDescription)'") }
            return holds ? try scalar(then, at: position) : try scalar(otherwise, at: position)
        case .binary(let text, let left, let right, let node):
            func bool(_ side: Operation) throws -> Bool {
                guard case .bool(let value) = try scalar(side, at: position) else { throw cannotEvaluate(node, expected: "a Boolean") }
                return value
            }
            switch text {
            case "&&": return .bool(try bool(left) && bool(right))
            case "||": return .bool(try bool(left) || bool(right))
            case "==": return .bool(try scalar(left, at: position) == scalar(right, at: position))
            case "!=": return .bool(try scalar(left, at: position) != scalar(right, at: position))
            case "??":
                let value = try scalar(left, at: position)
                return value == .nothing ? try scalar(right, at: position) : value
            case "+":
                switch (try scalar(left, at: position), try scalar(right, at: position)) {
                case (.string(let a), .string(let b)): return .string(a + b)
                case (.int(let a), .int(let b)): return .int(a + b)
                case (.list(let a), .list(let b)): return .list(a + b)
                default: break
                }
            case "<", ">", "<=", ">=":
                if case .int(let a) = try scalar(left, at: position), case .int(let b) = try scalar(right, at: position) {
                    switch text {
                    case "<": return .bool(a < b)
                    case ">": return .bool(a > b)
                    case "<=": return .bool(a <= b)
                    default: return .bool(a >= b)
                    }
                }
            default: break
            }
            throw refusal(node, "the operator '\(text)' on these values")
        }
    }

    /// `.isEmpty`, `.count` and the like.
    static func property(_ name: String, of value: Scalar) throws -> Scalar? {
        switch (name, value) {
        case ("isEmpty", .string(let text)): return .bool(text.isEmpty)
        case ("isEmpty", .list(let list)): return .bool(list.isEmpty)
        case ("count", .string(let text)): return .int(text.count)
        case ("count", .list(let list)): return .int(list.count)
        case ("first", .list(let list)): return list.first ?? Scalar.nothing
        case ("last", .list(let list)): return list.last ?? Scalar.nothing
        default: return nil
        }
    }

    /// `optional.map { … }` and `optional.flatMap(Bool.init)` over a plain optional value (an
    /// environment variable): `nil` stays `nil`, a value is passed to the closure; nil when
    /// `call` is none of them.
    private mutating func optionalMap(_ call: FunctionCallExprSyntax, at position: Int) throws -> Scalar? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["map", "flatMap"].contains(member.declName.baseName.text), !declaredNames.contains(member.declName.baseName.text),
            call.additionalTrailingClosures.isEmpty
        else { return nil }
        let argument: ExprSyntax
        if let trailing = call.trailingClosure, call.arguments.isEmpty {
            argument = ExprSyntax(trailing)
        } else if call.trailingClosure == nil, call.arguments.count == 1, let only = call.arguments.first, only.label == nil {
            argument = Self.unwrap(only.expression)
        } else {
            return nil
        }
        let value = try scalar(base, at: position)
        switch value {
        case .nothing: return Scalar.nothing
        case .list, .environment, .targetType, .enumCase: return nil
        case .string, .int, .bool: break
        }
        if let closure = argument.as(ClosureExprSyntax.self), let literal = Self.literal(value) {
            return try self.call(closure, with: [Element(expression: literal, site: Site(self, position))], at: position) { evaluator, body, index in
                try evaluator.scalar(body, at: index)
            }
        }
        let function = argument.trimmedDescription.filter { !$0.isWhitespace }
        if ["Bool.init", "Bool.init(_:)"].contains(function), !declaredNames.contains("Bool"), case .string(let text) = value {
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : Scalar.nothing
        }
        return nil
    }

    /// Calls of methods on plain values, `fileExists(atPath:)`, `Bool(…)`; nil for other calls.
    private mutating func scalarCall(_ call: FunctionCallExprSyntax, at position: Int) throws -> Scalar? {
        if let value = try optionalMap(call, at: position) { return value }
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty else { return nil }
        let arguments = call.arguments.map { ($0.label?.text, $0.expression) }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), !declaredNames.contains(reference.baseName.text),
            arguments.count == 1
        {
            switch (reference.baseName.text, arguments[0].0) {
            case ("getenv", nil):
                // C's `getenv` reads the same environment as `ProcessInfo`.
                guard case .string(let name) = try scalar(arguments[0].1, at: position) else { throw cannotEvaluate(arguments[0].1, expected: "a string") }
                return host.environment[name].map(Scalar.string) ?? Scalar.nothing
            case ("String", "cString"):
                // `String(cString: getenv(…)!)`: the C string is the variable's value.
                let value = try scalar(arguments[0].1, at: position)
                guard case .string = value else { throw cannotEvaluate(arguments[0].1, expected: "a string") }
                return value
            default: break
            }
        }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let method = member.declName.baseName.text
            let baseText = base.trimmedDescription.filter { !$0.isWhitespace }
            if method == "fileExists", ["FileManager.default", "Foundation.FileManager.default"].contains(baseText),
                arguments.count == 1, arguments[0].0 == "atPath"
            {
                guard case .string(let path) = try scalar(arguments[0].1, at: position) else { throw cannotEvaluate(arguments[0].1, expected: "a path") }
                return .bool(host.fileExists(path.hasPrefix("/") ? path : PathUtilities.join(host.packageDirectory, path)))
            }
            if declaredNames.contains(method) { return nil }
            let value = try scalar(base, at: position)
            if value == .nothing, base.is(OptionalChainingExprSyntax.self) { return Scalar.nothing }
            switch (method, value, arguments.count) {
            case ("lowercased", .string(let text), 0): return .string(text.lowercased())
            case ("uppercased", .string(let text), 0): return .string(text.uppercased())
            case ("hasPrefix", .string(let text), 1):
                guard case .string(let prefix) = try scalar(arguments[0].1, at: position) else { return nil }
                return .bool(text.hasPrefix(prefix))
            case ("hasSuffix", .string(let text), 1):
                guard case .string(let suffix) = try scalar(arguments[0].1, at: position) else { return nil }
                return .bool(text.hasSuffix(suffix))
            case ("contains", .string(let text), 1):
                guard case .string(let part) = try scalar(arguments[0].1, at: position) else { return nil }
                return .bool(text.contains(part))
            case ("contains", .list(let list), 1) where arguments[0].0 == nil:
                return .bool(list.contains(try scalar(arguments[0].1, at: position)))
            default: return nil
            }
        }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Bool",
            !declaredNames.contains("Bool"), arguments.count == 1, arguments[0].0 == nil
        {
            switch try scalar(arguments[0].1, at: position) {
            case .string(let text): return text == "true" ? .bool(true) : text == "false" ? .bool(false) : Scalar.nothing
            case .bool(let value): return .bool(value)
            default: return nil
            }
        }
        return nil
    }
}

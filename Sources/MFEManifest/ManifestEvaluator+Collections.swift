import MFECore
import SwiftSyntax

/// Lists as sequences of elements still to evaluate, so that `map`, `flatMap`, `compactMap`,
/// `filter`, `forEach` and `for` loops can bind each element to a name.
extension ManifestEvaluator {
    /// One element of a list: an expression and where to evaluate it (nil: here).
    struct Element {
        var expression: ExprSyntax
        var site: Site?
    }

    /// The elements of the list `expression` stands for: an array literal, `a + b`, a
    /// constant (with its appends), `map`/`flatMap`/`compactMap`/`filter` of a list, and the
    /// indirections every position accepts.
    mutating func elements(of expression: ExprSyntax, at position: Int) throws -> [Element] {
        try step(expression)
        let expression = Self.unwrap(expression)
        let here = Site(self, position)
        if let array = expression.as(ArrayExprSyntax.self) {
            return array.elements.map { Element(expression: $0.expression, site: here) }
        }
        if let operands = try operands(of: expression, joinedBy: "+") {
            var result: [Element] = []
            for operand in operands { result += try elements(of: operand, at: position) }
            return result
        }
        if let targets = try packageTargetElements(expression, at: position) {
            return targets
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try constant(
                reference, at: position, expected: "a list",
                evaluate: { evaluator, initializer, index in try evaluator.elements(of: initializer, at: index) },
                applying: { evaluator, value, mutation in
                    switch mutation.kind {
                    case .append(let item): value.append(Element(expression: item, site: Site(evaluator, mutation.index)))
                    case .appendContents(let items): value += try evaluator.elements(of: items, at: mutation.index)
                    case .assign(let items): value = try evaluator.elements(of: items, at: mutation.index)
                    }
                }
            )
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let result = try transformed(call, at: position) {
            return result
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            call.calledExpression.is(ArrayExprSyntax.self)
        {
            return []  // `[Target]()`
        }
        if let value = try indirection(expression, at: position, evaluate: { evaluator, body, index in try evaluator.elements(of: body, at: index) }) {
            return value
        }
        throw cannotEvaluate(expression, expected: "a list")
    }

    /// `list.map { … }` and its relatives; nil when `call` is none of them.
    private mutating func transformed(_ call: FunctionCallExprSyntax, at position: Int) throws -> [Element]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["map", "flatMap", "compactMap", "filter"].contains(member.declName.baseName.text),
            !declaredNames.contains(member.declName.baseName.text)
        else { return nil }
        let closure: ClosureExprSyntax
        if let trailing = call.trailingClosure, call.arguments.isEmpty {
            closure = trailing
        } else if call.trailingClosure == nil, call.arguments.count == 1, let only = call.arguments.first, only.label == nil,
            let written = Self.unwrap(only.expression).as(ClosureExprSyntax.self)
        {
            closure = written
        } else {
            throw refusal(call, "\(Self.describe(call)) (only a closure written in place is evaluated)")
        }
        let source = try elements(of: base, at: position)
        var result: [Element] = []
        for element in source {
            try step(call)
            switch member.declName.baseName.text {
            case "map":
                result.append(
                    try self.call(closure, with: [element], at: position) { evaluator, body, index in
                        Element(expression: body, site: Site(evaluator, index))
                    })
            case "flatMap":
                result += try self.call(closure, with: [element], at: position) { evaluator, body, index in
                    try evaluator.elements(of: body, at: index)
                }
            case "filter":
                if try self.call(closure, with: [element], at: position, evaluate: { evaluator, body, index in try evaluator.bool(body, at: index) }) {
                    result.append(element)
                }
            default:
                // compactMap: only closures whose result is known to be `nil` or not.
                // compactMap: only results written as `nil` or as a value that cannot be nil.
                let kept: Element? = try self.call(closure, with: [element], at: position) { evaluator, body, index in
                    let unwrapped = Self.unwrap(body)
                    if unwrapped.is(NilLiteralExprSyntax.self) { return nil }
                    guard
                        unwrapped.is(StringLiteralExprSyntax.self) || unwrapped.is(ArrayExprSyntax.self)
                            || Self.factoryCall(unwrapped, qualifiers: []) != nil
                    else {
                        throw evaluator.refusal(body, "the 'compactMap' result '\(body.trimmedDescription)', which may be nil,")
                    }
                    return Element(expression: body, site: Site(evaluator, index))
                }
                if let kept { result.append(kept) }
            }
        }
        return result
    }
}

import MFECore
import SwiftSyntax

/// Constants and immediately invoked closures: what a manifest may name instead of writing a
/// value in place.
extension ManifestEvaluator {
    // MARK: - Constants

    /// The first statement between `after` and `before` that may change `name` in a way the
    /// evaluator cannot model.
    func taint(of name: String, after: Int, before: Int) -> Taint? {
        let candidates = (taints[name] ?? []) + (taints["*"] ?? [])
        return candidates.filter { $0.index > after && $0.index < before }.min { $0.index < $1.index }
    }

    /// Evaluates the constant `reference` names, as seen by the statement at `position`, with
    /// `evaluate`; `applying` folds in the modelled mutations between its declaration and there.
    mutating func constant<T>(
        _ reference: DeclReferenceExprSyntax,
        at position: Int,
        expected: String,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T {
        try constant(reference, at: position, expected: expected, evaluate: evaluate) { evaluator, value, mutation in
            guard case .assign(let expression) = mutation.kind else {
                throw evaluator.refusal(mutation.node, "\(Self.describe(mutation.node)) (a change to a value that is not a list)")
            }
            value = try evaluate(&evaluator, expression, mutation.index)
        }
    }

    /// Evaluates the constant `reference` names, as seen by the statement at `position`, with
    /// `evaluate`; `applying` folds in the modelled mutations between its declaration and there.
    mutating func constant<T>(
        _ reference: DeclReferenceExprSyntax,
        at position: Int,
        expected: String,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T,
        applying: (inout ManifestEvaluator, inout T, Mutation) throws -> Void
    ) throws -> T {
        let name = reference.baseName.text
        if bindings[name] == nil, var outer = enclosing.first {
            return try outer.constant(reference, at: enclosingPosition, expected: expected, evaluate: evaluate, applying: applying)
        }
        guard reference.argumentNames == nil, let binding = bindings[name], binding.index < position else {
            throw cannotEvaluate(reference, expected: expected)
        }
        // Values are objects in PackageDescription: a later change through any reference counts.
        if let taint = taint(of: name, after: binding.index, before: Int.max) {
            throw refusal(taint.node, "\(taint.description), which may change '\(name)',")
        }
        // `let x: T` then `x = …`: the first assignment initialises it.
        var start = binding.index
        var initial = binding.initializer
        if initial == nil, let first = mutations[name]?.first(where: { $0.index > binding.index && $0.index < position }),
           case .assign(let expression) = first.kind {
            initial = expression
            start = first.index
        }
        guard let initializer = initial else {
            throw refusal(binding.node, "'\(name)' has no initial value and")
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw refusal(reference, "the constant '\(name)' refers to itself and") }
        var value = try evaluate(&self, initializer, start)
        for mutation in mutations[name] ?? [] where mutation.index > start && mutation.index < position {
            try applying(&self, &value, mutation)
        }
        return value
    }

    // MARK: - Closures

    /// The value of `{ ... }()`, a closure without parameters called where it is written,
    /// when its body is declarative: constants, modelled appends, `#if`, and one final
    /// `return` (or a single expression). Nil when `expression` is not such a call.
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
        guard depth < 64 else { throw refusal(closure, "the closure nested this deep") }
        var inner = ManifestEvaluator(file: file, converter: converter, configuration: configuration)
        inner.enclosing = [self]
        inner.enclosingPosition = position
        inner.packageVariable = ""
        inner.depth = depth + 1
        let items = try inner.collect(closure.statements)
        let result: ExprSyntax
        if items.count == 1, case .expr(let only) = items[0] {
            result = only
        } else if case .stmt(let last)? = items.last, let returned = last.as(ReturnStmtSyntax.self)?.expression {
            result = returned
        } else {
            throw refusal(closure, "\(Self.describe(closure)), which does not end in 'return',")
        }
        // An early `return` would make the final one unreachable; refuse rather than follow it.
        for item in items.dropLast() {
            if let early = Self.returnStatement(in: Syntax(item)) {
                throw refusal(early, "the early 'return' in a closure")
            }
        }
        return try evaluate(&inner, result, items.count - 1)
    }

    /// The first `return` in `node` outside nested closures and functions.
    static func returnStatement(in node: Syntax) -> ReturnStmtSyntax? {
        if let found = node.as(ReturnStmtSyntax.self) { return found }
        if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return nil }
        for child in node.children(viewMode: .sourceAccurate) {
            if let found = returnStatement(in: child) { return found }
        }
        return nil
    }
}

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
        guard reference.argumentNames == nil else { throw cannotEvaluate(reference, expected: expected) }
        guard let binding = binding(named: name, at: position) else {
            if var outer = enclosing.first {
                outer.depth = depth + 1
                return try outer.constant(reference, at: enclosingPosition, expected: expected, evaluate: evaluate, applying: applying)
            }
            throw cannotEvaluate(reference, expected: expected)
        }
        try step(reference)
        if collecting, binding.isVariable {
            throw refusal(reference, "the variable '\(name)' in a condition")
        }
        // Values are objects in PackageDescription: a later change through any reference counts.
        if let taint = taint(of: name, after: binding.index, before: Int.max) {
            throw refusal(taint.node, "\(taint.description), which may change '\(name)',")
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw refusal(reference, "the constant '\(name)' refers to itself and") }
        if let getter = binding.getter {
            return try evaluateBody(getter, node: Syntax(binding.node), at: position, parameters: [], evaluate: evaluate)
        }
        // `let x: T` then `x = …`: the first assignment initialises it.
        let ownMutations = (mutations[name] ?? []).filter { $0.index > binding.index && $0.index < position && sameBinding(name, $0.index, as: binding) }
        if let site = binding.site, let initializer = binding.initializer {
            if let mutation = ownMutations.first {
                throw refusal(mutation.node, "\(Self.describe(mutation.node)) (a change to a loop variable or parameter)")
            }
            var other = site.evaluator
            other.depth = depth
            return try evaluate(&other, initializer, site.position)
        }
        var start = binding.index
        var initial = binding.initializer
        if initial == nil, let first = ownMutations.first, case .assign(let expression) = first.kind {
            initial = expression
            start = first.index
        }
        guard let initializer = initial else {
            throw refusal(binding.node, "'\(name)' has no initial value and")
        }
        var value = try evaluate(&self, initializer, start)
        for mutation in ownMutations where mutation.index > start {
            try applying(&self, &value, mutation)
        }
        return value
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

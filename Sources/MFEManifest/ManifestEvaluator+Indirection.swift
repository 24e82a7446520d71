import MFECore
import SwiftSyntax

/// Ways a manifest names a value instead of writing it in place, shared by every typed
/// position: constants, closures called where they are written, conditionals, and the
/// functions and computed properties the manifest defines.
extension ManifestEvaluator {
    /// The value `expression` stands for when it is an indirection, evaluated with `evaluate`
    /// (which receives the expression to read in its place); nil when it is none. `type` is
    /// the PackageDescription type expected (`Target.Dependency`), which chooses among static
    /// members of the same name in the manifest's extensions.
    mutating func indirection<T>(
        _ expression: ExprSyntax,
        at position: Int,
        type: String? = nil,
        evaluate: (inout ManifestEvaluator, ExprSyntax, Int) throws -> T
    ) throws -> T? {
        let expression = Self.unwrap(expression)
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            case .ternary(let condition, let then, let otherwise) = try operation(sequence)
        {
            guard case .bool(let holds) = try scalar(condition, at: position) else { throw cannotEvaluate(expression, expected: "a condition") }
            if holds { return try evaluate(&self, then, position) }
            guard case .operand(let chosen) = otherwise else { throw refusal(expression, "\(Self.describe(expression)), whose 'else' part is not one expression,") }
            return try evaluate(&self, chosen, position)
        }
        if let value = try immediatelyInvokedClosure(expression, at: position, evaluate: evaluate) {
            return value
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try constant(reference, at: position, expected: "a value", evaluate: evaluate)
        }
        if let value = try conditionalValue(expression, at: position, evaluate: evaluate) {
            return value
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let value = try functionCall(call, at: position, evaluate: evaluate) {
            return value
        }
        if let value = try memberValue(expression, at: position, type: type, evaluate: evaluate) {
            return value
        }
        return nil
    }
}

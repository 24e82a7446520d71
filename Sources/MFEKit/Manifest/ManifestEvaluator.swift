import SwiftIfConfig
import SwiftSyntax

/// Evaluates the declarative part of a parsed manifest: collects the active top-level
/// statements once (with `#if` resolved for the host), then evaluates `package` by the type
/// each position expects, looking constants up by name. Anything outside that subset is a
/// located refusal, never a guess.
struct ManifestEvaluator {
    /// A top-level `let`/`var`.
    struct Binding {
        var name: String
        /// The index of the declaring statement among the active top-level statements.
        var index: Int
        var initializer: ExprSyntax?
        var node: Syntax
    }

    /// A top-level statement changing a variable in a way the evaluator models.
    struct Mutation {
        enum Kind {
            case append(ExprSyntax)
            case appendContents(ExprSyntax)
            case assign(ExprSyntax)
        }
        var index: Int
        var kind: Kind
        var node: Syntax
    }

    /// A top-level statement that may change a variable in a way the evaluator cannot model.
    struct Taint {
        var index: Int
        var node: Syntax
        var description: String
    }

    let file: String
    let converter: SourceLocationConverter
    let configuration: HostBuildConfiguration
    var bindings: [String: Binding] = [:]
    /// Keyed by `name` or `package.member`.
    var mutations: [String: [Mutation]] = [:]
    /// Keyed by the root variable name.
    var taints: [String: [Taint]] = [:]
    var statementCount = 0
    /// Nesting of constant lookups, bounded so a self-referencing constant cannot recurse forever.
    var depth = 0

    init(file: String, converter: SourceLocationConverter, configuration: HostBuildConfiguration) {
        self.file = file
        self.converter = converter
        self.configuration = configuration
    }

    // MARK: - Locations and refusals

    func location(of node: some SyntaxProtocol) -> SourceLocation {
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return SourceLocation(file: file, line: position.line, column: position.column)
    }

    static let refusalAdvice = "cannot be read without running the manifest; run with '--loader swiftpm' to evaluate it with SwiftPM"

    /// A refusal at `node`: `subject` is what the reader met there (lowercase).
    func refusal(_ node: some SyntaxProtocol, _ subject: String) -> LocatedInputError {
        LocatedInputError("\(subject) \(Self.refusalAdvice)", at: location(of: node))
    }

    /// A refusal naming the expression itself and what was expected there.
    func cannotEvaluate(_ expression: some SyntaxProtocol, expected: String) -> LocatedInputError {
        refusal(expression, "\(Self.describe(expression)) (where \(expected) is expected)")
    }

    /// A short description of an expression for messages: its kind and its first line of text.
    static func describe(_ node: some SyntaxProtocol) -> String {
        var text = node.trimmedDescription
        if let newline = text.firstIndex(where: \.isNewline) { text = String(text[..<newline]) + "…" }
        if text.count > 60 { text = String(text.prefix(57)) + "…" }
        let expression = Syntax(node)
        let kind: String
        if let call = expression.as(FunctionCallExprSyntax.self) {
            kind = call.calledExpression.is(DeclReferenceExprSyntax.self) ? "the function call" : "the call"
        } else if expression.is(ClosureExprSyntax.self) {
            kind = "the closure"
        } else if expression.is(DeclReferenceExprSyntax.self) {
            kind = "'\(text)', which is not a constant of this manifest,"
            return kind
        } else if expression.is(MemberAccessExprSyntax.self) {
            kind = "the member"
        } else if expression.is(TernaryExprSyntax.self) || expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self) {
            kind = "the conditional"
        } else if expression.is(ForStmtSyntax.self) || expression.is(WhileStmtSyntax.self) || expression.is(RepeatStmtSyntax.self) {
            kind = "the loop"
        } else if expression.is(SubscriptCallExprSyntax.self) {
            kind = "the subscript"
        } else {
            kind = "the expression"
        }
        return "\(kind) '\(text)'"
    }

    // MARK: - Collecting top-level statements

    /// Walks the active top-level statements once, recording constants, modelled mutations and
    /// statements that may change something the evaluator cannot model.
    mutating func collect(_ file: SourceFileSyntax) throws {
        try collect(file.statements)
    }

    private mutating func collect(_ items: CodeBlockItemListSyntax) throws {
        for item in items {
            switch item.item {
            case .decl(let declaration):
                if let ifConfig = declaration.as(IfConfigDeclSyntax.self) {
                    try collect(ifConfig)
                } else if let variable = declaration.as(VariableDeclSyntax.self) {
                    record(variable)
                } else if declaration.is(ImportDeclSyntax.self) {
                    continue
                } else {
                    recordDeclaration(declaration)
                }
            case .stmt(let statement):
                if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                    recordExpressionStatement(expression)
                } else {
                    recordUnknownStatement(Syntax(statement))
                }
            case .expr(let expression):
                recordExpressionStatement(expression)
            }
            statementCount += 1
        }
    }

    private mutating func collect(_ ifConfig: IfConfigDeclSyntax) throws {
        let (clause, diagnostics) = ifConfig.activeClause(in: configuration)
        if let problem = diagnostics.first(where: { $0.diagMessage.severity == .error }) {
            throw refusal(problem.node, "the '#if' condition '\(problem.node.trimmedDescription)' (\(ManifestReader.lowercasingFirst(problem.message)))")
        }
        guard let clause, let elements = clause.elements else { return }
        switch elements {
        case .statements(let statements):
            try collect(statements)
        default:
            recordUnknownStatement(Syntax(clause))
        }
    }

    private mutating func record(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                let name = identifier.identifier.text
                bindings[name] = Binding(name: name, index: statementCount, initializer: binding.initializer?.value, node: Syntax(binding))
                if binding.accessorBlock != nil {
                    taint(name, at: Syntax(binding), "the computed variable '\(name)'")
                }
            } else {
                for token in binding.pattern.tokens(viewMode: .sourceAccurate) where Self.isIdentifier(token) {
                    taint(token.text, at: Syntax(binding), "the pattern '\(binding.pattern.trimmedDescription)'")
                }
            }
        }
    }

    static func isIdentifier(_ token: TokenSyntax) -> Bool {
        if case .identifier = token.tokenKind { return true }
        return false
    }

    /// Function, type and extension declarations: their bodies run only when called, and calls
    /// are refused, so they change nothing by being declared.
    private mutating func recordDeclaration(_ declaration: DeclSyntax) {}

    private mutating func recordExpressionStatement(_ expression: ExprSyntax) {
        if let mutation = modelledMutation(expression) {
            mutations[mutation.key, default: []].append(Mutation(index: statementCount, kind: mutation.kind, node: Syntax(expression)))
            return
        }
        if let ignored = ignoredPackageAssignment(expression), ignored { return }
        recordUnknownStatement(Syntax(expression))
    }

    /// `x.append(e)`, `x.append(contentsOf: e)`, `x += e`, `x = e` for a top-level variable `x`
    /// or `package.targets` / `.dependencies` / `.products` / `.name`.
    private func modelledMutation(_ expression: ExprSyntax) -> (key: String, kind: Mutation.Kind)? {
        if let call = expression.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           member.declName.baseName.text == "append", member.declName.argumentNames == nil,
           let base = member.base, let key = mutableKey(base),
           call.arguments.count == 1, let argument = call.arguments.first,
           call.trailingClosure == nil {
            switch argument.label?.text {
            case nil: return (key, .append(argument.expression))
            case "contentsOf": return (key, .appendContents(argument.expression))
            default: return nil
            }
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            guard let key = mutableKey(elements[0]) else { return nil }
            if elements[1].is(AssignmentExprSyntax.self) { return (key, .assign(elements[2])) }
            if elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" { return (key, .appendContents(elements[2])) }
        }
        return nil
    }

    static let modelledPackageMembers: Set<String> = ["targets", "dependencies", "products", "name"]

    /// Package properties that do not change the model: assigning them is ignored.
    static let packageSettingMembers: Set<String> = [
        "platforms", "swiftLanguageVersions", "swiftLanguageModes", "cLanguageStandard", "cxxLanguageStandard",
        "defaultLocalization", "pkgConfig", "providers", "traits",
    ]

    private func mutableKey(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
           let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "package",
           Self.modelledPackageMembers.contains(member.declName.baseName.text) {
            return "package." + member.declName.baseName.text
        }
        return nil
    }

    /// Whether `expression` is `package.platforms = …` or another setting outside the model.
    private func ignoredPackageAssignment(_ expression: ExprSyntax) -> Bool? {
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) || elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
              let member = elements[0].as(MemberAccessExprSyntax.self),
              member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "package"
        else { return nil }
        return Self.packageSettingMembers.contains(member.declName.baseName.text)
    }

    private mutating func recordUnknownStatement(_ node: Syntax) {
        taint("*", at: node, Self.describe(node))
    }

    private mutating func taint(_ name: String, at node: Syntax, _ description: String) {
        taints[name, default: []].append(Taint(index: statementCount, node: node, description: description))
    }

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
        guard reference.argumentNames == nil, let binding = bindings[name], binding.index < position else {
            throw cannotEvaluate(reference, expected: expected)
        }
        guard let initializer = binding.initializer else {
            throw refusal(binding.node, "'\(name)' has no initial value and")
        }
        if let taint = taint(of: name, after: binding.index, before: position) {
            throw refusal(taint.node, "\(taint.description), which may change '\(name)',")
        }
        depth += 1
        defer { depth -= 1 }
        guard depth < 64 else { throw refusal(reference, "the constant '\(name)' refers to itself and") }
        var value = try evaluate(&self, initializer, binding.index)
        for mutation in mutations[name] ?? [] where mutation.index > binding.index && mutation.index < position {
            try applying(&self, &value, mutation)
        }
        return value
    }

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
        let expression = Self.unwrap(expression)
        if let array = expression.as(ArrayExprSyntax.self) {
            var result: [T] = []
            result.reserveCapacity(array.elements.count)
            for item in array.elements { result.append(try element(&self, item.expression, position)) }
            return result
        }
        if let operands = Self.operands(of: expression, joinedBy: "+") {
            var result: [T] = []
            for operand in operands { result += try list(operand, at: position, expected: expected, element: element) }
            return result
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try constant(
                reference, at: position, expected: expected,
                evaluate: { evaluator, initializer, index in try evaluator.list(initializer, at: index, expected: expected, element: element) },
                applying: { evaluator, value, mutation in
                    switch mutation.kind {
                    case .append(let item): value.append(try element(&evaluator, item, mutation.index))
                    case .appendContents(let items): value += try evaluator.list(items, at: mutation.index, expected: expected, element: element)
                    case .assign(let items): value = try evaluator.list(items, at: mutation.index, expected: expected, element: element)
                    }
                }
            )
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
           call.calledExpression.is(ArrayExprSyntax.self) {
            return []  // `[Target]()`
        }
        throw cannotEvaluate(expression, expected: expected)
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
        if let operands = Self.operands(of: expression, joinedBy: "+") {
            var result = ""
            for operand in operands { result += try string(operand, at: position) }
            return result
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return try constant(reference, at: position, expected: "a string") { evaluator, initializer, index in
                try evaluator.string(initializer, at: index)
            }
        }
        throw cannotEvaluate(expression, expected: "a string")
    }

    /// A string or `nil`.
    mutating func optionalString(_ expression: ExprSyntax, at position: Int) throws -> String? {
        if Self.unwrap(expression).is(NilLiteralExprSyntax.self) { return nil }
        return try string(expression, at: position)
    }

    /// A list of strings.
    mutating func strings(_ expression: ExprSyntax, at position: Int) throws -> [String] {
        try list(expression, at: position, expected: "a list of strings") { evaluator, item, index in
            try evaluator.string(item, at: index)
        }
    }

    /// A list of strings or `nil`.
    mutating func optionalStrings(_ expression: ExprSyntax, at position: Int) throws -> [String]? {
        if Self.unwrap(expression).is(NilLiteralExprSyntax.self) { return nil }
        return try strings(expression, at: position)
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
                guard qualifiers.contains(qualifier) || qualifiers.contains("PackageDescription." + qualifier) || qualifier.hasPrefix("PackageDescription.") && qualifiers.contains(String(qualifier.dropFirst("PackageDescription.".count))) else { return nil }
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

import MFECore
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
        /// The index of the first statement after the scope the binding is declared in (a
        /// branch, a loop body); `Int.max` at the top level.
        var scopeEnd = Int.max
        /// Where the initializer is evaluated when not here at `index`: a loop element or a
        /// function argument, written in another scope.
        var site: Site?
        /// Declared with `var`.
        var isVariable = false
        /// The body of a computed variable's getter.
        var getter: CodeBlockItemListSyntax?
    }

    /// An expression to evaluate in a given evaluator (a scope) at a given position.
    final class Site {
        let evaluator: ManifestEvaluator
        let position: Int
        init(_ evaluator: ManifestEvaluator, _ position: Int) {
            self.evaluator = evaluator
            self.position = position
        }
    }

    /// A top-level statement changing a variable in a way the evaluator models.
    struct Mutation {
        enum Kind {
            case append(ExprSyntax)
            case appendContents(ExprSyntax)
            case assign(ExprSyntax)

            var expression: ExprSyntax {
                switch self {
                case .append(let expression), .appendContents(let expression), .assign(let expression): return expression
                }
            }
        }
        var index: Int
        var kind: Kind
        var node: Syntax
    }

    /// A top-level statement that may change a variable in a way the evaluator cannot model.
    struct Taint {
        var index: Int
        var node: Syntax
        /// What to call the statement in a message; by default its kind and first line,
        /// computed only when the taint is reported.
        var label: String?

        var description: String { label ?? ManifestEvaluator.describe(node) }
    }

    let file: String
    let converter: SourceLocationConverter
    let configuration: HostBuildConfiguration
    /// Every `let`/`var` by name, in declaration order (a name may be declared again in
    /// another scope, or once per loop iteration).
    var bindings: [String: [Binding]] = [:]
    /// The active statements, flattened: `#if`, chosen branches and unrolled loops inlined.
    var items: [CodeBlockItemSyntax.Item] = []
    /// Top-level functions by name.
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Static members of the manifest's own extensions and types (`static let`, `static var`,
    /// `static func`) by name.
    var members: [String: [DeclSyntax]] = [:]
    /// Reading `ProcessInfo.processInfo.environment` and `fileExists(atPath:)`.
    var host = ManifestHost.none
    /// Counts evaluation steps across every scope, so no manifest can keep the reader busy.
    var budget = Budget()
    /// Whether statements are still being collected: a condition read now may only use
    /// constants (a `var` may still change).
    var collecting = false
    /// Keyed by `name` or `package.member`.
    var mutations: [String: [Mutation]] = [:]
    /// Keyed by the root variable name.
    var taints: [String: [Taint]] = [:]
    /// The variable holding the `Package(...)`: `package`, or the only constant initialised
    /// with `Package(...)` (PackageDescription dumps whichever package was created).
    var packageVariable = "package"
    /// For a closure body: the evaluator of the scope around it (at most one), where names not
    /// declared in the body are looked up, as seen by the statement at `enclosingPosition`.
    var enclosing: [ManifestEvaluator] = []
    var enclosingPosition = 0
    /// Members, operators and types the manifest declares itself (in extensions and types):
    /// a call that may resolve to one of them is refused, since its meaning is the manifest's.
    var declaredNames: Set<String> = []
    /// Whether platforms the reader cannot evaluate are a refusal (for `dump-package`) rather
    /// than left out (for the graph, which does not depend on them).
    var readsPlatformsStrictly = false
    /// Nesting of constant lookups, bounded so a self-referencing constant cannot recurse forever.
    var depth = 0
    /// Top-level statements after `Package(…)` that change only the package through its
    /// objects in ways the object model follows (loops over `package.targets`); applied when
    /// the package is evaluated instead of refusing it.
    var objectStatements: Set<Int> = []
    /// Cases of the enums the manifest declares, by the enum's name (`CustomTarget.Kind`).
    var enumCaseNames: [String: Set<String>] = [:]

    init(file: String, converter: SourceLocationConverter, configuration: HostBuildConfiguration) {
        self.file = file
        self.converter = converter
        self.configuration = configuration
    }

    // MARK: - Locations and refusals

    func location(of node: some SyntaxProtocol) -> MFECore.SourceLocation {
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return MFECore.SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// A refusal at `node`: `subject` is what the reader met there (lowercase).
    func refusal(_ node: some SyntaxProtocol, _ subject: String) -> ManifestRefusal {
        ManifestRefusal(subject, at: location(of: node))
    }

    /// A refusal naming the expression itself and what was expected there.
    func cannotEvaluate(_ expression: some SyntaxProtocol, expected: String) -> ManifestRefusal {
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
        } else if expression.is(TernaryExprSyntax.self) || expression.is(IfExprSyntax.self) || expression.is(SwitchExprSyntax.self)
            || expression.as(SequenceExprSyntax.self)?.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) == true
        {
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

    /// A change made through a constant is a change to the values it refers to (targets,
    /// products and dependencies are objects in PackageDescription): `let all = [core]` then
    /// `all[0].dependencies = []` changes `core` too.
    mutating func propagateTaintsThroughConstants() {
        var references: [String: Set<String>] = [:]
        for binding in bindings.values.joined() {
            guard let initializer = binding.initializer else { continue }
            var roots: Set<String> = []
            for chain in ManifestSideEffects.Chain.all(in: initializer) {
                guard let root = chain.root, root != binding.name, bindings[root] != nil,
                    !chain.members.contains(where: ManifestSideEffects.settingProperties.contains)
                else { continue }
                roots.insert(root)
            }
            references[binding.name] = roots
        }
        for (name, found) in taints where name != "*" {
            var seen: Set<String> = [name]
            var pending = Array(references[name] ?? [])
            while let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                taints[next, default: []].append(contentsOf: found)
                pending += references[next] ?? []
            }
        }
    }

    func flatten(_ list: CodeBlockItemListSyntax, into items: inout [CodeBlockItemSyntax.Item]) throws {
        for item in list {
            if case .decl(let declaration) = item.item, let ifConfig = declaration.as(IfConfigDeclSyntax.self) {
                let (clause, diagnostics) = ifConfig.activeClause(in: configuration)
                if let problem = diagnostics.first(where: { $0.diagMessage.severity == .error }) {
                    throw refusal(problem.node, "the '#if' condition '\(problem.node.trimmedDescription)' (\(ManifestReader.lowercasingFirst(problem.message)))")
                }
                guard let clause, let elements = clause.elements else { continue }
                if case .statements(let statements) = elements {
                    try flatten(statements, into: &items)
                } else {
                    items.append(item.item)
                }
            } else {
                items.append(item.item)
            }
        }
    }

    mutating func record(_ variable: VariableDeclSyntax, at index: Int) {
        for binding in variable.bindings {
            if let identifier = binding.pattern.as(IdentifierPatternSyntax.self) {
                let name = identifier.identifier.text
                var value = Binding(name: name, index: index, initializer: binding.initializer?.value, node: Syntax(binding))
                value.isVariable = variable.bindingSpecifier.tokenKind == .keyword(.var)
                if let accessors = binding.accessorBlock {
                    value.getter = Self.getterBody(accessors)
                    if value.getter == nil {
                        taint(name, at: Syntax(binding), "the computed variable '\(name)'", index: index)
                    }
                }
                declare(value)
            } else {
                for token in binding.pattern.tokens(viewMode: .sourceAccurate) where Self.isIdentifier(token) {
                    taint(token.text, at: Syntax(binding), "the pattern '\(binding.pattern.trimmedDescription)'", index: index)
                }
            }
        }
    }

    /// Records the names a type or extension declaration introduces: the type's own name and
    /// its members' names (functions, operators, properties, enum cases), nested types too.
    mutating func recordDeclaredNames(_ declaration: DeclSyntax) {
        var members: MemberBlockItemListSyntax?
        var container = ""
        if let type = declaration.asProtocol(NamedDeclSyntax.self) {
            declaredNames.insert(type.name.text)
            container = type.name.text
        } else if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            container = extensionDecl.extendedType.trimmedDescription
        }
        if let group = declaration.asProtocol(DeclGroupSyntax.self) { members = group.memberBlock.members }
        for member in members ?? [] {
            let decl = member.decl
            if let function = decl.as(FunctionDeclSyntax.self) {
                declaredNames.insert(function.name.text)
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    for token in binding.pattern.tokens(viewMode: .sourceAccurate) where Self.isIdentifier(token) {
                        declaredNames.insert(token.text)
                    }
                }
            } else if let cases = decl.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements { declaredNames.insert(element.name.text) }
            } else if decl.is(InitializerDeclSyntax.self) {
                declaredNames.insert(container + ".init")
            } else {
                recordDeclaredNames(decl)
            }
        }
    }

    static func isIdentifier(_ token: TokenSyntax) -> Bool {
        if case .identifier = token.tokenKind { return true }
        return false
    }

    mutating func recordExpressionStatement(_ expression: ExprSyntax, at index: Int, _ sideEffects: ManifestSideEffects) {
        if let mutation = modelledMutation(expression) {
            mutations[mutation.key, default: []].append(Mutation(index: index, kind: mutation.kind, node: Syntax(expression)))
            // The appended expression itself may have effects (a closure, a function call).
            recordEffects(of: Syntax(mutation.kind.expression), at: index, sideEffects)
            return
        }
        // Anything else, `package.platforms = …` included: its effects decide (settings are
        // outside the model).
        recordEffects(of: Syntax(expression), at: index, sideEffects)
    }

    /// Taints every top-level name `node` may change.
    mutating func recordEffects(of node: Syntax, at index: Int, _ sideEffects: ManifestSideEffects) {
        for name in sideEffects.changedNames(by: node).sorted() {
            taint(name, at: node, nil, index: index)
        }
    }

    /// `x.append(e)`, `x.insert(e)`, `x.append(contentsOf: e)`, `x += e`, `x = e` for a top-level variable `x`
    /// or `package.targets` / `.dependencies` / `.products` / `.name`.
    private func modelledMutation(_ expression: ExprSyntax) -> (key: String, kind: Mutation.Kind)? {
        if let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["append", "insert"].contains(member.declName.baseName.text), member.declName.argumentNames == nil,
            let base = member.base, let key = mutableKey(base),
            call.arguments.count == 1, let argument = call.arguments.first,
            call.trailingClosure == nil
        {
            switch argument.label?.text {
            // `insert(_:)` with one argument is `Set`'s (an array's takes `at:`): traits.
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

    static let modelledPackageMembers: Set<String> = ["targets", "dependencies", "products", "name", "platforms", "traits"]

    private func mutableKey(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == packageVariable,
            Self.modelledPackageMembers.contains(member.declName.baseName.text)
        {
            return "package." + member.declName.baseName.text  // keyed by role, whatever the variable's name
        }
        return nil
    }

    mutating func taint(_ name: String, at node: Syntax, _ label: String?, index: Int) {
        taints[name, default: []].append(Taint(index: index, node: node, label: label))
    }
}

import SwiftSyntax

/// Finds which top-level variables a statement the evaluator does not model may change, so
/// that a loop adding compiler settings to every target leaves the graph readable while one
/// adding a dependency makes reading `package` a refusal.
///
/// The analysis is syntactic and conservative: it follows aliases (loop variables, closure
/// parameters, local constants) back to top-level names, counts as a write every assignment,
/// `inout` argument and call of a method not known to be pure, and ignores only writes that go
/// through a property outside the model (`swiftSettings`, `platforms`, …) or that rebind a
/// local value. Linear in the size of the statement.
struct ManifestSideEffects {
    /// Properties of `Package`, `Target` and `Product` that do not change the model.
    static let settingProperties: Set<String> = [
        "swiftSettings", "cSettings", "cxxSettings", "linkerSettings", "resources", "plugins", "platforms",
        "swiftLanguageVersions", "swiftLanguageModes", "cLanguageStandard", "cxxLanguageStandard",
        "defaultLocalization", "pkgConfig", "providers", "publicHeadersPath", "packageAccess", "checksum",
        "url", "settings",
    ]

    /// Methods that never change the value they are called on.
    static let pureMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "contains", "first", "last", "count", "isEmpty", "reduce",
        "sorted", "joined", "hasPrefix", "hasSuffix", "lowercased", "uppercased", "starts", "firstIndex",
        "lastIndex", "split", "enumerated", "reversed", "dropFirst", "dropLast", "prefix", "suffix",
        "allSatisfy", "forEach", "min", "max", "union", "intersection", "subtracting", "symmetricDifference",
        "isSubset", "isSuperset", "isDisjoint", "replacingOccurrences", "appending", "appendingPathComponent",
        "components", "trimmingCharacters", "index", "distance", "lazy", "description", "elementsEqual",
        "range", "uniqued", "difference", "applying", "deletingLastPathComponent", "deletingPathExtension",
        "fileExists", "contentsOfDirectory", "environment", "hash", "localizedCaseInsensitiveContains",
        "caseInsensitiveCompare", "compare", "removingPercentEncoding", "addingPercentEncoding", "padding",
    ]

    /// Names declared at the top level of the manifest.
    let topLevelNames: Set<String>
    /// Top-level functions, whose bodies run when a statement calls them.
    let functions: [String: FunctionDeclSyntax]
    /// Non-mutating methods of the manifest's own structs and enums, by name: calling one
    /// cannot change the value it is called on, only what its body changes.
    var methods: [String: FunctionDeclSyntax] = [:]

    /// The top-level names `node` may change.
    func changedNames(by node: Syntax) -> Set<String> {
        var visiting: Set<String> = []
        return analyze(node, parameters: [], visiting: &visiting).names
    }

    /// What `node` may change: top-level names, and whether it changes any of `parameters`
    /// (the parameters of a function being analysed).
    private func analyze(_ node: Syntax, parameters: Set<String>, visiting: inout Set<String>) -> (names: Set<String>, changesParameters: Bool) {
        let aliases = AliasCollector(topLevelNames: topLevelNames, parameters: parameters)
        aliases.walk(node)
        let resolved = aliases.resolved()
        let writes = WriteCollector(viewMode: .sourceAccurate)
        writes.methods = Set(methods.keys)
        writes.walk(node)

        var names: Set<String> = []
        var changesParameters = false
        // A local whose origin is unknown (a function's result, a closure parameter of a call
        // the analysis cannot follow) may be any object of the package: a write through it
        // may change anything.
        func resolvedOrAnything(_ root: String) -> Set<String> {
            let roots = resolved[root] ?? []
            return roots.isEmpty ? ["*"] : roots
        }
        func record(_ chain: Chain) {
            guard let root = chain.root, !chain.members.contains(where: Self.settingProperties.contains) else { return }
            if aliases.locals.contains(root) {
                // Rebinding a local, or changing a local value (arrays of settings): nothing
                // outside the statement changes unless the local refers to a shared object.
                if !chain.members.isEmpty { names.formUnion(resolvedOrAnything(root)) }
                if topLevelNames.contains(root), aliases.shadowed.contains(root) { names.insert(root) }
                if !chain.members.isEmpty, resolved[root]?.contains(AliasCollector.parameterMarker) == true { changesParameters = true }
                return
            }
            if parameters.contains(root) {
                changesParameters = true
                return
            }
            if resolved[root] != nil {
                let roots = resolvedOrAnything(root)
                names.formUnion(roots)
                if roots.contains(AliasCollector.parameterMarker) { changesParameters = true }
                return
            }
            if topLevelNames.contains(root) { names.insert(root) }
        }
        for chain in writes.writes { record(chain) }
        for call in writes.functionCalls {
            guard let function = call.name.hasPrefix(".") ? methods[String(call.name.dropFirst())] : functions[call.name], !visiting.contains(call.name) else { continue }
            visiting.insert(call.name)
            let parameterNames = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            var effect: (names: Set<String>, changesParameters: Bool) = ([], false)
            if let body = function.body { effect = analyze(Syntax(body), parameters: parameterNames, visiting: &visiting) }
            visiting.remove(call.name)
            names.formUnion(effect.names)
            if effect.changesParameters {
                for argument in call.arguments { record(argument) }
            }
        }
        names.remove(AliasCollector.parameterMarker)
        return (names, changesParameters)
    }

    /// A reference written as `root.member[…].member?…`: its root name and the member names
    /// along the way.
    struct Chain {
        var root: String?
        var members: [String]

        /// The chain `expression` refers to.
        init(_ expression: ExprSyntax) {
            var members: [String] = []
            var current = expression
            while true {
                if let member = current.as(MemberAccessExprSyntax.self) {
                    members.append(member.declName.baseName.text)
                    guard let base = member.base else {
                        root = nil
                        break
                    }
                    current = base
                } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                    current = subscriptCall.calledExpression
                } else if let unwrap = current.as(ForceUnwrapExprSyntax.self) {
                    current = unwrap.expression
                } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                    current = optional.expression
                } else if let call = current.as(FunctionCallExprSyntax.self) {
                    current = call.calledExpression
                } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                    current = only.expression
                } else if let reference = current.as(DeclReferenceExprSyntax.self) {
                    root = reference.baseName.text
                    break
                } else {
                    root = nil
                    break
                }
            }
            self.members = members.reversed()
        }

        /// Every chain rooted in a name inside `expression`, outermost first.
        static func all(in expression: some SyntaxProtocol) -> [Chain] {
            var chains: [Chain] = []
            for token in expression.tokens(viewMode: .sourceAccurate) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                // A member name (`x.name`) is not a reference of its own.
                if let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id { continue }
                var outermost = ExprSyntax(reference)
                while let parent = outermost.parent {
                    if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == outermost.id {
                        outermost = ExprSyntax(member)
                    } else if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == outermost.id {
                        outermost = ExprSyntax(subscriptCall)
                    } else if let unwrap = parent.as(ForceUnwrapExprSyntax.self) {
                        outermost = ExprSyntax(unwrap)
                    } else if let optional = parent.as(OptionalChainingExprSyntax.self) {
                        outermost = ExprSyntax(optional)
                    } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == outermost.id {
                        outermost = ExprSyntax(call)
                    } else {
                        break
                    }
                }
                chains.append(Chain(outermost))
            }
            return chains
        }
    }

    /// Collects which local names refer to which top-level values: loop variables, closure
    /// parameters, local constants and optional bindings.
    final class AliasCollector: SyntaxVisitor {
        /// Stands for "a parameter of the function being analysed".
        static let parameterMarker = "#parameter"

        let topLevelNames: Set<String>
        let parameters: Set<String>
        /// Local name → names it may refer to (top-level names or other locals).
        var aliases: [String: Set<String>] = [:]
        /// Names declared with `let`/`var` inside the statement.
        var locals: Set<String> = []
        /// Locals that share their name with a top-level name.
        var shadowed: Set<String> = []

        init(topLevelNames: Set<String>, parameters: Set<String>) {
            self.topLevelNames = topLevelNames
            self.parameters = parameters
            super.init(viewMode: .sourceAccurate)
        }

        /// The roots a chain-bearing expression refers to, skipping chains through settings.
        func roots(of expression: some SyntaxProtocol) -> Set<String> {
            var result: Set<String> = []
            for chain in Chain.all(in: expression) {
                guard let root = chain.root, !chain.members.contains(where: ManifestSideEffects.settingProperties.contains) else { continue }
                if parameters.contains(root) { result.insert(Self.parameterMarker) } else { result.insert(root) }
            }
            return result
        }

        func alias(_ name: String, to roots: Set<String>) {
            aliases[name, default: []].formUnion(roots)
        }

        override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
            let roots = self.roots(of: node.sequence)
            for token in node.pattern.tokens(viewMode: .sourceAccurate) where ManifestEvaluator.isIdentifier(token) {
                alias(token.text, to: roots)
            }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                let roots = binding.initializer.map { self.roots(of: $0.value) } ?? []
                for token in binding.pattern.tokens(viewMode: .sourceAccurate) where ManifestEvaluator.isIdentifier(token) {
                    locals.insert(token.text)
                    if topLevelNames.contains(token.text) { shadowed.insert(token.text) }
                    alias(token.text, to: roots)
                }
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            let roots = node.initializer.map { self.roots(of: $0.value) } ?? self.roots(of: node.pattern)
            for token in node.pattern.tokens(viewMode: .sourceAccurate) where ManifestEvaluator.isIdentifier(token) {
                alias(token.text, to: roots)
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
            // The closure's parameters receive elements of whatever the method it is passed to
            // is called on; for any other call, elements of every argument.
            var roots: Set<String> = []
            var call: FunctionCallExprSyntax?
            if let parent = node.parent?.as(FunctionCallExprSyntax.self) {
                call = parent
            } else if let list = node.parent?.parent?.as(LabeledExprListSyntax.self) {
                call = list.parent?.as(FunctionCallExprSyntax.self)
            } else if let element = node.parent?.as(MultipleTrailingClosureElementSyntax.self) {
                call = element.parent?.parent?.as(FunctionCallExprSyntax.self)
            }
            if let call {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    roots = self.roots(of: base)
                }
                for argument in call.arguments { roots.formUnion(self.roots(of: argument.expression)) }
            }
            var names: [String] = (0..<10).map { "$\($0)" }
            switch node.signature?.parameterClause {
            case .simpleInput(let list): names += list.map(\.name.text)
            case .parameterClause(let clause): names += clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            case nil: break
            }
            for name in names { alias(name, to: roots) }
            return .visitChildren
        }

        /// Aliases resolved to top-level names (or the parameter marker), through chains of
        /// locals.
        func resolved() -> [String: Set<String>] {
            var result: [String: Set<String>] = [:]
            for name in aliases.keys {
                var seen: Set<String> = [name]
                var pending = Array(aliases[name] ?? [])
                var roots: Set<String> = []
                while let next = pending.popLast() {
                    if next == Self.parameterMarker || (topLevelNames.contains(next) && aliases[next] == nil) {
                        roots.insert(next)
                    } else if let more = aliases[next], !seen.contains(next) {
                        seen.insert(next)
                        pending += more
                        if topLevelNames.contains(next), shadowed.contains(next) { roots.insert(next) }
                    }
                }
                result[name] = roots
            }
            return result
        }
    }

    /// A call of a top-level function: its name and the chains passed to it.
    struct FunctionCall {
        var name: String
        var arguments: [Chain]
    }

    /// Collects writes: assignments (plain and compound), `inout` arguments, calls of methods
    /// not known to be pure, and calls of top-level functions.
    final class WriteCollector: SyntaxVisitor {
        var writes: [Chain] = []
        var functionCalls: [FunctionCall] = []
        /// Names of the manifest's non-mutating methods (see `ManifestSideEffects.methods`).
        var methods: Set<String> = []

        static let comparisonOperators: Set<String> = ["==", "!=", "<=", ">=", "===", "!=="]

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            for (offset, element) in elements.enumerated() where offset > 0 {
                let isAssignment =
                    element.is(AssignmentExprSyntax.self)
                    || element.as(BinaryOperatorExprSyntax.self).map { $0.operator.text.hasSuffix("=") && !Self.comparisonOperators.contains($0.operator.text) } == true
                if isAssignment { writes.append(Chain(elements[offset - 1])) }
            }
            return .visitChildren
        }

        override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
            let text = node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
            if node.operator.is(AssignmentExprSyntax.self) || (text.map { $0.hasSuffix("=") && !Self.comparisonOperators.contains($0) } ?? false) {
                writes.append(Chain(node.leftOperand))
            }
            return .visitChildren
        }

        override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
            writes.append(Chain(node.expression))
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil, methods.contains(member.declName.baseName.text) {
                functionCalls.append(FunctionCall(name: "." + member.declName.baseName.text, arguments: []))
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                !ManifestSideEffects.pureMethods.contains(member.declName.baseName.text)
            {
                writes.append(Chain(base))
            } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                functionCalls.append(FunctionCall(name: reference.baseName.text, arguments: node.arguments.map { Chain($0.expression) }))
            }
            return .visitChildren
        }
    }
}

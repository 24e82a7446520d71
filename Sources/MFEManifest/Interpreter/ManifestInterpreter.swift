import MFECore
import SwiftOperators
import SwiftSyntax

/// Runs the code of a manifest without compiling it: a tree-walking interpreter of the Swift
/// manifests are written in (constants and variables, functions, closures, the manifest's own
/// structs, enums, classes and extensions, loops, conditions, `switch`) over a model of
/// PackageDescription whose `Package`, `Target` and `Product` are objects as they are in
/// SwiftPM. It reads nothing but the environment and whether files exist, as the manifest
/// would see them; what only running it could tell (reading a file, an unknown environment
/// without a default, a loop that does not end) becomes an `unknown` value carrying a located
/// refusal, reported only when something the caller needs depends on it.
final class ManifestInterpreter {
    let file: String
    let converter: SourceLocationConverter
    let configuration: HostBuildConfiguration
    let toolsVersion: ToolsVersion
    let host: ManifestHost
    let budget: Budget
    /// The file's scope: top-level constants, variables and functions.
    let globals = Scope(parent: nil)
    /// Types the manifest declares or extends, by qualified name (`Module.Kind`, `Target`).
    var types: [String: DeclaredType] = [:]
    /// `typealias` declarations, by qualified name.
    var typeAliases: [String: TypeSyntax] = [:]
    /// Values of static stored properties, computed on first use.
    var staticValues: [String: MValue] = [:]
    /// Every `Package(...)` created, in order: PackageDescription dumps the last one.
    var packages: [MObject] = []
    /// What PackageDescription records in its `errors` (an invalid version string, say):
    /// SwiftPM rejects the manifest with the first.
    var runtimeErrors: [ManifestError] = []
    /// Calls in progress, bounded so recursion cannot exhaust the stack.
    var depth = 0
    /// The operators the manifest's expressions were folded with.
    var operators = OperatorTable.standardOperators
    /// Whether what depends on the order of a set or dictionary is refused (when every value
    /// is needed, as for `dump-package`): SwiftPM's run of the manifest goes through them in a
    /// new order each time.
    var strictOrder = false
    /// The library the code is written against: PackageDescription for `Package.swift`,
    /// Tuist's ProjectDescription for `Project.swift` and its helpers.
    var vocabulary = Vocabulary.packageDescription
    /// The files other than `file` whose code runs (Tuist's helpers), by the identity of
    /// their folded tree, so a location names the file the node is written in.
    var otherFiles: [SyntaxIdentifier: (file: String, converter: SourceLocationConverter)] = [:]
    /// The `private`/`fileprivate` top-level constants of each helper file, by the file's tree.
    var filePrivates: [SyntaxIdentifier: [String: Variable]] = [:]
    /// The calls of declared functions in progress (ProjectDescription only): a value a
    /// helper makes is located at the manifest's call that led to it.
    var callSites: [Syntax] = []

    /// What a manifest may read from the machine it runs on: SwiftPM runs it with the
    /// caller's environment, in the package folder.
    struct ManifestHost: Sendable {
        var environment: [String: String]
        var fileExists: @Sendable (String) -> Bool
        var packageDirectory: String
        /// Where the manifest's relative folder and `~/` paths start (its reader's file system).
        var origin: PathOrigin = .root

        static let none = ManifestHost(environment: [:], fileExists: { _ in false }, packageDirectory: "/")
    }

    /// Bounds the work one manifest may cause: statements, expressions and calls all take
    /// steps. The bound grows with the manifest's size, so plain data of any length is read
    /// and only work out of proportion to the text — loops and recursion that multiply it —
    /// is stopped.
    final class Budget {
        /// Evaluation steps for a manifest of no length.
        static let baseSteps = 200_000
        /// The most evaluation steps: the base plus 40 per byte of source.
        let limit: Int
        var steps = 0

        /// The budget for a manifest of `sourceLength` UTF-8 bytes.
        init(sourceLength: Int = 0) {
            limit = Self.baseSteps + 40 * max(0, sourceLength)
        }
    }

    /// The deepest nesting of calls (functions, closures, getters) the interpreter follows.
    static let maximumDepth = 96

    init(file: String, converter: SourceLocationConverter, configuration: HostBuildConfiguration, toolsVersion: ToolsVersion, host: ManifestHost, budget: Budget) {
        self.file = file
        self.converter = converter
        self.configuration = configuration
        self.toolsVersion = toolsVersion
        self.host = host
        self.budget = budget
    }

    // MARK: - Running the manifest

    /// Runs the manifest's top-level code and returns the package PackageDescription would
    /// dump: the last `Package(...)` created.
    func run(_ tree: SourceFileSyntax) throws -> MObject {
        let folded = fold(tree)
        let statements = try flatten(folded.statements)
        checkRedeclaredPackage(statements)
        if let redeclaration { throw redeclaration }
        try register(statements, in: globals, context: nil)
        for item in statements {
            switch try execute(item, in: globals) {
            case .normal: continue
            case .returned, .broke, .continued: break
            }
        }
        if let error = runtimeErrors.first { throw error }
        guard let package = packages.last else {
            throw ManifestError.noPackageDeclaration(at: MFECore.SourceLocation(file: file, line: 1, column: 1))
        }
        return package
    }

    /// The tree with its operator sequences folded by precedence (the manifest's own
    /// operators included); a sequence that cannot be folded stays one, and is refused where
    /// it is evaluated.
    func fold(_ tree: SourceFileSyntax) -> SourceFileSyntax {
        operators.addSourceFile(tree) { _ in }
        let folded = operators.foldAll(tree) { _ in }
        return folded.as(SourceFileSyntax.self) ?? tree
    }

    /// A second top-level `let package = Package(…)` is a compile error Swift reports as a
    /// redeclaration; mfe says so in its own words (`packageRedeclared`).
    var redeclaration: ManifestError?

    private func checkRedeclaredPackage(_ statements: [CodeBlockItemSyntax.Item]) {
        var first: [String: Syntax] = [:]
        for item in statements {
            guard case .decl(let declaration) = item, let variable = declaration.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let earlier = first[name] {
                    if redeclaration == nil {
                        redeclaration = .packageRedeclared(variable: name, firstLine: location(of: earlier).line, at: location(of: binding))
                    }
                } else {
                    first[name] = Syntax(binding)
                }
            }
        }
    }

    // MARK: - Locations, refusals and the budget

    func location(of node: some SyntaxProtocol) -> MFECore.SourceLocation {
        if !otherFiles.isEmpty, let other = otherFiles[node.root.id] {
            let position = other.converter.location(for: node.positionAfterSkippingLeadingTrivia)
            return MFECore.SourceLocation(file: other.file, line: position.line, column: position.column)
        }
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return MFECore.SourceLocation(file: file, line: position.line, column: position.column)
    }

    /// A refusal at `node`: `subject` is what the reader met there (lowercase).
    func refusal(_ node: some SyntaxProtocol, _ subject: String) -> ManifestRefusal {
        ManifestRefusal(subject, at: location(of: node))
    }

    /// A refusal naming the expression or statement itself.
    func cannotEvaluate(_ node: some SyntaxProtocol, _ why: String? = nil) -> ManifestRefusal {
        refusal(node, Self.describe(node) + (why.map { ", \($0)," } ?? ""))
    }

    /// An unknown value standing for `node`.
    func unknown(_ node: some SyntaxProtocol, _ why: String? = nil) -> MValue {
        .unknown(cannotEvaluate(node, why))
    }

    /// Takes one evaluation step at `node`, refusing once the budget is spent.
    func step(_ node: some SyntaxProtocol) throws {
        budget.steps += 1
        if budget.steps > budget.limit {
            throw refusal(node, "\(Self.describe(node)), after \(budget.limit) evaluation steps (a loop that may not end),")
        }
    }

    /// A short description of a node for messages: its kind and its first line of text.
    static func describe(_ node: some SyntaxProtocol) -> String {
        var text = node.trimmedDescription
        if let newline = text.firstIndex(where: \.isNewline) { text = String(text[..<newline]) + "…" }
        if text.count > 60 { text = String(text.prefix(57)) + "…" }
        let syntax = Syntax(node)
        let kind: String
        if let call = syntax.as(FunctionCallExprSyntax.self) {
            kind = call.calledExpression.is(DeclReferenceExprSyntax.self) ? "the function call" : "the call"
        } else if syntax.is(ClosureExprSyntax.self) {
            kind = "the closure"
        } else if syntax.is(DeclReferenceExprSyntax.self) {
            return "'\(text)', which is not a value of this manifest,"
        } else if syntax.is(MemberAccessExprSyntax.self) {
            kind = "the member"
        } else if syntax.is(TernaryExprSyntax.self) || syntax.is(IfExprSyntax.self) || syntax.is(SwitchExprSyntax.self) {
            kind = "the conditional"
        } else if syntax.is(ForStmtSyntax.self) || syntax.is(WhileStmtSyntax.self) || syntax.is(RepeatStmtSyntax.self) {
            kind = "the loop"
        } else if syntax.is(SubscriptCallExprSyntax.self) {
            kind = "the subscript"
        } else {
            kind = "the expression"
        }
        return "\(kind) '\(text)'"
    }

    // MARK: - #if

    /// The statements of `list` with `#if` resolved for the host, the active clauses inlined.
    func flatten(_ list: CodeBlockItemListSyntax) throws -> [CodeBlockItemSyntax.Item] {
        var items: [CodeBlockItemSyntax.Item] = []
        try flatten(list, into: &items)
        return items
    }

    private func flatten(_ list: CodeBlockItemListSyntax, into items: inout [CodeBlockItemSyntax.Item]) throws {
        for item in list {
            if case .decl(let declaration) = item.item, let ifConfig = declaration.as(IfConfigDeclSyntax.self) {
                guard let clause = try activeClause(of: ifConfig), let elements = clause.elements else { continue }
                switch elements {
                case .statements(let statements): try flatten(statements, into: &items)
                default: throw refusal(ifConfig, "the '#if' whose active clause holds no statements")
                }
            } else {
                items.append(item.item)
            }
        }
    }

    /// The clause of `#if … #elseif … #else` that is active on the host.
    func activeClause(of ifConfig: IfConfigDeclSyntax) throws -> IfConfigClauseSyntax? {
        let (clause, problems) = configuration.activeClause(of: ifConfig)
        if let problem = problems.first {
            throw refusal(problem.node, "the '#if' condition '\(problem.node.trimmedDescription)' (\(ManifestReader.lowercasingFirst(problem.message)))")
        }
        return clause
    }

    /// The members of a type body with `#if` resolved.
    func activeMembers(_ members: MemberBlockItemListSyntax) throws -> [DeclSyntax] {
        var result: [DeclSyntax] = []
        for member in members {
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                guard let clause = try activeClause(of: ifConfig), case .decls(let nested)? = clause.elements else { continue }
                result += try activeMembers(nested)
            } else {
                result.append(member.decl)
            }
        }
        return result
    }
}

import MFECore
import MFEManifest
import SwiftParser
import SwiftSyntax

/// Reads the `import` declarations of a Swift source file with SwiftParser, evaluating the
/// `#if` blocks around them for one or more build configurations (at most 64).
///
/// Imports are only legal at file scope, so only the top-level statements and the clauses of
/// top-level `#if` blocks are visited (iteratively: nesting depth cannot overflow the stack).
/// Imports in inactive clauses are reported too, marked inactive: a dependency imported only
/// for another platform is still used.
package struct ImportScanner: Sendable {
    /// The configurations `#if` conditions are evaluated against; bit `i` of an import's
    /// `activeConfigurations` stands for `configurations[i]`.
    package var configurations: [HostBuildConfiguration]

    /// Creates a scanner evaluating `#if` for `configuration`.
    package init(configuration: HostBuildConfiguration) {
        self.configurations = [configuration]
    }

    /// Creates a scanner evaluating `#if` for each of `configurations` (the first 64).
    package init(configurations: [HostBuildConfiguration]) {
        self.configurations = Array(configurations.prefix(64))
    }

    /// The imports of `source`, in source order.
    package func imports(in source: String) -> [ImportDeclaration] {
        var source = source
        return source.withUTF8 { imports(inUTF8: $0) }
    }

    /// The imports of the UTF-8 text in `buffer`, in source order.
    ///
    /// Only the part of the file up to the end of the line holding the last `import` keyword
    /// (found by a lexical scan that skips comments and literals, `ImportPrefix`) is parsed:
    /// the lexer and parser read forward, so that prefix yields exactly the top-level imports
    /// the whole file does, at a fraction of the cost (function bodies are what is long). When an import of the prefix runs into the cut (`import` with its path on the
    /// next line), the whole file is parsed instead.
    package func imports(inUTF8 buffer: UnsafeBufferPointer<UInt8>) -> [ImportDeclaration] {
        (try? imports(inUTF8: buffer, checkingNestingOf: nil)) ?? []
    }

    /// The imports of `file`, whose UTF-8 text is `buffer`, as `imports(inUTF8:)` reads them;
    /// throws a `NestingLimitError` at the line where the part that is parsed nests deeper
    /// than `SourceNesting` allows, instead of handing it to the parser.
    package func checkedImports(inUTF8 buffer: UnsafeBufferPointer<UInt8>, file: String) throws -> [ImportDeclaration] {
        try imports(inUTF8: buffer, checkingNestingOf: file)
    }

    private func imports(inUTF8 buffer: UnsafeBufferPointer<UInt8>, checkingNestingOf file: String?) throws -> [ImportDeclaration] {
        func check(_ part: UnsafeBufferPointer<UInt8>) throws {
            guard let file, let excess = SourceNesting.firstExcess(inUTF8: part) else { return }
            throw NestingLimitError(file: file, excess: excess)
        }
        let cut = Self.prefixLength(holdingImportsOf: buffer)
        if cut < buffer.count {
            let prefix = UnsafeBufferPointer(rebasing: buffer[0..<cut])
            try check(prefix)
            if let imports = imports(inUTF8: prefix, isPrefix: true) { return imports }
        }
        try check(buffer)
        return imports(inUTF8: buffer, isPrefix: false) ?? []
    }

    /// The length of the shortest prefix of `buffer` holding every `import` keyword that is
    /// code, not comment or literal: up to the end of the line of the last one (0 when there is
    /// none). See `ImportPrefix`.
    static func prefixLength(holdingImportsOf buffer: UnsafeBufferPointer<UInt8>) -> Int {
        ImportPrefix.length(holdingImportsOf: buffer)
    }

    /// The imports of `buffer`; nil when `isPrefix` and an import is cut off (has a syntax
    /// error), so the caller parses the whole file.
    func imports(inUTF8 buffer: UnsafeBufferPointer<UInt8>, isPrefix: Bool) -> [ImportDeclaration]? {
        let file = Parser.parse(source: buffer, maximumNestingLevel: SourceNesting.parserNestingLimit)
        var found: [(declaration: ImportDeclSyntax, active: UInt64, guards: Set<String>)] = []
        let all: UInt64 = configurations.count >= 64 ? ~0 : (1 << UInt64(configurations.count)) - 1
        var pending: [(statements: CodeBlockItemListSyntax, active: UInt64, guards: Set<String>)] = [(file.statements, all, [])]
        while let (statements, active, guards) = pending.popLast() {
            var nested: [(CodeBlockItemListSyntax, UInt64, Set<String>)] = []
            for item in statements {
                if let declaration = item.item.as(ImportDeclSyntax.self) {
                    found.append((declaration, active, guards))
                } else if let ifConfig = item.item.as(IfConfigDeclSyntax.self) {
                    // The clause each configuration (still active here) compiles, by index.
                    var chosen: [Int: SyntaxIdentifier] = [:]
                    for index in configurations.indices where active & (1 << UInt64(index)) != 0 {
                        if let clause = configurations[index].activeClause(of: ifConfig).clause { chosen[index] = clause.id }
                    }
                    var clauseGuards = guards
                    for clause in ifConfig.clauses {
                        if let condition = clause.condition { clauseGuards.formUnion(Self.canImportModules(in: condition)) }
                        if case .statements(let inner) = clause.elements {
                            var clauseActive: UInt64 = 0
                            for (index, id) in chosen where id == clause.id { clauseActive |= 1 << UInt64(index) }
                            nested.append((inner, clauseActive, clauseGuards))
                        }
                    }
                }
            }
            // Reversed so the stack pops clauses in source order.
            pending.append(contentsOf: nested.reversed())
        }
        if isPrefix, found.contains(where: { $0.declaration.hasError }) { return nil }
        found.sort { $0.declaration.position < $1.declaration.position }
        var lines = LineCounter(buffer)
        return found.compactMap { entry in
            let declaration = entry.declaration
            let path = declaration.path.map(\.name.text)
            guard let module = path.first, !module.isEmpty else { return nil }
            let offset = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
            let (line, column) = lines.lineAndColumn(atOffset: offset)
            return ImportDeclaration(
                module: module,
                path: path,
                kind: declaration.importKindSpecifier.flatMap { ImportDeclaration.Kind(rawValue: $0.text) } ?? .module,
                attributes: declaration.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription },
                accessLevel: declaration.modifiers.first?.name.text,
                line: line,
                column: column,
                activeConfigurations: entry.active,
                isGuardedByCanImport: entry.guards.contains(module)
            )
        }
    }

    /// The modules named by `canImport(…)` anywhere in an `#if` condition.
    static func canImportModules(in condition: ExprSyntax) -> Set<String> {
        var modules: Set<String> = []
        var pending: [Syntax] = [Syntax(condition)]
        while let node = pending.popLast() {
            if let call = node.as(FunctionCallExprSyntax.self),
                call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "canImport",
                let argument = call.arguments.first?.expression.trimmedDescription,
                let module = argument.split(separator: ".").first
            {
                modules.insert(String(module))
            }
            pending.append(contentsOf: node.children(viewMode: .sourceAccurate))
        }
        return modules
    }
}

/// Turns UTF-8 offsets, visited in increasing order, into 1-based lines and columns in one
/// pass over the bytes.
private struct LineCounter {
    let buffer: UnsafeBufferPointer<UInt8>
    var offset = 0
    var line = 1
    var lineStart = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func lineAndColumn(atOffset target: Int) -> (line: Int, column: Int) {
        let end = min(target, buffer.count)
        while offset < end {
            if buffer[offset] == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        return (line, end - lineStart + 1)
    }
}

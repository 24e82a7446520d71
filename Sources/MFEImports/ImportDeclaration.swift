/// One `import` declaration of a Swift source file, as the import scanner read it.
package struct ImportDeclaration: Sendable, Hashable {
    /// What the declaration imports: a whole module, or one declaration of it
    /// (`import struct X.Y`).
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        case module, `typealias`, `struct`, `class`, `enum`, `protocol`, `let`, `var`, `func`
    }

    /// The imported module: the first component of the import path (`X` in `import X.Sub` and
    /// in `import struct X.Y`).
    package var module: String
    /// Every component of the import path.
    package var path: [String]
    /// The kind of import.
    package var kind: Kind
    /// The attributes without `@`, in source order (`testable`, `_exported`,
    /// `_implementationOnly`, `preconcurrency`, `_spi`).
    package var attributes: [String]
    /// The access-level modifier (`public`, `package`, `internal`, …), if any.
    package var accessLevel: String?
    /// 1-based line of the declaration (its first attribute or keyword).
    package var line: Int
    /// 1-based column, in UTF-8 bytes.
    package var column: Int
    /// Bit `i`: the declaration is compiled for the scanner's configuration `i` (outside any
    /// `#if`, or in the active clause of every enclosing `#if`).
    package var activeConfigurations: UInt64
    /// Whether the declaration is compiled for at least one of the scanner's configurations.
    package var isActive: Bool { activeConfigurations != 0 }
    /// Whether an enclosing `#if` tests `canImport` of this module, so the code is written to
    /// build without it.
    package var isGuardedByCanImport: Bool

    /// Creates an import declaration.
    package init(
        module: String,
        path: [String]? = nil,
        kind: Kind = .module,
        attributes: [String] = [],
        accessLevel: String? = nil,
        line: Int,
        column: Int = 1,
        isActive: Bool = true,
        activeConfigurations: UInt64? = nil,
        isGuardedByCanImport: Bool = false
    ) {
        self.module = module
        self.path = path ?? [module]
        self.kind = kind
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.line = line
        self.column = column
        self.activeConfigurations = activeConfigurations ?? (isActive ? 1 : 0)
        self.isGuardedByCanImport = isGuardedByCanImport
    }
}

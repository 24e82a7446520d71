import MFECore
import SwiftSyntax

/// A value a manifest computes with, as the interpreter models Swift: plain values, value
/// types (`record`: PackageDescription's structs and enums, the manifest's own), reference
/// types (`object`: `Package`, `Target`, `Product`, `Package.Dependency`, the manifest's own
/// classes), functions, types, and `unknown` — a value only running the manifest could give,
/// which carries the located refusal to report when something needs it.
indirect enum MValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// `nil` (`Optional.none`); a present optional is the wrapped value itself.
    case null
    case array([MValue])
    /// A `Set`: unique elements in insertion order.
    case set([MValue])
    /// A `Dictionary`: unique keys in insertion order.
    case dictionary([(key: MValue, value: MValue)])
    case tuple([MValue], labels: [String?])
    /// `lower..<upper` or `lower...upper`.
    case range(MValue, MValue, closed: Bool)
    case record(MRecord)
    case object(MObject)
    case function(MFunction)
    /// A type used as a value: the base of a static member (`Versions.log`), `MainActor.self`.
    case type(MType)
    /// What only running the manifest could tell; the refusal says what and where.
    case unknown(ManifestRefusal)

    /// The refusal of an unknown value, or of the first unknown inside a list.
    var unknownRefusal: ManifestRefusal? {
        if case .unknown(let refusal) = self { return refusal }
        return nil
    }

    /// Whether this is `nil`.
    var isNone: Bool {
        if case .null = self { return true }
        return false
    }
}

/// An instance of a value type: a struct's stored properties, or an enum's case with its
/// associated values (`_0`, `_1` or their labels).
struct MRecord {
    /// The type's name as the interpreter knows it (`SwiftSetting`, `Target.Dependency`,
    /// `Module` for the manifest's own).
    var type: String
    /// The enum case, nil for a struct.
    var kase: String?
    var fields: [String: MValue]
    /// Where the value was written (target dependencies are located by it); not part of equality.
    var location: MFECore.SourceLocation?

    init(type: String, kase: String? = nil, fields: [String: MValue] = [:], location: MFECore.SourceLocation? = nil) {
        self.type = type
        self.kase = kase
        self.fields = fields
        self.location = location
    }

    subscript(field: String) -> MValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }
}

/// An instance of a reference type: PackageDescription's classes and the manifest's own.
final class MObject {
    let type: String
    var fields: [String: MValue]
    /// Where the object was created (the `.target(` call, `Package(`).
    let location: MFECore.SourceLocation

    init(type: String, fields: [String: MValue], location: MFECore.SourceLocation) {
        self.type = type
        self.fields = fields
        self.location = location
    }
}

/// Something callable.
enum MFunction {
    /// A closure expression and the scope it captures.
    case closure(ClosureExprSyntax, Scope)
    /// A function the manifest declares, with the scope it is declared in and, for a method,
    /// its receiver and type.
    case declared(FunctionDeclSyntax, Scope, receiver: MValue?, context: String?)
    /// A function of the standard library, Foundation or PackageDescription named as a value
    /// (`Bool.init`, `Target.Dependency.target`), applied when called.
    case builtin(String, receiver: MValue?, node: Syntax)
    /// An enum case with associated values used as a function (`.some`, `Kind.named`).
    case enumCase(type: String, kase: String, labels: [String?])
    /// An `@autoclosure` argument: its expression, evaluated where it was written when called.
    case thunk(ExprSyntax, Scope, result: MType?)
}

/// A type as written in the manifest, resolved enough to guide implicit member expressions
/// and literals (`.target(...)` in a `[Target]`, `"1.0.0"` as a `Version`).
indirect enum MType: Equatable, Sendable {
    /// A named type: `Target.Dependency`, `String`, the manifest's `Module`; without the
    /// `PackageDescription.`/`Swift.` prefix.
    case named(String)
    case array(MType)
    case set(MType)
    case dictionary(MType, MType)
    case optional(MType)
    /// A generic type other than the collections: `Range<Version>`.
    case generic(String, [MType])
    case tuple([MType])
    case function
    case unknown

    /// The type without optionals.
    var unwrapped: MType {
        if case .optional(let wrapped) = self { return wrapped.unwrapped }
        return self
    }

    /// The element type of a collection type.
    var element: MType? {
        switch unwrapped {
        case .array(let element), .set(let element): return element
        case .generic(let name, let arguments) where ["Range", "ClosedRange", "Array", "Set", "ArraySlice"].contains(name): return arguments.first
        default: return nil
        }
    }

    /// The name of a named type (without optionals), nil for other types.
    var name: String? {
        switch unwrapped {
        case .named(let name): return name
        case .generic(let name, _): return name
        default: return nil
        }
    }
}

/// A variable of a scope.
final class Variable {
    /// Nil until a `let x: T` declared without a value is assigned.
    var value: MValue?
    var type: MType?
    let isConstant: Bool
    let node: Syntax

    init(value: MValue?, type: MType?, isConstant: Bool, node: Syntax) {
        self.value = value
        self.type = type
        self.isConstant = isConstant
        self.node = node
    }
}

/// A lexical scope: the file, a function or closure body, a block. A scope that starts a
/// method or initializer body carries `self` and the type whose members are visible by name.
final class Scope {
    var variables: [String: Variable] = [:]
    /// Functions declared in this scope (nested functions), by name.
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// Computed variables declared in this scope (`var x: T { … }`), evaluated on each use.
    var computed: [String: PatternBindingSyntax] = [:]
    let parent: Scope?
    /// The receiver of the method whose body this scope is, if any.
    let receiver: MValue?
    /// The type whose members unqualified names may name (a method's or a static member's).
    let context: String?

    /// The declared return type of the function whose body this scope is, which `return`
    /// values convert to.
    var returnType: MType?
    /// Whether this scope is a function's or closure's body (a `return` in it leaves it).
    var isFunctionBody = false

    init(parent: Scope?, receiver: MValue? = nil, context: String? = nil) {
        self.parent = parent
        self.receiver = receiver
        self.context = context
    }

    /// The variable `name` names from this scope, if declared in it or around it (up to
    /// the file, not through member scopes' receivers).
    func lookup(_ name: String) -> Variable? {
        var scope: Scope? = self
        while let current = scope {
            if let variable = current.variables[name] { return variable }
            scope = current.parent
        }
        return nil
    }

    /// The scope declaring `name` as a variable, a computed variable or a function, from
    /// this scope outwards.
    func declaring(_ name: String) -> Scope? {
        var scope: Scope? = self
        while let current = scope {
            if current.variables[name] != nil || current.computed[name] != nil || current.functions[name] != nil { return current }
            scope = current.parent
        }
        return nil
    }

    /// The innermost scope that is a method or static member body.
    var memberScope: Scope? {
        var scope: Scope? = self
        while let current = scope {
            if current.context != nil { return current }
            scope = current.parent
        }
        return nil
    }
}

/// How a statement list ended.
enum Flow {
    case normal
    case returned(MValue)
    case broke(String?)
    case continued(String?)
}

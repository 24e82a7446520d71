import MFECore
import SwiftSyntax

/// A type the manifest declares (struct, enum, class, protocol) or extends (PackageDescription's
/// `Target`, the standard library's `Array`): its members from every declaration and extension.
final class DeclaredType {
    enum Kind {
        case structure, enumeration, classType, protocolType
        /// Only extended here: a type of PackageDescription or the standard library.
        case extended
    }

    /// A stored instance property, in declaration order (the memberwise initializer's).
    struct StoredProperty {
        var name: String
        var type: MType?
        var initializer: ExprSyntax?
        var isConstant: Bool
    }

    let name: String
    var kind: Kind
    var storedProperties: [StoredProperty] = []
    /// Static properties: stored (with a value) or computed.
    var staticProperties: [String: PatternBindingSyntax] = [:]
    /// Computed instance properties.
    var computedProperties: [String: PatternBindingSyntax] = [:]
    /// Methods, static and instance, by name.
    var methods: [String: [FunctionDeclSyntax]] = [:]
    var initializers: [InitializerDeclSyntax] = []
    /// Whether the type's own declaration has an initializer (which removes the memberwise one).
    var declaresInitializer = false
    /// Enum cases by name, and their order.
    var cases: [String: EnumCaseElementSyntax] = [:]
    var caseOrder: [String] = []
    /// The raw type of an enum (`String`, `Int`).
    var rawType: String?
    /// The protocols and superclass the type names, resolved.
    var conformances: [String] = []

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

extension ManifestInterpreter {
    /// PackageDescription's types, as the interpreter names them.
    static let packageDescriptionTypes: Set<String> = [
        "Package", "Package.Dependency", "Package.Dependency.Trait", "Package.Dependency.Trait.Condition",
        "Package.Dependency.Requirement", "Package.Dependency.SourceControlRequirement", "Package.Dependency.RegistryRequirement",
        "Package.Dependency.Kind", "Target", "Target.Dependency", "Target.TargetType", "Target.PluginCapability", "Target.PluginUsage",
        "TargetDependencyCondition", "Product", "Product.Library", "Product.Library.LibraryType", "Product.Executable", "Product.Plugin",
        "Platform", "SupportedPlatform", "SupportedPlatform.MacOSVersion", "SupportedPlatform.IOSVersion", "SupportedPlatform.TVOSVersion",
        "SupportedPlatform.WatchOSVersion", "SupportedPlatform.VisionOSVersion", "SupportedPlatform.MacCatalystVersion",
        "SupportedPlatform.DriverKitVersion", "Version", "Trait", "LanguageTag", "Resource", "Resource.Localization", "CSetting",
        "CXXSetting", "SwiftSetting", "SwiftSetting.InteroperabilityMode", "LinkerSetting", "BuildConfiguration",
        "BuildSettingCondition", "SystemPackageProvider", "CLanguageStandard", "CXXLanguageStandard", "SwiftLanguageMode",
        "PluginCommandIntent", "PluginPermission", "PluginNetworkPermissionScope", "WarningLevel", "Context", "GitInformation",
    ]

    /// Types of the standard library and Foundation the interpreter knows by name.
    static let builtinTypes: Set<String> = [
        "String", "Substring", "Character", "Int", "UInt", "Double", "Float", "Bool", "Array", "Set", "Dictionary", "Optional",
        "Range", "ClosedRange", "URL", "ProcessInfo", "FileManager", "MainActor", "Never", "Void", "Any", "AnyObject",
    ]

    /// Names PackageDescription or the standard library give one type by two names.
    static let typeAliasesOfLibraries: [String: String] = [
        "SwiftVersion": "SwiftLanguageMode", "Package.Dependency.Trait.Condition": "Package.Dependency.Trait.Condition",
        "Sequence": "Array", "Collection": "Array", "BidirectionalCollection": "Array", "RandomAccessCollection": "Array",
        "RangeReplaceableCollection": "Array", "MutableCollection": "Array", "StringProtocol": "String",
        "NSString": "String", "ArraySlice": "Array", "Int32": "Int", "Int64": "Int", "UInt32": "UInt", "CGFloat": "Double",
        "Foundation.URL": "URL",
    ]

    // MARK: - Registering declarations

    /// Registers the functions, computed variables and types declared among `statements`
    /// (hoisted: a function is callable above its declaration).
    func register(_ statements: [CodeBlockItemSyntax.Item], in scope: Scope, context: String?) throws {
        for item in statements {
            guard case .decl(let declaration) = item else { continue }
            if let function = declaration.as(FunctionDeclSyntax.self) {
                scope.functions[function.name.text, default: []].append(function)
            } else if let variable = declaration.as(VariableDeclSyntax.self) {
                for binding in variable.bindings where binding.initializer == nil && binding.accessorBlock != nil {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { scope.computed[name] = binding }
                }
            } else if let alias = declaration.as(TypeAliasDeclSyntax.self) {
                typeAliases[qualified(alias.name.text, in: context)] = alias.initializer.value
            } else if declaration.asProtocol(DeclGroupSyntax.self) != nil {
                try registerType(declaration, outer: context)
            }
        }
    }

    private func qualified(_ name: String, in outer: String?) -> String {
        outer.map { "\($0).\(name)" } ?? name
    }

    /// Registers a struct, enum, class, protocol or extension and its members.
    func registerType(_ declaration: DeclSyntax, outer: String?) throws {
        let name: String
        let kind: DeclaredType.Kind
        var inheritance: InheritanceClauseSyntax?
        if let extensionDecl = declaration.as(ExtensionDeclSyntax.self) {
            name = extendedTypeKey(extensionDecl)
            kind = .extended
            inheritance = extensionDecl.inheritanceClause
        } else if let structDecl = declaration.as(StructDeclSyntax.self) {
            name = qualified(structDecl.name.text, in: outer)
            kind = .structure
            inheritance = structDecl.inheritanceClause
        } else if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            name = qualified(enumDecl.name.text, in: outer)
            kind = .enumeration
            inheritance = enumDecl.inheritanceClause
        } else if let classDecl = declaration.as(ClassDeclSyntax.self) {
            name = qualified(classDecl.name.text, in: outer)
            kind = .classType
            inheritance = classDecl.inheritanceClause
        } else if let protocolDecl = declaration.as(ProtocolDeclSyntax.self) {
            name = qualified(protocolDecl.name.text, in: outer)
            kind = .protocolType
            inheritance = protocolDecl.inheritanceClause
        } else if let actorDecl = declaration.as(ActorDeclSyntax.self) {
            name = qualified(actorDecl.name.text, in: outer)
            kind = .classType
            inheritance = actorDecl.inheritanceClause
        } else {
            return
        }
        let type: DeclaredType
        if let existing = types[name] {
            type = existing
            if kind != .extended { type.kind = kind }
        } else {
            type = DeclaredType(name: name, kind: kind)
            types[name] = type
        }
        for inherited in inheritance?.inheritedTypes ?? [] {
            let resolved = typeName(of: inherited.type, context: outer)
            if type.kind == .enumeration, type.rawType == nil, ["String", "Int", "Character", "UInt", "Double"].contains(resolved) {
                type.rawType = resolved
            } else {
                type.conformances.append(resolved)
            }
        }
        guard let group = declaration.asProtocol(DeclGroupSyntax.self) else { return }
        for member in try activeMembers(group.memberBlock.members) {
            if let variable = member.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
                for binding in variable.bindings {
                    guard let propertyName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    // A protocol's `var rawValue: String { get }` is a requirement the
                    // conforming type fulfils, not an implementation.
                    if kind == .protocolType, let accessors = binding.accessorBlock, Self.getterBody(accessors) == nil { continue }
                    if isStatic {
                        type.staticProperties[propertyName] = binding
                    } else if binding.accessorBlock != nil && binding.initializer == nil && !Self.hasObservers(binding) {
                        type.computedProperties[propertyName] = binding
                    } else if kind != .extended {
                        let annotation = binding.typeAnnotation?.type ?? variable.bindings.last(where: { $0.typeAnnotation != nil })?.typeAnnotation?.type
                        type.storedProperties.append(
                            DeclaredType.StoredProperty(
                                name: propertyName, type: annotation.map { resolveType($0, context: name) }, initializer: binding.initializer?.value,
                                isConstant: variable.bindingSpecifier.tokenKind == .keyword(.let)))
                    }
                }
            } else if let function = member.as(FunctionDeclSyntax.self) {
                type.methods[function.name.text, default: []].append(function)
            } else if let initializer = member.as(InitializerDeclSyntax.self) {
                type.initializers.append(initializer)
                if kind != .extended { type.declaresInitializer = true }
            } else if let cases = member.as(EnumCaseDeclSyntax.self) {
                for element in cases.elements {
                    type.cases[element.name.text] = element
                    type.caseOrder.append(element.name.text)
                }
            } else if let alias = member.as(TypeAliasDeclSyntax.self) {
                typeAliases["\(name).\(alias.name.text)"] = alias.initializer.value
            } else if member.asProtocol(DeclGroupSyntax.self) != nil {
                try registerType(member, outer: name)
            }
        }
    }

    /// The key an extension's members are kept under: the extended type, or for a list of
    /// one element type (`extension Array where Element == SwiftSetting`, `extension
    /// [Target]`) `Array<SwiftSetting>`, so extensions of lists of different types with
    /// members of one name stay apart.
    func extendedTypeKey(_ extensionDecl: ExtensionDeclSyntax) -> String {
        let resolved = resolveType(extensionDecl.extendedType, context: nil)
        var element: MType?
        var base = typeName(of: extensionDecl.extendedType, context: nil)
        if case .array(let type) = resolved { element = type }
        if case .generic(let name, let arguments) = resolved, name == "Array", arguments.count == 1 { element = arguments[0] }
        for requirement in extensionDecl.genericWhereClause?.requirements ?? [] {
            guard case .sameTypeRequirement(let same) = requirement.requirement, same.leftType.trimmedDescription == "Element",
                case .type(let type) = same.rightType
            else { continue }
            element = resolveType(type, context: nil)
        }
        if base == "Set" || base == "Array", let name = element?.name { base = "Array<\(name)>" }
        return base
    }

    /// The key of the members a value has (`Array<SwiftSetting>` for a list of settings).
    static func typeKey(of value: MValue) -> String? {
        switch value {
        case .array(let elements), .set(let elements):
            if let first = elements.first, case .named(let name)? = inferredType(of: first) { return "Array<\(name)>" }
            return typeName(of: value)
        default: return typeName(of: value)
        }
    }

    /// The keys of the members the type `hint` names.
    static func typeKey(of hint: MType?) -> String? {
        switch hint?.unwrapped {
        case .array(let element)?, .set(let element)?: return element.name.map { "Array<\($0)>" } ?? "Array"
        case .some(let type): return type.name
        case nil: return nil
        }
    }

    /// Whether a property has `willSet`/`didSet` (stored, with observers) rather than a getter.
    static func hasObservers(_ binding: PatternBindingSyntax) -> Bool {
        guard case .accessors(let list)? = binding.accessorBlock?.accessors else { return false }
        return list.contains { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    /// The body of a getter-only computed property: `{ … }` or `{ get { … } }`.
    static func getterBody(_ accessors: AccessorBlockSyntax) -> CodeBlockItemListSyntax? {
        switch accessors.accessors {
        case .getter(let body): return body
        case .accessors(let list):
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        }
    }

    // MARK: - Types

    /// The name of the type `type` writes, resolved against the types around `context`:
    /// `Dependency` in an extension of `Target` is `Target.Dependency`; `[Target]` is `Array`.
    func typeName(of type: TypeSyntax, context: String?) -> String {
        let resolved = resolveType(type, context: context)
        switch resolved {
        case .named(let name): return name
        case .array: return "Array"
        case .set: return "Set"
        case .dictionary: return "Dictionary"
        case .optional: return "Optional"
        case .generic(let name, _): return name
        default: return type.trimmedDescription
        }
    }

    /// `type` as the interpreter models it.
    func resolveType(_ type: TypeSyntax, context: String?) -> MType {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let arguments =
                identifier.genericArgumentClause?.arguments.compactMap { argument -> MType? in
                    guard case .type(let type) = argument.argument else { return nil }
                    return resolveType(type, context: context)
                } ?? []
            let name = identifier.name.text
            switch (name, arguments.count) {
            case ("Array", 1): return .array(arguments[0])
            case ("Set", 1): return .set(arguments[0])
            case ("Optional", 1): return .optional(arguments[0])
            case ("Dictionary", 2): return .dictionary(arguments[0], arguments[1])
            case ("Self", 0):
                if let context, context.hasPrefix("Array<") { return .array(.named(String(context.dropFirst("Array<".count).dropLast()))) }
                return .named(context ?? "Self")
            case ("Element", 0) where context?.hasPrefix("Array<") == true:
                return .named(String(context!.dropFirst("Array<".count).dropLast()))
            default: break
            }
            let resolved = resolveTypeName(name, context: context)
            if let alias = resolved.alias { return alias }
            return arguments.isEmpty ? .named(resolved.name) : .generic(resolved.name, arguments)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let text = member.trimmedDescription.filter { !$0.isWhitespace }
            let resolved = resolveTypeName(text, context: context)
            return resolved.alias ?? .named(resolved.name)
        }
        if let array = type.as(ArrayTypeSyntax.self) { return .array(resolveType(array.element, context: context)) }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return .dictionary(resolveType(dictionary.key, context: context), resolveType(dictionary.value, context: context))
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return .optional(resolveType(optional.wrappedType, context: context)) }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return .optional(resolveType(optional.wrappedType, context: context)) }
        if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first { return resolveType(only.type, context: context) }
            return .tuple(tuple.elements.map { resolveType($0.type, context: context) })
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return resolveType(attributed.baseType, context: context) }
        if let some = type.as(SomeOrAnyTypeSyntax.self) { return resolveType(some.constraint, context: context) }
        if type.is(FunctionTypeSyntax.self) { return .function }
        return .unknown
    }

    /// A dotted type name resolved: the manifest's nested types first (from `context`
    /// outwards), then its own top-level types, aliases, PackageDescription's and the standard
    /// library's. `alias` is set when the name is a `typealias` of a structured type.
    func resolveTypeName(_ written: String, context: String?) -> (name: String, alias: MType?) {
        var name = written
        for prefix in ["PackageDescription.", "Swift.", "Foundation.", "ProjectDescription.", "ProjectDescriptionHelpers."] where name.hasPrefix(prefix) {
            name = String(name.dropFirst(prefix.count))
        }
        // `Dep.Project.Feature` where `typealias Dep = TargetDependency`: the alias's type.
        if let dot = name.firstIndex(of: "."), let alias = typeAliases[String(name[..<dot])], case .named(let target) = resolveType(alias, context: nil) {
            name = target + name[dot...]
        }
        var candidates: [String] = []
        var outer = context
        while let current = outer {
            candidates.append("\(current).\(name)")
            outer = current.lastIndex(of: ".").map { String(current[..<$0]) }
        }
        candidates.append(name)
        for candidate in candidates {
            if let alias = typeAliases[candidate] {
                let resolved = resolveType(alias, context: nil)
                if case .named(let target) = resolved { return (target, nil) }
                return (candidate, resolved)
            }
            if types[candidate] != nil && types[candidate]!.kind != .extended { return (candidate, nil) }
            if isLibraryType(candidate) || Self.builtinTypes.contains(candidate) { return (candidate, nil) }
            if let library = Self.typeAliasesOfLibraries[candidate] { return (library, nil) }
            if types[candidate] != nil { return (candidate, nil) }
        }
        return (name, nil)
    }

    /// Whether `name` names a type (so `name.member` is a static member).
    func isTypeName(_ name: String, context: String?) -> Bool {
        let resolved = resolveTypeName(name, context: context).name
        return types[resolved] != nil || isLibraryType(resolved) || Self.builtinTypes.contains(resolved)
            || typeAliases[resolved] != nil || resolved == "Self"
    }

    /// The name of the type of `value`, as extensions name it.
    static func typeName(of value: MValue) -> String? {
        switch value {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .array: return "Array"
        case .set: return "Set"
        case .dictionary: return "Dictionary"
        case .record(let record): return record.type
        case .object(let object): return object.type
        case .range(_, _, let closed): return closed ? "ClosedRange" : "Range"
        default: return nil
        }
    }

    /// The declared types whose members a value of type `name` has: its own declaration and
    /// extensions, the protocols it conforms to, and for PackageDescription's product classes
    /// `Product`.
    func memberTypes(of name: String) -> [DeclaredType] {
        var result: [DeclaredType] = []
        var pending = [name]
        // A list of one element type has the members of lists of any.
        if name.hasPrefix("Array<") { pending = ["Array", name] }  // popped from the end: the specific one first
        if name.hasPrefix("Product.") { pending.append("Product") }
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let type = types[next] else { continue }
            result.append(type)
            pending += type.conformances
        }
        // Protocol extensions (`extension Collection`) are registered under `Array`; a set has them too.
        if name == "Set", let array = types["Array"], !result.contains(where: { $0 === array }) { result.append(array) }
        return result
    }
}

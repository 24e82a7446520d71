import MFECore
import SwiftSyntax

/// PackageDescription as the interpreter runs it: `Package`, `Target`, `Product` and
/// `Package.Dependency` are objects (changed in place, as SwiftPM's classes are); settings,
/// conditions, versions, traits and platforms are values. Each factory is bound by its
/// labels (`PackageDescriptionSignatures`) and builds what PackageDescription builds,
/// defaults by tools version included (`packageAccess` is `true` from 5.9 on).
extension ManifestInterpreter {
    static var packageDescriptionStaticOwners: [String: [String]] { PackageDescriptionSignatures.staticOwners }
    static var packageDescriptionPropertyTypes: [String: [String: MType]] { PackageDescriptionSignatures.propertyTypes }
    static var enumPayloadFields: [String: [String: [String]]] { PackageDescriptionSignatures.enumPayloadFields }

    /// Whether `type.name` has an overload taking `labels`.
    static func packageDescriptionAccepts(_ type: String, _ name: String, _ labels: [String?]) -> Bool {
        if let signatures = PackageDescriptionSignatures.all[type]?[name] { return signatures.contains { $0.accepts(labels) } }
        return labels.isEmpty && (PackageDescriptionSignatures.rawEnums[type]?[name] != nil || PackageDescriptionSignatures.plainCases[type]?.contains(name) == true)
    }

    // MARK: - Binding arguments

    /// The values of `arguments` bound to the first available overload of `type.name` they
    /// fit, each read as its parameter's type; nil when none fits.
    func bindLibrary(_ type: String, _ name: String, _ arguments: [Argument], scope: Scope) throws -> (values: [String: MValue], signature: Int)? {
        guard let signatures = PackageDescriptionSignatures.all[type]?[name] else { return nil }
        let labels = arguments.map(\.label)
        // The overload of the manifest's tools version, else any whose labels fit (a manifest
        // using a newer API than its tools version does not compile; reading it does no harm).
        let available = signatures.indices.filter { signatures[$0].isAvailable(in: toolsVersion) && signatures[$0].accepts(labels) }
        let chosen = available.isEmpty ? signatures.indices.filter { signatures[$0].accepts(labels) } : available
        for index in chosen.prefix(1) {
            let signature = signatures[index]
            var values: [String: MValue] = [:]
            var next = 0
            for parameter in signature.parameters {
                guard next < arguments.count, arguments[next].label == parameter.label else { continue }
                let expression = arguments[next].expression
                values[parameter.name] = try coerce(try evaluate(expression, in: scope, hint: parameter.type), to: parameter.type, at: Syntax(expression))
                next += 1
            }
            return (values, index)
        }
        return nil
    }

    // MARK: - Static calls

    /// `Type.name(…)` for PackageDescription's factories; nil for other names.
    func packageDescriptionStaticCall(_ type: String, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        if vocabulary == .projectDescription { return try projectDescriptionStaticCall(type, name, arguments, node: node, scope: scope) }
        if type == "Product.Library" || type == "Product.Executable" || type == "Product.Plugin" {
            return try packageDescriptionStaticCall("Product", name, arguments, node: node, scope: scope, hint: hint)
        }
        guard let (values, signature) = try bindLibrary(type, name, arguments, scope: scope) else {
            if PackageDescriptionSignatures.all[type]?[name] != nil {
                throw refusal(node, "\(Self.describe(node)) (its arguments match no '\(type).\(name)' of tools version \(toolsVersion))")
            }
            return nil
        }
        let here = location(of: node)
        func value(_ key: String) -> MValue { values[key] ?? .null }
        func record(_ recordType: String, _ kase: String? = nil, _ fields: [String: MValue]) -> MValue {
            .record(MRecord(type: recordType, kase: kase, fields: fields, location: here))
        }
        switch type {
        case "Target":
            return .object(try makeTarget(name, values, signature: signature, node: node))
        case "Target.Dependency":
            switch name {
            case "target", "targetItem": return record(type, "targetItem", ["name": value("name"), "condition": value("condition")])
            case "byName", "byNameItem": return record(type, "byNameItem", ["name": value("name"), "condition": value("condition")])
            default:
                // `productItem(name:package:condition:)` before 5.7 dropped its condition.
                let condition = name == "productItem" && signature == 1 ? MValue.null : value("condition")
                return record(type, "productItem", ["name": value("name"), "package": value("package"), "moduleAliases": value("moduleAliases"), "condition": condition])
            }
        case "TargetDependencyCondition":
            let platforms = value("platforms")
            // From 5.7, `.when(platforms: [])` is no condition.
            if signature == 2, case .array(let list) = platforms, list.isEmpty { return .null }
            if signature == 3, platforms.isNone { throw refusal(node, "\(Self.describe(node)), a condition without platforms that stops the manifest,") }
            return record(type, nil, ["platforms": platforms, "traits": value("traits")])
        case "BuildSettingCondition":
            if value("platforms").isNone && value("configuration").isNone && value("traits").isNone {
                throw refusal(node, "\(Self.describe(node)), a condition without platforms, configuration or traits that stops the manifest,")
            }
            return record(type, nil, ["platforms": value("platforms"), "config": value("configuration"), "traits": value("traits")])
        case "CSetting", "CXXSetting", "SwiftSetting", "LinkerSetting":
            return record(type, nil, ["name": .string(Self.settingName(name)), "value": try settingValue(type, name, values, node: node), "condition": value("condition")])
        case "Resource":
            return record(type, nil, ["rule": .string(name), "path": value("path"), "localization": value("localization")])
        case "Product":
            var fields: [String: MValue] = ["name": value("name"), "targets": value("targets"), "kind": .string(name)]
            if name == "library" { fields["type"] = value("type") }
            return .object(MObject(type: "Product", fields: fields, location: here))
        case "Package.Dependency":
            return .object(try makePackageDependency(values, node: node))
        case "Range", "Package.Dependency.Requirement":
            switch name {
            case "upToNextMajor", "upToNextMinor":
                guard case .record(let lower) = value("from"), let version = Self.version(from: lower) else { return unknown(node) }
                let upper = name == "upToNextMajor" ? Version(version.major + 1, 0, 0) : Version(version.major, version.minor + 1, 0)
                return .range(value("from"), Self.versionRecord(upper), closed: false)
            case "exact", "exactItem": return record("Package.Dependency.Requirement", "exact", ["_0": value("version")])
            case "branch", "branchItem": return record("Package.Dependency.Requirement", "branch", ["_0": value("name")])
            case "revision", "revisionItem": return record("Package.Dependency.Requirement", "revision", ["_0": value("name")])
            default: return value("range")
            }
        case "Package.Dependency.Trait":
            return record(type, nil, ["name": value("name"), "condition": value("condition")])
        case "Package.Dependency.Trait.Condition":
            if case .set(let traits) = value("traits"), traits.isEmpty { return MValue.null }
            return record(type, nil, ["traits": value("traits")])
        case "Trait":
            if name == "default" {
                return record(type, nil, ["name": .string("default"), "description": .string("The default traits of this package."), "enabledTraits": value("enabledTraits")])
            }
            return record(type, nil, ["name": value("name"), "description": value("description"), "enabledTraits": values["enabledTraits"] ?? .set([])])
        case "Platform":
            return record(type, nil, ["name": value("name")])
        case "SupportedPlatform":
            if name == "custom" {
                guard case .string(let version) = value("versionString") else { return unknown(node) }
                if let problem = Self.platformVersionProblem(version, platform: "custom", minimumMajor: 0) {
                    runtimeErrors.append(.rejectedBySwiftPM(problem, at: here))
                }
                return record(type, nil, ["platform": record("Platform", nil, ["name": value("name")]), "version": .string(version)])
            }
            let version: MValue
            switch value("version") {
            case .string(let text):
                if let problem = Self.platformVersionProblem(text, platform: name, minimumMajor: PackageDescriptionSignatures.minimumMajorVersions[name] ?? 0) {
                    runtimeErrors.append(.rejectedBySwiftPM(problem, at: here))
                }
                version = .string(text)
            case .record(let versionRecord): version = versionRecord["version"] ?? .null
            case .unknown(let refusal): return .unknown(refusal)
            default: return unknown(node)
            }
            return record(type, nil, ["platform": record("Platform", nil, ["name": .string(PackageDescriptionSignatures.platformNames[name] ?? name)]), "version": version])
        case "SystemPackageProvider":
            let kase = name.hasSuffix("Item") ? name : name + "Item"
            return record(type, kase, ["_0": value("packages")])
        case "SwiftLanguageMode":
            return record(type, "version", ["_0": value("version")])
        case "Target.PluginCapability":
            if name == "buildTool" { return record(type, "buildTool", [:]) }
            return record(type, "command", ["intent": value("intent"), "permissions": values["permissions"] ?? .array([])])
        case "PluginCommandIntent":
            if name == "custom" { return record(type, "custom", ["verb": value("verb"), "description": value("description")]) }
            return record(type, name, [:])
        case "PluginPermission":
            if name == "writeToPackageDirectory" { return record(type, name, ["reason": value("reason")]) }
            return record(type, name, ["scope": value("scope"), "reason": value("reason")])
        case "PluginNetworkPermissionScope":
            var ports = values["ports"] ?? .array([])
            if case .range = ports { ports = .array(try elements(of: ports, node: node)) }
            return record(type, name, ["ports": ports])
        case "Target.PluginUsage":
            return record(type, "plugin", ["name": value("name"), "package": value("package")])
        default:
            return nil
        }
    }

    /// `.enableUpcomingFeature` is stored as `enableUpcomingFeature`; `.swiftLanguageVersion`
    /// as `swiftLanguageMode`.
    static func settingName(_ factory: String) -> String {
        factory == "swiftLanguageVersion" ? "swiftLanguageMode" : factory
    }

    /// The `value` list a setting factory stores.
    private func settingValue(_ type: String, _ name: String, _ values: [String: MValue], node: Syntax) throws -> MValue {
        switch name {
        case "unsafeFlags": return values["flags"] ?? .array([])
        case "define" where type != "SwiftSetting":
            guard case .string(let defined) = values["name"] ?? .null else { return values["name"] ?? unknown(node) }
            if case .string(let assigned)? = values["to"] { return .array([.string(defined + "=" + assigned)]) }
            if case .unknown? = values["to"] { return values["to"]! }
            return .array([.string(defined)])
        case "strictMemorySafety": return .array([.string("ON")])
        case "treatAllWarnings": return .array([try rawText(values["as"], node: node)])
        case "treatWarning": return .array([values["name"] ?? .null, try rawText(values["as"], node: node)])
        case "interoperabilityMode": return .array([try rawText(values["mode"], node: node)])
        case "swiftLanguageMode", "swiftLanguageVersion":
            guard case .record(let mode)? = values["mode"], let text = Self.languageModeDescription(mode) else { return values["mode"] ?? unknown(node) }
            return .array([.string(text)])
        case "defaultIsolation":
            return .array([.string((values["isolation"] ?? .null).isNone ? "nonisolated" : "MainActor")])
        case "headerSearchPath": return .array([values["path"] ?? .null])
        default: return .array([values["name"] ?? .null])
        }
    }

    /// The raw value of a PackageDescription enum value, as a string value.
    private func rawText(_ value: MValue?, node: Syntax) throws -> MValue {
        guard case .record(let record)? = value, let kase = record.kase, let raw = PackageDescriptionSignatures.rawEnums[record.type]?[kase] else {
            return value.flatMap { $0.unknownRefusal.map(MValue.unknown) } ?? unknown(node)
        }
        return .string(raw)
    }

    /// A `Target` object from a factory's arguments.
    private func makeTarget(_ factory: String, _ values: [String: MValue], signature: Int, node: Syntax) throws -> MObject {
        let kind: String
        switch factory {
        case "target": kind = "regular"
        case "executableTarget": kind = "executable"
        case "testTarget": kind = "test"
        case "systemLibrary": kind = "system"
        case "binaryTarget": kind = "binary"
        case "plugin": kind = "plugin"
        default: kind = "macro"
        }
        // `packageAccess` defaults to true from tools version 5.9; system libraries and binary
        // targets never have it.
        let access: Bool = ["system", "binary"].contains(kind) ? false : toolsVersion >= ToolsVersion(5, 9)
        let fields: [String: MValue] = [
            "name": values["name"] ?? .null, "dependencies": values["dependencies"] ?? .array([]), "path": values["path"] ?? .null,
            "url": values["url"] ?? .null, "exclude": values["exclude"] ?? .array([]), "sources": values["sources"] ?? .null,
            "resources": values["resources"] ?? .null, "publicHeadersPath": values["publicHeadersPath"] ?? .null,
            "type": .record(MRecord(type: "Target.TargetType", kase: kind)), "packageAccess": values["packageAccess"] ?? .bool(access),
            "pkgConfig": values["pkgConfig"] ?? .null, "providers": values["providers"] ?? .null, "pluginCapability": values["capability"] ?? .null,
            "cSettings": values["cSettings"] ?? .null, "cxxSettings": values["cxxSettings"] ?? .null, "swiftSettings": values["swiftSettings"] ?? .null,
            "linkerSettings": values["linkerSettings"] ?? .null, "checksum": values["checksum"] ?? .null, "plugins": values["plugins"] ?? .null,
        ]
        return MObject(type: "Target", fields: fields, location: location(of: node))
    }

    /// A `Package.Dependency` object from `.package(…)`'s arguments.
    private func makePackageDependency(_ values: [String: MValue], node: Syntax) throws -> MObject {
        let here = location(of: node)
        let kind: MRecord
        if let path = values["path"] {
            kind = MRecord(type: "Package.Dependency.Kind", kase: "fileSystem", fields: ["name": values["name"] ?? .null, "path": path])
        } else if let id = values["id"] {
            if case .string(let identifier) = id, !Self.isValidRegistryIdentity(identifier) {
                runtimeErrors.append(.rejectedBySwiftPM("Invalid package identifier: '\(identifier)'", at: here))
            }
            kind = MRecord(type: "Package.Dependency.Kind", kase: "registry", fields: ["id": id, "requirement": try requirement(values, node: node)])
        } else {
            kind = MRecord(
                type: "Package.Dependency.Kind", kase: "sourceControl",
                fields: ["name": values["name"] ?? .null, "location": values["url"] ?? .null, "requirement": try requirement(values, node: node)])
        }
        return MObject(
            type: "Package.Dependency",
            fields: ["kind": .record(kind), "traits": values["traits"] ?? .set([.record(Self.defaultsTrait)]), "moduleAliases": .null],
            location: here)
    }

    /// `.defaults`: the dependency's default traits.
    static var defaultsTrait: MRecord { MRecord(type: "Package.Dependency.Trait", fields: ["name": .string("default"), "condition": MValue.null]) }

    /// The requirement of `.package(url:…)` or `.package(id:…)`, as a requirement record.
    private func requirement(_ values: [String: MValue], node: Syntax) throws -> MValue {
        let here = location(of: node)
        if let from = values["from"] {
            guard case .record(let lower) = from, let version = Self.version(from: lower) else { return from.unknownRefusal.map(MValue.unknown) ?? unknown(node) }
            let range = MValue.range(from, Self.versionRecord(Version(version.major + 1, 0, 0)), closed: false)
            return .record(MRecord(type: "Package.Dependency.Requirement", kase: "range", fields: ["_0": range], location: here))
        }
        if let exact = values["exact"] { return .record(MRecord(type: "Package.Dependency.Requirement", kase: "exact", fields: ["_0": exact], location: here)) }
        if let branch = values["branch"] { return .record(MRecord(type: "Package.Dependency.Requirement", kase: "branch", fields: ["_0": branch], location: here)) }
        if let revision = values["revision"] { return .record(MRecord(type: "Package.Dependency.Requirement", kase: "revision", fields: ["_0": revision], location: here)) }
        guard let given = values["range"] else { return unknown(node) }
        switch given {
        case .range(let lower, let upper, let closed):
            let lowerVersion = try coerce(lower, to: PackageDescriptionSignatures.version, at: node)
            var upperVersion = try coerce(upper, to: PackageDescriptionSignatures.version, at: node)
            if closed, case .record(let record) = upperVersion, let version = Self.version(from: record) {
                // PackageDescription turns `a...b` into `a..<c`, `c` one patch above `b`.
                upperVersion = Self.versionRecord(
                    Version(version.major, version.minor, version.patch + 1, prereleaseIdentifiers: version.prereleaseIdentifiers, buildMetadataIdentifiers: version.buildMetadataIdentifiers))
            }
            return .record(MRecord(type: "Package.Dependency.Requirement", kase: "range", fields: ["_0": .range(lowerVersion, upperVersion, closed: false)], location: here))
        case .record(let record) where record.type == "Package.Dependency.Requirement":
            if record.kase == "localPackageItem" { throw refusal(node, "\(Self.describe(node)), a local package requirement that stops the manifest,") }
            return given
        default:
            return given.unknownRefusal.map(MValue.unknown) ?? unknown(node)
        }
    }

    /// Whether a registry identity has PackageDescription's form `scope.name`.
    static func isValidRegistryIdentity(_ identity: String) -> Bool {
        let parts = identity.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let scope = parts[0]
        let name = parts[1]
        func alphanumeric(_ character: Character) -> Bool { character.isASCII && (character.isLetter || character.isNumber) }
        guard (1...39).contains(scope.count), let first = scope.first, alphanumeric(first),
            scope.allSatisfy({ alphanumeric($0) || $0 == "-" }), !scope.contains("--"), scope.last != "-"
        else { return false }
        guard (1...100).contains(name.count), let nameFirst = name.first, alphanumeric(nameFirst),
            name.allSatisfy({ alphanumeric($0) || $0 == "-" || $0 == "_" }), let last = name.last, alphanumeric(last)
        else { return false }
        let characters = Array(name)
        for index in characters.indices.dropLast() where (characters[index] == "-" || characters[index] == "_") && !alphanumeric(characters[index + 1]) {
            return false
        }
        return true
    }

    // MARK: - Initializers

    /// `Package(…)`, `Version(…)`, `Trait(…)` and the other initializers of PackageDescription.
    func packageDescriptionConstruct(_ type: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        if vocabulary == .projectDescription { return try projectDescriptionConstruct(type, arguments, node: node, scope: scope) }
        let labels = arguments.map(\.label)
        let here = location(of: node)
        switch type {
        case "Package":
            return .object(try makePackage(arguments, node: node, scope: scope))
        case "Version":
            if labels == [nil] || labels == ["stringLiteral"] {
                let given = try evaluate(arguments[0].expression, in: scope, hint: nil)
                guard case .string(let text) = given else {
                    if case .record(let record) = given, record.type == "Version" { return given }
                    return given.unknownRefusal.map(MValue.unknown) ?? unknown(node)
                }
                if labels == ["stringLiteral"] { return try coerce(.string(text), to: PackageDescriptionSignatures.version, at: node) }
                return Self.parseVersion(text).map(Self.versionRecord) ?? .null
            }
            let parameters = [
                PackageDescriptionSignatures.required(nil, "major", .named("Int")), PackageDescriptionSignatures.required(nil, "minor", .named("Int")),
                PackageDescriptionSignatures.required(nil, "patch", .named("Int")), PackageDescriptionSignatures.labelled("prereleaseIdentifiers", PackageDescriptionSignatures.strings),
                PackageDescriptionSignatures.labelled("buildMetadataIdentifiers", PackageDescriptionSignatures.strings),
            ]
            guard LibrarySignature(parameters: parameters).accepts(labels) else { return nil }
            var values: [String: MValue] = [:]
            var next = 0
            for parameter in parameters where next < arguments.count && arguments[next].label == parameter.label {
                values[parameter.name] = try evaluate(arguments[next].expression, in: scope, hint: parameter.type)
                next += 1
            }
            guard case .int(let major)? = values["major"], case .int(let minor)? = values["minor"], case .int(let patch)? = values["patch"],
                major >= 0, minor >= 0, patch >= 0
            else { return values.values.first { $0.unknownRefusal != nil } ?? unknown(node) }
            var record = MRecord(
                type: "Version",
                fields: [
                    "major": .int(major), "minor": .int(minor), "patch": .int(patch), "prereleaseIdentifiers": values["prereleaseIdentifiers"] ?? .array([]),
                    "buildMetadataIdentifiers": values["buildMetadataIdentifiers"] ?? .array([]),
                ])
            record.location = here
            return .record(record)
        case "Trait":
            guard let (values, _) = try bindLibrary("Trait", "trait", arguments, scope: scope) else {
                if labels == ["stringLiteral"] { return try coerce(try evaluate(arguments[0].expression, in: scope, hint: nil), to: .named("Trait"), at: node) }
                return nil
            }
            return .record(
                MRecord(type: "Trait", fields: ["name": values["name"] ?? .null, "description": values["description"] ?? .null, "enabledTraits": values["enabledTraits"] ?? .set([])], location: here))
        case "Package.Dependency.Trait":
            guard let (values, _) = try bindLibrary("Package.Dependency.Trait", "trait", arguments, scope: scope) else {
                if labels == ["stringLiteral"] { return try coerce(try evaluate(arguments[0].expression, in: scope, hint: nil), to: .named(type), at: node) }
                return nil
            }
            return .record(MRecord(type: type, fields: ["name": values["name"] ?? .null, "condition": values["condition"] ?? .null], location: here))
        case "LanguageTag":
            guard labels == ["rawValue"] || labels == ["stringLiteral"] || labels == [nil] else { return nil }
            return try coerce(try evaluate(arguments[0].expression, in: scope, hint: nil), to: .named("LanguageTag"), at: node)
        case "CLanguageStandard", "CXXLanguageStandard", "Target.TargetType", "Product.Library.LibraryType", "Resource.Localization", "WarningLevel", "SwiftSetting.InteroperabilityMode":
            guard labels == ["rawValue"], case .string(let raw) = try evaluate(arguments[0].expression, in: scope, hint: nil) else { return nil }
            guard let kase = PackageDescriptionSignatures.rawEnums[type]?.first(where: { $0.value == raw })?.key else { return .null }
            return .record(MRecord(type: type, kase: kase))
        default:
            return nil
        }
    }

    /// The labels of `Package(…)`, in PackageDescription's order.
    static let packageParameters: [LibraryParameter] = {
        typealias S = PackageDescriptionSignatures
        return [
            S.labelled("name", S.string, required: true), S.labelled("defaultLocalization", .optional(.named("LanguageTag"))),
            S.labelled("platforms", .optional(.array(.named("SupportedPlatform")))), S.labelled("pkgConfig", S.optionalString),
            S.labelled("providers", .optional(.array(.named("SystemPackageProvider")))), S.labelled("products", .array(.named("Product"))),
            S.labelled("traits", .set(.named("Trait"))), S.labelled("dependencies", .array(.named("Package.Dependency"))),
            S.labelled("targets", .array(.named("Target"))), S.labelled("swiftLanguageVersions", .optional(.array(.named("SwiftLanguageMode")))),
            S.labelled("swiftLanguageModes", .optional(.array(.named("SwiftLanguageMode")))),
            S.labelled("cLanguageStandard", .optional(.named("CLanguageStandard"))), S.labelled("cxxLanguageStandard", .optional(.named("CXXLanguageStandard"))),
        ]
    }()

    /// `Package(…)`: a package object, registered as the one PackageDescription dumps if it is
    /// the last created.
    private func makePackage(_ arguments: [Argument], node: Syntax, scope: Scope) throws -> MObject {
        let parameters = Self.packageParameters
        let labels = Set(parameters.compactMap(\.label))
        for argument in arguments where argument.label.map({ !labels.contains($0) }) ?? true {
            throw ManifestError.unknownPackageArgument(argument.label ?? "_", at: location(of: argument.expression))
        }
        guard arguments.contains(where: { $0.label == "name" }) else {
            throw ManifestError.packageWithoutName(at: location(of: node))
        }
        var values: [String: MValue] = [:]
        for argument in arguments {
            let parameter = parameters.first { $0.label == argument.label }!
            var type = parameter.type
            // Tools version 4.0 took the language versions as integers.
            if parameter.name == "swiftLanguageVersions", toolsVersion < ToolsVersion(4, 2) { type = nil }
            values[parameter.name] = try coerce(try evaluate(argument.expression, in: scope, hint: type), to: type, at: Syntax(argument.expression))
        }
        var modes = values["swiftLanguageModes"] ?? values["swiftLanguageVersions"] ?? .null
        if case .array(let list) = modes {
            modes = .array(
                list.map { mode in
                    if case .int(let number) = mode { return .record(MRecord(type: "SwiftLanguageMode", kase: "version", fields: ["_0": .string(String(number))])) }
                    return mode
                })
        }
        let package = MObject(
            type: "Package",
            fields: [
                "name": values["name"] ?? .null, "defaultLocalization": values["defaultLocalization"] ?? .null, "platforms": values["platforms"] ?? .null,
                "pkgConfig": values["pkgConfig"] ?? .null, "providers": values["providers"] ?? .null, "products": values["products"] ?? .array([]),
                "traits": values["traits"] ?? .set([]), "dependencies": values["dependencies"] ?? .array([]), "targets": values["targets"] ?? .array([]),
                "swiftLanguageModes": modes, "cLanguageStandard": values["cLanguageStandard"] ?? .null, "cxxLanguageStandard": values["cxxLanguageStandard"] ?? .null,
            ],
            location: location(of: node))
        packages.append(package)
        return package
    }

    // MARK: - Static members

    /// PackageDescription's static properties and cases (`Platform.linux`, `.v13`, `.debug`,
    /// `Context.environment`); nil for other names.
    func packageDescriptionStaticMember(_ type: String, _ name: String, node: Syntax, hint: MType?) throws -> MValue? {
        if vocabulary == .projectDescription { return projectDescriptionStaticMember(type, name, node: node) }
        if let raw = PackageDescriptionSignatures.rawEnums[type], raw[name] != nil {
            return .record(MRecord(type: type, kase: name))
        }
        if PackageDescriptionSignatures.plainCases[type]?.contains(name) == true {
            if type == "PluginNetworkPermissionScope", name == "local" || name == "all" {
                return .record(MRecord(type: type, kase: name, fields: ["ports": .array([])]))
            }
            return .record(MRecord(type: type, kase: name))
        }
        switch type {
        case "Platform":
            guard let platform = PackageDescriptionSignatures.platformNames[name] else { break }
            return .record(MRecord(type: "Platform", fields: ["name": .string(platform)]))
        case "BuildConfiguration":
            guard name == "debug" || name == "release" else { break }
            return .record(MRecord(type: "BuildConfiguration", fields: ["config": .string(name)]))
        case "Package.Dependency.Trait":
            if name == "defaults" { return .record(Self.defaultsTrait) }
        case "Context":
            switch name {
            case "packageDirectory": return .string(host.packageDirectory)
            case "environment": return environmentValue
            case "gitInformation":
                // SwiftPM asks git only inside a repository; elsewhere the information is nil.
                var directory = host.packageDirectory
                while true {
                    if host.fileExists(PathUtilities.join(directory, ".git")) { return unknown(node, "which only git can tell") }
                    let parent = PackageIdentity.directory(ofManifest: directory)
                    if parent == directory || directory == "/" { return .null }
                    directory = parent
                }
            default: break
            }
        case "MainActor":
            if name == "self" { return .type(.named("MainActor")) }
        default:
            if let platform = PackageDescriptionSignatures.supportedPlatformVersionTypes.first(where: { $0.value == type })?.key,
                let version = Self.platformVersion(name)
            {
                _ = platform
                return .record(MRecord(type: type, fields: ["version": .string(version)]))
            }
        }
        return nil
    }

    /// `.v10_15` → `10.15`, `.v13` → `13.0`; nil for other names.
    static func platformVersion(_ name: String) -> String? {
        guard name.hasPrefix("v") else { return nil }
        let parts = name.dropFirst().split(separator: "_", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        // `v10_16` was renamed `v11`, whose version it gives.
        if parts == ["10", "16"] { return "11.0" }
        return parts.count == 1 ? "\(parts[0]).0" : parts.joined(separator: ".")
    }

    /// What PackageDescription says of a platform version string it rejects, nil when it
    /// accepts it (`AppleOSVersion.validateVersion`).
    static func platformVersionProblem(_ version: String, platform: String, minimumMajor: UInt) -> String? {
        let components = version.split(separator: ".", omittingEmptySubsequences: false)
        let name = platform
        for (index, component) in components.enumerated() {
            if component.isEmpty { return "invalid \(name) version \(version); found an empty component" }
            if index < 2, UInt(component) == nil { return "invalid \(name) version \(version); \(component) should be a positive integer" }
        }
        if (UInt(components[0]) ?? 0) < minimumMajor { return "invalid \(name) version \(version); the minimum major version should be \(minimumMajor)" }
        return nil
    }

    // MARK: - Properties of objects and values

    /// Properties of PackageDescription's objects and values; nil for others.
    func packageDescriptionInstanceMember(_ value: MValue, _ name: String, node: Syntax) throws -> MValue? {
        switch value {
        case .object(let object):
            switch (object.type, name) {
            case ("Target", "isTest"):
                if case .record(let type)? = object.fields["type"] { return .bool(type.kase == "test") }
            case ("Package", "swiftLanguageVersions"): return object.fields["swiftLanguageModes"]
            case ("Package.Dependency", "name"), ("Package.Dependency", "url"), ("Package.Dependency", "requirement"):
                guard case .record(let kind)? = object.fields["kind"] else { return nil }
                switch name {
                case "name": return kind.kase == "registry" ? MValue.null : kind["name"]
                case "url": return kind["path"] ?? kind["location"] ?? .null
                default: return kind["requirement"] ?? .record(MRecord(type: "Package.Dependency.Requirement", kase: "localPackageItem"))
                }
            case ("Package.Dependency", "moduleAliases"): return object.fields["moduleAliases"]
            default: break
            }
            if types[object.type] == nil, let field = object.fields[name], !["kind"].contains(name) || object.type == "Package.Dependency" {
                if object.type == "Product", name == "kind" { return nil }
                return field
            }
        case .record(let record):
            if let raw = PackageDescriptionSignatures.rawEnums[record.type], let kase = record.kase, name == "rawValue" || name == "description" {
                return raw[kase].map(MValue.string)
            }
            switch (record.type, name) {
            case ("Version", "major"), ("Version", "minor"), ("Version", "patch"), ("Version", "prereleaseIdentifiers"), ("Version", "buildMetadataIdentifiers"):
                return record[name]
            case ("Version", "description"): return Self.versionDescription(record).map(MValue.string)
            case ("Trait", "name"), ("Trait", "description"), ("Trait", "enabledTraits"), ("Package.Dependency.Trait", "name"), ("Package.Dependency.Trait", "condition"):
                return record[name] ?? MValue.null
            case ("LanguageTag", "rawValue"), ("LanguageTag", "description"), ("LanguageTag", "tag"): return record["tag"]
            case ("SwiftLanguageMode", "description"): return Self.languageModeDescription(record).map(MValue.string)
            default: break
            }
        default: break
        }
        return nil
    }

    /// Methods of PackageDescription's values (none a manifest calls today); nil.
    func packageDescriptionMethod(_ receiver: MValue, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope, hint: MType?) throws -> MValue? {
        nil
    }

    // MARK: - Converting values to the types expected

    /// A literal read as the type its position expects (`"1.0.0"` as a `Version`, `"A"` as a
    /// target dependency).
    func coerceLiteral(_ value: MValue, to type: MType?, at node: Syntax) throws -> MValue {
        try coerce(value, to: type, at: node)
    }

    /// `value` as `type`: strings become the PackageDescription values their literals stand
    /// for, a list becomes a set, an integer a `Double`; a value Swift could never convert (a
    /// string where a product is expected) is a manifest SwiftPM rejects.
    func coerce(_ value: MValue, to type: MType?, at node: Syntax) throws -> MValue {
        guard let type else { return value }
        switch (type, value) {
        case (_, .unknown), (.unknown, _): return value
        case (.optional(let wrapped), _):
            return value.isNone ? value : try coerce(value, to: wrapped, at: node)
        case (.array(let element), .array(let items)):
            guard Self.needsCoercion(element) else { return value }
            return .array(try items.map { try coerce($0, to: element, at: node) })
        case (.array(let element), .set(let items)):
            return .array(try items.map { try coerce($0, to: element, at: node) })
        case (.set(let element), .array(let items)), (.set(let element), .set(let items)):
            return .set(unique(try items.map { try coerce($0, to: element, at: node) }))
        case (.dictionary(let keyType, let valueType), .dictionary(let pairs)):
            guard Self.needsCoercion(keyType) || Self.needsCoercion(valueType) else { return value }
            return .dictionary(try pairs.map { (try coerce($0.key, to: keyType, at: node), try coerce($0.value, to: valueType, at: node)) })
        case (.generic(let name, let arguments), .range(let lower, let upper, let closed)) where (name == "Range" || name == "ClosedRange") && arguments.count == 1:
            return .range(try coerce(lower, to: arguments[0], at: node), try coerce(upper, to: arguments[0], at: node), closed: closed)
        case (.named, _) where vocabulary == .projectDescription:
            return value
        case (.named(let name), .string(let text)):
            switch name {
            case "Version":
                if let version = Self.parseVersion(text) { return Self.versionRecord(version) }
                runtimeErrors.append(.invalidVersion(text, at: location(of: node)))
                return Self.versionRecord(Version(0, 0, 0))
            case "Target.Dependency":
                return .record(MRecord(type: name, kase: "byNameItem", fields: ["name": value, "condition": .null], location: location(of: node)))
            case "Trait":
                return .record(MRecord(type: name, fields: ["name": value, "description": .null, "enabledTraits": .set([])], location: location(of: node)))
            case "Package.Dependency.Trait":
                return .record(MRecord(type: name, fields: ["name": value, "condition": .null], location: location(of: node)))
            case "LanguageTag":
                return .record(MRecord(type: name, fields: ["tag": value]))
            case "Target.PluginUsage":
                return .record(MRecord(type: name, kase: "plugin", fields: ["name": value, "package": .null], location: location(of: node)))
            case "Product", "Target", "Package.Dependency", "SupportedPlatform", "CSetting", "CXXSetting", "SwiftSetting", "LinkerSetting", "Resource", "Platform":
                throw ManifestError.typeMismatch(found: "the string '\(text)'", expected: Self.exampleOf(name), at: location(of: node))
            default: return value
            }
        case (.named(let name), .int(let number)) where name == "Double":
            return .double(Double(number))
        case (.named(let name), .int), (.named(let name), .bool), (.named(let name), .array), (.named(let name), .double):
            if ["Product", "Target", "Package.Dependency", "Target.Dependency", "SupportedPlatform"].contains(name) {
                throw ManifestError.typeMismatch(found: Self.describe(node), expected: Self.exampleOf(name), at: location(of: node))
            }
            return value
        default:
            return value
        }
    }

    /// Whether values of `type` may need converting (literals of PackageDescription's types).
    static func needsCoercion(_ type: MType) -> Bool {
        switch type {
        case .named(let name):
            return ["Version", "Target.Dependency", "Trait", "Package.Dependency.Trait", "LanguageTag", "Target.PluginUsage", "Double", "Product", "Target", "Package.Dependency"].contains(name)
        case .optional(let wrapped), .array(let wrapped), .set(let wrapped): return needsCoercion(wrapped)
        case .dictionary(let key, let value): return needsCoercion(key) || needsCoercion(value)
        case .generic: return true
        default: return false
        }
    }

    /// How to write a value of a PackageDescription type, for messages.
    static func exampleOf(_ type: String) -> String {
        switch type {
        case "Product": return "a product such as '.library(name:targets:)'"
        case "Target": return "a target such as '.target(name:)'"
        case "Package.Dependency": return "a package dependency such as '.package(url:from:)'"
        case "Target.Dependency": return "a target dependency such as '\"Name\"' or '.product(name:package:)'"
        case "SupportedPlatform": return "a platform such as '.macOS(.v13)'"
        case "Platform": return "a platform such as '.linux'"
        case "Resource": return "a resource such as '.process(\"Resources\")'"
        default: return "a '\(type)'"
        }
    }

    // MARK: - Versions

    /// A version string as PackageDescription's `Version(_:)` reads it; nil when invalid.
    static func parseVersion(_ text: String) -> Version? {
        guard text.allSatisfy(\.isASCII) else { return nil }
        let metadataIndex = text.firstIndex(of: "+")
        let prereleaseIndex = text[..<(metadataIndex ?? text.endIndex)].firstIndex(of: "-")
        let core = text[..<(prereleaseIndex ?? metadataIndex ?? text.endIndex)]
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2]) else { return nil }
        func identifiers(_ text: Substring) -> [String]? {
            let list = text.split(separator: ".", omittingEmptySubsequences: false)
            guard list.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else { return nil }
            return list.map(String.init)
        }
        var prerelease: [String] = []
        var build: [String] = []
        if let prereleaseIndex {
            guard let list = identifiers(text[text.index(after: prereleaseIndex)..<(metadataIndex ?? text.endIndex)]) else { return nil }
            prerelease = list
        }
        if let metadataIndex {
            guard let list = identifiers(text[text.index(after: metadataIndex)...]) else { return nil }
            build = list
        }
        return Version(major, minor, patch, prereleaseIdentifiers: prerelease, buildMetadataIdentifiers: build)
    }

    static func versionRecord(_ version: Version) -> MValue {
        .record(
            MRecord(
                type: "Version",
                fields: [
                    "major": .int(version.major), "minor": .int(version.minor), "patch": .int(version.patch),
                    "prereleaseIdentifiers": .array(version.prereleaseIdentifiers.map(MValue.string)),
                    "buildMetadataIdentifiers": .array(version.buildMetadataIdentifiers.map(MValue.string)),
                ]))
    }

    static func version(from record: MRecord) -> Version? {
        guard record.type == "Version", case .int(let major)? = record["major"], case .int(let minor)? = record["minor"], case .int(let patch)? = record["patch"] else { return nil }
        func strings(_ key: String) -> [String] {
            guard case .array(let list)? = record[key] else { return [] }
            return list.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
        }
        return Version(major, minor, patch, prereleaseIdentifiers: strings("prereleaseIdentifiers"), buildMetadataIdentifiers: strings("buildMetadataIdentifiers"))
    }

    static func versionDescription(_ record: MRecord) -> String? {
        version(from: record).map(\.description)
    }

    /// `"5"`, `"4.2"`, `"6"`, or the string of `.version(…)`.
    static func languageModeDescription(_ record: MRecord) -> String? {
        switch record.kase {
        case "v3": return "3"
        case "v4": return "4"
        case "v4_2": return "4.2"
        case "v5": return "5"
        case "v6": return "6"
        case "version": if case .string(let text)? = record["_0"] { return text }
        default: break
        }
        return nil
    }
}

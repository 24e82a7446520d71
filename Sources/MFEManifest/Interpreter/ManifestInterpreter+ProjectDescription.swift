import MFECore
import SwiftSyntax

/// Tuist's ProjectDescription, as far as the graph needs it: every value of its types is a
/// record of the arguments it was made with (`Target(name:product:dependencies:)`,
/// `.project(target:path:)`), located where it was written, so the reader of `Project.swift`
/// finds targets, products, sources and dependencies in them. Arguments the graph never reads
/// (settings, schemes, plists) are kept as whatever they evaluate to, a refusal included: they
/// are refused only if something reads them.
extension ManifestInterpreter {
    /// The library a manifest is written against.
    enum Vocabulary {
        case packageDescription, projectDescription
    }

    /// ProjectDescription's types (their nested types are too: `Plist.Value`).
    static let projectDescriptionTypes: Set<String> = [
        "Project", "Target", "TargetDependency", "Workspace", "Path", "Product", "Destinations", "Destination", "Platform", "DeploymentTargets", "DeploymentTarget",
        "InfoPlist", "Plist", "SourceFilesList", "SourceFileGlob", "ResourceFileElements", "ResourceFileElement", "Settings", "SettingsDictionary", "SettingValue",
        "Configuration", "ConfigurationName", "Scheme", "BuildAction", "TestAction", "RunAction", "ArchiveAction", "ProfileAction", "AnalyzeAction", "TestableTarget",
        "TargetReference", "Package", "Headers", "CoreDataModel", "TargetScript", "Entitlements", "FileElement", "FileList", "ResourceSynthesizer", "Arguments",
        "EnvironmentVariable", "Template", "Config", "Tuist", "Environment", "Plugin", "PackageSettings", "Version", "Cloud", "BuildRule", "CopyFilesAction",
        "LaunchArgument", "PlatformCondition", "PlatformFilter", "SDKStatus", "LinkingStatus", "ExecutionAction", "TargetMetadata", "BuildableFolder",
        "SwiftPackageManagerDependencies", "Dependencies", "CarthageDependencies", "ProductType", "Requirement", "SDKType", "PackageType", "Options", "TestingOptions",
        "SchemeDiagnosticsOptions", "TestPlan", "Metadata", "RunActionOptions", "ScreenCaptureFormat", "BuildRule", "MergedBinaryType", "PackagePlatform",
        "ProjectOption", "AutogenerationOptions", "ConfigGenerationOptions", "Compatibility", "CompatibleXcodeVersions", "SwiftVersion", "TuistConfig",
    ]

    /// The names of ProjectDescription's nested types (`Plist.Value`, `Package.Requirement`).
    static let projectDescriptionNestedTypes: Set<String> = [
        "Value", "Requirement", "PackageType", "SDKType", "SDKStatus", "Attribute", "Options", "AutomaticSchemesOptions", "TestingOptions", "Item", "Condition", "Kind",
    ]

    /// The type each argument label of ProjectDescription is read as, whichever function
    /// takes it, so implicit members (`.target(name:)` in `dependencies:`) find their type.
    static let projectDescriptionArgumentTypes: [String: MType] = [
        "dependencies": .array(.named("TargetDependency")), "targets": .array(.named("Target")), "product": .named("Product"),
        "destinations": .named("Destinations"), "platform": .named("Platform"), "path": .named("Path"), "projects": .array(.named("Path")),
        "packages": .array(.named("Package")), "condition": .optional(.named("PlatformCondition")), "sources": .optional(.named("SourceFilesList")),
        "resources": .optional(.named("ResourceFileElements")), "infoPlist": .optional(.named("InfoPlist")), "settings": .optional(.named("Settings")),
        "deploymentTargets": .optional(.named("DeploymentTargets")), "deploymentTarget": .optional(.named("DeploymentTarget")), "schemes": .array(.named("Scheme")),
        "scripts": .array(.named("TargetScript")), "requirement": .named("Requirement"), "entitlements": .optional(.named("Entitlements")),
        "headers": .optional(.named("Headers")), "configurations": .array(.named("Configuration")), "base": .named("SettingsDictionary"),
    ]

    static let string = MType.named("String")

    /// Whether `name` is a type of the library the code is written against.
    func isLibraryType(_ name: String) -> Bool {
        switch vocabulary {
        case .packageDescription: return Self.packageDescriptionTypes.contains(name)
        case .projectDescription: return isProjectDescriptionType(name)
        }
    }

    /// Whether `name` is one of ProjectDescription's types or nested in one.
    func isProjectDescriptionType(_ name: String) -> Bool {
        let parts = name.split(separator: ".").map(String.init)
        guard let outer = parts.first, Self.projectDescriptionTypes.contains(outer) else { return false }
        // Only ProjectDescription's own nested types: in `extension Project`, `Module` or
        // `TargetDependency` mean the helper's or the top-level type, not `Project.Module`.
        return parts.count == 1 || Self.projectDescriptionNestedTypes.contains(parts[parts.count - 1])
    }

    /// The library's types with a static member `name`: none is needed for ProjectDescription,
    /// whose implicit members are read as records of the expected type.
    func libraryStaticOwners(of name: String) -> [String] {
        vocabulary == .packageDescription ? Self.packageDescriptionStaticOwners[name] ?? [] : []
    }

    /// Whether the library's `type.name` takes arguments labelled `labels`.
    func libraryAccepts(_ type: String, _ name: String, _ labels: [String?]) -> Bool {
        vocabulary == .packageDescription ? Self.packageDescriptionAccepts(type, name, labels) : false
    }

    /// `Type.name(…)` of ProjectDescription: the record of its arguments; a struct's factory
    /// (`Target.target(…)`, `Project.project(…)`) makes the struct itself.
    func projectDescriptionStaticCall(_ type: String, _ name: String, _ arguments: [Argument], node: Syntax, scope: Scope) throws -> MValue? {
        guard isProjectDescriptionType(type) else { return nil }
        // `Project(…)` inside `extension Project` reaches here as a member of it.
        if name.first?.isUppercase == true {
            // A helper's own type named inside `extension Target` (`TargetSpec(…)`) is no
            // member of ProjectDescription: the lookup goes on to the helpers' types.
            guard isProjectDescriptionType(name) || isProjectDescriptionType("\(type).\(name)") else { return nil }
            return try projectDescriptionRecord(isProjectDescriptionType(name) ? name : "\(type).\(name)", nil, arguments, node: node, scope: scope)
        }
        let isFactory = ["Target", "Project", "Workspace", "Scheme"].contains(type) && name == type.prefix(1).lowercased() + type.dropFirst()
        return try projectDescriptionRecord(type, isFactory ? nil : name, arguments, node: node, scope: scope)
    }

    /// `Type(…)` of ProjectDescription.
    func projectDescriptionConstruct(_ type: String, _ arguments: [Argument], node: Syntax, scope: Scope) throws -> MValue? {
        guard isProjectDescriptionType(type) else { return nil }
        return try projectDescriptionRecord(type, nil, arguments, node: node, scope: scope)
    }

    /// `Type.name` of ProjectDescription: a case (`.app`, `.iOS`).
    func projectDescriptionStaticMember(_ type: String, _ name: String, node: Syntax) -> MValue? {
        guard isProjectDescriptionType(type) else { return nil }
        // An uppercase member is a nested type, never a case (`Target` in `extension Project`
        // is the top-level type).
        if name.first?.isUppercase == true { return isProjectDescriptionType("\(type).\(name)") ? .type(.named("\(type).\(name)")) : nil }
        return .record(MRecord(type: type, kase: name, location: manifestLocation(of: node)))
    }

    /// Whether `value`, found for `name` among the members of an extended ProjectDescription
    /// type, is only the case the reader makes up for a member it does not know: a helper's
    /// global of that name is what Swift finds (ProjectDescription declares no such member).
    func isMadeUpProjectDescriptionMember(_ value: MValue, _ name: String) -> Bool {
        guard vocabulary == .projectDescription, case .record(let record) = value, record.kase == name, record.fields.isEmpty else { return false }
        return isProjectDescriptionType(record.type) && types[record.type]?.cases[name] == nil && types[record.type]?.staticProperties[name] == nil
    }

    /// The record of a ProjectDescription value made with `arguments` (labelled, else `_0`,
    /// `_1`…); an argument that cannot be evaluated is kept as its refusal.
    func projectDescriptionRecord(_ type: String, _ kase: String?, _ arguments: [Argument], node: Syntax, scope: Scope) throws -> MValue {
        var fields: [String: MValue] = [:]
        for (index, argument) in arguments.enumerated() {
            let key = argument.label ?? "_\(index)"
            // `.package(product: "X")` names a product of a package, not a `Product`.
            let hint = kase != nil && key == "product" ? Self.string : Self.projectDescriptionArgumentTypes[key]
            do {
                let value = try evaluate(argument.expression, in: scope, hint: hint)
                fields[key] = value
            } catch let refusal as ManifestRefusal {
                fields[key] = .unknown(refusal)
            }
        }
        return .record(MRecord(type: type, kase: kase, fields: fields, location: manifestLocation(of: node)))
    }

    /// Where `node` is, or, when a helper's code makes it, the manifest's call that ran that
    /// code (`.feature("Search")` rather than the helper's `.project(…)` line), so findings
    /// point at the `Project.swift` line a team edits.
    func manifestLocation(of node: some SyntaxProtocol) -> MFECore.SourceLocation {
        let written = location(of: node)
        guard written.file != file else { return written }
        for site in callSites.reversed() {
            let candidate = location(of: site)
            if candidate.file == file { return candidate }
        }
        return written
    }

    /// `Environment.appName.getString(default: "App")`: Tuist reads `TUIST_APP_NAME` from
    /// the environment, else the default; nil for any other call.
    func tuistEnvironmentValue(_ receiver: MValue, _ name: String, _ arguments: [Argument], scope: Scope) throws -> MValue? {
        guard case .record(let record) = receiver, record.type == "Environment", let member = record.kase, record.fields.isEmpty,
            ["getString", "getBoolean"].contains(name), arguments.count == 1, arguments[0].label == "default"
        else { return nil }
        let fallback = try evaluate(arguments[0].expression, in: scope, hint: name == "getString" ? Self.string : .named("Bool"))
        var key = ""
        for character in member {
            if character.isUppercase, let last = key.last, last.isLowercase || last.isNumber { key.append("_") }
            key.append(character)
        }
        guard let text = host.environment["TUIST_" + key.uppercased()] else { return fallback }
        if name == "getString" { return .string(text) }
        if ["1", "true", "TRUE", "yes", "YES"].contains(text) { return .bool(true) }
        if ["0", "false", "FALSE", "no", "NO"].contains(text) { return .bool(false) }
        return fallback
    }

    // MARK: - Running a Tuist manifest with its helpers

    /// A source file to run: its path, the tree parsed from it and its converter.
    struct SourceFile {
        var path: String
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
    }

    /// Runs `helpers` (declarations, visible to the manifest as `ProjectDescriptionHelpers`
    /// is; already folded, as `TuistManifestReader.parseHelpers` gives them) and then the
    /// manifest's top-level code; returns its top-level values by name.
    func runProjectDescription(helpers: [SourceFile], manifest tree: SourceFileSyntax) throws -> [String: MValue] {
        vocabulary = .projectDescription
        var helperStatements: [[CodeBlockItemSyntax.Item]] = []
        for helper in helpers {
            // The helpers' operators are the manifest's too.
            operators.addSourceFile(helper.tree) { _ in }
            otherFiles[Syntax(helper.tree).id] = (helper.path, helper.converter)
            let statements = try flatten(helper.tree.statements)
            try register(statements, in: globals, context: nil)
            helperStatements.append(statements)
        }
        for (helper, statements) in zip(helpers, helperStatements) {
            // `private let path = …` in several files: each file sees its own.
            let fileScope = Scope(parent: globals, receiver: nil, context: nil)
            for item in statements {
                guard case .decl(let declaration) = item, let variable = declaration.as(VariableDeclSyntax.self) else { continue }
                let isFilePrivate = variable.modifiers.contains { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) }
                _ = try? execute(item, in: isFilePrivate ? fileScope : globals)
            }
            if !fileScope.variables.isEmpty { filePrivates[Syntax(helper.tree).id] = fileScope.variables }
        }
        let folded = fold(tree)
        let statements = try flatten(folded.statements)
        try register(statements, in: globals, context: nil)
        for item in statements {
            switch try execute(item, in: globals) {
            case .normal: continue
            case .returned, .broke, .continued: break
            }
        }
        var values: [String: MValue] = [:]
        for (name, variable) in globals.variables {
            if let value = variable.value { values[name] = value }
        }
        return values
    }
}

import Foundation
import MFECore

/// Between `PackageManifest` and the dump-package model: what SwiftPM's `ManifestLoader` makes
/// of a manifest (absolute dependency paths, package identities, normalised requirements) and
/// back (relative paths, declarations located in the source).
extension DumpPackageJSON {
    /// The dump-package model of `manifest`, whose relative folder and `~/` paths start from
    /// `origin`.
    package static func model(of manifest: PackageManifest, origin: PathOrigin) -> Manifest {
        let directory = origin.absolute(manifest.packageDirectory)
        let details = manifest.details
        let version = manifest.toolsVersion
        return Manifest(
            name: manifest.name,
            toolsVersion: ToolsVersionValue(version: "\(version.major).\(version.minor).\(version.patch)"),
            defaultLocalization: details.defaultLocalization,
            pkgConfig: details.pkgConfig,
            providers: details.providers.map { $0.map { Provider(manager: $0.manager, packages: $0.packages) } },
            cLanguageStandard: details.cLanguageStandard,
            cxxLanguageStandard: details.cxxLanguageStandard,
            swiftLanguageVersions: details.swiftLanguageVersions,
            dependencies: manifest.dependencies.map { dependency(of: $0, in: directory, origin: origin) },
            products: manifest.products.map(product),
            targets: manifest.targets.map(target),
            traits: manifest.traits.map { Trait(name: $0.name, description: $0.description, enabledTraits: $0.enabledTraits) },
            platforms: manifest.platforms.map { Platform(platformName: $0.name, version: $0.version, options: $0.options) },
            packageKind: PackageKind(kind: "root", location: directory)
        )
    }

    static func dependency(of dependency: PackageDependency, in directory: String, origin: PathOrigin) -> Dependency {
        let traits = dependency.traits.map { DependencyTrait(name: $0.name, condition: $0.condition) }
        switch dependency.kind {
        case .fileSystem(let path):
            return Dependency(
                kind: "fileSystem", identity: dependency.identity, nameForTargetDependencyResolutionOnly: dependency.explicitName,
                path: PackageIdentity.resolvedLocation(path, relativeTo: directory, origin: origin) ?? PathUtilities.absolute(path, relativeTo: directory), traits: traits)
        case .sourceControl(let url, let requirement):
            let location: Location
            if let path = PackageIdentity.resolvedLocation(url, relativeTo: directory, origin: origin) {
                location = Location(isRemote: false, value: path)
            } else {
                location = Location(isRemote: true, value: url)
            }
            return Dependency(
                kind: "sourceControl", identity: dependency.identity, nameForTargetDependencyResolutionOnly: dependency.explicitName, location: location,
                requirement: self.requirement(requirement), traits: traits)
        case .registry(let id, let requirement):
            return Dependency(kind: "registry", identity: id, requirement: self.requirement(requirement), traits: traits)
        }
    }

    /// Whether SwiftPM keeps `url` as a remote location (a URL or an scp-style address) rather
    /// than a local path.
    package static func isRemote(_ url: String) -> Bool {
        PackageIdentity.resolvedLocation(url, relativeTo: "/", origin: .root) == nil
    }

    static func requirement(_ requirement: MFEManifest.Requirement) -> Requirement {
        switch requirement {
        case .range(let lower, let upper): return Requirement(kind: "range", values: ["\(lower)", "\(upper)"])
        case .exact(let version): return Requirement(kind: "exact", values: ["\(version)"])
        case .branch(let name): return Requirement(kind: "branch", values: [name])
        case .revision(let name): return Requirement(kind: "revision", values: [name])
        }
    }

    static func product(_ product: MFEManifest.Product) -> Product {
        switch product.kind {
        case .library: return Product(name: product.name, targets: product.targets, type: "library", libraryType: "automatic")
        case .staticLibrary: return Product(name: product.name, targets: product.targets, type: "library", libraryType: "static")
        case .dynamicLibrary: return Product(name: product.name, targets: product.targets, type: "library", libraryType: "dynamic")
        case .executable, .plugin, .snippet, .macro: return Product(name: product.name, targets: product.targets, type: product.kind.rawValue)
        }
    }

    static func target(_ target: MFEManifest.Target) -> Target {
        var result = Target(name: target.name, type: target.kind.rawValue)
        let details = target.details
        result.packageAccess = details.packageAccess
        result.path = target.path
        result.url = details.url
        result.sources = target.sources
        result.resources = details.resources.map { Resource(path: $0.path, rule: $0.rule, localization: $0.localization) }
        result.exclude = target.exclude
        result.dependencies = target.dependencies.map(targetDependency)
        result.publicHeadersPath = details.publicHeadersPath
        result.pkgConfig = details.pkgConfig
        result.providers = details.providers.map { $0.map { Provider(manager: $0.manager, packages: $0.packages) } }
        result.pluginCapability = details.pluginCapability.map(capabilityValue)
        result.settings = details.settings.map(setting)
        result.checksum = details.checksum
        result.pluginUsages = details.pluginUsages.map { $0.map { PluginUsageValue(name: $0.name, package: $0.package) } }
        return result
    }

    static func targetDependency(_ dependency: MFEManifest.TargetDependency) -> DumpPackageJSON.TargetDependency {
        var condition: Condition?
        if let written = dependency.condition {
            condition = Condition(platformNames: written.platforms, traits: written.traits)
        } else if dependency.platforms != nil || dependency.traits != nil {
            condition = Condition(platformNames: dependency.platforms ?? [], traits: dependency.traits)
        }
        switch dependency.kind {
        case .byName(let name): return .init(kind: "byName", name: name, condition: condition)
        case .target(let name): return .init(kind: "target", name: name, condition: condition)
        case .product(let name, let package): return .init(kind: "product", name: name, package: package, moduleAliases: dependency.moduleAliases, condition: condition)
        }
    }

    static func setting(_ setting: BuildSetting) -> Setting {
        let condition = setting.condition.map { Condition(platformNames: $0.platforms, config: $0.configuration, traits: $0.traits) }
        let values: [Value]
        switch setting.kind {
        case "unsafeFlags": values = [.array(setting.values.map(Value.string))]
        case "strictMemorySafety": values = []
        default: values = setting.values.map(Value.string)
        }
        return Setting(tool: setting.tool, kind: setting.kind, values: values, condition: condition)
    }

    static func capabilityValue(_ capability: PluginCapability) -> Value {
        switch capability {
        case .buildTool: return .object(["buildTool": .null])
        case .command(let intent, let permissions):
            let intentValue: Value
            switch intent {
            case .documentationGeneration: intentValue = .object(["documentationGeneration": .object([:])])
            case .sourceCodeFormatting: intentValue = .object(["sourceCodeFormatting": .object([:])])
            case .custom(let verb, let description): intentValue = .object(["custom": .object(["verb": .string(verb), "description": .string(description)])])
            }
            let permissionValues: [Value] = permissions.map { permission in
                switch permission {
                case .writeToPackageDirectory(let reason): return .object(["writeToPackageDirectory": .object(["reason": .string(reason)])])
                case .allowNetworkConnections(let scope, let reason):
                    let scopeValue: Value
                    switch scope {
                    case .none: scopeValue = .object(["none": .object([:])])
                    case .docker: scopeValue = .object(["docker": .object([:])])
                    case .unixDomainSocket: scopeValue = .object(["unixDomainSocket": .object([:])])
                    case .local(let ports): scopeValue = .object(["local": .object(["ports": .array(ports.map(Value.int))])])
                    case .all(let ports): scopeValue = .object(["all": .object(["ports": .array(ports.map(Value.int))])])
                    }
                    return .object(["allowNetworkConnections": .object(["scope": scopeValue, "reason": .string(reason)])])
                }
            }
            return .object(["command": .array([intentValue, .array(permissionValues)])])
        }
    }

    // MARK: - From SwiftPM's output

    /// The manifest SwiftPM's dump-package JSON describes; `locator` gives the declarations
    /// their lines (the JSON has none).
    static func manifest(from model: Manifest, manifestPath: String, packageDirectory: String, locator: SourceLocator, origin: PathOrigin) throws -> PackageManifest {
        let invalid = { (what: String) in ManifestError.dumpPackageInvalid(manifest: manifestPath, what: what) }
        let absoluteDirectory = origin.absolute(packageDirectory)
        let toolsVersion = ToolsVersion(specifier: Substring(model.toolsVersion.version)) ?? ToolsVersion(5, 0)
        var dependencies: [PackageDependency] = []
        for entry in model.dependencies {
            let kind: PackageDependency.Kind
            switch entry.kind {
            case "fileSystem":
                guard let path = entry.path else { throw invalid("dependency path") }
                kind = .fileSystem(path: DumpPackageManifestLoader.relativePath(path, from: absoluteDirectory))
            case "sourceControl":
                guard let location = entry.location, let requirement = requirement(entry.requirement) else { throw invalid("dependency requirement") }
                kind = .sourceControl(url: location.value, requirement: requirement)
            case "registry":
                guard let requirement = requirement(entry.requirement) else { throw invalid("registry dependency") }
                kind = .registry(id: entry.identity, requirement: requirement)
            default:
                throw invalid("dependency kind ('\(entry.kind)')")
            }
            let traits =
                entry.traits.map { list in
                    list.map { PackageDependency.Trait(name: $0.name, condition: $0.condition?.sorted()) }.sorted { $0.name < $1.name }
                } ?? [.defaults]
            var dependency = PackageDependency(kind, explicitName: entry.nameForTargetDependencyResolutionOnly, traits: traits, location: locator.fallback, origin: origin)
            dependency.location = locator.packageDependency(dependency) ?? locator.fallback
            dependencies.append(dependency)
        }

        var targets: [MFEManifest.Target] = []
        for entry in model.targets {
            guard let kind = MFEManifest.Target.Kind(rawValue: entry.type) else { throw invalid("target") }
            let targetLocation = locator.target(named: entry.name)
            var target = MFEManifest.Target(
                name: entry.name, kind: kind, path: entry.path, exclude: entry.exclude, sources: entry.sources,
                location: targetLocation?.location ?? locator.fallback)
            var occurrences: [String: Int] = [:]
            for item in entry.dependencies {
                let dependencyKind: MFEManifest.TargetDependency.Kind
                switch item.kind {
                case "byName": dependencyKind = .byName(item.name)
                case "target": dependencyKind = .target(item.name)
                case "product": dependencyKind = .product(name: item.name, package: item.package)
                default: throw invalid("target dependency kind ('\(item.kind)')")
                }
                var dependency = MFEManifest.TargetDependency(dependencyKind, location: targetLocation?.location ?? locator.fallback)
                dependency.moduleAliases = item.moduleAliases
                if let condition = item.condition {
                    dependency.platforms = condition.platformNames.isEmpty ? nil : condition.platformNames
                    dependency.traits = (condition.traits ?? []).isEmpty ? nil : condition.traits?.sorted()
                    dependency.condition = SettingCondition(platforms: condition.platformNames, traits: condition.traits?.sorted())
                }
                let occurrence = occurrences[item.name, default: 0]
                occurrences[item.name] = occurrence + 1
                if let targetLocation, let entryLocation = locator.dependency(named: item.name, in: targetLocation.call, occurrence: occurrence) {
                    dependency.location = entryLocation
                }
                target.dependencies.append(dependency)
            }
            var details = TargetDetails(packageAccess: entry.packageAccess)
            details.url = entry.url
            details.resources = entry.resources.map { TargetResource(rule: $0.rule, path: $0.path, localization: $0.localization) }
            details.publicHeadersPath = entry.publicHeadersPath
            details.pkgConfig = entry.pkgConfig
            details.providers = entry.providers.map { $0.map { SystemPackageProvider(manager: $0.manager, packages: $0.packages) } }
            details.pluginCapability = try entry.pluginCapability.map { try capability(from: $0, invalid: invalid) }
            details.settings = entry.settings.map(setting(from:))
            details.checksum = entry.checksum
            details.pluginUsages = entry.pluginUsages.map { $0.map { PluginUsage(name: $0.name, package: $0.package) } }
            target.details = details
            targets.append(target)
        }

        var products: [MFEManifest.Product] = []
        for entry in model.products {
            let kind: MFEManifest.Product.Kind
            if entry.type == "library" {
                switch entry.libraryType {
                case "static": kind = .staticLibrary
                case "dynamic": kind = .dynamicLibrary
                default: kind = .library
                }
            } else {
                guard let other = MFEManifest.Product.Kind(rawValue: entry.type) else { throw invalid("product type ('\(entry.type)')") }
                kind = other
            }
            products.append(MFEManifest.Product(name: entry.name, kind: kind, targets: entry.targets, location: locator.product(named: entry.name) ?? locator.fallback))
        }

        let traits = model.traits.map { PackageTrait(name: $0.name, description: $0.description, enabledTraits: $0.enabledTraits.sorted()) }.sorted { $0.name < $1.name }
        var manifest = PackageManifest(
            name: model.name, toolsVersion: toolsVersion, dependencies: dependencies, targets: targets, products: products, traits: traits,
            manifestPath: manifestPath, location: locator.packageCall ?? locator.fallback)
        manifest.platforms = model.platforms.map { SupportedPlatform(name: $0.platformName, version: $0.version, options: $0.options) }
        manifest.details = PackageDetails(
            defaultLocalization: model.defaultLocalization, pkgConfig: model.pkgConfig,
            providers: model.providers.map { $0.map { SystemPackageProvider(manager: $0.manager, packages: $0.packages) } },
            swiftLanguageVersions: model.swiftLanguageVersions, cLanguageStandard: model.cLanguageStandard, cxxLanguageStandard: model.cxxLanguageStandard)
        return manifest
    }

    static func requirement(_ value: Requirement?) -> MFEManifest.Requirement? {
        guard let value else { return nil }
        switch value.kind {
        case "range":
            guard value.values.count == 2, let lower = Version(value.values[0]), let upper = Version(value.values[1]) else { return nil }
            return .range(lowerBound: lower, upperBound: upper)
        case "exact": return value.values.first.flatMap(Version.init(_:)).map(MFEManifest.Requirement.exact)
        case "branch": return value.values.first.map(MFEManifest.Requirement.branch)
        case "revision": return value.values.first.map(MFEManifest.Requirement.revision)
        default: return nil
        }
    }

    static func setting(from value: Setting) -> BuildSetting {
        var values: [String] = []
        for item in value.values {
            switch item {
            case .string(let text): values.append(text)
            case .array(let list): values += list.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
            default: continue
            }
        }
        let condition = value.condition.map { SettingCondition(platforms: $0.platformNames, configuration: $0.config, traits: $0.traits?.sorted()) }
        return BuildSetting(tool: value.tool, kind: value.kind, values: values, condition: condition)
    }

    static func capability(from value: Value, invalid: (String) -> ManifestError) throws -> PluginCapability {
        guard case .object(let fields) = value, let (key, body) = fields.first else { throw invalid("plugin capability") }
        if key == "buildTool" { return .buildTool }
        guard key == "command", case .array(let parts) = body, parts.count == 2, case .object(let intentFields) = parts[0],
            let (intentKey, intentBody) = intentFields.first, case .array(let permissionValues) = parts[1]
        else { throw invalid("plugin capability") }
        let intent: PluginCommandIntent
        switch intentKey {
        case "documentationGeneration": intent = .documentationGeneration
        case "sourceCodeFormatting": intent = .sourceCodeFormatting
        default:
            guard case .object(let custom) = intentBody, case .string(let verb)? = custom["verb"], case .string(let description)? = custom["description"] else {
                throw invalid("plugin intent")
            }
            intent = .custom(verb: verb, description: description)
        }
        var permissions: [PluginPermission] = []
        for permission in permissionValues {
            guard case .object(let permissionFields) = permission, let (permissionKey, permissionBody) = permissionFields.first,
                case .object(let arguments) = permissionBody, case .string(let reason)? = arguments["reason"]
            else { throw invalid("plugin permission") }
            if permissionKey == "writeToPackageDirectory" {
                permissions.append(.writeToPackageDirectory(reason: reason))
                continue
            }
            guard case .object(let scopeFields)? = arguments["scope"], let (scopeKey, scopeBody) = scopeFields.first else { throw invalid("plugin permission") }
            var ports: [Int] = []
            if case .object(let scopeArguments) = scopeBody, case .array(let list)? = scopeArguments["ports"] {
                ports = list.compactMap { if case .int(let port) = $0 { return port } else { return nil } }
            }
            permissions.append(.allowNetworkConnections(scope: PluginNetworkScope(kind: scopeKey, ports: ports), reason: reason))
        }
        return .command(intent: intent, permissions: permissions)
    }
}

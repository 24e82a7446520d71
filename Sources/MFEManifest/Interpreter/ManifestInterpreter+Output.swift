import MFECore
import SwiftSyntax

/// The package object after the manifest ran, as the `PackageManifest` SwiftPM's loader would
/// make of PackageDescription's output: paths, identities, platform versions, settings and
/// defaults as `dump-package` shows them. An unknown value is refused where the caller needs
/// it: everywhere for `dump-package` (`strict`), only in the graph otherwise.
extension ManifestInterpreter {
    /// What a value read from the package object must be.
    private enum Need {
        /// Part of the graph: always needed.
        case graph
        /// Shown by dump-package only: needed when strict.
        case detail
    }

    func manifest(of package: MObject, strict: Bool) throws -> PackageManifest {
        var reader = ObjectReader(interpreter: self, strict: strict)
        return try reader.manifest(of: package)
    }

    /// Reads the package object into a manifest, refusing unknown values as needed.
    private struct ObjectReader {
        let interpreter: ManifestInterpreter
        let strict: Bool

        /// `value` when known; for a detail in a lenient read, nil (the default stands).
        func known(_ value: MValue?, _ need: Need) throws -> MValue? {
            guard let value else { return nil }
            if case .unknown(let refusal) = value {
                if need == .graph || strict { throw refusal }
                return nil
            }
            if need == .graph || strict, let refusal = Self.firstUnknown(in: value) { throw refusal }
            if need == .detail, !strict, Self.firstUnknown(in: value) != nil { return nil }
            return value
        }

        /// The first unknown value inside `value`.
        static func firstUnknown(in value: MValue) -> ManifestRefusal? {
            switch value {
            case .unknown(let refusal): return refusal
            case .array(let items), .set(let items), .tuple(let items, _):
                for item in items { if let found = firstUnknown(in: item) { return found } }
            case .dictionary(let pairs):
                for pair in pairs { if let found = firstUnknown(in: pair.key) ?? firstUnknown(in: pair.value) { return found } }
            case .record(let record):
                for key in record.fields.keys.sorted() { if let found = firstUnknown(in: record.fields[key]!) { return found } }
            case .range(let lower, let upper, _):
                return firstUnknown(in: lower) ?? firstUnknown(in: upper)
            default: break
            }
            return nil
        }

        func string(_ value: MValue?, _ what: String, at location: MFECore.SourceLocation, _ need: Need = .graph) throws -> String? {
            guard let value = try known(value, need) else { return nil }
            switch value {
            case .string(let text): return text
            case .null: return nil
            default: throw ManifestRefusal("\(what), which the reader cannot read as a string,", at: location)
            }
        }

        func strings(_ value: MValue?, _ what: String, at location: MFECore.SourceLocation, _ need: Need = .graph) throws -> [String]? {
            guard let value = try known(value, need) else { return nil }
            switch value {
            case .array(let items), .set(let items):
                return try items.map { item in
                    guard case .string(let text) = item else { throw ManifestRefusal("\(what), which the reader cannot read as strings,", at: location) }
                    return text
                }
            case .null: return nil
            default: throw ManifestRefusal("\(what), which the reader cannot read as a list of strings,", at: location)
            }
        }

        func list(_ value: MValue?, _ what: String, at location: MFECore.SourceLocation, _ need: Need = .graph) throws -> [MValue]? {
            guard let value = try known(value, need) else { return nil }
            switch value {
            case .array(let items), .set(let items): return items
            case .null: return nil
            default: throw ManifestRefusal("\(what), which the reader cannot read as a list,", at: location)
            }
        }

        mutating func manifest(of package: MObject) throws -> PackageManifest {
            let location = package.location
            guard let name = try string(package.fields["name"], "the package's name", at: location) else {
                throw ManifestError.packageWithoutName(at: location)
            }
            var targets: [Target] = []
            for value in try list(package.fields["targets"], "the package's targets", at: location) ?? [] {
                guard case .object(let object) = value, object.type == "Target" else { throw ManifestRefusal("a target the reader cannot read", at: location) }
                targets.append(try target(object))
            }
            var products: [Product] = []
            for value in try list(package.fields["products"], "the package's products", at: location) ?? [] {
                guard case .object(let object) = value, object.type == "Product" else { throw ManifestRefusal("a product the reader cannot read", at: location) }
                products.append(try product(object))
            }
            var dependencies: [PackageDependency] = []
            for value in try list(package.fields["dependencies"], "the package's dependencies", at: location) ?? [] {
                guard case .object(let object) = value, object.type == "Package.Dependency" else { throw ManifestRefusal("a package dependency the reader cannot read", at: location) }
                dependencies.append(try dependency(object))
            }
            var traits: [PackageTrait] = []
            for value in try list(package.fields["traits"], "the package's traits", at: location) ?? [] {
                guard case .record(let record) = value, record.type == "Trait" else { throw ManifestRefusal("a trait the reader cannot read", at: location) }
                let trait = PackageTrait(
                    name: try string(record["name"], "a trait's name", at: location) ?? "",
                    description: try string(record["description"], "a trait's description", at: location, .detail),
                    enabledTraits: (try strings(record["enabledTraits"], "a trait's enabled traits", at: location) ?? []).sorted())
                traits.append(trait)
            }
            traits.sort { $0.name < $1.name }
            var details = PackageDetails()
            if case .record(let tag)? = try known(package.fields["defaultLocalization"], .detail) {
                details.defaultLocalization = try string(tag["tag"], "the default localization", at: location, .detail)
            }
            details.pkgConfig = try string(package.fields["pkgConfig"], "the package's pkgConfig", at: location, .detail)
            details.providers = try providers(package.fields["providers"], at: location)
            if let modes = try list(package.fields["swiftLanguageModes"], "the Swift language modes", at: location, .detail) {
                details.swiftLanguageVersions = try modes.map { mode in
                    guard case .record(let record) = mode, let text = ManifestInterpreter.languageModeDescription(record) else {
                        throw ManifestRefusal("a Swift language mode the reader cannot read", at: location)
                    }
                    guard Self.isLanguageVersion(text) else { throw ManifestError.rejectedBySwiftPM("invalid Swift language version: \(text)", at: location) }
                    return text
                }
            }
            details.cLanguageStandard = try rawValue(package.fields["cLanguageStandard"], at: location)
            details.cxxLanguageStandard = try rawValue(package.fields["cxxLanguageStandard"], at: location)
            let platforms = try self.platforms(package.fields["platforms"], at: location)
            // A package of no products and targets beside a module map is a legacy system package.
            if products.isEmpty, targets.isEmpty, interpreter.host.fileExists(PathUtilities.join(interpreter.host.packageDirectory, "module.modulemap")) {
                products.append(Product(name: name, kind: .library, targets: [name], location: location))
                var system = Target(name: name, kind: .system, path: "", location: location)
                system.details = TargetDetails(packageAccess: false)
                system.details.pkgConfig = details.pkgConfig
                system.details.providers = details.providers
                targets.append(system)
            }
            var manifest = PackageManifest(
                name: name, toolsVersion: interpreter.toolsVersion, dependencies: dependencies, targets: targets, products: products, traits: traits,
                manifestPath: interpreter.file, location: location)
            manifest.platforms = platforms
            manifest.details = details
            return manifest
        }

        /// SwiftPM's check of a language version: `6`, `4.2`, `5.10.1`.
        static func isLanguageVersion(_ text: String) -> Bool {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        }

        func rawValue(_ value: MValue?, at location: MFECore.SourceLocation) throws -> String? {
            guard case .record(let record)? = try known(value, .detail), let kase = record.kase else { return nil }
            return PackageDescriptionSignatures.rawEnums[record.type]?[kase]
        }

        func providers(_ value: MValue?, at location: MFECore.SourceLocation) throws -> [SystemPackageProvider]? {
            guard let items = try list(value, "the system package providers", at: location, .detail) else { return nil }
            return try items.map { item in
                guard case .record(let record) = item, let kase = record.kase else { throw ManifestRefusal("a system package provider the reader cannot read", at: location) }
                return SystemPackageProvider(manager: String(kase.dropLast("Item".count)), packages: try strings(record["_0"], "a provider's packages", at: location, .detail) ?? [])
            }
        }

        /// The platforms as SwiftPM's `PlatformDescription` keeps them: two version
        /// components, a third when it is a number, the rest as options.
        func platforms(_ value: MValue?, at location: MFECore.SourceLocation) throws -> [SupportedPlatform] {
            guard let items = try list(value, "the platforms", at: location, .detail) else { return [] }
            if items.isEmpty { throw ManifestError.rejectedBySwiftPM("supported platforms can't be empty", at: location) }
            var result: [SupportedPlatform] = []
            for item in items {
                guard case .record(let record) = item, case .record(let platform)? = record["platform"],
                    let name = try string(platform["name"], "a platform's name", at: location, .detail)
                else { throw ManifestRefusal("a platform the reader cannot read", at: location) }
                let version = try string(record["version"], "a platform's version", at: location, .detail) ?? ""
                if result.contains(where: { $0.name == name }) {
                    throw ManifestError.rejectedBySwiftPM("found multiple declaration for the platform: \(name)", at: record.location ?? location)
                }
                var kept: [Substring] = []
                var options: [String] = []
                for (index, component) in version.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
                    if index < 2 || (index == 2 && UInt(component) != nil) { kept.append(component) } else { options.append(String(component)) }
                }
                result.append(SupportedPlatform(name: name, version: kept.joined(separator: "."), options: options))
            }
            return result
        }

        func target(_ object: MObject) throws -> Target {
            let location = object.location
            let fields = object.fields
            guard let name = try string(fields["name"], "a target's name", at: location) else {
                throw ManifestRefusal("a target without a name the reader can read", at: location)
            }
            guard case .record(let type)? = try known(fields["type"], .graph), let kase = type.kase, let kind = Target.Kind(rawValue: kase) else {
                throw ManifestRefusal("the type of target '\(name)', which the reader cannot read,", at: location)
            }
            var target = Target(name: name, kind: kind, location: location)
            target.path = try string(fields["path"], "the path of target '\(name)'", at: location)
            target.exclude = try strings(fields["exclude"], "the excludes of target '\(name)'", at: location) ?? []
            target.sources = try strings(fields["sources"], "the sources of target '\(name)'", at: location)
            for value in try list(fields["dependencies"], "the dependencies of target '\(name)'", at: location) ?? [] {
                target.dependencies.append(try targetDependency(value, of: name, at: location))
            }
            var details = TargetDetails()
            if case .bool(let access)? = try known(fields["packageAccess"], .detail) { details.packageAccess = access }
            details.url = try string(fields["url"], "the url of target '\(name)'", at: location, .detail)
            details.publicHeadersPath = try string(fields["publicHeadersPath"], "the public headers path of target '\(name)'", at: location, .detail)
            details.pkgConfig = try string(fields["pkgConfig"], "the pkgConfig of target '\(name)'", at: location, .detail)
            details.providers = try providers(fields["providers"], at: location)
            details.checksum = try string(fields["checksum"], "the checksum of target '\(name)'", at: location, .detail)
            for value in try list(fields["resources"], "the resources of target '\(name)'", at: location, .detail) ?? [] {
                guard case .record(let resource) = value else { throw ManifestRefusal("a resource of target '\(name)' the reader cannot read", at: location) }
                let localization: String?
                if case .record(let tag)? = resource["localization"] { localization = tag.kase } else { localization = nil }
                details.resources.append(
                    TargetResource(
                        rule: try string(resource["rule"], "a resource's rule", at: location, .detail) ?? "process",
                        path: PathUtilities.normalize(try string(resource["path"], "a resource's path", at: location, .detail) ?? ""), localization: localization))
            }
            for (key, tool) in [("cSettings", "c"), ("cxxSettings", "cxx"), ("swiftSettings", "swift"), ("linkerSettings", "linker")] {
                for value in try list(fields[key], "the \(key) of target '\(name)'", at: location, .detail) ?? [] {
                    details.settings.append(try setting(value, tool: tool, at: location))
                }
            }
            if let capability = try known(fields["pluginCapability"], .detail), !capability.isNone {
                details.pluginCapability = try pluginCapability(capability, at: location)
            }
            if let usages = try list(fields["plugins"], "the plugins of target '\(name)'", at: location, .detail) {
                details.pluginUsages = try usages.map { usage in
                    guard case .record(let record) = usage, let usageName = try string(record["name"], "a plugin's name", at: location, .detail) else {
                        throw ManifestRefusal("a plugin of target '\(name)' the reader cannot read", at: location)
                    }
                    return PluginUsage(name: usageName, package: try string(record["package"], "a plugin's package", at: location, .detail))
                }
            }
            target.details = details
            return target
        }

        func targetDependency(_ value: MValue, of target: String, at location: MFECore.SourceLocation) throws -> TargetDependency {
            guard case .record(let record) = value, record.type == "Target.Dependency", let kase = record.kase else {
                throw ManifestRefusal("a dependency of target '\(target)' the reader cannot read", at: location)
            }
            let here = record.location ?? location
            let name = try string(record["name"], "a dependency's name", at: here) ?? ""
            let kind: TargetDependency.Kind
            switch kase {
            case "targetItem": kind = .target(name)
            case "productItem": kind = .product(name: name, package: try string(record["package"], "a product's package", at: here))
            default: kind = .byName(name)
            }
            var dependency = TargetDependency(kind, location: here)
            if kase == "productItem", case .dictionary(let pairs)? = try known(record["moduleAliases"], .graph) {
                var aliases: [String: String] = [:]
                for pair in pairs {
                    guard case .string(let key) = pair.key, case .string(let alias) = pair.value else { throw ManifestRefusal("a module alias the reader cannot read", at: here) }
                    aliases[key] = alias
                }
                dependency.moduleAliases = aliases
            }
            if case .record(let condition)? = try known(record["condition"], .graph) {
                let platforms = try platformNames(condition["platforms"], at: here)
                let traits = try strings(condition["traits"], "a condition's traits", at: here)?.sorted()
                dependency.platforms = (platforms ?? []).isEmpty ? nil : platforms
                dependency.traits = (traits ?? []).isEmpty ? nil : traits
                dependency.condition = SettingCondition(platforms: platforms ?? [], traits: traits)
            }
            return dependency
        }

        func platformNames(_ value: MValue?, at location: MFECore.SourceLocation, _ need: Need = .graph) throws -> [String]? {
            guard let items = try list(value, "a condition's platforms", at: location, need) else { return nil }
            return try items.map { item in
                guard case .record(let platform) = item, let name = try string(platform["name"], "a platform's name", at: location, need) else {
                    throw ManifestRefusal("a platform the reader cannot read", at: location)
                }
                return name
            }
        }

        func setting(_ value: MValue, tool: String, at location: MFECore.SourceLocation) throws -> BuildSetting {
            guard case .record(let record) = value, let kind = try string(record["name"], "a setting's kind", at: location, .detail) else {
                throw ManifestRefusal("a setting the reader cannot read", at: location)
            }
            let here = record.location ?? location
            let values = try strings(record["value"], "the values of a setting", at: here, .detail) ?? []
            // SwiftPM refuses build variables in setting values.
            for item in values {
                if let start = item.range(of: "$("), let end = item[start.upperBound...].firstIndex(of: ")") {
                    throw ManifestError.rejectedBySwiftPM("the build setting '\(kind)' contains invalid component(s): \(item[start.lowerBound...end])", at: here)
                }
            }
            if kind == "swiftLanguageMode", let mode = values.first, !Self.isLanguageVersion(mode) {
                throw ManifestError.rejectedBySwiftPM("unknown swift language version: \(mode)", at: here)
            }
            var condition: SettingCondition?
            if case .record(let written)? = try known(record["condition"], .detail) {
                var configuration: String?
                if case .record(let config)? = written["config"] { configuration = try string(config["config"], "a configuration", at: here, .detail) }
                condition = SettingCondition(
                    platforms: try platformNames(written["platforms"], at: here, .detail) ?? [], configuration: configuration,
                    traits: try strings(written["traits"], "a condition's traits", at: here, .detail)?.sorted())
            }
            return BuildSetting(tool: tool, kind: kind, values: values, condition: condition)
        }

        func pluginCapability(_ value: MValue, at location: MFECore.SourceLocation) throws -> PluginCapability {
            guard case .record(let record) = value else { throw ManifestRefusal("a plugin capability the reader cannot read", at: location) }
            if record.kase == "buildTool" { return .buildTool }
            guard case .record(let intentRecord)? = record["intent"] else { throw ManifestRefusal("a plugin capability the reader cannot read", at: location) }
            let intent: PluginCommandIntent
            switch intentRecord.kase {
            case "documentationGeneration": intent = .documentationGeneration
            case "sourceCodeFormatting": intent = .sourceCodeFormatting
            default:
                intent = .custom(
                    verb: try string(intentRecord["verb"], "a plugin's verb", at: location, .detail) ?? "",
                    description: try string(intentRecord["description"], "a plugin's description", at: location, .detail) ?? "")
            }
            var permissions: [PluginPermission] = []
            for item in try list(record["permissions"], "a plugin's permissions", at: location, .detail) ?? [] {
                guard case .record(let permission) = item else { throw ManifestRefusal("a plugin permission the reader cannot read", at: location) }
                let reason = try string(permission["reason"], "a permission's reason", at: location, .detail) ?? ""
                if permission.kase == "writeToPackageDirectory" {
                    permissions.append(.writeToPackageDirectory(reason: reason))
                    continue
                }
                guard case .record(let scope)? = permission["scope"] else { throw ManifestRefusal("a plugin permission the reader cannot read", at: location) }
                var ports: [Int] = []
                if case .array(let list)? = scope["ports"] { ports = list.compactMap(\.intValue) }
                permissions.append(.allowNetworkConnections(scope: PluginNetworkScope(kind: scope.kase ?? "", ports: ports), reason: reason))
            }
            return .command(intent: intent, permissions: permissions)
        }

        func product(_ object: MObject) throws -> Product {
            let location = object.location
            guard let name = try string(object.fields["name"], "a product's name", at: location) else { throw ManifestRefusal("a product without a name", at: location) }
            let targets = try strings(object.fields["targets"], "the targets of product '\(name)'", at: location) ?? []
            var kind: Product.Kind
            switch object.fields["kind"] {
            case .string("executable")?: kind = .executable
            case .string("plugin")?: kind = .plugin
            default:
                kind = .library
                if case .record(let type)? = try known(object.fields["type"], .graph) {
                    kind = type.kase == "static" ? .staticLibrary : type.kase == "dynamic" ? .dynamicLibrary : .library
                }
            }
            return Product(name: name, kind: kind, targets: targets, location: location)
        }

        func dependency(_ object: MObject) throws -> PackageDependency {
            let location = object.location
            guard case .record(let kind)? = try known(object.fields["kind"], .graph) else { throw ManifestRefusal("a package dependency the reader cannot read", at: location) }
            var traits: [PackageDependency.Trait] = []
            for item in try list(object.fields["traits"], "a dependency's traits", at: location) ?? [] {
                guard case .record(let trait) = item, let name = try string(trait["name"], "a trait's name", at: location) else {
                    throw ManifestRefusal("a dependency trait the reader cannot read", at: location)
                }
                var condition: [String]?
                if case .record(let written)? = trait["condition"] { condition = try strings(written["traits"], "a trait's condition", at: location)?.sorted() ?? [] }
                traits.append(PackageDependency.Trait(name: name, condition: condition))
            }
            traits.sort { ($0.name, $0.condition?.joined(separator: ",") ?? "") < ($1.name, $1.condition?.joined(separator: ",") ?? "") }
            let explicitName = try string(kind["name"], "a dependency's name", at: location)
            switch kind.kase {
            case "fileSystem":
                let path = try string(kind["path"], "a dependency's path", at: location) ?? ""
                return PackageDependency(.fileSystem(path: path), explicitName: explicitName, traits: traits, location: location, origin: interpreter.host.origin)
            case "registry":
                let id = try string(kind["id"], "a dependency's identity", at: location) ?? ""
                return PackageDependency(
                    .registry(id: id, requirement: try requirement(kind["requirement"], at: location)), explicitName: nil, traits: traits, location: location, origin: interpreter.host.origin)
            default:
                let url = try string(kind["location"], "a dependency's URL", at: location) ?? ""
                if url.lowercased().hasPrefix("file://") {
                    let rest = url.dropFirst("file://".count)
                    if !rest.hasPrefix("/") {
                        throw ManifestError.rejectedBySwiftPM(
                            rest.hasPrefix("..") ? "file:// URLs cannot be relative, did you mean to use '.package(path:)'?" : "file:// URLs with hostnames are not supported, are you missing a '/'?",
                            at: location)
                    }
                }
                return PackageDependency(
                    .sourceControl(url: url, requirement: try requirement(kind["requirement"], at: location)), explicitName: explicitName, traits: traits, location: location,
                    origin: interpreter.host.origin)
            }
        }

        func requirement(_ value: MValue?, at location: MFECore.SourceLocation) throws -> Requirement {
            guard case .record(let record)? = try known(value, .graph) else { throw ManifestRefusal("a requirement the reader cannot read", at: location) }
            func version(_ value: MValue?) throws -> Version {
                guard case .record(let versionRecord)? = value, let version = ManifestInterpreter.version(from: versionRecord) else {
                    throw ManifestRefusal("a version the reader cannot read", at: record.location ?? location)
                }
                return version
            }
            switch record.kase {
            case "exact": return .exact(try version(record["_0"]))
            case "branch": return .branch(try string(record["_0"], "a branch", at: location) ?? "")
            case "revision": return .revision(try string(record["_0"], "a revision", at: location) ?? "")
            default:
                guard case .range(let lower, let upper, _)? = record["_0"] else { throw ManifestRefusal("a requirement the reader cannot read", at: record.location ?? location) }
                return .range(lowerBound: try version(lower), upperBound: try version(upper))
            }
        }
    }
}

import Foundation
import MFECore

/// The JSON `swift package dump-package` prints, as one Codable model: `mfe dump-package`
/// encodes it and `DumpPackageManifestLoader` decodes SwiftPM's output with it (as SwiftPM's own
/// `ManifestJSONParser` decodes PackageDescription's). Every field SwiftPM 6.3 writes, with its
/// defaults, nulls and empties; encoded with SwiftPM's encoder settings (pretty, sorted keys,
/// slashes unescaped) it is SwiftPM's output byte for byte, except the order of what SwiftPM
/// keeps in sets (traits, enabled traits, trait conditions), which SwiftPM prints in a new
/// order on each run and mfe prints sorted.
///
/// Every value is written through `encoded(_:)`, the one place where output may be changed
/// before it is printed (credentials in URLs, say).
package enum DumpPackageJSON {
    /// The whole manifest.
    package struct Manifest: Codable, Equatable, Sendable {
        package var name: String
        package var toolsVersion: ToolsVersionValue
        package var defaultLocalization: String?
        package var pkgConfig: String?
        package var providers: [Provider]?
        package var cLanguageStandard: String?
        package var cxxLanguageStandard: String?
        package var swiftLanguageVersions: [String]?
        package var dependencies: [Dependency]
        package var products: [Product]
        package var targets: [Target]
        package var traits: [Trait]
        package var platforms: [Platform]
        package var packageKind: PackageKind

        enum CodingKeys: String, CodingKey {
            case name, toolsVersion, defaultLocalization, pkgConfig, providers, cLanguageStandard, cxxLanguageStandard, swiftLanguageVersions
            case dependencies, products, targets, traits, platforms, packageKind
        }

        package init(
            name: String, toolsVersion: ToolsVersionValue, defaultLocalization: String?, pkgConfig: String?, providers: [Provider]?,
            cLanguageStandard: String?, cxxLanguageStandard: String?, swiftLanguageVersions: [String]?, dependencies: [Dependency],
            products: [Product], targets: [Target], traits: [Trait], platforms: [Platform], packageKind: PackageKind
        ) {
            self.name = name
            self.toolsVersion = toolsVersion
            self.defaultLocalization = defaultLocalization
            self.pkgConfig = pkgConfig
            self.providers = providers
            self.cLanguageStandard = cLanguageStandard
            self.cxxLanguageStandard = cxxLanguageStandard
            self.swiftLanguageVersions = swiftLanguageVersions
            self.dependencies = dependencies
            self.products = products
            self.targets = targets
            self.traits = traits
            self.platforms = platforms
            self.packageKind = packageKind
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            toolsVersion = try container.decode(ToolsVersionValue.self, forKey: .toolsVersion)
            defaultLocalization = try container.decodeIfPresent(String.self, forKey: .defaultLocalization)
            pkgConfig = try container.decodeIfPresent(String.self, forKey: .pkgConfig)
            providers = try container.decodeIfPresent([Provider].self, forKey: .providers)
            cLanguageStandard = try container.decodeIfPresent(String.self, forKey: .cLanguageStandard)
            cxxLanguageStandard = try container.decodeIfPresent(String.self, forKey: .cxxLanguageStandard)
            swiftLanguageVersions = try container.decodeIfPresent([String].self, forKey: .swiftLanguageVersions)
            dependencies = try container.decodeIfPresent([Dependency].self, forKey: .dependencies) ?? []
            products = try container.decodeIfPresent([Product].self, forKey: .products) ?? []
            targets = try container.decodeIfPresent([Target].self, forKey: .targets) ?? []
            traits = try container.decodeIfPresent([Trait].self, forKey: .traits) ?? []
            platforms = try container.decodeIfPresent([Platform].self, forKey: .platforms) ?? []
            packageKind = try container.decodeIfPresent(PackageKind.self, forKey: .packageKind) ?? PackageKind(kind: "root", location: "")
        }

        package func encode(to encoder: any Encoder) throws {
            // `Manifest.encode(to:)` writes its optionals as null.
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded(name), forKey: .name)
            try container.encode(toolsVersion, forKey: .toolsVersion)
            try container.encode(defaultLocalization.map(encoded), forKey: .defaultLocalization)
            try container.encode(pkgConfig.map(encoded), forKey: .pkgConfig)
            try container.encode(providers, forKey: .providers)
            try container.encode(cLanguageStandard, forKey: .cLanguageStandard)
            try container.encode(cxxLanguageStandard, forKey: .cxxLanguageStandard)
            try container.encode(swiftLanguageVersions, forKey: .swiftLanguageVersions)
            try container.encode(dependencies, forKey: .dependencies)
            try container.encode(products, forKey: .products)
            try container.encode(targets, forKey: .targets)
            try container.encode(traits.sorted { $0.name < $1.name }, forKey: .traits)
            try container.encode(platforms, forKey: .platforms)
            try container.encode(packageKind, forKey: .packageKind)
        }
    }

    /// `{"_version": "6.0.0", "experimentalFeatures": []}`.
    package struct ToolsVersionValue: Codable, Equatable, Sendable {
        package var version: String
        package var experimentalFeatures: [String]

        enum CodingKeys: String, CodingKey {
            case version = "_version"
            case experimentalFeatures
        }

        package init(version: String, experimentalFeatures: [String] = []) {
            self.version = version
            self.experimentalFeatures = experimentalFeatures
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(String.self, forKey: .version)
            experimentalFeatures = try container.decodeIfPresent([String].self, forKey: .experimentalFeatures) ?? []
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(experimentalFeatures.sorted(), forKey: .experimentalFeatures)
        }
    }

    /// `{"root": ["/path"]}`: how the package was reached (a root package for dump-package).
    package struct PackageKind: Codable, Equatable, Sendable {
        package var kind: String
        package var location: String

        package init(kind: String, location: String) {
            self.kind = kind
            self.location = location
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no package kind")) }
            var values = try container.nestedUnkeyedContainer(forKey: key)
            kind = key.stringValue
            location = (try? values.decode(String.self)) ?? ""
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var values = container.nestedUnkeyedContainer(forKey: AnyKey(kind))
            try values.encode(encoded(location))
        }
    }

    /// `{"apt": [["libxml2-dev"]]}`.
    package struct Provider: Codable, Equatable, Sendable {
        package var manager: String
        package var packages: [String]

        package init(manager: String, packages: [String]) {
            self.manager = manager
            self.packages = packages
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no provider")) }
            var values = try container.nestedUnkeyedContainer(forKey: key)
            manager = key.stringValue
            packages = try values.decode([String].self)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var values = container.nestedUnkeyedContainer(forKey: AnyKey(manager))
            try values.encode(packages.map(encoded))
        }
    }

    /// `{"platformName": "macos", "version": "13.0", "options": []}`.
    package struct Platform: Codable, Equatable, Sendable {
        package var platformName: String
        package var version: String
        package var options: [String]

        package init(platformName: String, version: String, options: [String]) {
            self.platformName = platformName
            self.version = version
            self.options = options
        }
    }

    /// A trait the package declares; SwiftPM keeps `enabledTraits` in a set.
    package struct Trait: Codable, Equatable, Sendable {
        package var name: String
        package var description: String?
        package var enabledTraits: [String]

        package init(name: String, description: String?, enabledTraits: [String]) {
            self.name = name
            self.description = description
            self.enabledTraits = enabledTraits
        }

        enum CodingKeys: String, CodingKey { case name, description, enabledTraits }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            enabledTraits = try container.decodeIfPresent([String].self, forKey: .enabledTraits) ?? []
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded(name), forKey: .name)
            try container.encodeIfPresent(description.map(encoded), forKey: .description)
            try container.encode(enabledTraits.sorted(), forKey: .enabledTraits)
        }
    }

    /// A package dependency: `{"sourceControl": [{…}]}`, `{"fileSystem": [{…}]}`, `{"registry": [{…}]}`.
    package struct Dependency: Codable, Equatable, Sendable {
        /// `fileSystem`, `sourceControl` or `registry`.
        package var kind: String
        package var identity: String
        package var nameForTargetDependencyResolutionOnly: String?
        /// The absolute path of a `fileSystem` dependency.
        package var path: String?
        /// A `sourceControl` dependency's location.
        package var location: Location?
        package var requirement: Requirement?
        package var traits: [DependencyTrait]?

        package init(
            kind: String, identity: String, nameForTargetDependencyResolutionOnly: String? = nil, path: String? = nil, location: Location? = nil,
            requirement: Requirement? = nil, traits: [DependencyTrait]? = nil
        ) {
            self.kind = kind
            self.identity = identity
            self.nameForTargetDependencyResolutionOnly = nameForTargetDependencyResolutionOnly
            self.path = path
            self.location = location
            self.requirement = requirement
            self.traits = traits
        }

        enum BodyKeys: String, CodingKey {
            case identity, nameForTargetDependencyResolutionOnly, path, location, requirement, productFilter, traits
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no dependency kind")) }
            kind = key.stringValue
            var list = try container.nestedUnkeyedContainer(forKey: key)
            let body = try list.nestedContainer(keyedBy: BodyKeys.self)
            identity = try body.decode(String.self, forKey: .identity)
            nameForTargetDependencyResolutionOnly = try body.decodeIfPresent(String.self, forKey: .nameForTargetDependencyResolutionOnly)
            path = try body.decodeIfPresent(String.self, forKey: .path)
            location = try body.decodeIfPresent(Location.self, forKey: .location)
            requirement = try body.decodeIfPresent(Requirement.self, forKey: .requirement)
            traits = try body.decodeIfPresent([DependencyTrait].self, forKey: .traits)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var list = container.nestedUnkeyedContainer(forKey: AnyKey(kind))
            var body = list.nestedContainer(keyedBy: BodyKeys.self)
            try body.encode(encoded(identity), forKey: .identity)
            try body.encodeIfPresent(nameForTargetDependencyResolutionOnly.map(encoded), forKey: .nameForTargetDependencyResolutionOnly)
            try body.encodeIfPresent(path.map(encoded), forKey: .path)
            try body.encodeIfPresent(location, forKey: .location)
            try body.encodeNil(forKey: .productFilter)
            try body.encodeIfPresent(requirement, forKey: .requirement)
            try body.encodeIfPresent(traits?.sorted { ($0.name, $0.condition?.joined(separator: ",") ?? "") < ($1.name, $1.condition?.joined(separator: ",") ?? "") }, forKey: .traits)
        }
    }

    /// `{"remote": [{"urlString": "…"}]}` or `{"local": ["/path"]}`.
    package struct Location: Codable, Equatable, Sendable {
        package var isRemote: Bool
        package var value: String

        package init(isRemote: Bool, value: String) {
            self.isRemote = isRemote
            self.value = value
        }

        enum Keys: String, CodingKey { case remote, local }
        enum URLKeys: String, CodingKey { case urlString }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if container.contains(.remote) {
                var list = try container.nestedUnkeyedContainer(forKey: .remote)
                isRemote = true
                // Older SwiftPMs wrote the URL as a plain string.
                if let text = try? list.decode(String.self) {
                    value = text
                } else {
                    value = try list.nestedContainer(keyedBy: URLKeys.self).decode(String.self, forKey: .urlString)
                }
            } else {
                var list = try container.nestedUnkeyedContainer(forKey: .local)
                isRemote = false
                value = try list.decode(String.self)
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            if isRemote {
                var list = container.nestedUnkeyedContainer(forKey: .remote)
                var url = list.nestedContainer(keyedBy: URLKeys.self)
                try url.encode(encoded(value), forKey: .urlString)
            } else {
                var list = container.nestedUnkeyedContainer(forKey: .local)
                try list.encode(encoded(value))
            }
        }
    }

    /// `{"range": [{"lowerBound": …, "upperBound": …}]}`, `{"exact": ["1.0.0"]}`,
    /// `{"branch": ["main"]}`, `{"revision": ["…"]}`.
    package struct Requirement: Codable, Equatable, Sendable {
        package var kind: String
        package var values: [String]

        package init(kind: String, values: [String]) {
            self.kind = kind
            self.values = values
        }

        enum BoundKeys: String, CodingKey { case lowerBound, upperBound }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no requirement")) }
            kind = key.stringValue
            var list = try container.nestedUnkeyedContainer(forKey: key)
            if kind == "range" {
                let bounds = try list.nestedContainer(keyedBy: BoundKeys.self)
                values = [try bounds.decode(String.self, forKey: .lowerBound), try bounds.decode(String.self, forKey: .upperBound)]
            } else {
                values = [try list.decode(String.self)]
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var list = container.nestedUnkeyedContainer(forKey: AnyKey(kind))
            if kind == "range", values.count == 2 {
                var bounds = list.nestedContainer(keyedBy: BoundKeys.self)
                try bounds.encode(values[0], forKey: .lowerBound)
                try bounds.encode(values[1], forKey: .upperBound)
            } else {
                try list.encode(encoded(values.first ?? ""))
            }
        }
    }

    /// A trait enabled on a dependency: `{"name": "default"}`, with `{"condition": {"traits": […]}}`.
    package struct DependencyTrait: Codable, Equatable, Sendable {
        package var name: String
        /// The package's traits that enable it; nil when always.
        package var condition: [String]?

        package init(name: String, condition: [String]? = nil) {
            self.name = name
            self.condition = condition
        }

        enum CodingKeys: String, CodingKey { case name, condition }
        enum ConditionKeys: String, CodingKey { case traits }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            if container.contains(.condition), (try? container.decodeNil(forKey: .condition)) == false {
                let condition = try container.nestedContainer(keyedBy: ConditionKeys.self, forKey: .condition)
                self.condition = try condition.decodeIfPresent([String].self, forKey: .traits) ?? []
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded(name), forKey: .name)
            if let traits = condition {
                var nested = container.nestedContainer(keyedBy: ConditionKeys.self, forKey: .condition)
                try nested.encode(traits.sorted(), forKey: .traits)
            }
        }
    }

    /// A product: `{"name", "settings": [], "targets", "type": {"library": ["automatic"]}}`.
    package struct Product: Codable, Equatable, Sendable {
        package var name: String
        package var targets: [String]
        /// `library`, `executable`, `plugin`, `snippet`, `macro`, `test`.
        package var type: String
        /// `automatic`, `static` or `dynamic` for a library.
        package var libraryType: String?

        package init(name: String, targets: [String], type: String, libraryType: String? = nil) {
            self.name = name
            self.targets = targets
            self.type = type
            self.libraryType = libraryType
        }

        enum CodingKeys: String, CodingKey { case name, settings, targets, type }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            targets = try container.decodeIfPresent([String].self, forKey: .targets) ?? []
            let typeContainer = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .type)
            guard let key = typeContainer.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no product type")) }
            type = key.stringValue
            if type == "library" {
                var list = try typeContainer.nestedUnkeyedContainer(forKey: key)
                libraryType = try list.decode(String.self)
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded(name), forKey: .name)
            try container.encode([String](), forKey: .settings)
            try container.encode(targets.map(encoded), forKey: .targets)
            var typeContainer = container.nestedContainer(keyedBy: AnyKey.self, forKey: .type)
            if type == "library" {
                var list = typeContainer.nestedUnkeyedContainer(forKey: AnyKey(type))
                try list.encode(libraryType ?? "automatic")
            } else {
                try typeContainer.encodeNil(forKey: AnyKey(type))
            }
        }
    }

    /// A target, with every field SwiftPM's `TargetDescription` encodes.
    package struct Target: Codable, Equatable, Sendable {
        package var name: String
        package var type: String
        package var packageAccess: Bool
        package var path: String?
        package var url: String?
        package var sources: [String]?
        package var resources: [Resource]
        package var exclude: [String]
        package var dependencies: [TargetDependency]
        package var publicHeadersPath: String?
        package var pkgConfig: String?
        package var providers: [Provider]?
        package var pluginCapability: Value?
        package var settings: [Setting]
        package var checksum: String?
        package var pluginUsages: [PluginUsageValue]?

        package init(name: String, type: String) {
            self.name = name
            self.type = type
            packageAccess = true
            resources = []
            exclude = []
            dependencies = []
            settings = []
        }

        enum CodingKeys: String, CodingKey {
            case name, type, packageAccess, path, url, sources, resources, exclude, dependencies, publicHeadersPath, pkgConfig, providers
            case pluginCapability, settings, checksum, pluginUsages
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            type = try container.decode(String.self, forKey: .type)
            packageAccess = try container.decodeIfPresent(Bool.self, forKey: .packageAccess) ?? false
            path = try container.decodeIfPresent(String.self, forKey: .path)
            url = try container.decodeIfPresent(String.self, forKey: .url)
            sources = try container.decodeIfPresent([String].self, forKey: .sources)
            resources = try container.decodeIfPresent([Resource].self, forKey: .resources) ?? []
            exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
            dependencies = try container.decodeIfPresent([TargetDependency].self, forKey: .dependencies) ?? []
            publicHeadersPath = try container.decodeIfPresent(String.self, forKey: .publicHeadersPath)
            pkgConfig = try container.decodeIfPresent(String.self, forKey: .pkgConfig)
            providers = try container.decodeIfPresent([Provider].self, forKey: .providers)
            pluginCapability = try container.decodeIfPresent(Value.self, forKey: .pluginCapability)
            settings = try container.decodeIfPresent([Setting].self, forKey: .settings) ?? []
            checksum = try container.decodeIfPresent(String.self, forKey: .checksum)
            pluginUsages = try container.decodeIfPresent([PluginUsageValue].self, forKey: .pluginUsages)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded(name), forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(packageAccess, forKey: .packageAccess)
            try container.encodeIfPresent(path.map(encoded), forKey: .path)
            try container.encodeIfPresent(url.map(encoded), forKey: .url)
            try container.encodeIfPresent(sources?.map(encoded), forKey: .sources)
            try container.encode(resources, forKey: .resources)
            try container.encode(exclude.map(encoded), forKey: .exclude)
            try container.encode(dependencies, forKey: .dependencies)
            try container.encodeIfPresent(publicHeadersPath.map(encoded), forKey: .publicHeadersPath)
            try container.encodeIfPresent(pkgConfig.map(encoded), forKey: .pkgConfig)
            try container.encodeIfPresent(providers, forKey: .providers)
            try container.encodeIfPresent(pluginCapability, forKey: .pluginCapability)
            try container.encode(settings, forKey: .settings)
            try container.encodeIfPresent(checksum.map(encoded), forKey: .checksum)
            try container.encodeIfPresent(pluginUsages, forKey: .pluginUsages)
        }
    }

    /// `{"byName": ["A", null]}`, `{"target": ["A", {…}]}`, `{"product": ["P", "pkg", {aliases}, null]}`.
    package struct TargetDependency: Codable, Equatable, Sendable {
        package var kind: String
        package var name: String
        package var package: String?
        package var moduleAliases: [String: String]?
        package var condition: Condition?

        package init(kind: String, name: String, package: String? = nil, moduleAliases: [String: String]? = nil, condition: Condition? = nil) {
            self.kind = kind
            self.name = name
            self.package = package
            self.moduleAliases = moduleAliases
            self.condition = condition
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            guard let key = container.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no target dependency kind")) }
            kind = key.stringValue
            var list = try container.nestedUnkeyedContainer(forKey: key)
            name = try list.decode(String.self)
            if kind == "product" {
                package = try list.decodeIfPresent(String.self)
                moduleAliases = list.isAtEnd ? nil : try list.decodeIfPresent([String: String].self)
            }
            condition = list.isAtEnd ? nil : try list.decodeIfPresent(Condition.self)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            var list = container.nestedUnkeyedContainer(forKey: AnyKey(kind))
            try list.encode(encoded(name))
            if kind == "product" {
                try list.encode(package.map(encoded))
                try list.encode(moduleAliases)
            }
            try list.encode(condition)
        }
    }

    /// SwiftPM's `PackageConditionDescription`: `{"platformNames": […], "config": "debug", "traits": […]}`.
    package struct Condition: Codable, Equatable, Sendable {
        package var platformNames: [String]
        package var config: String?
        package var traits: [String]?

        package init(platformNames: [String] = [], config: String? = nil, traits: [String]? = nil) {
            self.platformNames = platformNames
            self.config = config
            self.traits = traits
        }

        enum CodingKeys: String, CodingKey { case platformNames, config, traits }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            platformNames = try container.decodeIfPresent([String].self, forKey: .platformNames) ?? []
            config = try container.decodeIfPresent(String.self, forKey: .config)
            traits = try container.decodeIfPresent([String].self, forKey: .traits)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(platformNames, forKey: .platformNames)
            try container.encodeIfPresent(config, forKey: .config)
            try container.encodeIfPresent(traits?.sorted(), forKey: .traits)
        }
    }

    /// `{"path": "Resources", "rule": {"process": {"localization": "default"}}}`.
    package struct Resource: Codable, Equatable, Sendable {
        package var path: String
        package var rule: String
        package var localization: String?

        package init(path: String, rule: String, localization: String? = nil) {
            self.path = path
            self.rule = rule
            self.localization = localization
        }

        enum CodingKeys: String, CodingKey { case path, rule }
        enum LocalizationKeys: String, CodingKey { case localization }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decode(String.self, forKey: .path)
            let ruleContainer = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .rule)
            guard let key = ruleContainer.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no resource rule")) }
            rule = key.stringValue
            localization = try ruleContainer.nestedContainer(keyedBy: LocalizationKeys.self, forKey: key).decodeIfPresent(String.self, forKey: .localization)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(encoded(path), forKey: .path)
            var ruleContainer = container.nestedContainer(keyedBy: AnyKey.self, forKey: .rule)
            var body = ruleContainer.nestedContainer(keyedBy: LocalizationKeys.self, forKey: AnyKey(rule))
            try body.encodeIfPresent(localization, forKey: .localization)
        }
    }

    /// `{"tool": "swift", "kind": {"define": {"_0": "X"}}, "condition": {…}}`.
    package struct Setting: Codable, Equatable, Sendable {
        package var tool: String
        /// SwiftPM's kind name (`define`, `unsafeFlags`, `swiftLanguageMode`, …).
        package var kind: String
        /// Its associated values as SwiftPM encodes them: `_0`, `_1`.
        package var values: [Value]
        package var condition: Condition?

        package init(tool: String, kind: String, values: [Value], condition: Condition? = nil) {
            self.tool = tool
            self.kind = kind
            self.values = values
            self.condition = condition
        }

        enum CodingKeys: String, CodingKey { case tool, kind, condition }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            tool = try container.decode(String.self, forKey: .tool)
            condition = try container.decodeIfPresent(Condition.self, forKey: .condition)
            let kindContainer = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .kind)
            guard let key = kindContainer.allKeys.first else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no setting kind")) }
            kind = key.stringValue
            let payload = try kindContainer.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            var values: [Value] = []
            while payload.contains(AnyKey("_\(values.count)")) {
                values.append(try payload.decode(Value.self, forKey: AnyKey("_\(values.count)")))
            }
            self.values = values
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(tool, forKey: .tool)
            var kindContainer = container.nestedContainer(keyedBy: AnyKey.self, forKey: .kind)
            var payload = kindContainer.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(kind))
            for (index, value) in values.enumerated() { try payload.encode(value, forKey: AnyKey("_\(index)")) }
            try container.encodeIfPresent(condition, forKey: .condition)
        }
    }

    /// `{"plugin": ["Name", "package" or null]}`.
    package struct PluginUsageValue: Codable, Equatable, Sendable {
        package var name: String
        package var package: String?

        package init(name: String, package: String?) {
            self.name = name
            self.package = package
        }

        enum CodingKeys: String, CodingKey { case plugin }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            var list = try container.nestedUnkeyedContainer(forKey: .plugin)
            name = try list.decode(String.self)
            package = list.isAtEnd ? nil : try list.decodeIfPresent(String.self)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var list = container.nestedUnkeyedContainer(forKey: .plugin)
            try list.encode(encoded(name))
            try list.encode(package.map(encoded))
        }
    }

    /// A JSON value of a shape SwiftPM writes freely (a plugin's capability, a setting's values).
    package indirect enum Value: Codable, Equatable, Sendable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case null
        case array([Value])
        case object([String: Value])

        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let flag = try? container.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? container.decode(Int.self) {
                self = .int(number)
            } else if let text = try? container.decode(String.self) {
                self = .string(text)
            } else if let list = try? container.decode([Value].self) {
                self = .array(list)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(encoded(text))
            case .int(let number): try container.encode(number)
            case .bool(let flag): try container.encode(flag)
            case .null: try container.encodeNil()
            case .array(let list): try container.encode(list)
            case .object(let fields): try container.encode(fields)
            }
        }
    }

    /// A coding key of any name (SwiftPM's enums encode their case as the key).
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Every string value of the output passes here before it is written: the one place to
    /// change what `dump-package` shows (redacting credentials in URLs, for instance).
    static func encoded(_ text: String) -> String { text }

    // MARK: - Printing

    /// The manifest as SwiftPM prints it: pretty, keys sorted, slashes unescaped, a newline
    /// after; `compact` gives one line (for several packages, one per line). A relative package
    /// folder and `~/` paths start from `origin`.
    package static func text(of manifest: PackageManifest, origin: PathOrigin, compact: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = compact ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(model(of: manifest, origin: origin))
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

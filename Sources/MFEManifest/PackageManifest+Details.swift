import MFECore

/// What `Package(...)` declares beyond the graph, as SwiftPM's `dump-package` shows it.
package struct PackageDetails: Sendable, Equatable {
    /// `defaultLocalization:` (a language tag).
    package var defaultLocalization: String?
    /// `pkgConfig:` of a legacy system package.
    package var pkgConfig: String?
    /// `providers:` of a legacy system package.
    package var providers: [SystemPackageProvider]?
    /// `swiftLanguageModes:` (or `swiftLanguageVersions:`) as SwiftPM writes them (`5`, `4.2`, `6`).
    package var swiftLanguageVersions: [String]?
    /// `cLanguageStandard:` as its raw value (`gnu11`).
    package var cLanguageStandard: String?
    /// `cxxLanguageStandard:` as its raw value (`c++17`).
    package var cxxLanguageStandard: String?

    /// Creates package details, all absent by default.
    package init(
        defaultLocalization: String? = nil, pkgConfig: String? = nil, providers: [SystemPackageProvider]? = nil, swiftLanguageVersions: [String]? = nil,
        cLanguageStandard: String? = nil, cxxLanguageStandard: String? = nil
    ) {
        self.defaultLocalization = defaultLocalization
        self.pkgConfig = pkgConfig
        self.providers = providers
        self.swiftLanguageVersions = swiftLanguageVersions
        self.cLanguageStandard = cLanguageStandard
        self.cxxLanguageStandard = cxxLanguageStandard
    }
}

/// A system package manager's packages a system library target names (`.apt(["libxml2-dev"])`).
package struct SystemPackageProvider: Sendable, Equatable {
    /// `brew`, `apt`, `yum` or `nuget`.
    package var manager: String
    package var packages: [String]

    /// Creates a provider.
    package init(manager: String, packages: [String]) {
        self.manager = manager
        self.packages = packages
    }
}

/// What a target declaration sets beyond the graph, as SwiftPM's `dump-package` shows it.
package struct TargetDetails: Sendable, Equatable {
    /// `url:` of a binary target.
    package var url: String?
    /// `resources:`, in order.
    package var resources: [TargetResource] = []
    /// `publicHeadersPath:`.
    package var publicHeadersPath: String?
    /// `packageAccess:`: true by default from tools version 5.9 on.
    package var packageAccess = true
    /// `pkgConfig:` of a system library.
    package var pkgConfig: String?
    /// `providers:` of a system library.
    package var providers: [SystemPackageProvider]?
    /// `capability:` of a plugin.
    package var pluginCapability: PluginCapability?
    /// The C, C++, Swift and linker settings, in SwiftPM's order (C, C++, Swift, linker; each
    /// in declaration order).
    package var settings: [BuildSetting] = []
    /// `checksum:` of a binary target.
    package var checksum: String?
    /// `plugins:`, nil when not given.
    package var pluginUsages: [PluginUsage]?

    /// Creates target details with PackageDescription's defaults.
    package init(packageAccess: Bool = true) {
        self.packageAccess = packageAccess
    }
}

/// A resource of a target: `.process(path, localization:)`, `.copy(path)`, `.embedInCode(path)`.
package struct TargetResource: Sendable, Equatable {
    /// `process`, `copy` or `embedInCode`.
    package var rule: String
    package var path: String
    /// `default` or `base` for `.process(…, localization:)`.
    package var localization: String?

    /// Creates a resource.
    package init(rule: String, path: String, localization: String? = nil) {
        self.rule = rule
        self.path = path
        self.localization = localization
    }
}

/// A build setting: the tool it is for, SwiftPM's kind and values, its condition.
package struct BuildSetting: Sendable, Equatable {
    /// `c`, `cxx`, `swift` or `linker`.
    package var tool: String
    /// PackageDescription's name of the setting (`define`, `unsafeFlags`, `swiftLanguageMode`, …).
    package var kind: String
    /// Its values (`["X=1"]`, the flags).
    package var values: [String]
    /// `.when(platforms:configuration:traits:)`, if any.
    package var condition: SettingCondition?

    /// Creates a setting.
    package init(tool: String, kind: String, values: [String], condition: SettingCondition? = nil) {
        self.tool = tool
        self.kind = kind
        self.values = values
        self.condition = condition
    }
}

/// The condition of a build setting.
package struct SettingCondition: Sendable, Equatable {
    /// Lowercase platform names (`linux`, `ios`).
    package var platforms: [String]
    /// `debug` or `release`.
    package var configuration: String?
    /// The package's traits that enable it.
    package var traits: [String]?

    /// Creates a condition.
    package init(platforms: [String] = [], configuration: String? = nil, traits: [String]? = nil) {
        self.platforms = platforms
        self.configuration = configuration
        self.traits = traits
    }
}

/// The capability of a plugin target.
package enum PluginCapability: Sendable, Equatable {
    case buildTool
    case command(intent: PluginCommandIntent, permissions: [PluginPermission])
}

/// What a command plugin is for.
package enum PluginCommandIntent: Sendable, Equatable {
    case documentationGeneration
    case sourceCodeFormatting
    case custom(verb: String, description: String)
}

/// A permission a command plugin asks for.
package enum PluginPermission: Sendable, Equatable {
    case allowNetworkConnections(scope: PluginNetworkScope, reason: String)
    case writeToPackageDirectory(reason: String)
}

/// The network a plugin may reach.
package enum PluginNetworkScope: Sendable, Equatable {
    case none
    case local(ports: [Int])
    case all(ports: [Int])
    case docker
    case unixDomainSocket

    /// The scope PackageDescription's case `kind` names (`local`, `all`, …), as both the
    /// reader and SwiftPM's JSON spell it; `none` for any other.
    package init(kind: String, ports: [Int]) {
        switch kind {
        case "local": self = .local(ports: ports)
        case "all": self = .all(ports: ports)
        case "docker": self = .docker
        case "unixDomainSocket": self = .unixDomainSocket
        default: self = .none
        }
    }
}

/// A plugin a target uses: `.plugin(name:package:)`.
package struct PluginUsage: Sendable, Equatable {
    package var name: String
    package var package: String?

    /// Creates a plugin usage.
    package init(name: String, package: String? = nil) {
        self.name = name
        self.package = package
    }
}

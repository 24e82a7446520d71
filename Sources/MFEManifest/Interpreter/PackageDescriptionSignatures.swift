import MFECore

/// A parameter of a PackageDescription function as the interpreter binds it.
struct LibraryParameter: Sendable {
    /// The argument label (nil: none).
    var label: String?
    /// The key its value is stored under.
    var name: String
    var type: MType?
    var required: Bool
}

/// One overload of a PackageDescription function: its parameters, and the tools versions
/// it exists in (its defaults may differ between overloads).
struct LibrarySignature: Sendable {
    var parameters: [LibraryParameter]
    var introduced: ToolsVersion?
    var obsoleted: ToolsVersion?

    func isAvailable(in version: ToolsVersion) -> Bool {
        if let introduced, version < introduced { return false }
        if let obsoleted, version >= obsoleted { return false }
        return true
    }

    /// Whether arguments with `labels` fit: in order, the parameters left out having defaults.
    func accepts(_ labels: [String?]) -> Bool {
        var next = 0
        for parameter in parameters {
            if next < labels.count, labels[next] == parameter.label {
                next += 1
            } else if parameter.required {
                return false
            }
        }
        return next == labels.count
    }
}

/// PackageDescription's functions, by type and name, with the parameter types the arguments
/// are read as (so `.target(...)` in `dependencies:` is a target dependency).
enum PackageDescriptionSignatures {
    static let string = MType.named("String")
    static let strings = MType.array(.named("String"))
    static let optionalString = MType.optional(.named("String"))
    static let optionalStrings = MType.optional(.array(.named("String")))
    static let bool = MType.named("Bool")
    static let version = MType.named("Version")
    static let targetDependencies = MType.array(.named("Target.Dependency"))
    static let stringSet = MType.set(.named("String"))
    static let platformList = MType.array(.named("Platform"))

    static func required(_ label: String?, _ name: String, _ type: MType?) -> LibraryParameter {
        LibraryParameter(label: label, name: name, type: type, required: true)
    }

    static func optional(_ label: String?, _ name: String, _ type: MType?) -> LibraryParameter {
        LibraryParameter(label: label, name: name, type: type, required: false)
    }

    static func labelled(_ label: String, _ type: MType?, required: Bool = false) -> LibraryParameter {
        LibraryParameter(label: label, name: label, type: type, required: required)
    }

    static func settings(_ type: String) -> MType { .optional(.array(.named(type))) }

    /// The parameters every target factory shares, in PackageDescription's order.
    static func targetParameters(resources: Bool = true, publicHeaders: Bool = true, c: Bool = true) -> [LibraryParameter] {
        var result = [
            labelled("name", string, required: true), labelled("dependencies", targetDependencies), labelled("path", optionalString),
            labelled("exclude", strings), labelled("sources", optionalStrings),
        ]
        if resources { result.append(labelled("resources", settings("Resource"))) }
        if publicHeaders { result.append(labelled("publicHeadersPath", optionalString)) }
        result.append(labelled("packageAccess", bool))
        if c {
            result += [labelled("cSettings", settings("CSetting")), labelled("cxxSettings", settings("CXXSetting"))]
        }
        result += [
            labelled("swiftSettings", settings("SwiftSetting")), labelled("linkerSettings", settings("LinkerSetting")),
            labelled("plugins", settings("Target.PluginUsage")),
        ]
        return result
    }

    static func condition(_ type: String) -> LibraryParameter { optional(nil, "condition", .optional(.named(type))) }

    static func setting(_ value: LibraryParameter, _ extra: [LibraryParameter] = [], type: String) -> LibrarySignature {
        LibrarySignature(parameters: [value] + extra + [condition("BuildSettingCondition")])
    }

    static func signature(_ parameters: LibraryParameter..., introduced: ToolsVersion? = nil, obsoleted: ToolsVersion? = nil) -> LibrarySignature {
        LibrarySignature(parameters: parameters, introduced: introduced, obsoleted: obsoleted)
    }

    static let requirement = MType.named("Package.Dependency.Requirement")
    static let dependencyTraits = MType.set(.named("Package.Dependency.Trait"))

    /// The package dependency factories: `path:`, `url:` with a requirement, `id:`.
    static var packageDependencySignatures: [LibrarySignature] {
        let name = labelled("name", optionalString)
        let traits = labelled("traits", dependencyTraits)
        var result: [LibrarySignature] = [
            signature(name, labelled("path", string, required: true), traits),
            signature(labelled("id", string, required: true), labelled("from", version, required: true), traits),
            signature(labelled("id", string, required: true), labelled("exact", version, required: true), traits),
            signature(labelled("id", string, required: true), required(nil, "range", requirement), traits),
        ]
        for requirementParameter in [
            labelled("from", version, required: true), labelled("exact", version, required: true), labelled("branch", string, required: true),
            labelled("revision", string, required: true), required(nil, "range", requirement),
        ] {
            result.append(signature(name, labelled("url", string, required: true), requirementParameter, traits))
        }
        return result
    }

    /// Every PackageDescription function the interpreter runs, by type then name.
    static let all: [String: [String: [LibrarySignature]]] = {
        var table: [String: [String: [LibrarySignature]]] = [:]
        let target = targetParameters()
        table["Target"] = [
            "target": [LibrarySignature(parameters: target)],
            "executableTarget": [LibrarySignature(parameters: target)],
            "testTarget": [LibrarySignature(parameters: targetParameters(publicHeaders: false))],
            "macro": [LibrarySignature(parameters: targetParameters(resources: false, publicHeaders: false, c: false))],
            "plugin": [
                signature(
                    labelled("name", string, required: true), labelled("capability", .named("Target.PluginCapability"), required: true),
                    labelled("dependencies", targetDependencies), labelled("path", optionalString), labelled("exclude", strings),
                    labelled("sources", optionalStrings), labelled("packageAccess", bool))
            ],
            "systemLibrary": [
                signature(
                    labelled("name", string, required: true), labelled("path", optionalString), labelled("pkgConfig", optionalString),
                    labelled("providers", .optional(.array(.named("SystemPackageProvider")))))
            ],
            "binaryTarget": [
                signature(labelled("name", string, required: true), labelled("url", string, required: true), labelled("checksum", string, required: true)),
                signature(labelled("name", string, required: true), labelled("path", string, required: true)),
            ],
        ]
        let dependencyCondition = labelled("condition", .optional(.named("TargetDependencyCondition")))
        table["Target.Dependency"] = [
            "target": [signature(labelled("name", string, required: true), dependencyCondition)],
            "product": [
                signature(
                    labelled("name", string, required: true), labelled("package", optionalString), labelled("moduleAliases", .optional(.dictionary(string, string))),
                    dependencyCondition)
            ],
            "byName": [signature(labelled("name", string, required: true), dependencyCondition)],
            "targetItem": [signature(labelled("name", string, required: true), required("condition", "condition", .optional(.named("TargetDependencyCondition"))))],
            "productItem": [
                signature(
                    labelled("name", string, required: true), labelled("package", optionalString, required: true),
                    labelled("moduleAliases", .optional(.dictionary(string, string)), required: true),
                    required("condition", "condition", .optional(.named("TargetDependencyCondition")))),
                signature(
                    labelled("name", string, required: true), labelled("package", optionalString), labelled("condition", .optional(.named("TargetDependencyCondition"))), obsoleted: ToolsVersion(5, 7)),
            ],
            "byNameItem": [signature(labelled("name", string, required: true), required("condition", "condition", .optional(.named("TargetDependencyCondition"))))],
        ]
        table["TargetDependencyCondition"] = [
            "when": [
                signature(labelled("platforms", platformList, required: true), labelled("traits", stringSet, required: true), introduced: ToolsVersion(6, 1)),
                signature(labelled("traits", stringSet, required: true), introduced: ToolsVersion(6, 1)),
                signature(labelled("platforms", platformList, required: true), introduced: ToolsVersion(5, 7)),
                signature(labelled("platforms", .optional(platformList)), obsoleted: ToolsVersion(5, 7)),
            ]
        ]
        let configuration = MType.optional(.named("BuildConfiguration"))
        table["BuildSettingCondition"] = [
            "when": [
                signature(labelled("platforms", .optional(platformList)), labelled("configuration", configuration), labelled("traits", .optional(stringSet)))
            ]
        ]
        let anyCondition = condition("BuildSettingCondition")
        let warningLevel = MType.named("WarningLevel")
        let warnings: [String: [LibrarySignature]] = [
            "treatAllWarnings": [signature(labelled("as", warningLevel, required: true), anyCondition)],
            "treatWarning": [signature(required(nil, "name", string), labelled("as", warningLevel, required: true), anyCondition)],
            "enableWarning": [signature(required(nil, "name", string), anyCondition)],
            "disableWarning": [signature(required(nil, "name", string), anyCondition)],
        ]
        let cFamily: [String: [LibrarySignature]] = [
            "headerSearchPath": [signature(required(nil, "path", string), anyCondition)],
            "define": [signature(required(nil, "name", string), labelled("to", optionalString), anyCondition)],
            "unsafeFlags": [signature(required(nil, "flags", strings), anyCondition)],
        ].merging(warnings) { first, _ in first }
        table["CSetting"] = cFamily
        table["CXXSetting"] = cFamily
        table["SwiftSetting"] = [
            "define": [signature(required(nil, "name", string), anyCondition)],
            "unsafeFlags": [signature(required(nil, "flags", strings), anyCondition)],
            "enableUpcomingFeature": [signature(required(nil, "name", string), anyCondition)],
            "enableExperimentalFeature": [signature(required(nil, "name", string), anyCondition)],
            "strictMemorySafety": [signature(anyCondition)],
            "interoperabilityMode": [signature(required(nil, "mode", .named("SwiftSetting.InteroperabilityMode")), anyCondition)],
            "swiftLanguageVersion": [signature(required(nil, "mode", .named("SwiftLanguageMode")), anyCondition)],
            "swiftLanguageMode": [signature(required(nil, "mode", .named("SwiftLanguageMode")), anyCondition)],
            "treatAllWarnings": warnings["treatAllWarnings"]!,
            "treatWarning": warnings["treatWarning"]!,
            "defaultIsolation": [signature(required(nil, "isolation", .optional(.named("MainActor"))), anyCondition)],
        ]
        table["LinkerSetting"] = [
            "linkedLibrary": [signature(required(nil, "name", string), anyCondition)],
            "linkedFramework": [signature(required(nil, "name", string), anyCondition)],
            "unsafeFlags": [signature(required(nil, "flags", strings), anyCondition)],
        ]
        table["Resource"] = [
            "process": [signature(required(nil, "path", string), labelled("localization", .optional(.named("Resource.Localization"))))],
            "copy": [signature(required(nil, "path", string))],
            "embedInCode": [signature(required(nil, "path", string))],
        ]
        table["Product"] = [
            "library": [signature(labelled("name", string, required: true), labelled("type", .optional(.named("Product.Library.LibraryType"))), labelled("targets", strings, required: true))],
            "executable": [
                signature(labelled("name", string, required: true), labelled("targets", strings, required: true)),
                signature(labelled("name", string, required: true), labelled("targets", strings, required: true), labelled("settings", .array(.named("ProductSetting")), required: true)),
            ],
            "plugin": [signature(labelled("name", string, required: true), labelled("targets", strings, required: true))],
        ]
        table["Package.Dependency"] = ["package": packageDependencySignatures]
        let from = labelled("from", version, required: true)
        table["Range"] = ["upToNextMajor": [signature(from)], "upToNextMinor": [signature(from)]]
        table["Package.Dependency.Requirement"] = [
            "upToNextMajor": [signature(from)], "upToNextMinor": [signature(from)], "exact": [signature(required(nil, "version", version))],
            "branch": [signature(required(nil, "name", string))], "revision": [signature(required(nil, "name", string))],
            "range": [signature(required(nil, "range", .generic("Range", [version])))],
            "exactItem": [signature(required(nil, "version", version))], "rangeItem": [signature(required(nil, "range", .generic("Range", [version])))],
            "branchItem": [signature(required(nil, "name", string))], "revisionItem": [signature(required(nil, "name", string))],
        ]
        table["Package.Dependency.Trait"] = [
            "trait": [signature(labelled("name", string, required: true), labelled("condition", .optional(.named("Package.Dependency.Trait.Condition"))))]
        ]
        table["Package.Dependency.Trait.Condition"] = ["when": [signature(labelled("traits", stringSet, required: true))]]
        table["Trait"] = [
            "trait": [signature(labelled("name", string, required: true), labelled("description", optionalString), labelled("enabledTraits", stringSet))],
            "default": [signature(labelled("enabledTraits", stringSet, required: true))],
        ]
        table["Platform"] = ["custom": [signature(required(nil, "name", string))]]
        var platforms: [String: [LibrarySignature]] = ["custom": [signature(required(nil, "name", string), labelled("versionString", string, required: true))]]
        for (name, versionType) in supportedPlatformVersionTypes {
            platforms[name] = [signature(required(nil, "version", .named(versionType)))]
        }
        table["SupportedPlatform"] = platforms
        let packages = MType.array(.named("String"))
        table["SystemPackageProvider"] = [
            "brew": [signature(required(nil, "packages", packages))], "apt": [signature(required(nil, "packages", packages))],
            "yum": [signature(required(nil, "packages", packages))], "nuget": [signature(required(nil, "packages", packages))],
            "brewItem": [signature(required(nil, "packages", packages))], "aptItem": [signature(required(nil, "packages", packages))],
            "yumItem": [signature(required(nil, "packages", packages))], "nugetItem": [signature(required(nil, "packages", packages))],
        ]
        table["SwiftLanguageMode"] = ["version": [signature(required(nil, "version", string))]]
        table["Target.PluginCapability"] = [
            "buildTool": [signature()],
            "command": [signature(labelled("intent", .named("PluginCommandIntent"), required: true), labelled("permissions", .array(.named("PluginPermission"))))],
        ]
        table["PluginCommandIntent"] = [
            "documentationGeneration": [signature()], "sourceCodeFormatting": [signature()],
            "custom": [signature(labelled("verb", string, required: true), labelled("description", string, required: true))],
        ]
        table["PluginPermission"] = [
            "allowNetworkConnections": [signature(labelled("scope", .named("PluginNetworkPermissionScope"), required: true), labelled("reason", string, required: true))],
            "writeToPackageDirectory": [signature(labelled("reason", string, required: true))],
        ]
        table["PluginNetworkPermissionScope"] = [
            "local": [signature(labelled("ports", nil))], "all": [signature(labelled("ports", nil))],
        ]
        table["Target.PluginUsage"] = ["plugin": [signature(labelled("name", string, required: true), labelled("package", optionalString))]]
        table["ProductSetting"] = [:]
        return table
    }()

    /// `SupportedPlatform`'s factories and the types of their versions.
    static let supportedPlatformVersionTypes: [String: String] = [
        "macOS": "SupportedPlatform.MacOSVersion", "macCatalyst": "SupportedPlatform.MacCatalystVersion", "iOS": "SupportedPlatform.IOSVersion",
        "tvOS": "SupportedPlatform.TVOSVersion", "watchOS": "SupportedPlatform.WatchOSVersion", "visionOS": "SupportedPlatform.VisionOSVersion",
        "driverKit": "SupportedPlatform.DriverKitVersion",
    ]

    /// The least major version PackageDescription accepts per platform (`AppleOSVersion`).
    static let minimumMajorVersions: [String: UInt] = [
        "macOS": 10, "macCatalyst": 13, "iOS": 2, "tvOS": 9, "watchOS": 2, "visionOS": 1, "driverKit": 19,
    ]

    /// `Platform`'s static members and the names SwiftPM writes.
    static let platformNames: [String: String] = [
        "macOS": "macos", "macCatalyst": "maccatalyst", "iOS": "ios", "tvOS": "tvos", "watchOS": "watchos", "visionOS": "visionos",
        "driverKit": "driverkit", "linux": "linux", "windows": "windows", "android": "android", "wasi": "wasi", "openbsd": "openbsd",
        "freebsd": "freebsd",
    ]

    /// Enums of PackageDescription with raw values: their cases and raw values.
    static let rawEnums: [String: [String: String]] = [
        "Target.TargetType": ["regular": "regular", "executable": "executable", "test": "test", "system": "system", "binary": "binary", "plugin": "plugin", "macro": "macro"],
        "Product.Library.LibraryType": ["static": "static", "dynamic": "dynamic"],
        "Resource.Localization": ["default": "default", "base": "base"],
        "SwiftSetting.InteroperabilityMode": ["C": "C", "Cxx": "Cxx"],
        "WarningLevel": ["warning": "warning", "error": "error"],
        "CLanguageStandard": [
            "c89": "c89", "c90": "c90", "c99": "c99", "c11": "c11", "c17": "c17", "c18": "c18", "c2x": "c2x", "gnu89": "gnu89", "gnu90": "gnu90",
            "gnu99": "gnu99", "gnu11": "gnu11", "gnu17": "gnu17", "gnu18": "gnu18", "gnu2x": "gnu2x", "iso9899_1990": "iso9899:1990",
            "iso9899_199409": "iso9899:199409", "iso9899_1999": "iso9899:1999", "iso9899_2011": "iso9899:2011", "iso9899_2017": "iso9899:2017",
            "iso9899_2018": "iso9899:2018",
        ],
        "CXXLanguageStandard": [
            "cxx98": "c++98", "cxx03": "c++03", "cxx11": "c++11", "cxx14": "c++14", "cxx17": "c++17", "cxx1z": "c++1z", "cxx20": "c++20",
            "cxx2b": "c++2b", "gnucxx98": "gnu++98", "gnucxx03": "gnu++03", "gnucxx11": "gnu++11", "gnucxx14": "gnu++14", "gnucxx17": "gnu++17",
            "gnucxx1z": "gnu++1z", "gnucxx20": "gnu++20", "gnucxx2b": "gnu++2b",
        ],
    ]

    /// Cases without associated values of PackageDescription's other enums.
    static let plainCases: [String: Set<String>] = [
        "SwiftLanguageMode": ["v3", "v4", "v4_2", "v5", "v6"],
        "Target.PluginCapability": ["buildTool"],
        "PluginCommandIntent": ["documentationGeneration", "sourceCodeFormatting"],
        "PluginNetworkPermissionScope": ["none", "docker", "unixDomainSocket", "local", "all"],
        "Package.Dependency.Requirement": ["localPackageItem"],
    ]

    /// The associated values of PackageDescription's enum cases, in order (for patterns).
    static let enumPayloadFields: [String: [String: [String]]] = [
        "Target.Dependency": ["targetItem": ["name", "condition"], "productItem": ["name", "package", "moduleAliases", "condition"], "byNameItem": ["name", "condition"]],
        "Target.PluginUsage": ["plugin": ["name", "package"]],
        "Package.Dependency.Kind": ["fileSystem": ["name", "path"], "sourceControl": ["name", "location", "requirement"], "registry": ["id", "requirement"]],
        "Package.Dependency.Requirement": [
            "exact": ["_0"], "range": ["_0"], "revision": ["_0"], "branch": ["_0"], "exactItem": ["_0"], "rangeItem": ["_0"], "revisionItem": ["_0"],
            "branchItem": ["_0"],
        ],
        "SystemPackageProvider": ["brewItem": ["_0"], "aptItem": ["_0"], "yumItem": ["_0"], "nuget": ["_0"]],
        "SwiftLanguageMode": ["version": ["_0"]],
        "Target.PluginCapability": ["command": ["intent", "permissions"]],
        "PluginCommandIntent": ["custom": ["verb", "description"]],
        "PluginPermission": ["allowNetworkConnections": ["scope", "reason"], "writeToPackageDirectory": ["reason"]],
        "PluginNetworkPermissionScope": ["local": ["ports"], "all": ["ports"]],
    ]

    /// For each static member name, the PackageDescription types that have it (to read an
    /// implicit member where no type is expected).
    static let staticOwners: [String: [String]] = {
        var owners: [String: Set<String>] = [:]
        for (type, members) in all {
            for name in members.keys { owners[name, default: []].insert(type) }
        }
        for (type, cases) in rawEnums {
            for name in cases.keys { owners[name, default: []].insert(type) }
        }
        for (type, cases) in plainCases {
            for name in cases { owners[name, default: []].insert(type) }
        }
        for name in platformNames.keys { owners[name, default: []].insert("Platform") }
        owners["debug", default: []].insert("BuildConfiguration")
        owners["release", default: []].insert("BuildConfiguration")
        owners["defaults", default: []].insert("Package.Dependency.Trait")
        return owners.mapValues { $0.sorted() }
    }()

    /// The types of the properties of PackageDescription's objects (what an assignment to
    /// one reads its value as).
    static let propertyTypes: [String: [String: MType]] = [
        "Package": [
            "name": string, "platforms": .optional(.array(.named("SupportedPlatform"))), "defaultLocalization": .optional(.named("LanguageTag")),
            "pkgConfig": optionalString, "providers": .optional(.array(.named("SystemPackageProvider"))), "targets": .array(.named("Target")),
            "products": .array(.named("Product")), "traits": .set(.named("Trait")), "dependencies": .array(.named("Package.Dependency")),
            "swiftLanguageModes": .optional(.array(.named("SwiftLanguageMode"))), "swiftLanguageVersions": .optional(.array(.named("SwiftLanguageMode"))),
            "cLanguageStandard": .optional(.named("CLanguageStandard")), "cxxLanguageStandard": .optional(.named("CXXLanguageStandard")),
        ],
        "Target": [
            "name": string, "path": optionalString, "url": optionalString, "sources": optionalStrings, "resources": settings("Resource"),
            "exclude": strings, "dependencies": targetDependencies, "publicHeadersPath": optionalString, "type": .named("Target.TargetType"),
            "packageAccess": bool, "pkgConfig": optionalString, "providers": .optional(.array(.named("SystemPackageProvider"))),
            "pluginCapability": .optional(.named("Target.PluginCapability")), "cSettings": settings("CSetting"), "cxxSettings": settings("CXXSetting"),
            "swiftSettings": settings("SwiftSetting"), "linkerSettings": settings("LinkerSetting"), "checksum": optionalString,
            "plugins": settings("Target.PluginUsage"), "isTest": bool,
        ],
        "Product": ["name": string, "targets": strings, "type": .optional(.named("Product.Library.LibraryType"))],
        "Package.Dependency": ["traits": dependencyTraits, "kind": .named("Package.Dependency.Kind")],
    ]
}

/// The build configuration of the machine mfe runs on, for evaluating `#if` conditions in
/// manifests and sources without a compiler: `os`, `arch`, `canImport` of the toolchain's
/// own modules, `swift`/`compiler` versions, endianness and pointer width, as the Swift
/// compiler on this host would answer them.
package struct HostBuildConfiguration: Sendable, Equatable {
    /// The operating system `os(...)` is true for (`Linux`, `macOS`, `Windows`, …).
    package var operatingSystem: String
    /// The architecture `arch(...)` is true for (`x86_64`, `arm64`, …).
    package var architecture: String
    /// Modules `canImport(...)` is true for; every other module is not importable.
    package var importableModules: Set<String>
    /// Names set with `-D`, true in `#if NAME`.
    package var customConditions: Set<String>
    /// The language mode's version, which `swift(>=…)` compares against.
    package var languageVersion: SwiftVersion
    /// The compiler's version, which `compiler(>=…)` compares against.
    package var compilerVersion: SwiftVersion
    /// SwiftPM's name of the platform built for (`linux`, `ios`, `maccatalyst`, …).
    package var platform: String
    /// The environments `targetEnvironment(...)` is true for (`macCatalyst`).
    package var targetEnvironments: Set<String>

    /// Creates the host configuration for code compiled in `languageMode` (`6` for Swift 6
    /// mode, `5` for Swift 5 mode), adding `extraImportableModules` (say, workspace modules)
    /// to the toolchain's own.
    package init(languageMode: Int = 6, customConditions: Set<String> = [], extraImportableModules: Set<String> = []) {
        operatingSystem = Self.hostOperatingSystem
        architecture = Self.hostArchitecture
        importableModules = Self.hostModules.union(extraImportableModules)
        self.customConditions = customConditions
        compilerVersion = Self.toolchainVersion
        languageVersion = Self.effectiveLanguageVersion(languageMode: languageMode, compilerVersion: Self.toolchainVersion)
        platform = Self.hostPlatform
        targetEnvironments = []
    }

    /// The configuration SwiftPM compiles a manifest with: Swift 6 mode for tools-version
    /// 6.0 and later, Swift 5 mode (4 before 5.0) below, as `ToolsVersion.swiftLanguageVersion`.
    package static func forManifest(toolsVersion: ToolsVersion) -> HostBuildConfiguration {
        let mode = toolsVersion.major >= 6 ? 6 : (toolsVersion.major == 5 ? 5 : 4)
        var configuration = HostBuildConfiguration(languageMode: mode)
        configuration.importableModules.insert("PackageDescription")
        if toolsVersion >= ToolsVersion(5, 9) { configuration.importableModules.insert("CompilerPluginSupport") }
        return configuration
    }

    /// The version `swift(>=…)` sees: the compiler's own in its newest mode, `5.10` in Swift 5
    /// mode and `4.2` in Swift 4 mode, as the compiler's effective language version.
    static func effectiveLanguageVersion(languageMode: Int, compilerVersion: SwiftVersion) -> SwiftVersion {
        if languageMode >= compilerVersion.components[0] { return compilerVersion }
        switch languageMode {
        case 5: return SwiftVersion(5, 10)
        case 4: return SwiftVersion(4, 2)
        default: return SwiftVersion(languageMode)
        }
    }

    /// The toolchain mfe was built with, which is the one it runs with.
    static let toolchainVersion: SwiftVersion = {
        #if compiler(>=6.5)
            return SwiftVersion(6, 5)
        #elseif compiler(>=6.4)
            return SwiftVersion(6, 4)
        #elseif compiler(>=6.3.2)
            return SwiftVersion(6, 3, 2)
        #elseif compiler(>=6.3.1)
            return SwiftVersion(6, 3, 1)
        #elseif compiler(>=6.3)
            return SwiftVersion(6, 3)
        #elseif compiler(>=6.2)
            return SwiftVersion(6, 2)
        #elseif compiler(>=6.1)
            return SwiftVersion(6, 1)
        #else
            return SwiftVersion(6, 0)
        #endif
    }()

    static let hostOperatingSystem: String = {
        #if os(Linux)
            return "Linux"
        #elseif os(macOS)
            return "macOS"
        #elseif os(Windows)
            return "Windows"
        #elseif os(FreeBSD)
            return "FreeBSD"
        #elseif os(Android)
            return "Android"
        #else
            return "unknown"
        #endif
    }()

    static let hostArchitecture: String = {
        #if arch(x86_64)
            return "x86_64"
        #elseif arch(arm64)
            return "arm64"
        #elseif arch(i386)
            return "i386"
        #elseif arch(arm)
            return "arm"
        #else
            return "unknown"
        #endif
    }()

    /// The modules a plain toolchain offers on this host (no SDK frameworks beyond it).
    static let hostModules: Set<String> = {
        var modules: Set<String> = [
            "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Observation",
            "Synchronization", "Dispatch", "Foundation", "XCTest", "Testing", "Cxx", "CxxStdlib",
            "_Differentiation",
        ]
        #if os(Linux) || os(Android) || os(FreeBSD)
            modules.formUnion([
                "Glibc", "SwiftGlibc", "FoundationEssentials", "FoundationInternationalization",
                "FoundationNetworking", "FoundationXML",
            ])
        #elseif os(Windows)
            modules.formUnion([
                "WinSDK", "ucrt", "CRT", "FoundationEssentials", "FoundationInternationalization",
                "FoundationNetworking", "FoundationXML",
            ])
        #elseif canImport(Darwin)
            modules.formUnion([
                "Darwin", "ObjectiveC", "CoreFoundation", "os", "Combine", "SwiftUI", "AppKit",
                "WebKit", "CoreGraphics", "CoreData", "Security", "OSLog", "CryptoKit", "Network",
            ])
        #endif
        return modules
    }()

    /// Language features every Swift 6 compiler has, whatever the mode.
    static let baselineFeatures: Set<String> = [
        "AsyncAwait", "EffectfulProp", "Actors", "ConcurrentFunctions", "RethrowsProtocol", "GlobalActors",
        "Sendable", "AsyncSequence", "BuiltinExecutor", "BuiltinContinuation", "SpecializeAttributeWithAvailability",
        "PrimaryAssociatedTypes2", "UnavailableFromAsync", "NoAsyncAvailability", "Macros",
        "FreestandingExpressionMacros", "AttachedMacros", "ExtensionMacros", "FreestandingMacros",
        "MoveOnly", "ParameterPacks", "TypedThrows", "NoncopyableGenerics", "BorrowingSwitch",
        "IsolatedAny", "SendingArgsAndResults", "BitwiseCopyable", "OptionalIsolatedParameters",
        "ExpressionMacroDefaultArguments", "BuiltinCreateTask", "ConformanceSuppression",
        "ValueGenerics", "InlineArrayTypeSugar", "NonescapableTypes",
    ]

    /// Upcoming features the Swift 6 language mode turns on.
    static let swift6Features: Set<String> = [
        "ConciseMagicFile", "ForwardTrailingClosures", "StrictConcurrency", "BareSlashRegexLiterals",
        "DeprecateApplicationMain", "ImportObjcForwardDeclarations", "DisableOutwardActorInference",
        "IsolatedDefaultValues", "GlobalConcurrency", "InferSendableFromCaptures", "ImplicitOpenExistentials",
        "RegionBasedIsolation", "DynamicActorIsolation", "NonfrozenEnumExhaustivity",
        "GlobalActorIsolatedTypesUsability",
    ]

    /// Attributes `hasAttribute(...)` is true for.
    static let knownAttributes: Set<String> = [
        "available", "objc", "nonobjc", "inlinable", "inline", "usableFromInline", "frozen", "discardableResult",
        "dynamicMemberLookup", "dynamicCallable", "main", "preconcurrency", "retroactive", "unchecked",
        "backDeployed", "_spi", "attached", "freestanding", "resultBuilder", "propertyWrapper", "globalActor",
        "testable", "warn_unqualified_access", "escaping", "autoclosure", "convention", "Sendable",
        "MainActor", "unknown", "requires_stored_property_inits", "IBAction", "IBOutlet", "NSCopying",
        "NSManaged", "objcMembers", "GKInspectable", "UIApplicationMain", "NSApplicationMain",
        "_implementationOnly", "_exported", "_silgen_name", "_cdecl", "implementation", "isolated",
        "execution", "concurrent", "abi", "nonexhaustive", "specialized", "export",
    ]

    /// True for the names given as `customConditions` (`-D` flags).
    package func isCustomConditionSet(name: String) -> Bool { customConditions.contains(name) }

    /// True for features every Swift 6 compiler has, and the upcoming features of the Swift 6 mode.
    package func hasFeature(name: String) -> Bool {
        Self.baselineFeatures.contains(name) || (languageVersion.components[0] >= 6 && Self.swift6Features.contains(name))
    }

    /// True for attributes this compiler knows.
    package func hasAttribute(name: String) -> Bool { Self.knownAttributes.contains(name) }

    /// True for the toolchain's own modules on this host (and `extraImportableModules`).
    /// (`canImport(A.B)` asks for module `A`; versions are not known, so a versioned check is an
    /// unversioned one.)
    package func canImport(modulePath: [String]) -> Bool {
        guard let module = modulePath.first else { return false }
        return importableModules.contains(module)
    }

    /// True for the host operating system (`Linux`, `macOS`, …).
    package func isActiveTargetOS(name: String) -> Bool { name == operatingSystem }

    /// True for the host architecture.
    package func isActiveTargetArchitecture(name: String) -> Bool {
        name == architecture || (architecture == "arm64" && name == "aarch64")
    }

    /// True for `macCatalyst` when building for Mac Catalyst; the host is neither a simulator
    /// nor Mac Catalyst.
    package func isActiveTargetEnvironment(name: String) -> Bool { targetEnvironments.contains(name) }

    /// `_ObjC` on Apple platforms, `_Native` elsewhere.
    package func isActiveTargetRuntime(name: String) -> Bool {
        name == (Self.appleOperatingSystems.contains(operatingSystem) ? "_ObjC" : "_Native")
    }

    /// The `os(...)` names of Apple's platforms.
    static let appleOperatingSystems: Set<String> = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "DriverKit"]

    /// Always false: the host does not build arm64e.
    package func isActiveTargetPointerAuthentication(name: String) -> Bool { false }

    /// `MachO`, `COFF` or `ELF`, by host.
    package func isActiveTargetObjectFormat(name: String) -> Bool {
        if Self.appleOperatingSystems.contains(operatingSystem) { return name == "MachO" }
        switch operatingSystem {
        case "Windows": return name == "COFF"
        case "WASI": return name == "Wasm"
        default: return name == "ELF"
        }
    }

    /// The host's pointer width.
    package var targetPointerBitWidth: Int { MemoryLayout<Int>.size * 8 }

    /// Atomic widths up to twice the pointer width, as on the compiler's 64-bit targets.
    package var targetAtomicBitWidths: [Int] { targetPointerBitWidth == 64 ? [8, 16, 32, 64, 128] : [8, 16, 32, 64] }

    /// The host's byte order.
    package var endianness: ByteOrder {
        #if _endian(big)
            return .big
        #else
            return .little
        #endif
    }
}

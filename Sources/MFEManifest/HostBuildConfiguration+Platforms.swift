/// Build configurations for the platforms a package declares, so `#if` around imports can be
/// evaluated for each of them in debug and release, not only for the machine mfe runs on.
extension HostBuildConfiguration {
    /// SwiftPM's platform names (as `Platform` and `SupportedPlatform` spell them in manifests,
    /// lowercased) → the name `os(...)` tests.
    package static let operatingSystemNames: [String: String] = [
        "macos": "macOS", "maccatalyst": "iOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS",
        "visionos": "visionOS", "driverkit": "DriverKit", "linux": "Linux", "windows": "Windows",
        "android": "Android", "wasi": "WASI", "openbsd": "OpenBSD", "freebsd": "FreeBSD",
    ]

    /// SwiftPM's name of the host platform (`linux`, `macos`, `windows`, …).
    package static var hostPlatform: String {
        operatingSystemNames.first { $0.value == hostOperatingSystem && $0.key != "maccatalyst" }?.key ?? hostOperatingSystem.lowercased()
    }

    /// The configuration SwiftPM compiles a target with for `platform` (a SwiftPM platform name):
    /// that `os(...)`, its usual architecture, the SDK's modules for `canImport`, `SWIFT_PACKAGE`
    /// always and `DEBUG` in debug builds, as `swift build` passes them.
    package init(platform: String, debug: Bool, languageMode: Int = 6) {
        self.init(languageMode: languageMode, customConditions: debug ? ["SWIFT_PACKAGE", "DEBUG"] : ["SWIFT_PACKAGE"])
        let platform = platform.lowercased()
        self.platform = platform
        guard platform != Self.hostPlatform else { return }
        operatingSystem = Self.operatingSystemNames[platform] ?? platform
        let apple: Set<String> = ["macos", "maccatalyst", "ios", "tvos", "watchos", "visionos", "driverkit"]
        if apple.contains(platform) {
            architecture = "arm64"
            importableModules = Self.appleModules(for: platform)
        } else if platform == "windows" {
            importableModules = Self.toolchainModules.union(["WinSDK", "ucrt", "CRT", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"])
        } else {
            importableModules = Self.toolchainModules.union(["Glibc", "SwiftGlibc", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"])
        }
        targetEnvironments = platform == "maccatalyst" ? ["macCatalyst"] : []
    }

    /// The modules every toolchain offers, on any platform.
    static let toolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Distributed", "Observation",
        "Synchronization", "Dispatch", "Foundation", "XCTest", "Testing", "Cxx", "CxxStdlib", "_Differentiation",
    ]

    /// The SDK frameworks of an Apple platform that code commonly tests with `canImport`.
    static func appleModules(for platform: String) -> Set<String> {
        var modules = toolchainModules.union([
            "Darwin", "ObjectiveC", "CoreFoundation", "os", "OSLog", "Combine", "SwiftUI", "CoreGraphics", "CoreData",
            "Security", "CryptoKit", "Network", "AVFoundation", "CoreLocation", "MapKit", "StoreKit", "UserNotifications",
            "CoreText", "QuartzCore", "CoreImage", "CoreMedia", "CoreVideo", "ImageIO", "Metal", "SwiftData",
            "AuthenticationServices", "CloudKit", "GameKit", "HealthKit", "Accelerate", "CoreML", "Vision", "NaturalLanguage",
            "System",
        ])
        switch platform {
        case "macos": modules.formUnion(["AppKit", "WebKit", "Cocoa", "CoreServices", "IOKit"])
        case "ios", "maccatalyst": modules.formUnion(["UIKit", "WebKit", "SafariServices", "MessageUI", "Photos", "PhotosUI", "ARKit", "WidgetKit", "ActivityKit", "CoreMotion"])
        case "tvos": modules.formUnion(["UIKit", "TVUIKit", "Photos"])
        case "visionos": modules.formUnion(["UIKit", "RealityKit", "WebKit", "Photos", "ARKit"])
        case "watchos": modules.formUnion(["WatchKit", "ClockKit", "WidgetKit", "CoreMotion"])
        default: break
        }
        return modules
    }
}

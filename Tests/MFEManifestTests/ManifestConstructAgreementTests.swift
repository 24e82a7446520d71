import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

/// Each construct the static reader evaluates, in a manifest read by the reader and by the real
/// `swift package dump-package` (run in the package folder, with this process's environment):
/// they must agree on everything `mfe dump-package` compares, or the reader must refuse.
@Suite(
    "static reader constructs agree with swift package dump-package", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil && ManifestAgreementTests.swiftAvailable))
struct ManifestConstructAgreementTests {
    struct Case: Sendable {
        var name: String
        var expected: String
        var manifest: String
        var files: [String] = []
        var toolsVersion = "6.0"
        /// The lines above the manifest, when not the usual tools version and imports.
        var header: String?
    }

    static func header(_ toolsVersion: String) -> String { "// swift-tools-version: \(toolsVersion)\nimport PackageDescription\nimport Foundation\n" }

    static let cases: [Case] = [
        Case(
            name: "environment lookups choose the branch", expected: "exact",
            manifest: """
                let package = Package(name: "P", platforms: [.macOS(.v13), .iOS("16.0")], targets: [.target(name: "A")])
                if ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] == nil {
                    package.dependencies += [.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")]
                } else {
                    package.dependencies += [.package(path: "../log")]
                }
                if Context.environment["HOME"] != nil && !(Context.environment["MFE_SURELY_UNSET_VARIABLE"] ?? "").isEmpty {
                    package.targets.append(.target(name: "Never"))
                } else if Context.environment["PATH"]?.contains("/") == true {
                    package.targets.append(.target(name: "Path"))
                }
                let mode = ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] ?? "default"
                package.targets.append(.target(name: "Mode\\(mode.uppercased())"))
                """),
        Case(
            name: "fileExists relative to the package", expected: "exact",
            manifest: """
                var targets: [Target] = [.target(name: "A")]
                if FileManager.default.fileExists(atPath: "Local/marker") {
                    targets.append(.target(name: "Local"))
                }
                if FileManager.default.fileExists(atPath: "Missing/marker") {
                    targets.append(.target(name: "Missing"))
                }
                let package = Package(name: "P", targets: targets)
                """, files: ["Local/marker"]),
        Case(
            name: "functions, computed properties and static members", expected: "exact",
            manifest: """
                func feature(_ name: String, dependencies: [Target.Dependency] = []) -> [Target] {
                    [.target(name: name, dependencies: dependencies), .testTarget(name: name + "Tests", dependencies: [.target(name: name)])]
                }
                var localDependencies: [Package.Dependency] { [.package(path: "../Core")] }
                extension Target.Dependency {
                    static var logging: Self { .product(name: "Logging", package: "swift-log") }
                    static func core(_ module: String) -> Self { .product(name: module, package: "Core") }
                }
                enum Versions { static let log: Version = "1.5.0" }
                let package = Package(
                    name: "P",
                    dependencies: localDependencies + [.package(url: "https://github.com/apple/swift-log.git", from: Versions.log)],
                    targets: feature("Home", dependencies: [.logging, .core("Networking")]) + feature("Search")
                )
                """),
        Case(
            name: "map, flatMap, filter, forEach and for loops", expected: "exact",
            manifest: """
                let features = ["Home", "Search", "Settings"]
                var targets = features.map { Target.target(name: $0) }
                targets += features.filter { $0 != "Settings" }.flatMap { name in
                    [Target.testTarget(name: "\\(name)Tests", dependencies: [.target(name: name)])]
                }
                for name in ["Tools", "Docs"] where name != "Docs" {
                    targets.append(.executableTarget(name: name, dependencies: features.map { .target(name: $0) }))
                }
                let extras = ["Extra"]
                extras.forEach { targets.append(.target(name: $0)) }
                let package = Package(name: "P", products: features.map { .library(name: $0, targets: [$0]) }, targets: targets)
                """),
        Case(
            name: "switch, ternaries, if expressions and Version", expected: "exact",
            manifest: """
                let flavour = ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] ?? "release"
                let requirement: Version = flavour == "debug" ? "2.0.0" : Version(1, 2, 3)
                var dependencies: [Package.Dependency] = []
                switch flavour {
                case "debug", "test": dependencies.append(.package(path: "../Debug"))
                case "release": dependencies.append(.package(url: "https://github.com/apple/swift-log.git", from: requirement))
                default: break
                }
                let kind = if flavour.hasPrefix("rel") { "Release" } else { "Other" }
                let package = Package(
                    name: "P",
                    dependencies: dependencies + [.package(url: "https://github.com/apple/swift-nio.git", exact: Version("2.60.0"))],
                    targets: [.target(name: kind, dependencies: flavour.isEmpty ? [] : [.product(name: "Logging", package: "swift-log")])]
                )
                """),
        Case(
            name: "settings loops over package targets stay exact", expected: "exact",
            manifest: """
                let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])])
                for target in package.targets where target.type != .system {
                    var settings = target.swiftSettings ?? []
                    settings.append(.enableUpcomingFeature("ExistentialAny"))
                    target.swiftSettings = settings
                }
                package.dependencies.append(.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0"))
                """),
        Case(
            name: "a loop changing dependencies of package targets", expected: "exact",
            manifest: """
                let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B"), .testTarget(name: "BTests")])
                for target in package.targets where target.name != "A" {
                    if target.type == .test {
                        target.dependencies += [.target(name: "B")]
                    } else if ["B"].contains(target.name) {
                        target.dependencies.append("A")
                    }
                    var settings = target.swiftSettings ?? []
                    settings.append(.define("X"))
                    target.swiftSettings = settings
                }
                package.targets.forEach { target in
                    if target.name.hasSuffix("Tests") { target.exclude = ["Fixtures"] }
                }
                """),
        Case(
            name: "package targets found, read back and extended", expected: "exact",
            manifest: """
                let package = Package(
                    name: "P", dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0")],
                    targets: [.target(name: "A"), .target(name: "B"), .testTarget(name: "ATests")])
                package.targets.first(where: { $0.name == "B" })!.dependencies += [.product(name: "Logging", package: "swift-log")]
                package.targets.append(
                    .target(name: "All", dependencies: package.targets.compactMap {
                        if $0.type == .test { return nil } else { return .byName(name: $0.name) }
                    })
                )
                package.targets.first { $0.name == "A" }!.dependencies.append(.target(name: "B"))
                """),
        Case(
            name: "if let and guard let over the environment", expected: "exact",
            manifest: """
                let package = Package(name: "P", targets: [.target(name: "A")])
                if let home = ProcessInfo.processInfo.environment["HOME"] {
                    package.targets.append(.target(name: home.isEmpty ? "X" : "Y"))
                }
                if let path = Context.environment["MFE_SURELY_UNSET_VARIABLE"] {
                    package.dependencies.append(.package(path: path))
                } else {
                    package.dependencies.append(.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0"))
                }
                let local: Bool = {
                    guard let value = Context.environment["MFE_SURELY_UNSET_VARIABLE"] else { return false }
                    return value == "1"
                }()
                func flag(_ name: String) -> Bool { getenv(name).map { String(cString: $0) == "1" } ?? false }
                let fast = Context.environment["MFE_SURELY_UNSET_VARIABLE"].flatMap(Bool.init) ?? false
                if !flag("MFE_SURELY_UNSET_VARIABLE") && !local && !fast { package.targets.append(.target(name: "Flags")) }
                """),
        Case(
            name: "platform version strings as SwiftPM keeps them", expected: "exact",
            manifest: """
                let optional: [String]? = nil
                let package = Package(
                    name: "P",
                    platforms: [.macOS("15"), .iOS("26"), .tvOS("14.1"), .watchOS("10.0.1"), .visionOS("2")],
                    targets: [.target(name: "A", sources: optional)]
                )
                """),
        Case(
            name: "traits built every way and inserted into a set", expected: "exact",
            manifest: """
                let tracing = Trait(name: "Tracing", description: "tracing", enabledTraits: [])
                var traits: Set<Trait> = [tracing, .init(name: "JSON", description: "json", enabledTraits: ["Tracing"]), "Plain"]
                traits.insert(.default(enabledTraits: ["JSON"]))
                let package = Package(name: "P", traits: traits, targets: [.target(name: "A")])
                package.traits.insert(.trait(name: "Late"))
                """, toolsVersion: "6.1"),
        Case(
            name: "static members overloaded across PackageDescription types", expected: "exact",
            manifest: """
                extension Target.Dependency {
                    static var core: Self { .target(name: coreName) }
                    static func github(_ owner: String, repo: String) -> Self { .product(name: repo, package: repo) }
                }
                extension Target {
                    static var core: Target { .target(name: coreName, dependencies: []) }
                }
                let coreName = "Core"
                let package = Package(
                    name: "P", dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0")],
                    targets: [.core, .target(name: "A", dependencies: [.core, .github("o", repo: "swift-log")])])
                """),
        Case(
            name: "the manifest's own struct, factory, methods and enum", expected: "exact",
            manifest: """
                struct Module {
                    enum Kind { case library, test }
                    var kind: Kind
                    var name: String
                    var dependencies: [Target.Dependency]
                }
                extension Module.Kind {
                    func path(for name: String) -> String {
                        switch self {
                        case .library: return "Sources/\\(name)"
                        case .test: return "Tests/\\(name)"
                        }
                    }
                    var isTest: Bool { self == .test }
                }
                extension Module {
                    static func module(kind: Kind = .library, name: String, dependencies: [Target.Dependency] = []) -> Module {
                        Module(kind: kind, name: name, dependencies: dependencies)
                    }
                    func toTarget() -> Target {
                        if kind.isTest {
                            return Target.testTarget(name: name, dependencies: dependencies, path: kind.path(for: name))
                        }
                        return Target.target(name: name, dependencies: dependencies, path: kind.path(for: name))
                    }
                }
                let modules: [Module] = [.module(name: "A"), .module(kind: .test, name: "ATests", dependencies: ["A"])]
                let package = Package(
                    name: "P",
                    products: modules.compactMap { m in
                        guard m.kind == .library else { return nil }
                        return .library(name: m.name, targets: [m.name])
                    },
                    targets: modules.map { $0.toTarget() }
                )
                """),
        Case(
            name: "a library type chosen by the environment", expected: "exact",
            manifest: """
                let package = Package(
                    name: "P",
                    products: [.library(name: "L", type: ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] == nil ? .dynamic : nil, targets: ["A"])],
                    targets: [.target(name: "A")]
                )
                """),
        Case(
            name: "a property of a target constant changed", expected: "exact",
            manifest: """
                let pmk = Target.target(name: "PromiseKit", exclude: ["README.md"])
                pmk.path = "Sources"
                pmk.exclude.append("Info.plist")
                let tests = Target.testTarget(name: "PMKTests", dependencies: ["PromiseKit"])
                tests.path = "Tests/Core"
                let package = Package(name: "P", products: [.library(name: "PromiseKit", targets: ["PromiseKit"])], targets: [pmk, tests])
                """),
        Case(
            name: "package targets removed and products filtered", expected: "exact",
            manifest: """
                let package = Package(
                    name: "P",
                    products: [.library(name: "A", targets: ["A"]), .library(name: "B", targets: ["B"]), .executable(name: "tool", targets: ["Tool"])],
                    targets: [.target(name: "A"), .target(name: "B"), .executableTarget(name: "Tool"), .testTarget(name: "ATests")]
                )
                package.targets.removeAll { $0.type == .test || $0.name == "B" }
                package.products = package.products.filter { $0.name != "B" }
                package.products.removeAll(where: { $0 is Product.Executable })
                """),
        Case(
            name: "optional constants set to nil, then used and compacted", expected: "exact",
            manifest: """
                let localPath: String? = nil
                let libXML2TargetOrNil: Target? = nil
                let extra: Target? = .target(name: "Extra")
                let package = Package(
                    name: "P",
                    targets: [.target(name: "A", path: localPath), libXML2TargetOrNil, extra].compactMap { $0 }
                )
                """),
        Case(
            name: "a constant declared without a value and assigned in if and else", expected: "exact",
            manifest: """
                let kind: String
                let dependencies: [Package.Dependency]
                if ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] != nil {
                    kind = "Env"
                    dependencies = [.package(path: "../env")]
                } else {
                    kind = "Default"
                    dependencies = []
                }
                let package = Package(name: "P", dependencies: dependencies, targets: [.target(name: kind)])
                """),
        Case(
            name: "if let inside a computed variable", expected: "exact",
            manifest: """
                var extraTargets: [Target] {
                    if let value = ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] {
                        return [.target(name: value)]
                    }
                    if let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty {
                        return [.target(name: "Home")]
                    }
                    return [.target(name: "Fallback")]
                }
                let package = Package(name: "P", targets: [.target(name: "A")] + extraTargets)
                """),
        Case(
            name: "URL path components as plain strings", expected: "exact",
            manifest: """
                let name = URL(fileURLWithPath: "/work/Sources/PostHog/file.swift").deletingLastPathComponent().lastPathComponent
                let base = URL(fileURLWithPath: "Vendor/Lib.swift").deletingPathExtension().lastPathComponent
                let package = Package(name: name, targets: [.target(name: name), .target(name: base)])
                """),
        Case(
            name: "the tools-version comment after the imports", expected: "exact",
            manifest: """
                let package = Package(name: "P", targets: [.target(name: "A")])
                """, header: "import PackageDescription\nimport Foundation\n// swift-tools-version: 6.0\n"),
        Case(
            name: "a closure's result list and tuple members", expected: "exact",
            manifest: """
                let targets: [Target] = {
                    var list: [Target] = [.target(name: "A")]
                    list.append(.target(name: "B", dependencies: ["A"]))
                    return list
                }()
                let (core, coreTests) = ("Core", "CoreTests")
                let module = (name: "Mod", path: "Sources/Mod")
                let pairs: [(String, String)] = [("X", "Sources/X"), ("Y", "Sources/Y")]
                let package = Package(
                    name: "P",
                    targets: targets + [.target(name: core), .testTarget(name: coreTests, dependencies: [.target(name: core)]),
                        .target(name: module.name, path: module.path)] + pairs.map { .target(name: $0.0, path: $0.1) }
                )
                """),
        Case(
            name: "Version built from values that are not literals", expected: "exact",
            manifest: """
                let nio = "2.60.0"
                let upper = "2.0.0"
                let logText = ProcessInfo.processInfo.environment["MFE_SURELY_UNSET_VARIABLE"] ?? "1.5.0"
                let package = Package(
                    name: "P",
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-nio.git", from: Version(nio)!),
                        .package(url: "https://github.com/apple/swift-log.git", exact: Version(stringLiteral: logText)),
                        .package(url: "https://github.com/apple/swift-argument-parser.git", Version(1, 2, 0)..<Version(upper)!),
                    ],
                    targets: [.target(name: "A")]
                )
                """),
        Case(
            name: "extensions of Array and Context", expected: "exact",
            manifest: """
                extension Array where Element == Target.Dependency {
                    static var common: [Element] { ["Core", .product(name: "Logging", package: "swift-log")] }
                }
                extension Array {
                    func appending(_ element: Element) -> [Element] { self + [element] }
                }
                extension Context {
                    static var isLocal: Bool { environment["MFE_SURELY_UNSET_VARIABLE"] != nil }
                }
                let base: [Target] = [.target(name: "Core"), .target(name: Context.isLocal ? "Local" : "App", dependencies: .common)]
                let package = Package(
                    name: "P",
                    dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0")],
                    targets: base.appending(.testTarget(name: "AppTests"))
                )
                """),
        Case(
            name: "every spelling of a target dependency", expected: "exact",
            manifest: """
                let package = Package(
                    name: "P",
                    dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.0.0")],
                    targets: [
                        .target(name: "Core"), .target(name: "Shim"), .target(name: "Other"), .target(name: "Last"),
                        .target(
                            name: "App",
                            dependencies: [
                                "Core",
                                .target(name: "Shim", condition: .when(platforms: [.linux])),
                                .targetItem(name: "Other", condition: .when(platforms: [.macOS, .iOS])),
                                .targetItem(name: "Last", condition: nil),
                                .byName(name: "Core", condition: .when(platforms: [.android])),
                                .byNameItem(name: "Shim", condition: nil),
                                .product(name: "Logging", package: "swift-log", moduleAliases: ["Logging": "SwiftLog"], condition: .when(platforms: [.macOS])),
                                .productItem(name: "Logging", package: "swift-log", moduleAliases: nil, condition: nil),
                            ]
                        ),
                    ]
                )
                """),
        Case(
            name: "every field dump-package shows", expected: "exact",
            manifest: """
                let package = Package(
                    name: "P",
                    defaultLocalization: "en",
                    platforms: [.macOS(.v13), .iOS("16.0"), .custom("freebsd", versionString: "14")],
                    products: [
                        .library(name: "A", type: .static, targets: ["A"]), .executable(name: "tool", targets: ["Tool"]),
                        .plugin(name: "Gen", targets: ["Gen"]),
                    ],
                    dependencies: [
                        .package(url: "https://github.com/apple/swift-log.git", "1.0.0"..<"2.0.0"),
                        .package(url: "https://github.com/apple/swift-nio.git", branch: "main"),
                        .package(url: "https://github.com/apple/swift-crypto.git", revision: "abc"),
                        .package(url: "https://github.com/apple/swift-system.git", .upToNextMinor(from: "1.2.0")),
                        .package(name: "Local", path: "../Local"),
                    ],
                    targets: [
                        .target(
                            name: "A", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Sources/A", exclude: ["x"],
                            sources: ["a.swift"], resources: [.process("R", localization: .base), .copy("C"), .embedInCode("E"), .process("L", localization: .default)],
                            publicHeadersPath: "include", packageAccess: false,
                            cSettings: [.define("D", to: "1", .when(platforms: [.linux], configuration: .debug)), .headerSearchPath("h"), .unsafeFlags(["-w"])],
                            cxxSettings: [.define("CXX")],
                            swiftSettings: [
                                .define("S"), .enableUpcomingFeature("ExistentialAny"), .enableExperimentalFeature("X"), .interoperabilityMode(.Cxx),
                                .swiftLanguageMode(.v5), .unsafeFlags(["-Onone"], .when(configuration: .release)),
                            ],
                            linkerSettings: [.linkedLibrary("z", .when(platforms: [.linux])), .linkedFramework("UIKit")]
                        ),
                        .executableTarget(name: "Tool", dependencies: ["A"], plugins: [.plugin(name: "Gen")]),
                        .plugin(name: "Gen", capability: .buildTool()),
                        .plugin(
                            name: "Fmt", capability: .command(intent: .sourceCodeFormatting(), permissions: [.writeToPackageDirectory(reason: "format")])),
                        .systemLibrary(name: "CZ", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
                        .binaryTarget(name: "Bin", path: "Bin.xcframework"),
                        .binaryTarget(name: "Remote", url: "https://example.com/r.zip", checksum: "abc"),
                        .testTarget(name: "ATests", dependencies: ["A"]),
                    ],
                    swiftLanguageModes: [.v5, .v6],
                    cLanguageStandard: .gnu11,
                    cxxLanguageStandard: .cxx17
                )
                """),
        Case(
            name: "a target held in a variable and changed", expected: "exact",
            manifest: """
                var app = Target.target(name: "App")
                app.dependencies.append("Core")
                let package = Package(name: "P", targets: [app, .target(name: "Core")])
                """),
    ]

    @Test(arguments: cases.indices)
    func readerAgreesOrRefuses(index: Int) async throws {
        let entry = Self.cases[index]
        let directory = try TemporaryDirectory()
        try directory.write((entry.header ?? Self.header(entry.toolsVersion)) + entry.manifest, to: "P/Package.swift")
        for file in entry.files { try directory.write("", to: "P/" + file) }
        let packageDirectory = directory.path + "/P"
        let result = try await SubprocessRunner().run("swift", ["package", "--manifest-cache", "none", "dump-package"], workingDirectory: packageDirectory, environment: [:])
        try #require(result.status == 0, "\(entry.name): dump-package failed: \(result.standardError)")
        let manifestPath = packageDirectory + "/Package.swift"
        let theirs = try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(result.standardOutput.utf8), manifestPath: manifestPath, packageDirectory: packageDirectory, source: nil)
        do {
            let mine = try await ManifestReader(environment: ProcessInfo.processInfo.environment, readsEverythingDumpPackageShows: true).loadManifest(inPackageDirectory: packageDirectory)
            let differences = ManifestFidelity.compare(mine, theirs, packageDirectory: packageDirectory)
            #expect(differences.isEmpty, "\(entry.name): the reader differs from SwiftPM:\n\(differences.joined(separator: "\n"))")
            let printed = try DumpPackageJSON.text(of: mine, origin: PathOrigin(LocalFileSystem()))
            #expect(
                ManifestFidelity.sameDump(printed, result.standardOutput),
                "\(entry.name): mfe dump-package is not SwiftPM's byte for byte:\n\(printed)")
            #expect(entry.expected == "exact", "\(entry.name): read, but expected a refusal")
        } catch let refusal as ManifestRefusal {
            #expect(entry.expected == "refused", "\(entry.name): refused: \(refusal.message)")
        }
    }
}

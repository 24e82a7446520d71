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
    }

    static let header = "// swift-tools-version: 6.0\nimport PackageDescription\nimport Foundation\n"

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
            name: "a loop changing dependencies of package targets is refused", expected: "refused",
            manifest: """
                let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
                for target in package.targets where target.name != "A" {
                    target.dependencies.append("A")
                }
                """),
        Case(
            name: "if let binds a value and is refused when it matters", expected: "refused",
            manifest: """
                let package = Package(name: "P", targets: [.target(name: "A")])
                if let home = ProcessInfo.processInfo.environment["HOME"] {
                    package.targets.append(.target(name: home.isEmpty ? "X" : "Y"))
                }
                """),
    ]

    @Test(arguments: cases.indices)
    func readerAgreesOrRefuses(index: Int) async throws {
        let entry = Self.cases[index]
        let directory = try TemporaryDirectory()
        try directory.write(Self.header + entry.manifest, to: "P/Package.swift")
        for file in entry.files { try directory.write("", to: "P/" + file) }
        let packageDirectory = directory.path + "/P"
        let result = try await SubprocessRunner().run("swift", ["package", "--manifest-cache", "none", "dump-package"], workingDirectory: packageDirectory, environment: [:])
        try #require(result.status == 0, "\(entry.name): dump-package failed: \(result.standardError)")
        let manifestPath = packageDirectory + "/Package.swift"
        let theirs = try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(result.standardOutput.utf8), manifestPath: manifestPath, packageDirectory: packageDirectory, source: nil)
        do {
            let mine = try await ManifestReader(readsEverythingDumpPackageShows: true).loadManifest(inPackageDirectory: packageDirectory)
            let differences = ManifestFidelity.compare(mine, theirs, packageDirectory: packageDirectory)
            #expect(differences.isEmpty, "\(entry.name): the reader differs from SwiftPM:\n\(differences.joined(separator: "\n"))")
            #expect(entry.expected == "exact", "\(entry.name): read, but expected a refusal")
        } catch let refusal as ManifestRefusal {
            #expect(entry.expected == "refused", "\(entry.name): refused: \(refusal.message)")
        }
    }
}

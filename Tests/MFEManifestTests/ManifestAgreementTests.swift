import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

/// Tricky manifests, each read by the static reader and by `swift package dump-package`: the
/// reader must agree exactly or refuse, never differ.
@Suite("manifest reader agrees with swift package dump-package", .serialized)
struct ManifestAgreementTests {
    static let swiftAvailable =
        FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swift")
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/swift") }

    static let cases: [(name: String, expected: String, manifest: String)] = [
        (
            "shadowing and escapes", "exact",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let name = "Outer"
            let package = Package(
                name: #"Tricky"#,
                targets: {
                    let name = "Inner\\u{42}"
                    return [Target.target(name: name), .target(name: "T", dependencies: [.byName(name: name)])]
                }() + [.target(name: name)]
            )
            """
        ),
        (
            "nested if-config and language version", "exact",
            """
            // swift-tools-version: 5.9
            import PackageDescription
            var targets: [Target] = [.target(name: "A")]
            #if os(Linux) || os(macOS)
            #if swift(>=6.0)
            targets.append(.target(name: "Swift6Mode"))
            #elseif swift(>=5.9)
            targets.append(.target(name: "Swift5Mode"))
            #endif
            #endif
            let package = Package(name: "P", targets: targets)
            """
        ),
        (
            "value semantics of appends", "exact",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            var extra: [Target] = [.target(name: "B")]
            let package = Package(name: "P", targets: [.target(name: "A")])
            package.targets.append(contentsOf: extra)
            extra.append(.target(name: "NotAdded"))
            let version: Version = "1.2.3"
            package.dependencies += [
                .package(url: "https://github.com/o/Exact.git", exact: version),
                .package(url: "https://github.com/o/closed", "1.0.0-beta.1"..."2.0.0-rc.1"),
                .package(url: "git@github.com:o/Scp.git", .upToNextMinor(from: "0.4.0")),
                .package(name: "Named", path: "../some/Thing/"),
            ]
            """
        ),
        (
            "settings through a helper function", "exact",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A", dependencies: [.target(name: "B", condition: .when(platforms: [.linux]))]),
                .target(name: "B"),
            ])
            func strict(_ target: Target) {
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                target.swiftSettings = settings
            }
            for target in package.targets { strict(target) }
            """
        ),
        (
            "module aliases, traits and a parent-folder dependency", "exact",
            """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "P",
                traits: [.default(enabledTraits: ["Fast"]), "Fast", .trait(name: "Slow", description: "slow", enabledTraits: ["Fast"])],
                dependencies: [
                    .package(url: "https://github.com/o/a", from: "1.0.0", traits: ["X", .trait(name: "Y", condition: .when(traits: ["Slow"]))]),
                    .package(path: ".."),
                ],
                targets: [.target(name: "A", dependencies: [
                    .product(name: "Logging", package: "a", moduleAliases: ["Logging": "ALogging"]),
                    .product(name: "B", package: "a", condition: .when(platforms: [.linux], traits: ["Slow"])),
                ])]
            )
            """
        ),
        (
            "a helper function adding dependencies", "exact",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A"), .target(name: "B")])
            func wire(_ target: Target) { target.dependencies.append("B") }
            for target in package.targets where target.name == "A" { wire(target) }
            """
        ),
        (
            "changing a target after declaring the package", "exact",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let core = Target.target(name: "Core")
            let package = Package(name: "P", targets: [core, .target(name: "Other")])
            core.dependencies = ["Other"]
            """
        ),
        (
            "removing dependencies", "exact",
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", dependencies: [.package(path: "../A")], targets: [.target(name: "T")])
            package.dependencies.removeAll()
            """
        ),
    ]

    @Test(.enabled(if: swiftAvailable, "needs a Swift toolchain"), arguments: cases.indices)
    func readerAgreesOrRefuses(index: Int) async throws {
        let entry = Self.cases[index]
        let directory = try TemporaryDirectory()
        try directory.write(entry.manifest, to: "P/Package.swift")
        let packageDirectory = directory.path + "/P"
        let theirs = try await DumpPackageManifestLoader(usesManifestCache: false).loadManifest(inPackageDirectory: packageDirectory)
        do {
            let mine = try await ManifestReader(environment: ProcessInfo.processInfo.environment).loadManifest(inPackageDirectory: packageDirectory)
            let differences = ManifestFidelity.compare(mine, theirs, packageDirectory: packageDirectory)
            #expect(differences.isEmpty, "\(entry.name): the reader differs from SwiftPM:\n\(differences.joined(separator: "\n"))")
            #expect(entry.expected == "exact", "\(entry.name): read, but expected a refusal")
        } catch let refusal as ManifestRefusal {
            #expect(entry.expected == "refused", "\(entry.name): refused: \(refusal.message)")
        }
    }
}

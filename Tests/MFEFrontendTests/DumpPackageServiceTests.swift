import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe dump-package` in process against the real `swift package dump-package` on the same
/// manifest, on the disk.
@Suite("dump-package in process", .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil))
struct DumpPackageServiceTests {
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            platforms: [.macOS(.v13), .iOS("16.0"), .watchOS(.v9), .macCatalyst(.v16), .tvOS(.v16)],
            products: [
                .library(name: "Shop", targets: ["Shop"]),
                .library(name: "ShopStatic", type: .static, targets: ["Shop"]),
                .executable(name: "shop", targets: ["ShopTool"]),
            ],
            dependencies: [
                .package(path: "../Core"),
                .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
                .package(url: "https://github.com/apple/swift-collections", exact: "1.1.0"),
                .package(url: "https://github.com/apple/swift-algorithms.git", "1.0.0"..<"1.3.0"),
                .package(url: "https://github.com/apple/swift-nio.git", branch: "main"),
            ],
            targets: [
                .target(name: "Shop", dependencies: [
                    .product(name: "Logging", package: "swift-log"),
                    .product(name: "Core", package: "Core", condition: .when(platforms: [.iOS, .macOS])),
                    .target(name: "ShopModel", condition: .when(platforms: [.linux])),
                ]),
                .target(name: "ShopModel", path: "Model", exclude: ["README.md"]),
                .executableTarget(name: "ShopTool", dependencies: ["Shop"]),
                .testTarget(name: "ShopTests", dependencies: ["Shop", .product(name: "Collections", package: "swift-collections")]),
            ]
        )
        """

    /// The fields the contract says must be equal (ReadingManifests article), from either tool's JSON.
    static func comparable(_ text: String) throws -> NSDictionary {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let targets = (root["targets"] as? [[String: Any]] ?? []).map { target in
            [
                "name": target["name"] ?? NSNull(), "type": target["type"] ?? NSNull(), "dependencies": target["dependencies"] ?? NSNull(), "path": target["path"] ?? NSNull(),
                "exclude": target["exclude"] ?? NSNull(),
            ] as NSDictionary
        }
        let products = (root["products"] as? [[String: Any]] ?? []).map { product in
            ["name": product["name"] ?? NSNull(), "type": product["type"] ?? NSNull(), "targets": product["targets"] ?? NSNull()] as NSDictionary
        }
        let toolsVersion = (root["toolsVersion"] as? [String: Any])?["_version"] ?? NSNull()
        return [
            "name": root["name"] ?? NSNull(), "toolsVersion": toolsVersion, "platforms": root["platforms"] ?? NSNull(),
            "dependencies": root["dependencies"] ?? NSNull(), "targets": targets, "products": products,
            "packageKind": root["packageKind"] ?? NSNull(), "traits": root["traits"] ?? NSNull(),
        ]
    }

    @Test func printsSwiftPMsBytesAndTheSameBytesEveryRun() async throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.manifest, to: "Shop/Package.swift")
        let package = folder.path + "/Shop"
        let mine = await InProcessMFE().dumpPackage(.init(path: package))
        #expect(mine.status == 0, "\(mine.standardError)")
        let theirs = try await SubprocessRunner().run("swift", ["package", "--package-path", package, "dump-package"], workingDirectory: nil, environment: [:])
        try #require(theirs.status == 0, "\(theirs.standardError)")
        #expect(try Self.comparable(mine.standardOutput) == Self.comparable(theirs.standardOutput))
        // The whole output, defaults and empties included, is SwiftPM's byte for byte.
        #expect(mine.standardOutput == theirs.standardOutput)
        let again = await InProcessMFE().dumpPackage(.init(path: package + "/Package.swift"))
        #expect(again.standardOutput == mine.standardOutput)
    }

    @Test func severalFoldersPrintOneJSONLineEachInOrder() async throws {
        let folder = try TemporaryDirectory()
        try folder.write(Self.manifest, to: "Shop/Package.swift")
        try folder.write("// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Core\")\n", to: "Core/Package.swift")
        let result = await InProcessMFE().dumpPackage(.init(paths: [folder.path + "/Core", folder.path + "/Shop", folder.path + "/Missing", folder.path + "/Core"]))
        #expect(result.status == 2, "a folder it cannot read makes the exit code 2")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(result.standardOutput)")
        let single = await InProcessMFE().dumpPackage(.init(path: folder.path + "/Shop"))
        let fromLine = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? NSDictionary
        let fromSingle = try JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? NSDictionary
        #expect(fromLine == fromSingle, "each line is the single-folder output, compacted")
        #expect(lines[0].hasPrefix("{\"cLanguageStandard\":null,"))
        #expect(lines[0] == lines[3])
        #expect(lines[2].contains("\"error\":") && lines[2].contains("Missing"), "\(lines[2])")
        #expect(result.standardError.contains("Missing"), "\(result.standardError)")
    }

    @Test func aManifestSwiftPMRejectsIsInvalidNotRefused() async throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Bare",
                products: ["Bare"],
                targets: [.target(name: "Bare")]
            )
            """, to: "Bare/Package.swift")
        let result = await InProcessMFE().dumpPackage(.init(path: folder.path + "/Bare"))
        #expect(result.status == 2)
        #expect(result.standardError.contains("Bare/Package.swift:5:"), "\(result.standardError)")
        #expect(result.standardError.contains("SwiftPM rejects it"), "\(result.standardError)")
        #expect(!result.standardError.contains("without running the manifest"), "\(result.standardError)")
    }

    @Test func refusesWithFileAndLineAndAutoHandsTheManifestToSwiftPM() async throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            import Foundation
            let package = Package(
                name: "Host",
                targets: ProcessInfo.processInfo.hostName.isEmpty ? [] : [.target(name: "Host")]
            )
            """, to: "Host/Package.swift")
        let refused = await InProcessMFE().dumpPackage(.init(path: folder.path + "/Host"))
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("Host/Package.swift:6:"), "\(refused.standardError)")
        #expect(refused.standardOutput.isEmpty)
        let auto = await InProcessMFE().dumpPackage(.init(path: folder.path + "/Host", loader: .auto))
        #expect(auto.status == 0, "\(auto.standardError)")
        #expect(auto.standardOutput.contains("\"name\" : \"Host\""))
    }

    @Test func aFolderWithoutAManifestIsExitTwo() async throws {
        let folder = try TemporaryDirectory()
        let result = await InProcessMFE().dumpPackage(.init(path: folder.path))
        #expect(result.status == 2)
        #expect(result.standardError.contains("no Package.swift"), "\(result.standardError)")
    }
}

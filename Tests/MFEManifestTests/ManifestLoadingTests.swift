import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

@Suite("manifest reader: tools-version specification")
struct ManifestToolsVersionTests {
    @Test(arguments: [
        ("// swift-tools-version:5.9\n", ToolsVersion(5, 9)),
        ("// swift-tools-version: 6.0\n", ToolsVersion(6, 0)),
        ("//swift-tools-version:5.9\n", ToolsVersion(5, 9)),
        ("//\tSwift-Tools-Version:  5.9.1;2020-09-16\n", ToolsVersion(5, 9, 1)),
        ("\n\n  // swift-tools-version:5.10\n", ToolsVersion(5, 10)),
        ("// swift-tools-version:5.9-beta.1+build\n", ToolsVersion(5, 9)),
        ("// swift-tools-version:5.3\n", ToolsVersion(5, 3)),
        // SwiftPM 6 keeps looking on later lines, and takes 6.0 and up there.
        ("import PackageDescription\n// swift-tools-version: 6.0\n", ToolsVersion(6, 0)),
        ("import Foundation\nimport PackageDescription\n\n  // swift-tools-version:6.1\n", ToolsVersion(6, 1)),
        ("// Copyright\n// swift-tools-version:6.0\n", ToolsVersion(6, 0)),
    ])
    func acceptsWhatSwiftPMAccepts(source: String, expected: ToolsVersion) throws {
        #expect(try ToolsVersion.parseSpecification(in: source + "let x = 1\n", manifestPath: "Package.swift") == expected)
    }

    /// The start of line `line` of `Package.swift`, where every tools-version problem is.
    static func line(_ line: Int) -> MFECore.SourceLocation { SourceLocation(file: "Package.swift", line: line, column: 1) }

    @Test(arguments: [
        ("import PackageDescription\n", ManifestError.noToolsVersion(at: line(1))),
        ("// swift-tools-version:5.9 \n", .invalidToolsVersion("5.9 ", at: line(1))),
        ("// swift-tools-version:5\n", .invalidToolsVersion("5", at: line(1))),
        ("/* swift-tools-version:5.9\n", .toolsVersionCommentMarker("/*", at: line(1))),
        ("// swift-tool-version:5.9\n", .misspeltToolsVersionLabel("swift-tool-version:", at: line(1))),
        ("// swift-tools-version:\n", .noToolsVersionNumber(at: line(1))),
        ("\n\n// swift-tools-version:\n", .noToolsVersionNumber(at: line(3))),
        ("//swift-tools-version:5.3\n", .toolsVersionSpacingAfterMarker(ToolsVersion(5, 3), at: line(1))),
        ("// swift-tools-version: 5.3\n", .toolsVersionSpacingAfterLabel(ToolsVersion(5, 3), at: line(1))),
        (" // swift-tools-version:5.3\n", .toolsVersionNotFirst(ToolsVersion(5, 3), at: line(1))),
        ("// swift-tools-version:3.1\n", .unsupportedToolsVersion(ToolsVersion(3, 1), at: line(1))),
        ("// swift-tools-version:99.0\n", .toolsVersionTooNew(ToolsVersion(99, 0), at: line(1))),
        ("", .emptyManifest(at: line(1))),
        ("import PackageDescription\n// swift-tools-version: 5.9\n", .toolsVersionNotOnFirstLine(ToolsVersion(5, 9), at: line(2))),
        ("import PackageDescription\n\n// swift-tools-version: 99.0\n", .toolsVersionTooNew(ToolsVersion(99, 0), at: line(3))),
    ])
    func explainsHowToWriteIt(source: String, expected: ManifestError) {
        #expect(throws: expected) {
            try ToolsVersion.parseSpecification(in: source, manifestPath: "Package.swift")
        }
    }

    @Test func aManifestWithoutTheLineIsRefusedAtItsStart() {
        #expect(throws: ManifestError.noToolsVersion(at: SourceLocation(file: "/p/Package.swift", line: 1, column: 1))) {
            try ManifestReader(environment: [:]).read(source: "let package = Package(name: \"P\")\n", manifestPath: "/p/Package.swift")
        }
    }
}

@Suite("manifest reader: choosing the manifest file")
struct ManifestFileSelectionTests {
    static let body = "import PackageDescription\nlet package = Package(name: \"P\")\n"

    @Test func readsPackageSwiftFromTheFolder() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 5.9\n" + Self.body, to: "Package.swift")
        let manifest = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: directory.path)
        #expect(manifest.manifestPath == directory.path + "/Package.swift")
        #expect(manifest.toolsVersion == ToolsVersion(5, 9))
    }

    @Test func aVariantForThisToolchainWins() async throws {
        let directory = try TemporaryDirectory()
        let current = ToolsVersion.current
        try directory.write("// swift-tools-version: 5.9\n" + Self.body, to: "Package.swift")
        try directory.write("// swift-tools-version: 6.0\n" + Self.body, to: "Package@swift-\(current.major).swift")
        let path = try ManifestReader(environment: [:]).manifestPath(inPackageDirectory: directory.path)
        #expect(path.hasSuffix("/Package@swift-\(current.major).swift"))
    }

    @Test func theNewestOlderVariantWinsOnlyWithAHigherToolsVersion() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 5.5\n" + Self.body, to: "Package.swift")
        try directory.write("// swift-tools-version: 5.7\n" + Self.body, to: "Package@swift-5.7.swift")
        try directory.write("// swift-tools-version: 5.8\n" + Self.body, to: "Package@swift-5.8.swift")
        try directory.write("// swift-tools-version: 99.0\n" + Self.body, to: "Package@swift-99.0.swift")
        #expect(try ManifestReader(environment: [:]).manifestPath(inPackageDirectory: directory.path).hasSuffix("/Package@swift-5.8.swift"))
        try directory.write("// swift-tools-version: 5.9\n" + Self.body, to: "Package.swift")
        #expect(try ManifestReader(environment: [:]).manifestPath(inPackageDirectory: directory.path).hasSuffix("/Package.swift"))
    }

    @Test func aPackageSwiftNeedingANewerToolchainFallsBackToAVariant() throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 99.0\n" + Self.body, to: "Package.swift")
        try directory.write("// swift-tools-version: 6.0\n" + Self.body, to: "Package@swift-6.0.swift")
        #expect(try ManifestReader(environment: [:]).manifestPath(inPackageDirectory: directory.path).hasSuffix("/Package@swift-6.0.swift"))
    }

    @Test func aMissingPackageSwiftNamesTheFolder() async throws {
        let directory = try TemporaryDirectory()
        await #expect(throws: ManifestError.noManifest(directory: directory.path)) {
            try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: directory.path)
        }
    }

    @Test(arguments: [
        ("Package@swift-5.swift", ToolsVersion(5, 0)), ("Package@swift-5.9.swift", ToolsVersion(5, 9)),
        ("Package@swift-5.9.2.swift", ToolsVersion(5, 9, 2)), ("Package@swift-.swift", nil), ("Package.swift", nil),
        ("Package@swift-5.x.swift", nil),
    ])
    func parsesVariantNames(name: String, version: ToolsVersion?) {
        #expect(ManifestReader.versionOfSpecificManifest(named: name) == version)
    }
}

/// A process runner that answers with a fixed result and records what it was asked.
struct CannedProcessRunner: ProcessRunning {
    var result: ProcessResult

    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?]) async throws -> ProcessResult {
        result
    }
}

@Suite("manifest loading through swift package dump-package")
struct ManifestDumpPackageLoaderTests {
    static let output = """
        {"name": "Shapes", "toolsVersion": {"_version": "6.1.0"},
         "dependencies": [
          {"fileSystem": [{"identity": "local", "path": "/work/Local", "productFilter": null}]},
          {"sourceControl": [{"identity": "exact", "location": {"remote": [{"urlString": "https://github.com/a/Exact.git"}]}, "requirement": {"exact": ["1.2.3"]}}]},
          {"sourceControl": [{"identity": "range", "nameForTargetDependencyResolutionOnly": "Old", "location": {"remote": [{"urlString": "https://github.com/a/Range.git"}]}, "requirement": {"range": [{"lowerBound": "1.0.0", "upperBound": "2.0.0"}]}}]},
          {"sourceControl": [{"identity": "branch", "location": {"local": ["/repos/Branch"]}, "requirement": {"branch": ["main"]}}]},
          {"registry": [{"identity": "scope.name", "requirement": {"revision": ["abc"]}}]}
         ],
         "targets": [
          {"name": "A", "type": "regular", "path": "src", "exclude": ["x"], "sources": ["a.swift"], "dependencies": [
            {"target": ["B", {"platformNames": ["linux", "macos"]}]},
            {"product": ["X", "Exact", {"X": "Y"}, {"platformNames": ["ios"], "traits": ["T"]}]},
            {"byName": ["B", {"platformNames": [], "traits": ["T"]}]},
            {"byName": ["B", null]}
          ]},
          {"name": "B", "type": "macro", "dependencies": [], "exclude": []}
         ],
         "products": [
          {"name": "A", "targets": ["A"], "type": {"library": ["dynamic"]}},
          {"name": "E", "targets": ["A"], "type": {"executable": null}}
         ]}
        """

    @Test func convertsEveryShapeOfTheJSON() throws {
        let source = """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(name: "Shapes", targets: [
                .target(name: "A", dependencies: [
                    .target(name: "B", condition: .when(platforms: [.linux, .macOS])),
                    .product(name: "X", package: "Exact", moduleAliases: ["X": "Y"], condition: .when(platforms: [.iOS], traits: ["T"])),
                    .byName(name: "B", condition: .when(traits: ["T"])),
                    "B",
                ]),
                .macro(name: "B"),
            ])
            """
        let manifest = try DumpPackageManifestLoader.manifest(
            fromDumpPackageOutput: Data(Self.output.utf8), manifestPath: "/work/Shapes/Package.swift", packageDirectory: "/work/Shapes", source: source)
        #expect(manifest.name == "Shapes")
        #expect(manifest.toolsVersion == ToolsVersion(6, 1))
        #expect(
            manifest.dependencies.map(\.kind) == [
                .fileSystem(path: "../Local"),
                .sourceControl(url: "https://github.com/a/Exact.git", requirement: .exact(Version(1, 2, 3))),
                .sourceControl(url: "https://github.com/a/Range.git", requirement: .range(lowerBound: Version(1, 0, 0), upperBound: Version(2, 0, 0))),
                .sourceControl(url: "/repos/Branch", requirement: .branch("main")),
                .registry(id: "scope.name", requirement: .revision("abc")),
            ])
        #expect(manifest.dependencies[2].explicitName == "Old")
        #expect(manifest.targets.map(\.kind) == [.regular, .macro])
        #expect(manifest.targets[0].path == "src" && manifest.targets[0].exclude == ["x"] && manifest.targets[0].sources == ["a.swift"])
        let dependencies = manifest.targets[0].dependencies
        #expect(dependencies.map(\.kind) == [.target("B"), .product(name: "X", package: "Exact"), .byName("B"), .byName("B")])
        #expect(dependencies.map(\.platforms) == [["linux", "macos"], ["ios"], nil, nil])
        #expect(dependencies.map(\.traits) == [nil, ["T"], ["T"], nil])
        #expect(manifest.products.map(\.kind) == [.dynamicLibrary, .executable])
        // Locations come from the source text: the target call and the entry naming the dependency.
        #expect(manifest.location.line == 3)
        #expect(manifest.targets.map(\.location.line) == [4, 10])
        #expect(dependencies.map(\.location.line) == [5, 6, 7, 8])
    }

    @Test func withoutSourceEveryLocationIsLineOne() throws {
        let manifest = try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(Self.output.utf8), manifestPath: "/w/Package.swift", packageDirectory: "/w", source: nil)
        #expect(manifest.targets.allSatisfy { $0.location == SourceLocation(file: "/w/Package.swift", line: 1, column: 1) })
    }

    @Test func aFailingDumpPackageIsAnInputErrorWithSwiftPMsMessage() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("// swift-tools-version: 6.0\nlet package = Package(\n", to: "Package.swift")
        let runner = CannedProcessRunner(result: ProcessResult(status: 1, standardOutput: "", standardError: "error: Invalid manifest\n"))
        await #expect(throws: ManifestError.dumpPackageFailed(manifest: directory.path + "/Package.swift", standardError: "error: Invalid manifest", status: 1)) {
            try await DumpPackageManifestLoader(processRunner: runner).loadManifest(inPackageDirectory: directory.path)
        }
    }

    @Test func malformedJSONIsAnInputError() {
        #expect(throws: ManifestError.dumpPackageNotJSON(manifest: "/w/Package.swift")) {
            try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data("warning: x".utf8), manifestPath: "/w/Package.swift", packageDirectory: "/w", source: nil)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/opt/swift/usr/bin/swift") || ProcessInfo.processInfo.environment["PATH"]?.contains("swift") == true))
    func loadsARealPackageWithSwiftPM() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(
                name: "Feature",
                dependencies: [.package(path: "../Env")],
                targets: [
                    .target(name: "Feature", dependencies: [.product(name: "Env", package: "Env")]),
                    .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
                ]
            )
            """, to: "Feature/Package.swift")
        let viaSwiftPM = try await DumpPackageManifestLoader().loadManifest(inPackageDirectory: directory.path + "/Feature")
        let viaReader = try await ManifestReader(environment: [:]).loadManifest(inPackageDirectory: directory.path + "/Feature")
        #expect(ManifestFidelity.compare(viaReader, viaSwiftPM, packageDirectory: directory.path + "/Feature").isEmpty)
        #expect(viaSwiftPM.targets.map(\.location) == viaReader.targets.map(\.location))
        #expect(viaSwiftPM.dependencies[0].kind == .fileSystem(path: "../Env"))
    }
}

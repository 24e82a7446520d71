import Foundation
import MFEFrontend
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// Third-party modules, on the layout `swift package resolve` leaves (`Package.resolved` and
/// `.build/checkouts/NAME`) and on mfe's compose cache: imports of external modules a target
/// does not declare are implicit or transitive like workspace ones; unresolved packages are
/// named once in a note.
@Suite("third-party imports")
struct ExternalImportTests {
    static let resolved = """
        {
          "pins" : [
            { "identity" : "kit", "kind" : "remoteSourceControl", "location" : "https://example.com/acme/Kit.git",
              "state" : { "revision" : "1111111111111111111111111111111111111111", "version" : "2.0.0" } },
            { "identity" : "swift-log", "kind" : "remoteSourceControl", "location" : "https://example.com/apple/swift-log.git",
              "state" : { "revision" : "2222222222222222222222222222222222222222", "version" : "1.6.0" } }
          ],
          "version" : 2
        }

        """

    static let kitManifest = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "Kit",
            products: [
                .library(name: "Kit", targets: ["Kit"]),
                .library(name: "KitExtras", targets: ["Kit-Extras"]),
            ],
            dependencies: [.package(url: "https://example.com/apple/swift-log.git", from: "1.0.0")],
            targets: [
                .target(name: "Kit", dependencies: ["KitCore", .product(name: "Logging", package: "swift-log")]),
                .target(name: "KitCore", dependencies: ["CKitShim"]),
                .target(name: "CKitShim"),
                .target(name: "Kit-Extras"),
                .testTarget(name: "KitTests", dependencies: ["Kit"]),
            ]
        )

        """

    /// A workspace package `App` resolved against checkouts of `Kit` and `swift-log`.
    static func write(to directory: TemporaryDirectory, app: String, tool: String = "public enum Tool {}\n", toolDependencies: String = "", checkouts: Bool = true) throws {
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [.package(url: "https://example.com/acme/Kit.git", from: "2.0.0")],
                targets: [
                    .target(name: "App", dependencies: [.product(name: "Kit", package: "Kit")]),
                    .target(name: "Tool"\(toolDependencies)),
                ]
            )

            """, to: "App/Package.swift")
        try directory.write(app, to: "App/Sources/App/App.swift")
        try directory.write(tool, to: "App/Sources/Tool/Tool.swift")
        try directory.write(resolved, to: "App/Package.resolved")
        guard checkouts else { return }
        try directory.write(kitManifest, to: "App/.build/checkouts/Kit/Package.swift")
        try directory.write("public enum Kit {}\n", to: "App/.build/checkouts/Kit/Sources/Kit/Kit.swift")
        try directory.write("public enum KitCore {}\n", to: "App/.build/checkouts/Kit/Sources/KitCore/KitCore.swift")
        try directory.write("int shim(void);\n", to: "App/.build/checkouts/Kit/Sources/CKitShim/include/shim.h")
        try directory.write("module CKit {\n    header \"shim.h\"\n}\n", to: "App/.build/checkouts/Kit/Sources/CKitShim/include/module.modulemap")
        try directory.write("public enum Extras {}\n", to: "App/.build/checkouts/Kit/Sources/Kit-Extras/Extras.swift")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "swift-log",
                products: [.library(name: "Logging", targets: ["Logging"])],
                targets: [.target(name: "Logging")]
            )

            """, to: "App/.build/checkouts/swift-log/Package.swift")
        try directory.write("public enum Logging {}\n", to: "App/.build/checkouts/swift-log/Sources/Logging/Logging.swift")
    }

    static func analysis(in directory: TemporaryDirectory, cacheRoot: String? = nil) async throws -> AdditionalFindings {
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: directory.path)
        return try await ImportRules.analysis(in: workspace, graph: TargetGraph(workspace: workspace), manifestLoader: ManifestReader(), cacheRoot: cacheRoot)
    }

    static func lines(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.rule) \($0.file):\($0.line) \($0.from ?? "") -> \($0.to ?? "")\($0.path.map { " via " + $0.joined(separator: " → ") } ?? "")" }
    }

    @Test func declaredProductsProvideTheirTargetsAndTheirInternalDependencies() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "import Foundation\nimport XCTest\nimport Kit\nimport KitCore\nimport CKit\n")
        let analysis = try await Self.analysis(in: directory)
        #expect(Self.lines(analysis.findings) == [])
        #expect(analysis.notes == [])
    }

    @Test func undeclaredExternalImportsAreImplicitOrTransitive() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(
            to: directory,
            app: "import Kit\nimport Logging\nimport Kit_Extras\n",
            tool: "import Logging\n#if canImport(Kit)\nimport Kit\n#endif\nimport SwiftUI\nimport Unknown\n"
        )
        let findings = try await Self.analysis(in: directory).findings
        #expect(
            Self.lines(findings) == [
                "transitive-dependency App/Sources/App/App.swift:2 App -> Logging via App → Kit → Logging",
                "implicit-dependency App/Sources/App/App.swift:3 App -> Kit-Extras",
                "implicit-dependency App/Sources/Tool/Tool.swift:1 Tool -> Logging",
            ])
        let transitive = try #require(findings.first { $0.rule == TransitiveDependencyRule.id })
        #expect(transitive.severity == .warning)
        #expect(
            transitive.message.contains(
                "add .product(name: \"Logging\", package: \"swift-log\") to the dependencies of App in App/Package.swift (with .package(url: \"https://example.com/apple/swift-log.git\", from: \"1.6.0\") in the package's dependencies)"
            ))
        let extras = try #require(findings.first { $0.to == "Kit-Extras" })
        #expect(extras.severity == .error)
        #expect(extras.message.contains("add .product(name: \"KitExtras\", package: \"kit\") to the dependencies of App in App/Package.swift, or remove the import"))
    }

    @Test func modulesADeclaredProductReexportsCountAsDeclared() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "import Kit\nimport Logging\n", tool: "import Logging\n")
        try directory.write("#if DEBUG\n@_exported import Logging\n#endif\n", to: "App/.build/checkouts/Kit/Sources/Kit/Exports.swift")
        #expect(Self.lines(try await Self.analysis(in: directory).findings) == ["implicit-dependency App/Sources/Tool/Tool.swift:1 Tool -> Logging"])
    }

    @Test func anUnusedDependencyThatIsTheOnlyPathToAThirdPartyModuleSaysToDeclareItFirst() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "import Kit\n", tool: "import Logging\n", toolDependencies: ", dependencies: [\"App\"]")
        let findings = try await Self.analysis(in: directory).findings
        #expect(
            Self.lines(findings) == [
                "unused-dependency App/Package.swift:9 Tool -> App",
                "transitive-dependency App/Sources/Tool/Tool.swift:1 Tool -> Logging via Tool → App → Kit → Logging",
            ])
        #expect(findings.first?.message.contains("it is also the only way Tool reaches Logging, which it imports: declare Logging first") == true)
    }

    @Test func externalProductsNeverImportedAreNotUnusedDependencies() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "public enum App {}\n")
        #expect(Self.lines(try await Self.analysis(in: directory).findings) == [])
    }

    @Test func unresolvedPackagesAreNamedOnceWithTheCommandToResolveThem() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "import Kit\nimport Logging\n", tool: "import Logging\n", checkouts: false)
        try directory.write("", to: "App/Package.resolved")
        let analysis = try await Self.analysis(in: directory)
        #expect(analysis.findings == [])
        #expect(analysis.notes == ["imports of the modules of kit were not checked: it is not resolved; run 'swift package --package-path App resolve', then lint again"])

        // No XDG_CACHE_HOME nor HOME: the compose cache is not looked at.
        let service = LintGraphService(environment: ServiceEnvironment())
        let output = try await service.run(LintGraphService.Request(path: directory.path, format: .text, imports: true))
        #expect(output.exitCode == 0)
        #expect(output.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("note: ") } == ["note: " + analysis.notes[0]])
        let json = try await service.run(LintGraphService.Request(path: directory.path, format: .json, imports: true))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["notes"] as? [String] == analysis.notes)
        #expect(object["version"] as? Int == 1)
    }

    @Test func manifestsInTheComposeCacheAtThePinnedRevisionsCount() async throws {
        let directory = try TemporaryDirectory()
        try Self.write(to: directory, app: "import Kit\nimport Logging\n", checkouts: false)
        try directory.write(Self.kitManifest, to: Self.cachedManifest(location: "https://example.com/acme/Kit.git", commit: "1111111111111111111111111111111111111111"))
        // An entry of another repository at swift-log's pinned commit is never read for swift-log.
        try directory.write(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"swift-log\", products: [.library(name: \"Logging\", targets: [\"Logging\"])], targets: [.target(name: \"Logging\")])\n",
            to: Self.cachedManifest(location: "https://example.com/acme/Other.git", commit: "2222222222222222222222222222222222222222"))
        let analysis = try await Self.analysis(in: directory, cacheRoot: directory.path + "/cache/mfe")
        // swift-log is pinned but not cached: Kit's dependency on it is unknown, so `Logging` is
        // not checked, and App does not declare swift-log itself, so no note names it.
        #expect(Self.lines(analysis.findings) == [])
        #expect(analysis.notes == [])

        try directory.write(
            "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"swift-log\", products: [.library(name: \"Logging\", targets: [\"Logging\"])], targets: [.target(name: \"Logging\")])\n",
            to: Self.cachedManifest(location: "https://example.com/apple/swift-log.git", commit: "2222222222222222222222222222222222222222"))
        let both = try await Self.analysis(in: directory, cacheRoot: directory.path + "/cache/mfe")
        #expect(Self.lines(both.findings) == ["transitive-dependency App/Sources/App/App.swift:2 App -> Logging via App → Kit → Logging"])
    }

    /// Where compose-shell caches the manifest of `location` at `commit`, below the directory.
    static func cachedManifest(location: String, commit: String) -> String {
        ComposeCacheLayout.file(root: "cache/mfe", repository: RepositoryKey(location: location), commit: CommitHash(commit)!, kind: .manifest)
    }

    @Test func packageResolvedFormatsOneTwoAndThreeGiveTheirPins() {
        let one = #"{"object": {"pins": [{"package": "Yams", "repositoryURL": "https://github.com/jpsim/Yams.git", "state": {"branch": null, "revision": "abc", "version": "5.0.6"}}]}, "version": 1}"#
        func pins(_ text: String) -> [ResolvedPin] { (try? ResolvedFile(decoding: Data(text.utf8), reading: .lenient))?.pins ?? [] }
        #expect(
            pins(one) == [ResolvedPin(identity: "yams", kind: .remoteSourceControl, location: "https://github.com/jpsim/Yams.git", name: "Yams", state: .version(Version(5, 0, 6), revision: "abc"))])
        #expect(pins(Self.resolved).map(\.identity) == ["kit", "swift-log"])
        #expect(pins("not json") == [])
        // The lenient reading keeps the pins it can read; the strict one refuses the file.
        let oneBroken = Self.resolved.replacingOccurrences(of: #""kind" : "remoteSourceControl", "location" : "https://example.com/acme/Kit.git","#, with: "")
        #expect(pins(oneBroken).map(\.identity) == ["swift-log"])
        #expect(throws: ResolvedFile.Problem("a pin lacks 'identity', 'kind' or 'location'")) { try ResolvedFile(decoding: Data(oneBroken.utf8)) }
    }
}

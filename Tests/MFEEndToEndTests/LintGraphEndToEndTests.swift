import Foundation
import MFEKit
import Testing

/// A Feed Me workspace written to a temporary directory: foundation `Env`, product features
/// `Browse` and `Order`, and the `Shell`; `browseDependencies` adds entries to `Browse`'s
/// source target (line 15 onwards of its manifest).
private final class LintWorkspace: @unchecked Sendable {
    let path: String

    init(browseDependencies: [String] = [], configuration: String = "") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-lint-e2e-\(UUID().uuidString)").path
        try write(
            "workspace: FeedMe\npackages:\n  - Foundation/*\n  - Features/*\n  - Shell\nlayers:\n  foundation: [Env]\n  product: [Browse, Order]\nshell:\n  path: Shell\n" + configuration,
            to: "mfe.yml")
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Env",
                products: [.library(name: "Env", targets: ["Env"])],
                targets: [.target(name: "Env")]
            )

            """, to: "Foundation/Env/Package.swift")
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Order",
                products: [
                    .library(name: "Order", targets: ["Order"]),
                    .library(name: "OrderInterface", targets: ["OrderInterface"]),
                    .library(name: "OrderTesting", targets: ["OrderTesting"]),
                ],
                dependencies: [.package(path: "../../Foundation/Env")],
                targets: [
                    .target(name: "OrderInterface", dependencies: [.product(name: "Env", package: "Env")]),
                    .target(name: "Order", dependencies: ["OrderInterface"]),
                    .target(name: "OrderTesting", dependencies: ["OrderInterface"]),
                    .testTarget(name: "OrderTests", dependencies: ["Order", "OrderTesting"]),
                ]
            )

            """, to: "Features/Order/Package.swift")
        try writeBrowse(browseDependencies)
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Shell",
                dependencies: [.package(path: "../Features/Browse"), .package(path: "../Features/Order")],
                targets: [
                    .executableTarget(name: "App", dependencies: [
                        .product(name: "Browse", package: "Browse"),
                        .product(name: "Order", package: "Order"),
                    ]),
                ]
            )

            """, to: "Shell/Package.swift")
    }

    /// Rewrites Browse's manifest; `padding` blank lines before `targets:` move every line.
    func writeBrowse(_ dependencies: [String], padding: Int = 0) throws {
        let extra = dependencies.map { "                \($0),\n" }.joined()
        try write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Browse",
                products: [.library(name: "Browse", targets: ["Browse"])],
                dependencies: [.package(path: "../Order")],\(String(repeating: "\n", count: padding))
                targets: [
                    .target(name: "BrowseInterface"),
                    .target(
                        name: "Browse",
                        dependencies: [
                            "BrowseInterface",
                            .product(name: "OrderInterface", package: "Order"),
            \(extra)            ]
                    ),
                ]
            )

            """, to: "Features/Browse/Package.swift")
    }

    func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: PathUtilities.join(path, relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

private let productToProduct = ".product(name: \"Order\", package: \"Order\")"

@Suite("mfe lint-graph")
struct LintGraphEndToEndTests {
    @Test func aCleanWorkspaceExitsZero() async throws {
        let workspace = try LintWorkspace()
        let result = try await MFEBinary.run(["lint-graph", workspace.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("0 errors, 0 warnings, 0 notices in 4 packages, 8 targets, 9 dependencies ("))
    }

    @Test func aLayerViolationIsReportedAtTheDependencyEntryAndExitsOne() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let result = try await MFEBinary.run(["lint-graph"], in: workspace.path)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "Features/Browse/Package.swift:15:17: error: Browse depends on Order, the implementation of another product feature; depend on OrderInterface [product-to-product]")
        #expect(lines.count == 2)
    }

    @Test func jsonIsByteIdenticalBetweenRuns() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct, "\"OrderTesting\""])
        let first = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "json"])
        let second = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "json"])
        #expect(first.status == 1)
        #expect(first.standardOutput == second.standardOutput)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.compactMap { $0["rule"] as? String } == ["product-to-product", "production-to-testing"])
        #expect(findings.compactMap { $0["line"] as? Int } == [15, 16])
    }

    @Test func sarifAndGitHubFormats() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let sarif = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "sarif"])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")

        let summary = PathUtilities.join(workspace.path, "summary.md")
        try workspace.write("# Earlier step\n", to: "summary.md")
        let github = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary, "GITHUB_WORKSPACE": nil])
        #expect(github.status == 1)
        #expect(github.standardOutput.hasPrefix("::error file=Features/Browse/Package.swift,line=15,col=17,title=product-to-product::Browse depends on Order"))
        let markdown = try #require(workspace.read("summary.md"))
        #expect(markdown.hasPrefix("# Earlier step\n### mfe lint-graph\n"))
        #expect(markdown.contains("| error | `product-to-product` | `Features/Browse/Package.swift:15` |"))
    }

    @Test func aBaselineAcceptsKnownFindingsAcrossLineMovesAndGoesStale() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let written = try await MFEBinary.run(["lint-graph", ".", "--write-baseline", "mfe-baseline.json"], in: workspace.path)
        #expect(written.status == 0)
        #expect(written.standardError.contains("wrote 1 finding to the baseline 'mfe-baseline.json'"))
        let baseline = try #require(workspace.read("mfe-baseline.json"))
        #expect(baseline.contains("\"rule\": \"product-to-product\""))

        try workspace.writeBrowse([productToProduct], padding: 5)
        let moved = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json"], in: workspace.path)
        #expect(moved.status == 0, "\(moved.standardOutput)")
        #expect(moved.standardOutput.contains("1 in the baseline"))

        try workspace.writeBrowse([])
        let stale = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json", "--format", "json"], in: workspace.path)
        #expect(stale.status == 0)
        #expect(stale.standardOutput.contains("\"rule\": \"stale-baseline\""))
        #expect(stale.standardOutput.contains("\"file\": \"mfe-baseline.json\""))
        let strict = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json", "--strict"], in: workspace.path)
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains("mfe-baseline.json:3:1: error: baseline entry 'product-to-product' Browse -> Order matches no finding"))
    }

    @Test func theBaselineKeyOfMfeYmlIsTheDefaultBaseline() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct], configuration: "baseline: mfe-baseline.json\n")
        let before = try await MFEBinary.run(["lint-graph", workspace.path])
        #expect(before.status == 1, "a configured baseline that does not exist yet is empty")
        let written = try await MFEBinary.run(["lint-graph", workspace.path, "--write-baseline", PathUtilities.join(workspace.path, "mfe-baseline.json")])
        #expect(written.status == 0)
        let after = try await MFEBinary.run(["lint-graph", workspace.path])
        #expect(after.status == 0, "\(after.standardOutput)")
    }

    @Test func allowEntriesSuppressAndUnusedOnesWarnAtTheirLine() async throws {
        let allow =
            "allow:\n  - rule: product-to-product\n    from: Browse\n    to: Order\n    reason: \"migration tracked in FM-123\"\n  - rule: cycle\n    from: Order\n    to: Browse\n    reason: \"old\"\n"
        let workspace = try LintWorkspace(browseDependencies: [productToProduct], configuration: allow)
        let result = try await MFEBinary.run(["lint-graph", workspace.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("mfe.yml:16:5: warning: allow entry 'cycle' from Order to Browse matches no finding"))
        let strict = try await MFEBinary.run(["lint-graph", workspace.path, "--strict"])
        #expect(strict.status == 1)
    }

    @Test func malformedInputExitsTwoNamingFileAndLine() async throws {
        let workspace = try LintWorkspace()
        try workspace.write(
            "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: \"Env\",\n    targets: [.target(name: \"Env\"\n)\n", to: "Foundation/Env/Package.swift")
        let manifest = try await MFEBinary.run(["lint-graph", workspace.path])
        #expect(manifest.status == 2)
        #expect(manifest.standardError.contains("Foundation/Env/Package.swift:"))
        #expect(manifest.standardOutput.isEmpty)

        let configuration = try LintWorkspace()
        try configuration.write("workspace: FeedMe\npackages: [Features/*]\nlayerz:\n  product: [Browse]\n", to: "mfe.yml")
        let yaml = try await MFEBinary.run(["lint-graph", configuration.path])
        #expect(yaml.status == 2)
        #expect(yaml.standardError.contains("mfe.yml:3:1: unknown key 'layerz'"))
    }

    @Test func missingPathsAndBadFlagsAreInputErrors() async throws {
        let missing = try await MFEBinary.run(["lint-graph", "/nonexistent/mfe-workspace"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("'/nonexistent/mfe-workspace' does not exist"))

        let workspace = try LintWorkspace()
        let baseline = try await MFEBinary.run(["lint-graph", workspace.path, "--baseline", "nope.json"])
        #expect(baseline.status == 2)
        #expect(baseline.standardError.contains("'nope.json' does not exist"))

        try workspace.write("{\"version\": 1,\n \"findings\": [oops]}\n", to: "bad.json")
        let badBaseline = try await MFEBinary.run(["lint-graph", ".", "--baseline", "bad.json"], in: workspace.path)
        #expect(badBaseline.status == 2)
        #expect(badBaseline.standardError.contains("bad.json:"))

        let format = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "xml"])
        #expect(format.status == 64)
        #expect(format.standardError.contains("'xml'"))
    }

    @Test func theSwiftPMLoaderGivesTheSameFindings() async throws {
        let workspace = try LintWorkspace(browseDependencies: [productToProduct])
        let reader = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "json"])
        let swiftpm = try await MFEBinary.run(["lint-graph", workspace.path, "--format", "json", "--loader", "swiftpm"])
        #expect(swiftpm.status == 1, "\(swiftpm.standardError)")
        #expect(swiftpm.standardOutput == reader.standardOutput)
    }
}

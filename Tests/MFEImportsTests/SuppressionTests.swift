import Foundation
import MFEFrontend
import MFELint
import MFEManifest
import MFEReport
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// A workspace on disk for `// mfe:ignore`: Env (foundation: Env, and EnvUI depending on Env),
/// Order and Browse (product features); Browse's target declares EnvUI and, when
/// `orderEntry` is given, that line as its second dependency (lines 15 and 16 of its
/// Package.swift); BrowseInterface keeps `missing-interface` quiet.
enum SuppressionWorkspace {
    static let browseManifest = "Features/Browse/Package.swift"
    static let browseSource = "Features/Browse/Sources/Browse/Browse.swift"

    static func write(to directory: TemporaryDirectory, browseSources: String, orderEntry: String? = nil, envUIEntry: String = ".product(name: \"EnvUI\", package: \"Env\"),") throws {
        try directory.write(
            """
            workspace: W
            packages: [Foundation/*, Features/*]
            layers:
              foundation: [Env]
              product: [Browse, Order]
            """, to: "mfe.yml")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Env",
                products: [
                    .library(name: "Env", targets: ["Env"]),
                    .library(name: "EnvUI", targets: ["EnvUI"]),
                ],
                targets: [
                    .target(name: "Env"),
                    .target(name: "EnvUI", dependencies: ["Env"]),
                ]
            )

            """, to: "Foundation/Env/Package.swift")
        try directory.write("public enum Env {}\n", to: "Foundation/Env/Sources/Env/Env.swift")
        try directory.write("import Env\npublic enum EnvUI {}\n", to: "Foundation/Env/Sources/EnvUI/EnvUI.swift")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Order",
                products: [.library(name: "Order", targets: ["Order", "OrderInterface"])],
                targets: [.target(name: "Order", dependencies: ["OrderInterface"]), .target(name: "OrderInterface")]
            )

            """, to: "Features/Order/Package.swift")
        try directory.write("import OrderInterface\npublic enum Order {}\n", to: "Features/Order/Sources/Order/Order.swift")
        try directory.write("public protocol OrderService {}\n", to: "Features/Order/Sources/OrderInterface/OrderService.swift")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Browse",
                products: [.library(name: "Browse", targets: ["Browse"])],
                dependencies: [
                    .package(path: "../../Foundation/Env"),
                    .package(path: "../Order"),
                ],
                targets: [
                    .target(
                        name: "Browse",
                        dependencies: [
                            \(envUIEntry)
                            \(orderEntry ?? "")
                        ]
                    ),
                    .target(name: "BrowseInterface"),
                ]
            )

            """, to: browseManifest)
        try directory.write(browseSources, to: browseSource)
        try directory.write("public protocol BrowseService {}\n", to: "Features/Browse/Sources/BrowseInterface/BrowseService.swift")
    }

    static func lint(_ directory: TemporaryDirectory, format: ReportFormat = .text, imports: Bool = true) async throws -> (output: CommandOutput, report: LintReport) {
        try await LintGraphService(environment: ServiceEnvironment()).lint(LintGraphService.Request(path: directory.path, format: format, imports: imports))
    }
}

/// `rule file:line` of each finding, for compact expectations.
private func located(_ report: LintReport) -> [String] {
    report.findings.map { "\($0.rule) \($0.file):\($0.line)" }
}

@Suite("mfe:ignore comments")
struct SuppressionTests {
    @Test func aCommentOnTheImportLineSuppressesItsFinding() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "import EnvUI\nimport Env // mfe:ignore transitive-dependency Env comes with EnvUI\n")
        let output = try await SuppressionWorkspace.lint(directory)
        #expect(located(output.report) == [])
        #expect(output.report.summary.suppressed == 1)
        #expect(output.output.standardOutput.contains("1 suppressed by mfe:ignore"))
    }

    @Test func aCommentOnTheLineAboveSuppressesTheImportBelow() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "import EnvUI\n    // mfe:ignore transitive-dependency: Env comes with EnvUI\nimport Env\n")
        let output = try await SuppressionWorkspace.lint(directory)
        #expect(located(output.report) == [])
        #expect(output.report.summary.suppressed == 1)
    }

    @Test func aTrailingCommentDoesNotReachTheNextLine() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "import EnvUI // mfe:ignore transitive-dependency legacy\nimport Env\n")
        let report = try await SuppressionWorkspace.lint(directory).report
        let file = SuppressionWorkspace.browseSource
        #expect(located(report) == ["unused-allow \(file):1", "transitive-dependency \(file):2"])
        #expect(report.findings[0].message == "mfe:ignore transitive-dependency suppresses nothing on line 1; remove it, or put it on the line of the finding or the line above it")
        #expect(report.findings[0].severity == .warning)
    }

    @Test func aSuppressedImportLeavesTheFindingToTheNextImportOfTheModule() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "import EnvUI\nimport Env // mfe:ignore transitive-dependency here only\n")
        try directory.write("import Env\n", to: "Features/Browse/Sources/Browse/More.swift")
        let report = try await SuppressionWorkspace.lint(directory).report
        #expect(located(report) == ["transitive-dependency Features/Browse/Sources/Browse/More.swift:1"])
        #expect(report.summary.suppressed == 1)
    }

    @Test func aCommentThatSuppressesNothingIsAnUnusedAllow() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "// mfe:ignore implicit-dependency, transitive-dependecy not needed any more\nimport EnvUI\n")
        let report = try await SuppressionWorkspace.lint(directory).report
        let file = SuppressionWorkspace.browseSource
        #expect(located(report) == ["unused-allow \(file):1", "unused-allow \(file):1"])
        #expect(
            Set(report.findings.map(\.message)) == [
                "mfe:ignore implicit-dependency suppresses nothing on line 2; remove it, or put it on the line of the finding or the line above it",
                "mfe:ignore names the rule 'transitive-dependecy', which does not exist; did you mean 'transitive-dependency'?",
            ])
    }

    @Test func oneCommentOnADependencyLineSuppressesAGraphRuleAndUnusedDependency() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(
            to: directory, browseSources: "import EnvUI\n",
            orderEntry: ".product(name: \"Order\", package: \"Order\"), // mfe:ignore product-to-product, unused-dependency until OrderInterface ships"
        )
        let withImports = try await SuppressionWorkspace.lint(directory)
        #expect(located(withImports.report) == [])
        #expect(withImports.report.summary.suppressed == 2)
        // Without --imports only product-to-product is found, and the unused-dependency half
        // of the comment is not reported as unused.
        let graphOnly = try await SuppressionWorkspace.lint(directory, imports: false)
        #expect(located(graphOnly.report) == [])
        #expect(graphOnly.report.summary.suppressed == 1)
    }

    @Test func withoutTheCommentTheDependencyLineHasBothFindings() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "import EnvUI\n", orderEntry: ".product(name: \"Order\", package: \"Order\"),")
        let report = try await SuppressionWorkspace.lint(directory).report
        let manifest = SuppressionWorkspace.browseManifest
        #expect(located(report) == ["product-to-product \(manifest):16", "unused-dependency \(manifest):16"])
    }

    @Test func aCommentAboveADependencyEntrySuppressesUnusedDependency() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(
            to: directory, browseSources: "import Env\n",
            envUIEntry:
                "// mfe:ignore unused-dependency EnvUI's resources are loaded by name\n                .product(name: \"EnvUI\", package: \"Env\"),\n                .product(name: \"Env\", package: \"Env\"),"
        )
        let output = try await SuppressionWorkspace.lint(directory)
        #expect(located(output.report) == [])
        #expect(output.report.summary.suppressed == 1)
    }

    @Test func anUnusedCommentInAManifestIsReportedWithoutImports() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(
            to: directory, browseSources: "import EnvUI\n",
            envUIEntry: ".product(name: \"EnvUI\", package: \"Env\"), // mfe:ignore product-to-product, unused-dependency stale"
        )
        let manifest = SuppressionWorkspace.browseManifest
        let graphOnly = try await SuppressionWorkspace.lint(directory, imports: false).report
        #expect(located(graphOnly) == ["unused-allow \(manifest):15"])
        #expect(graphOnly.findings.first?.message.hasPrefix("mfe:ignore product-to-product suppresses nothing on line 15") == true)
        let withImports = try await SuppressionWorkspace.lint(directory).report
        #expect(located(withImports) == ["unused-allow \(manifest):15", "unused-allow \(manifest):15"])
    }

    @Test func jsonAndSARIFLeaveSuppressedFindingsOutAndReportUnusedComments() async throws {
        let directory = try TemporaryDirectory()
        try SuppressionWorkspace.write(to: directory, browseSources: "import EnvUI\nimport Env // mfe:ignore transitive-dependency, unused-dependency legacy\n")
        let json = try await SuppressionWorkspace.lint(directory, format: .json)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(findings.first?["rule"] as? String == "unused-allow")
        #expect(findings.first?["file"] as? String == SuppressionWorkspace.browseSource)
        #expect(findings.first?["line"] as? Int == 2)
        #expect(findings.first?["message"] as? String == "mfe:ignore unused-dependency suppresses nothing on line 2; remove it, or put it on the line of the finding or the line above it")

        let sarif = try await SuppressionWorkspace.lint(directory, format: .sarif)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.output.standardOutput.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["unused-allow"])
        #expect(results.allSatisfy { $0["suppressions"] == nil })
        let location = (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 2)
    }
}

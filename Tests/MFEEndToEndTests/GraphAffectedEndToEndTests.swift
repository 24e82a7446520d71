import Foundation
import MFEKit
import Testing

/// A Feed Me-shaped workspace in a real git repository: Env (foundation) ← Browse (product)
/// ← Shell (shell, app `App`), plus About (product, nothing depends on it) and a nested
/// `Tools` package inside Browse. Committed on `main`; the `feature` branch is checked out.
final class GitWorkspace: @unchecked Sendable {
    let path: String

    init() async throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-e2e-\(UUID().uuidString)").path
        try write(
            "workspace: FeedMe\npackages: [Foundation/*, Features/*, Features/Browse/Tools, Shell]\nlayers:\n  foundation: [Env]\n  product: [Browse, About]\nshell:\n  path: Shell\n", to: "mfe.yml")
        try write(Self.manifest("Env", products: ["Env"], targets: [".target(name: \"Env\")"]), to: "Foundation/Env/Package.swift")
        try write("public enum Env {}\n", to: "Foundation/Env/Sources/Env/Env.swift")
        try write(
            Self.manifest(
                "Browse", products: ["Browse", "BrowseInterface"], dependencies: ["../../Foundation/Env"],
                targets: [
                    ".target(name: \"BrowseInterface\")",
                    ".target(name: \"Browse\", dependencies: [\"BrowseInterface\", .product(name: \"Env\", package: \"Env\")])",
                    ".testTarget(name: \"BrowseTests\", dependencies: [\"Browse\"])",
                ]), to: "Features/Browse/Package.swift")
        try write("public protocol BrowseService {}\n", to: "Features/Browse/Sources/BrowseInterface/BrowseInterface.swift")
        try write("import BrowseInterface\nimport Env\npublic enum Browse {}\n", to: "Features/Browse/Sources/Browse/Browse.swift")
        try write("@testable import Browse\nimport Testing\n", to: "Features/Browse/Tests/BrowseTests/BrowseTests.swift")
        try write(Self.manifest("Tools", products: [], targets: [".executableTarget(name: \"Tools\")"]), to: "Features/Browse/Tools/Package.swift")
        try write("print(1)\n", to: "Features/Browse/Tools/Sources/Tools/main.swift")
        try write(Self.manifest("About", products: ["About"], targets: [".target(name: \"About\")"]), to: "Features/About/Package.swift")
        try write("public enum About {}\n", to: "Features/About/Sources/About/About.swift")
        try write(
            Self.manifest(
                "Shell", products: [], dependencies: ["../Features/Browse", "../Features/About"],
                targets: [
                    ".executableTarget(name: \"App\", dependencies: [.product(name: \"Browse\", package: \"Browse\"), .product(name: \"About\", package: \"About\")])"
                ]), to: "Shell/Package.swift")
        try write("import Browse\nimport About\n", to: "Shell/Sources/App/main.swift")
        try await git("init", "--quiet", "--initial-branch=main")
        try await commitAll("initial")
        try await git("checkout", "--quiet", "-b", "feature")
    }

    /// A repository holding `files` (path → text), committed on `main`, with the `feature`
    /// branch checked out.
    init(files: [(String, String)]) async throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-e2e-\(UUID().uuidString)").path
        for (relative, text) in files { try write(text, to: relative) }
        try await git("init", "--quiet", "--initial-branch=main")
        try await commitAll("initial")
        try await git("checkout", "--quiet", "-b", "feature")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    static func manifest(_ name: String, products: [String], dependencies: [String] = [], targets: [String]) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [\(products.map { ".library(name: \"\($0)\", targets: [\"\($0)\"])" }.joined(separator: ", "))],
            dependencies: [\(dependencies.map { ".package(path: \"\($0)\")" }.joined(separator: ", "))],
            targets: [
                \(targets.joined(separator: ",\n        "))
            ]
        )

        """
    }

    func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @discardableResult
    func git(_ arguments: String...) async throws -> ProcessResult {
        let identity = ["user.name=mfe tests", "user.email=tests@mfe.invalid", "commit.gpgsign=false"]
        let result = try await Git(environment: [:], options: .local(configuration: identity)).run(arguments, in: path)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    func commitAll(_ message: String) async throws {
        try await git("add", "--all")
        try await git("commit", "--quiet", "--allow-empty", "-m", message)
    }
}

@Suite("mfe affected")
struct AffectedEndToEndTests {
    @Test func listsChangedPackagesAndTheirDependentsFromTheWorkTree() async throws {
        let workspace = try await GitWorkspace()
        try workspace.write("public enum Env { case changed }\n", to: "Foundation/Env/Sources/Env/Env.swift")
        let text = try await MFEBinary.run(["affected", "--base", "main"], in: workspace.path)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == "Browse\nEnv\nShell\n")

        let json = try await MFEBinary.run(["affected", workspace.path, "--base", "main", "--format", "json"])
        #expect(
            json.standardOutput == """
                {
                  "affected": [
                    "Browse",
                    "Env",
                    "Shell"
                  ],
                  "base": "main",
                  "changed": [
                    "Env"
                  ],
                  "features": [
                    "Browse",
                    "Env",
                    "Shell"
                  ],
                  "ignored": [],
                  "mergeBase": "\(try await workspace.git("rev-parse", "main").standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))",
                  "outsidePackages": [],
                  "shell": true,
                  "targets": [
                    "App",
                    "Browse",
                    "BrowseTests",
                    "Env"
                  ]
                }

                """)
    }

    @Test func withHeadOnlyCommittedChangesCount() async throws {
        let workspace = try await GitWorkspace()
        try workspace.write("public enum About { case changed }\n", to: "Features/About/Sources/About/About.swift")
        try await workspace.commitAll("about")
        try workspace.write("print(2)\n", to: "Features/Browse/Tools/Sources/Tools/main.swift")
        let committed = try await MFEBinary.run(["affected", "--base", "main", "--head", "feature"], in: workspace.path)
        #expect(committed.standardOutput == "About\nShell\n")
        let everything = try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: workspace.path)
        #expect(everything.standardOutput.contains("\"changed\": [\n    \"About\",\n    \"Tools\"\n  ]"))
        #expect(committed.standardError.isEmpty)
        let nothing = try await MFEBinary.run(["affected", "--base", "feature", "--head", "main"], in: workspace.path)
        #expect(nothing.status == 0)
        #expect(nothing.standardOutput.isEmpty)
        #expect(nothing.standardError == "note: 'main' is not checked out; the packages and their dependencies were read from the work tree (check out 'main' for an exact answer)\n")
    }

    @Test func theWorkspaceConfigurationAffectsEverything() async throws {
        let workspace = try await GitWorkspace()
        try workspace.write(
            "workspace: FeedMe\npackages: [Foundation/*, Features/*, Features/Browse/Tools, Shell]\nlayers:\n  foundation: [Env]\n  product: [Browse, About]\nshell:\n  path: Shell\n# touched\n",
            to: "mfe.yml")
        let result = try await MFEBinary.run(["affected", "--base", "main"], in: workspace.path)
        #expect(result.standardOutput == "About\nBrowse\nEnv\nShell\nTools\n")
        #expect(result.standardError == "note: 'mfe.yml' changed outside every package, so every package is affected\n")
    }

    @Test func aDeletedPackageIsReportedByItsBaseName() async throws {
        let workspace = try await GitWorkspace()
        try await workspace.git("rm", "--quiet", "-r", "Features/About")
        try workspace.write(
            GitWorkspace.manifest(
                "Shell", products: [], dependencies: ["../Features/Browse"],
                targets: [
                    ".executableTarget(name: \"App\", dependencies: [.product(name: \"Browse\", package: \"Browse\")])"
                ]), to: "Shell/Package.swift")
        let result = try await MFEBinary.run(["affected", "--base", "main", "--format", "json"], in: workspace.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("{\n  \"affected\": [\n    \"About\",\n    \"Shell\"\n  ],"))
        #expect(result.standardOutput.contains("\"changed\": [\n    \"About\",\n    \"Shell\"\n  ],"))
    }

    @Test func anUnknownRevisionOrAFolderOutsideGitExitsWithTwo() async throws {
        let workspace = try await GitWorkspace()
        let unknown = try await MFEBinary.run(["affected", "--base", "origin/nope"], in: workspace.path)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown revision 'origin/nope'"))
        #expect(unknown.standardOutput.isEmpty)

        try FileManager.default.removeItem(atPath: workspace.path + "/.git")
        let outside = try await MFEBinary.run(["affected", "--base", "main"], in: workspace.path, environment: ["GIT_CEILING_DIRECTORIES": (workspace.path as NSString).deletingLastPathComponent])
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("not inside a git work tree"))

        let badFormat = try await MFEBinary.run(["affected", "--base", "main", "--format", "xml"], in: workspace.path)
        #expect(badFormat.status == 64)
    }
}

@Suite("mfe graph")
struct GraphEndToEndTests {
    @Test func exportsEveryFormat() async throws {
        let workspace = try await GitWorkspace()
        let dot = try await MFEBinary.run(["graph"], in: workspace.path)
        #expect(dot.status == 0, "\(dot.standardError)")
        #expect(dot.standardOutput.hasPrefix("digraph \"FeedMe\" {\n"))
        #expect(dot.standardOutput.contains("  subgraph \"cluster_Env\" {\n    label=\"Env (foundation)\";"))
        #expect(dot.standardOutput.contains("  \"App\" -> \"Browse\";"))

        let mermaid = try await MFEBinary.run(["graph", workspace.path, "--format", "mermaid"])
        #expect(mermaid.standardOutput.hasPrefix("flowchart LR\n  subgraph p_About[\"About (product)\"]\n"))

        let json = try await MFEBinary.run(["graph", "--format", "json", "--package", "About"], in: workspace.path)
        #expect(
            json.standardOutput == """
                {
                  "packages": [
                    {
                      "layer": "product",
                      "name": "About",
                      "path": "Features/About",
                      "targets": [
                        {
                          "dependencies": [],
                          "edges": [],
                          "feature": "About",
                          "layer": "product",
                          "name": "About",
                          "role": "source"
                        }
                      ]
                    },
                    {
                      "layer": "shell",
                      "name": "Shell",
                      "path": "Shell",
                      "targets": [
                        {
                          "dependencies": ["About"],
                          "edges": [{"findings": [], "package": "About", "path": "Features/About", "target": "About"}],
                          "feature": "Shell",
                          "layer": "shell",
                          "name": "App",
                          "role": "source"
                        }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test func noTestsAndDepthNarrowTheGraph() async throws {
        let workspace = try await GitWorkspace()
        let all = try await MFEBinary.run(["graph"], in: workspace.path)
        #expect(all.standardOutput.contains("\"BrowseTests\""))
        let noTests = try await MFEBinary.run(["graph", "--no-tests"], in: workspace.path)
        #expect(noTests.status == 0, "\(noTests.standardError)")
        #expect(!noTests.standardOutput.contains("BrowseTests"))
        #expect(noTests.standardOutput.contains("  \"Browse\" -> \"BrowseInterface\";"))

        // Env ← Browse ← App: one step from Env reaches Browse, not App.
        let one = try await MFEBinary.run(["graph", "--package", "Env", "--depth", "1", "--format", "mermaid"], in: workspace.path)
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.contains("t_Browse[\"Browse\"]"))
        #expect(!one.standardOutput.contains("t_App"))
        let two = try await MFEBinary.run(["graph", "--package", "Env", "--depth", "2", "--format", "mermaid"], in: workspace.path)
        #expect(two.standardOutput.contains("t_App"))

        let depthAlone = try await MFEBinary.run(["graph", "--depth", "1"], in: workspace.path)
        #expect(depthAlone.status == 64)
        #expect(depthAlone.standardError.contains("--depth needs --package"))
        let negative = try await MFEBinary.run(["graph", "--package", "Env", "--depth", "-1"], in: workspace.path)
        #expect(negative.status == 64)
    }

    @Test func anUnknownPackageOrFormatIsRefused() async throws {
        let workspace = try await GitWorkspace()
        let unknown = try await MFEBinary.run(["graph", "--package", "Nope"], in: workspace.path)
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: no package named 'Nope' in the workspace; give one of 'About', 'Browse', 'Env', 'Shell', 'Tools'\n")
        let format = try await MFEBinary.run(["graph", "--format", "svg"], in: workspace.path)
        #expect(format.status == 64)
    }
}

@Suite("mfe lint-graph --imports")
struct LintImportsEndToEndTests {
    @Test func importFindingsComeOnlyWithTheFlagAndSetTheExitCode() async throws {
        let workspace = try await GitWorkspace()
        let clean = try await MFEBinary.run(["lint-graph", "--imports"], in: workspace.path)
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")

        try workspace.write("import Env\nimport Browse\n#if canImport(BrowseInterface)\nimport BrowseInterface\n#endif\n", to: "Shell/Sources/App/main.swift")
        try workspace.write("import Env\npublic enum About {}\n", to: "Features/About/Sources/About/About.swift")
        let without = try await MFEBinary.run(["lint-graph"], in: workspace.path)
        #expect(without.status == 0)
        let with = try await MFEBinary.run(["lint-graph", "--imports", "--format", "json"], in: workspace.path)
        #expect(with.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(with.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let keys = findings.filter { ["implicit-dependency", "transitive-dependency", "unused-dependency"].contains($0["rule"] as? String) }.map { finding in
            "\(finding["rule"] ?? "") \(finding["file"] ?? ""):\(finding["line"] ?? "") \(finding["from"] ?? "")->\(finding["to"] ?? "")"
        }
        #expect(
            keys == [
                "implicit-dependency Features/About/Sources/About/About.swift:1 About->Env",
                "unused-dependency Shell/Package.swift:9 App->About",
                "transitive-dependency Shell/Sources/App/main.swift:1 App->Env",
            ])
        #expect(findings.first { $0["rule"] as? String == "transitive-dependency" }?["path"] as? [String] == ["App", "Browse", "Env"])

        let sarif = try await MFEBinary.run(["lint-graph", "--imports", "--format", "sarif"], in: workspace.path)
        #expect(sarif.standardOutput.contains("\"ruleId\": \"implicit-dependency\""))
        #expect(sarif.standardOutput.contains("\"ruleId\": \"transitive-dependency\""))
        let github = try await MFEBinary.run(["lint-graph", "--imports", "--format", "github"], in: workspace.path)
        #expect(github.standardOutput.contains("::warning file=Shell/Sources/App/main.swift,line=1,"))
        let text = try await MFEBinary.run(["lint-graph", "--imports"], in: workspace.path)
        #expect(text.standardOutput.contains("Shell/Sources/App/main.swift:1:1: warning: App imports Env without declaring it and reaches it only through App → Browse → Env"))
    }
}

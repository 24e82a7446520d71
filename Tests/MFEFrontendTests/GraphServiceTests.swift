import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe graph` in process on the Feed Me workspace: every format, `--no-tests`, `--package`
/// and `--depth` (their argument checks are the end-to-end suite's).
@Suite("graph in process")
struct GraphServiceTests {
    @Test func exportsEveryFormat() async throws {
        let workspace = try await GitWorkspace()
        let dot = await InProcessMFE(in: workspace.path).graph(.init())
        #expect(dot.status == 0, "\(dot.standardError)")
        #expect(dot.standardOutput.hasPrefix("digraph \"FeedMe\" {\n"))
        #expect(dot.standardOutput.contains("  subgraph \"cluster_Env\" {\n    label=\"Env (foundation)\";"))
        #expect(dot.standardOutput.contains("  \"App\" -> \"Browse\";"))

        let mermaid = await InProcessMFE().graph(.init(path: workspace.path, format: .mermaid))
        #expect(mermaid.standardOutput.hasPrefix("flowchart LR\n  subgraph p_About[\"About (product)\"]\n"))

        let json = await InProcessMFE(in: workspace.path).graph(.init(format: .json, package: "About"))
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
        let all = await InProcessMFE(in: workspace.path).graph(.init())
        #expect(all.standardOutput.contains("\"BrowseTests\""))
        let noTests = await InProcessMFE(in: workspace.path).graph(.init(includeTests: false))
        #expect(noTests.status == 0, "\(noTests.standardError)")
        #expect(!noTests.standardOutput.contains("BrowseTests"))
        #expect(noTests.standardOutput.contains("  \"Browse\" -> \"BrowseInterface\";"))

        // Env ← Browse ← App: one step from Env reaches Browse, not App.
        let one = await InProcessMFE(in: workspace.path).graph(.init(format: .mermaid, package: "Env", depth: 1))
        #expect(one.status == 0, "\(one.standardError)")
        #expect(one.standardOutput.contains("t_Browse[\"Browse\"]"))
        #expect(!one.standardOutput.contains("t_App"))
        let two = await InProcessMFE(in: workspace.path).graph(.init(format: .mermaid, package: "Env", depth: 2))
        #expect(two.standardOutput.contains("t_App"))
    }

    @Test func anUnknownPackageIsRefused() async throws {
        let workspace = try await GitWorkspace()
        let unknown = await InProcessMFE(in: workspace.path).graph(.init(package: "Nope"))
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "error: no package named 'Nope' in the workspace; give one of 'About', 'Browse', 'Env', 'Shell', 'Tools'\n")
    }
}

/// `mfe lint-graph --imports` in process.
@Suite("lint-graph --imports in process")
struct LintImportsServiceTests {
    @Test func importFindingsComeOnlyWithTheFlagAndSetTheExitCode() async throws {
        let workspace = try await GitWorkspace()
        let clean = await InProcessMFE(in: workspace.path).lintGraph(.init(imports: true))
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")

        try workspace.write("import Env\nimport Browse\n#if canImport(BrowseInterface)\nimport BrowseInterface\n#endif\n", to: "Shell/Sources/App/main.swift")
        try workspace.write("import Env\npublic enum About {}\n", to: "Features/About/Sources/About/About.swift")
        let without = await InProcessMFE(in: workspace.path).lintGraph(.init())
        #expect(without.status == 0)
        let with = await InProcessMFE(in: workspace.path).lintGraph(.init(format: .json, imports: true))
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

        let sarif = await InProcessMFE(in: workspace.path).lintGraph(.init(format: .sarif, imports: true))
        #expect(sarif.standardOutput.contains("\"ruleId\": \"implicit-dependency\""))
        #expect(sarif.standardOutput.contains("\"ruleId\": \"transitive-dependency\""))
        let github = await InProcessMFE(in: workspace.path).lintGraph(.init(format: .github, imports: true))
        #expect(github.standardOutput.contains("::warning file=Shell/Sources/App/main.swift,line=1,"))
        let text = await InProcessMFE(in: workspace.path).lintGraph(.init(imports: true))
        #expect(text.standardOutput.contains("Shell/Sources/App/main.swift:1:1: warning: App imports Env without declaring it and reaches it only through App → Browse → Env"))
    }
}

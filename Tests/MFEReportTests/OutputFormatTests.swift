import MFECore
import Testing

@testable import MFEReport

/// Every command's `--format` values are a contract, registered once beside their renderers;
/// the help and each format's sink come from the renderers.
@Suite("output formats")
struct OutputFormatTests {
    @Test func theFormatValuesAreTheContracts() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["text", "json", "sarif", "github", "markdown"])
        #expect(GraphFormat.allCases.map(\.rawValue) == ["dot", "mermaid", "json", "html"])
        #expect(OwnersFormat.allCases.map(\.rawValue) == ["text", "json", "codeowners"])
    }

    @Test func eachFormatSaysWhereItsTextGoes() {
        #expect(ReportFormat.allCases.map(\.sink) == [.terminal, .json, .json, .workflowCommands, .markdown])
        #expect(GraphFormat.allCases.map(\.sink) == [.dot, .mermaid, .json, .html])
        #expect(OwnersFormat.allCases.map(\.sink) == [.terminal, .json, .codeowners])
    }

    @Test func theHelpListsEveryValueWithWhatItIsFor() {
        let help = GraphFormat.help
        #expect(help.hasPrefix("Output format: dot ("))
        for format in GraphFormat.allCases { #expect(help.contains("\(format.rawValue) (\(format.renderer.summary))")) }
        #expect(ReportFormat.help.contains("sarif (SARIF 2.1.0 for GitHub code scanning)"))
    }

    @Test func aFormatRendersThroughItsRegisteredRenderer() throws {
        let features = [OwnedFeature(name: "Search", package: "Search", owners: ["@acme/search"], paths: ["Features/Search"])]
        #expect(try OwnersFormat.codeowners.render((features, "apps/ios")) == CodeownersRenderer().render((features, "apps/ios")))
        #expect(try OwnersFormat.codeowners.render((features, "apps/ios")).contains("/apps/ios/Features/Search/ @acme/search\n"))
        #expect(try OwnersFormat.json.render((features, "")).hasPrefix("{\n  \"features\": ["))
    }
}

import Foundation
import MFECore
import MFELint
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEReport

/// The HTML page without a browser: the template's rules, the data block's safety, the data
/// itself, determinism. (`MFEEndToEndTests` loads real pages in headless Chromium.)
@Suite("graph renderers: html")
struct GraphHTMLRendererTests {
    static let templatePath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates/graph/page.html").path

    static func template() throws -> String {
        String(decoding: try #require(FileManager.default.contents(atPath: templatePath), "Templates/graph/page.html is missing"), as: UTF8.self)
    }

    static let dataOpening = "<script type=\"application/json\" id=\"mfe-graph-data\">"

    /// The text between the data block's opening tag and the next `</script>`.
    static func dataBlock(of page: String) throws -> String {
        let parts = page.components(separatedBy: dataOpening)
        try #require(parts.count == 2, "the page has \(parts.count - 1) data blocks")
        let end = try #require(parts[1].range(of: "</script>"))
        return String(parts[1][..<end.lowerBound])
    }

    /// The page is compiled into this module (EmbedTemplatesPlugin, `--only graph`) byte for
    /// byte, and nothing of the scaffold templates with it.
    @Test func thePageIsCompiledInByteForByte() throws {
        #expect(GraphPageTemplate.builtin == (try Self.template()))
        #expect(BuiltinTemplates.files.allSatisfy { $0.path.hasPrefix("graph/") }, "\(BuiltinTemplates.files.map(\.path))")
    }

    /// The rules that keep the page self-contained and its one substitution point safe.
    @Test func theTemplateLoadsNothingAndHasOneSubstitutionPoint() throws {
        let template = try Self.template()
        #expect(template.components(separatedBy: "{{").count == 2, "exactly one '{{' (the placeholder), so Mustache would see one tag")
        #expect(template.components(separatedBy: GraphHTMLRenderer.placeholder).count == 2)
        #expect(template.contains(Self.dataOpening + GraphHTMLRenderer.placeholder + "</script>"))
        for external in ["http://", "https://", "src=", "url(", "@import"] {
            #expect(!template.replacingOccurrences(of: "http-equiv", with: "").contains(external), "the page must load nothing: found '\(external)'")
        }
        #expect(template.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        // Inside the inline script and style nothing may end the element early.
        for (opening, closing) in [("<script>", "</script>"), ("<style>", "</style>")] {
            for chunk in template.components(separatedBy: opening).dropFirst() {
                let body = try #require(chunk.components(separatedBy: closing).first).lowercased()
                #expect(!body.contains("<!--") && !body.contains("</script") && !body.contains("</style"))
            }
        }
    }

    @Test func theDataBlockHoldsTheDocumentAndNoAngleBracket() throws {
        let document = GraphViolationTests.document
        let page = try GraphHTMLRenderer(template: Self.template()).render(document)
        let block = try Self.dataBlock(of: page)
        #expect(!block.contains("<"))
        #expect(block == GraphHTMLRenderer.data(document).formatted(inlineDepth: 1).replacingOccurrences(of: "<", with: "\\u003c"))
        #expect(page == (try GraphHTMLRenderer(template: Self.template()).render(document)), "the same graph gives the same bytes")
        for external in ["http://", "https://", "src=", "url("] {
            #expect(!page.replacingOccurrences(of: "http-equiv", with: "").contains(external))
        }

        let data = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        #expect(data["version"] as? Int == 1)
        #expect(data["workspace"] as? String == "Violations")
        let packages = try #require(data["packages"] as? [[String: Any]]).map { $0["name"] as? String ?? "" }
        let targets = try #require(data["targets"] as? [[String: Any]])
        let names = targets.map { "\(packages[$0["package"] as? Int ?? 0])/\($0["name"] as? String ?? "")" }
        #expect(names.contains("Env/Formatting") && names.contains("Tooling/Formatting"))
        #expect(names.count == Set(names).count)
        let edges = try #require(data["edges"] as? [[Int]])
        #expect(edges == edges.sorted { ($0[0], $0[1]) < ($1[0], $1[1]) })
        #expect(edges.count == document.packages.flatMap(\.targets).reduce(0) { $0 + $1.dependencies.count })
        let findings = try #require(data["findings"] as? [[String: Any]])
        #expect(findings.count == document.findings.count)
        let productToProduct = try #require(findings.first { $0["rule"] as? String == "product-to-product" })
        let edge = try #require(productToProduct["edge"] as? Int)
        #expect(names[edges[edge][0]] == "Browse/Browse" && names[edges[edge][1]] == "Order/Order")
        #expect(productToProduct["from"] as? Int == edges[edge][0])
        let cycle = try #require(findings.first { $0["rule"] as? String == "cycle" && ($0["message"] as? String)?.contains("Lexer") == true })
        #expect((cycle["path"] as? [Int])?.map { names[$0] } == ["Tooling/Formatting", "Tooling/Lexer", "Tooling/Formatting"])
        let unassigned = try #require(findings.first { $0["rule"] as? String == "unassigned-layer" })
        #expect(unassigned["package"] as? Int == packages.firstIndex(of: "Tooling"))
    }

    /// Names and messages that try to end the script element, open a comment or look like
    /// the placeholder are data, nothing more.
    @Test func hostileNamesCannotEscapeTheDataBlock() throws {
        let hostile = "A</script><script>alert(1)</script><!--{{{graphJSON}}}"
        let document = GraphDocument(
            name: "Feed</SCRIPT >",
            packages: [
                GraphDocument.Package(name: "P<!--", layer: nil, path: "x/<script>", targets: [GraphDocument.Target(name: hostile, role: .source)])
            ], features: [GraphDocument.Feature(name: "P<!--", package: 0, layer: nil)])
        let page = try GraphHTMLRenderer(template: Self.template()).render(document)
        let block = try Self.dataBlock(of: page)
        #expect(!block.contains("<"))
        #expect(page.components(separatedBy: "</script>").count == (try Self.template()).components(separatedBy: "</script>").count)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(block.utf8)) as? [String: Any])
        #expect((data["targets"] as? [[String: Any]])?.first?["name"] as? String == hostile)
        #expect(data["workspace"] as? String == "Feed</SCRIPT >")
    }

    @Test(arguments: ["<html></html>", "{{{graphJSON}}}{{{graphJSON}}}"])
    func aTemplateNeedsExactlyOnePlaceholder(template: String) {
        #expect(throws: GraphError.self) { try GraphHTMLRenderer(template: template) }
    }
}

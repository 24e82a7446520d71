import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import Testing

@testable import MFEManifest

/// mfe's first syntax error against swift-syntax's ParseDiagnosticsGenerator, which mfe no
/// longer builds into the product but keeps here as the reference.
@Suite("manifest: syntax errors agree with the compiler's parser diagnostics")
struct SyntaxErrorFinderTests {
    /// Broken manifests and sources, the way people break them.
    static let sources: [String] = [
        "let package = Package(name: \"P\",\n    targets: [.target(name: \"A\"]\n)",
        "let package = Package(name: \"P\"",
        "let package = Package(name: \"P\", targets: [\n    .target(name: \"A\"),\n    .target(name: \"B\"\n])",
        "let package = Package(name: \"P\", targets: [.target(name: \"A\")",
        "let package = Package(name: \"P\" targets: [])",
        "let package = Package(name: \"P\", targets: [.target(name: \"A\"),, .target(name: \"B\")])",
        "let package = Package(name: \"P\", dependencies: [\n    .package(url: \"https://x/y\", from: \"1.0.0\"\n    .package(path: \"../Z\"),\n])",
        "let package = Package(name: \"P\", targets: [.target(name: \"A\", dependencies: [\"B\",])]))",
        "let package = Package(name: \"P)",
        "let package = Package(name: \"P\")\n}",
        "let package = Package(name: \"P\")\nlet x = ",
        "let package = Package(name: \"P\")\nfunc f( {\n}",
        "let package = Package(name: \"P\")\nlet x = [1, 2",
        "let package = Package(name: \"P\")\nlet x = [\"a\": 1, \"b\" 2]",
        "let package = Package(name: \"P\")\nif true {\n  print(1)\n",
        "let package = Package(name: \"P\")\nstruct S {\n  let a = 1 let b = 2\n}",
        "let package = Package(name: \"P\")\nlet a = 1 let b = 2",
        "let x = f" + String(repeating: " {}", count: 5),
        "let package = Package(name: \"P\")\nlet x = \"\\q\"",
        "let package = Package(name: \"P\")\n/* unterminated",
        "let package = Package(name: \"P\")\nlet x = \u{201C}a\u{201D}",
        "let package = Package(name: \"P\")\nlet x = 1 +",
        "let package = Package(name: \"P\")\nlet = 1",
        "let package = Package(name: \"P\")\nvar x: = 1",
        "let package = Package(name: \"P\")\nfor x in { }",
        "let package = Package(name: \"P\")\n#if os(Linux)\nlet y = 1\n",
        "let package = Package(name: \"P\", dependencies: [\n    .package(path: \"../A\"),\n    #if os(Linux)\n    .package(path: \"../B\"),\n    #endif\n])",
        "let package = Package(name: \"P\")\nlet x = (1, 2",
        "let package = Package(name: \"P\")\nlet x = f(a: 1 b: 2)",
        "let package = Package(name: \"P\")\nlet x = y.",
        "let package = Package(name: \"P\")\nlet x = <#value#>",
        "let package = Package(name: \"P\")\nenum E { case a, }",
        "let package = Package(name: \"P\")\nlet s = \"\"\"\nabc\n",
        "let package = Package(name: \"P\")\nlet x = 0x",
        "let package = Package(name: \"P\")\nlet x = 1 ? 2",
        "let package = Package(name: \"P\")\nimport",
        "let package = Package(name: \"P\")\nlet x = [1: 2, 3]",
    ]

    /// line:column and message of the first error: the reference's is the generator's first
    /// error, placed where `ManifestReader` places it.
    static func located(_ tree: SourceFileSyntax, _ found: (node: Syntax, position: AbsolutePosition, message: String)?) -> String {
        guard let found else { return "none" }
        let converter = SourceLocationConverter(fileName: "P", tree: tree)
        let location = converter.location(for: ManifestReader.pointedPosition(node: found.node, position: found.position))
        return "\(location.line):\(location.column): \(found.message)"
    }

    /// Where the generator has a message of its own for one construct, mfe's generic one (same
    /// place): `expected expression in 'for' statement`, `expected ':' in ternary operator`.
    static let worded: Set<String> = ["let package = Package(name: \"P\")\nfor x in { }", "let package = Package(name: \"P\")\nlet x = 1 ? 2"]

    @Test(arguments: sources)
    func theFirstErrorIsTheCompilersFirstError(source: String) {
        let tree = Parser.parse(source: source)
        #expect(tree.hasError)
        let mine = Self.located(tree, SyntaxErrorFinder.firstError(in: tree).map { ($0.node, $0.position, $0.message) })
        let reference = Self.located(tree, ParseDiagnosticsGenerator.diagnostics(for: tree).first { $0.diagMessage.severity == .error }.map { ($0.node, $0.position, $0.message) })
        if Self.worded.contains(source) {
            #expect(mine.split(separator: " ").first == reference.split(separator: " ").first, "\(source)")
            #expect(mine.contains(": expected "), "\(source)")
        } else {
            #expect(mine == reference, "\(source)")
        }
    }

    @Test func aFileWithoutErrorsHasNone() {
        #expect(SyntaxErrorFinder.firstError(in: Parser.parse(source: "let package = Package(name: \"P\")\n")) == nil)
    }

    /// 20,000 broken statements on a line: the walk visits only the first broken one's nodes.
    @Test func manyBrokenStatementsAreFoundAtTheFirst() throws {
        let tree = Parser.parse(source: "let x = f" + String(repeating: " {}", count: 20_000))
        let found = try #require(SyntaxErrorFinder.firstError(in: tree))
        #expect(found.message == "consecutive statements on a line must be separated by newline or ';'")
    }
}

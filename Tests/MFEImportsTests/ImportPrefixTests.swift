import Foundation
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEImports

/// The part of a file `--imports` parses is found by a lexical scan (`ImportPrefix`): it must
/// hold every import the whole file has, and stop early when later text only mentions
/// `import` in comments and literals.
@Suite("import prefix by tokens")
struct ImportPrefixTests {
    let scanner = ImportScanner(configurations: WorkspaceImportReader.buildConfigurations(for: PackageManifest(name: "P", toolsVersion: ToolsVersion(6, 0), manifestPath: "/p/Package.swift")))

    func prefixLength(_ source: String) -> Int {
        var text = source
        return text.withUTF8 { ImportPrefix.length(holdingImportsOf: $0) }
    }

    func wholeFileImports(_ source: String) -> [ImportDeclaration] {
        var text = source
        return text.withUTF8 { scanner.imports(inUTF8: $0, isPrefix: false) } ?? []
    }

    /// Pieces of Swift that lex differently from a word search: each is either code with an
    /// import, or text that only mentions `import`.
    static let fragments: [String] = [
        "import A\n",
        "@testable import B\n",
        "public import struct C.D\n",
        "/// Call this to import the data.\nfunc load() {}\n",
        "/* outer /* import X */ still a comment: import Y */\n",
        "let text = \"import Z\"\n",
        "let raw = #\"a \"quoted\" import W\"#\n",
        "let rawer = ##\"a \"# import V\"##\n",
        "let long = \"\"\"\n  import U\n  \"\"\" + \"\"\n",
        "let rawLong = #\"\"\"\n  \"\"\" import T\n  \"\"\"#\n",
        "let interpolated = \"\\(f(\"import S\", \")\")) and \\(g(1)) import\"\n",
        "let rawInterpolated = #\"\\#(\"import R\") import\"#\n",
        "let escaped = \"\\\"import Q\\\\\"\n",
        "let `import` = 1\n",
        "x.import(from: y)\n",
        "f(import: 1)\n",
        "let regex = #/import P/#\n",
        "struct S { func f() { let importer = 1 } }\n",
        "#if os(Linux)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n",
        "let broken = \"unterminated import O\n",
        "extension S {\n  var x: Int { 1 }\n}\n",
        "import\n  E\n",
    ]

    @Test(arguments: fragments.indices)
    func eachFragmentGivesTheImportsOfTheWholeFile(index: Int) {
        let source = "import Foundation\n" + Self.fragments[index] + "func tail() {}\n"
        #expect(scanner.imports(in: source) == wholeFileImports(source), "\(source)")
    }

    /// Every pair and many longer mixes of the fragments, in a fixed pseudo-random order.
    @Test(.hangGuard(processes: 1)) func mixedFragmentsGiveTheImportsOfTheWholeFile() {
        var sources: [String] = []
        for first in Self.fragments.indices {
            for second in Self.fragments.indices { sources.append(Self.fragments[first] + Self.fragments[second]) }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var source = ""
            for _ in 0..<6 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                source += Self.fragments[Int(state >> 33) % Self.fragments.count]
            }
            sources.append(source)
        }
        var mismatches: [String] = []
        for source in sources where scanner.imports(in: source) != wholeFileImports(source) { mismatches.append(source) }
        #expect(mismatches.isEmpty, "first mismatch:\n\(mismatches.first ?? "")")
    }

    /// A generated client: imports at the top, then tens of thousands of lines whose doc
    /// comments and strings say `import`. Only the header is parsed.
    @Test func mentionsOfImportInCommentsAndStringsDoNotLengthenThePrefix() {
        let header = "// Generated.\nimport Foundation\n@_exported import SotoCore\n"
        var body = ""
        for index in 0..<2_000 {
            body += "    /// The ARN of the import job \(index); see `import` in the docs.\n    public let importJob\(index): String = \"import \(index)\"\n"
        }
        let source = header + "public struct Shapes {\n" + body + "}\n"
        #expect(prefixLength(source) == header.utf8.count)
        #expect(scanner.imports(in: source).map(\.module) == ["Foundation", "SotoCore"])
    }

    @Test func anImportAfterOtherDeclarationsIsStillInThePrefix() {
        let source = "import A\nlet x = \"import\"\nstruct S {}\nimport B\nfunc f() {}\n"
        #expect(prefixLength(source) == "import A\nlet x = \"import\"\nstruct S {}\nimport B\n".utf8.count)
        #expect(scanner.imports(in: source).map(\.module) == ["A", "B"])
    }

    /// The real code of two apps, when this machine has them: every Swift file's imports read
    /// from its prefix equal those read from the whole file. `MFE_SKIP_INTEGRATION=1` skips
    /// it (about 20 seconds in a debug build).
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil),
        .hangGuard(),
        arguments: ["/work/real/isowords", "/work/real/IceCubesApp"]
    )
    func realSourcesGiveTheImportsOfTheWholeFile(root: String) throws {
        guard FileManager.default.fileExists(atPath: root) else { return }
        let files = (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }.sorted()
        var mismatches: [String] = []
        for file in files {
            guard let source = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
            if scanner.imports(in: source) != wholeFileImports(source) { mismatches.append(file) }
        }
        #expect(!files.isEmpty)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

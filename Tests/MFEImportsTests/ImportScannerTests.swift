import Foundation
import MFEManifest
import Testing

@testable import MFEImports

@Suite("import scanning")
struct ImportScannerTests {
    let scanner = ImportScanner(configuration: HostBuildConfiguration())

    @Test func readsEveryFormOfImport() {
        let source = """
            // swift-format-ignore-file
            import Alpha
            @testable import Beta
            @_exported import Gamma
            @_implementationOnly import Delta
            public import Epsilon
            internal import Zeta
            package import Eta
            import struct Theta.Item
            import class Iota.Item
            import enum Kappa.Item
            import protocol Lambda.Item
            import typealias Mu.Item
            import func Nu.item
            import let Xi.item
            import var Omicron.item
            import Pi.Submodule
            @preconcurrency import Rho

            func body() {
                let text = "import NotAnImport"
                // import NotAnImportEither
            }
            """
        let imports = scanner.imports(in: source)
        #expect(
            imports.map(\.module) == [
                "Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta", "Eta", "Theta", "Iota", "Kappa",
                "Lambda", "Mu", "Nu", "Xi", "Omicron", "Pi", "Rho",
            ])
        #expect(imports.map(\.line) == Array(2...18))
        #expect(imports.allSatisfy { $0.column == 1 && $0.isActive && !$0.isGuardedByCanImport })
        #expect(imports[1].attributes == ["testable"])
        #expect(imports[2].attributes == ["_exported"])
        #expect(imports[3].attributes == ["_implementationOnly"])
        #expect(imports[4].accessLevel == "public")
        #expect(imports[6].accessLevel == "package")
        #expect(imports[7].kind == .struct && imports[7].path == ["Theta", "Item"])
        #expect(imports[8...14].map(\.kind) == [.class, .enum, .protocol, .typealias, .func, .let, .var])
        #expect(imports[15].path == ["Pi", "Submodule"])
    }

    @Test func evaluatesIfConfigForTheHost() {
        let source = """
            #if os(Linux) || os(macOS) || os(Windows)
              import OnHost
            #else
              import OffHost
            #endif
            #if NEVER_SET
              import Custom
              #if os(Linux)
                import NestedUnderInactive
              #endif
            #elseif swift(>=5.0)
              import Modern
              #if !os(Linux) && !os(macOS) && !os(Windows)
                import NestedInactive
              #endif
            #endif
            """
        let imports = scanner.imports(in: source)
        let active = Dictionary(uniqueKeysWithValues: imports.map { ($0.module, $0.isActive) })
        #expect(
            active == [
                "OnHost": true, "OffHost": false, "Custom": false, "NestedUnderInactive": false,
                "Modern": true, "NestedInactive": false,
            ])
        #expect(imports.map(\.line) == [2, 4, 7, 9, 12, 14])
        #expect(imports[0].column == 3)
    }

    @Test func marksImportsGuardedByCanImport() {
        let source = """
            #if canImport(UIKit)
            import UIKit
            #endif
            #if canImport(Analytics) && DEBUG
            import Analytics
            import Other
            #endif
            #if !canImport(Tracing)
            #else
            import Tracing
            #endif
            import Analytics
            """
        let imports = scanner.imports(in: source)
        #expect(imports.map(\.module) == ["UIKit", "Analytics", "Other", "Tracing", "Analytics"])
        #expect(imports.map(\.isGuardedByCanImport) == [true, true, false, true, false])
    }

    @Test func keepsGoingThroughSyntaxErrorsAndDeepNesting() {
        var source = "import First\nstruct Broken {\n"
        source += String(repeating: "#if os(Linux)\n", count: 300) + "import Deep\n" + String(repeating: "#endif\n", count: 300)
        let imports = scanner.imports(in: source)
        #expect(imports.first?.module == "First")
    }

    @Test func linesCountCRLFAndUnicode() {
        let imports = scanner.imports(in: "// é ü 日本\r\nimport A\r\n\r\n  import B\r\n")
        #expect(imports.map(\.line) == [2, 4])
        #expect(imports.map(\.column) == [1, 3])
    }

    /// Sources whose cut-off prefix must give what the whole file gives.
    static let prefixCases: [String] = [
        "import A\nfunc f() { let importer = 1; _ = \"import B\" }\n",
        "import\n  A\nfunc f() {}\n",
        "import struct\n  A.B\nlet x = 1\n",
        "#if os(Linux) || os(macOS) || os(Windows)\nimport A\n#else\nimport B\n#endif\nstruct S { func f() {} }\n",
        "import A\nlet text = \"\"\"\n  import B\n  \"\"\"\nimport C\n",
        "/* import X */ import A /* import Y\n */\nfunc f() {}\n",
        "let x = 1\n",
        "",
        "@testable import A; import B\nclass C {}\n",
    ]

    @Test(arguments: prefixCases)
    func parsingThePrefixGivesWhatTheWholeFileGives(source: String) {
        var text = source
        let whole = text.withUTF8 { scanner.imports(inUTF8: $0, isPrefix: false) }
        #expect(scanner.imports(in: source) == whole)
    }

    @Test func thePrefixEndsAfterTheLineOfTheLastImportWord() {
        var text = "import A\nfunc f() {\n  reimport()\n  let imported = 1\n}\n"
        #expect(text.withUTF8 { ImportScanner.prefixLength(holdingImportsOf: $0) } == 9)
        // The word in a comment is no keyword: nothing needs parsing.
        text = "let x = \"é\" // import\nfunc f() {}\n"
        #expect(text.withUTF8 { ImportScanner.prefixLength(holdingImportsOf: $0) } == 0)
        text = "func f() {}"
        #expect(text.withUTF8 { ImportScanner.prefixLength(holdingImportsOf: $0) } == 0)
        #expect(scanner.imports(in: "import\n  A\nfunc f() {}\n").map(\.module) == ["A"])
    }
}

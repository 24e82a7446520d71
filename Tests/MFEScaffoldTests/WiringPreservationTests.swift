import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// Wiring keeps the user's bytes — a byte order mark first, CRLF line endings, an invalid
/// UTF-8 byte outside the edit, a symbolic link — and wires every `#if` branch that declares
/// a shell type, or refuses.
@Suite("wiring keeps the user's bytes and every #if branch")
struct WiringPreservationTests {
    static let search = ShellWiringTests.search

    /// `source` wired for Search, as bytes.
    static func wired(_ bytes: [UInt8]) throws -> [UInt8] {
        let source = ParsedSource(file: "Shell/Sources/App/AppRouter.swift", bytes: bytes)
        return source.applying(try CompositionWiring.splices(of: source, wiring: search))
    }

    static let router = """
        public enum AppRoute: Hashable {
            case root
        }

        public final class AppRouter {
            private var links = Router<AppRoute>()

            public init() {
                links.register("/") { _ in .root }
            }
        }

        """

    @Test func aByteOrderMarkStaysFirst() throws {
        let bytes = SourceLayout.byteOrderMark + Array(Self.router.utf8)
        let wired = try Self.wired(bytes)
        #expect(Array(wired.prefix(3)) == SourceLayout.byteOrderMark)
        #expect(String(decoding: wired.dropFirst(3), as: UTF8.self).hasPrefix("import SearchInterface\n\npublic enum AppRoute"))
        // Without the mark the edit is the same, byte for byte.
        #expect(Array(wired.dropFirst(3)) == (try Self.wired(Array(Self.router.utf8))))
    }

    @Test func aCRLFFileStaysCRLF() throws {
        let crlf = Array(Self.router.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let wired = try Self.wired(crlf)
        let bareLineFeeds = wired.indices.filter { wired[$0] == UInt8(ascii: "\n") && ($0 == 0 || wired[$0 - 1] != UInt8(ascii: "\r")) }
        #expect(bareLineFeeds.isEmpty, "mixed line endings")
        let expected = String(decoding: try Self.wired(Array(Self.router.utf8)), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n")
        #expect(String(decoding: wired, as: UTF8.self) == expected)
    }

    @Test func aCROnlyFileStaysCROnly() throws {
        let cr = Array(Self.router.replacingOccurrences(of: "\n", with: "\r").utf8)
        let wired = try Self.wired(cr)
        #expect(!wired.contains(UInt8(ascii: "\n")), "mixed line endings")
        let expected = String(decoding: try Self.wired(Array(Self.router.utf8)), as: UTF8.self).replacingOccurrences(of: "\n", with: "\r")
        #expect(String(decoding: wired, as: UTF8.self) == expected, "the same edit, indented as the file is")
        #expect(SourceLayout.lineBreak(of: cr) == [UInt8(ascii: "\r")])
        #expect(SourceLayout.lineBreak(of: Array("a\r\nb\rc\r\n".utf8)) == Array("\r\n".utf8), "the most frequent ending")
        let edit = PlannedEdit(path: "/x", originalBytes: cr, bytes: wired, summary: "")
        #expect(edit.diff.contains("\n+import SearchInterface\n"), "the diff reads line by line")
    }

    @Test func anInvalidUTF8ByteOutsideTheEditIsKept() throws {
        // A Latin-1 'é' (0xE9) in a comment, and a lone continuation byte.
        let before = Array("// Caf".utf8) + [0xE9] + Array(" routes\n// ".utf8) + [0x80] + Array("\n".utf8)
        let bytes = before + Array(Self.router.utf8)
        let wired = try Self.wired(bytes)
        let clean = try Self.wired(Array("// Cafe routes\n// _\n".utf8) + Array(Self.router.utf8))
        // The same edit, and the two bytes are still there, each once, where they were.
        #expect(wired.filter { $0 == 0xE9 }.count == 1 && wired.filter { $0 == 0x80 }.count == 1)
        #expect(wired.map { $0 == 0xE9 ? UInt8(ascii: "e") : $0 == 0x80 ? UInt8(ascii: "_") : $0 } == clean)
        #expect(String(decoding: wired, as: UTF8.self).contains("// Caf\u{FFFD} routes\n// \u{FFFD}\npublic enum AppRoute"))
    }

    @Test func replacesOnlyBytesOfInvalidSequences() {
        // Overlong, surrogate, truncated, above U+10FFFF; valid 2-, 3- and 4-byte sequences.
        let bytes: [UInt8] = [0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xE2, 0x82, 0x41, 0xF4, 0x90, 0x80, 0x80, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]
        let underscore = UInt8(ascii: "_")
        #expect(
            ParsedSource.parseableBytes(bytes) == [
                underscore, underscore, underscore, underscore, underscore, underscore, underscore, 0x41, underscore, underscore, underscore, underscore, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F,
                0x98, 0x80,
            ])
    }

    @Test func everyIfBranchIsWired() throws {
        // The same router in both branches, beside a composition root of each platform's own.
        let source = "import Foundation\n\n#if os(Linux)\npublic struct AppDependencies {}\n" + Self.router + "#else\npublic struct AppDependencies: Sendable {}\n" + Self.router + "#endif\n"
        let parsed = ParsedSource(file: "Shell/Sources/App/App.swift", source: source)
        let wired = SourceSplice.apply(try CompositionWiring.splices(of: parsed, wiring: Self.search), to: source)
        let branches = wired.components(separatedBy: "#else")
        #expect(branches.count == 2)
        for branch in branches {
            #expect(branch.contains("    case search\n"), "\(branch)")
            #expect(branch.contains("        links.register(\"/search\") { _ in .search }\n"), "\(branch)")
            #expect(branch.contains("extension AppDependencies: SearchDependencies {"), "\(branch)")
            #expect(branch.contains("extension AppRouter: SearchNavigating {"), "\(branch)")
        }
        #expect(wired.hasPrefix("import Foundation\nimport Search\nimport SearchInterface\n\n#if os(Linux)\n"))
        let again = ParsedSource(file: parsed.file, source: wired)
        #expect(try CompositionWiring.splices(of: again, wiring: Self.search).isEmpty, "wiring twice changes nothing")
    }

    @Test func registrationsInBothBranchesOfAnIfEachGetTheRoute() throws {
        let source = """
            public final class AppRouter {
                public init() {
                    #if os(Linux)
                    links.register("/") { _ in .root }
                    #else
                    links.register("/") { _ in .root }
                    links.register("/mac") { _ in .mac }
                    #endif
                }
            }

            """
        let parsed = ParsedSource(file: "AppRouter.swift", source: source)
        let wired = SourceSplice.apply(try CompositionWiring.splices(of: parsed, wiring: Self.search), to: source)
        #expect(wired.components(separatedBy: "links.register(\"/search\") { _ in .search }").count == 3, "\(wired)")
        #expect(wired.contains("    links.register(\"/mac\") { _ in .mac }\n        links.register(\"/search\") { _ in .search }\n        #endif"))
    }

    @Test(arguments: [
        "#if DEBUG\n        links.register(\"/\") { _ in .root }\n        #endif",
        "#if os(Linux)\n        links.register(\"/\") { _ in .root }\n        #elseif os(macOS)\n        links.register(\"/\") { _ in .root }\n        #endif",
        "#if os(Linux)\n        links.register(\"/\") { _ in .root }\n        #else\n        setUp()\n        #endif",
    ])
    func registrationsThatDoNotCoverEveryPlatformAreRefused(body: String) {
        let source = "public final class AppRouter {\n    public init() {\n        \(body)\n    }\n}\n"
        let parsed = ParsedSource(file: "AppRouter.swift", source: source)
        #expect(
            throws: WiringRefusal(
                file: "AppRouter.swift",
                reason: "'AppRouter' registers its routes only under '#if' branches that do not cover every platform; mfe cannot tell where the route '/search' belongs in the others")
        ) {
            try CompositionWiring.splices(of: parsed, wiring: Self.search)
        }
    }

    @Test func aRouteCaseOnlyUnderAnIfIsRefused() {
        let source = "enum AppRoute {\n    case root\n    #if DEBUG\n    case search\n    #endif\n}\n"
        #expect(throws: WiringRefusal.self) {
            try CompositionWiring.splices(of: ParsedSource(file: "AppRoute.swift", source: source), wiring: Self.search)
        }
    }

    @Test func aBuilderOnlyUnderAnIfIsRefused() {
        let source =
            "final class AppComposition {\n    let dependencies = AppDependencies()\n    #if DEBUG\n    var search: SearchBuilder { SearchBuilder(dependencies: dependencies) }\n    #endif\n}\n"
        #expect(throws: WiringRefusal(file: "AppComposition.swift", reason: "'AppComposition' has a 'search' builder only under an '#if'; mfe cannot tell whether the other branches should have it")) {
            try CompositionWiring.splices(of: ParsedSource(file: "AppComposition.swift", source: source), wiring: Self.search)
        }
    }

    /// `AppRouter.swift` a link to a file elsewhere in the workspace: the edit is written to the
    /// target and the link stays a link; a link leading outside the workspace is refused.
    @Test func aSymlinkedShellFileIsEditedAtItsTarget() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        let link = PathUtilities.join(root, "Shell/Sources/DemoComposition/AppRouter.swift")
        let target = PathUtilities.join(root, "Shared/AppRouter.swift")
        try FileManager.default.createDirectory(atPath: PathUtilities.join(root, "Shared"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: link, toPath: target)
        let unwired = try Data(contentsOf: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../../../Shared/AppRouter.swift")
        // A dangling link among the sources is no file to wire: it is passed over.
        try FileManager.default.createSymbolicLink(atPath: PathUtilities.join(root, "Shell/Sources/DemoComposition/Gone.swift"), withDestinationPath: "Nowhere.swift")
        let outcome = ShellWiringTests.wire(root)
        #expect(outcome.refusal == nil)
        let edit = try #require(outcome.edits.first { $0.label == "Shell/Sources/DemoComposition/AppRouter.swift" })
        #expect(edit.path == CatalogFixture.realPath(target))
        var plan = ScaffoldPlan(destination: PathUtilities.join(root, "Features/Search"), files: [PlannedFile(path: "README.md", contents: "x\n")], edits: outcome.edits)
        plan.createsDestination = true
        try ScaffoldWriter().write(plan)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../../../Shared/AppRouter.swift")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("links.register(\"/search\") { _ in .search }"))

        let outside = try TemporaryDirectory()
        try FileManager.default.removeItem(atPath: link)
        try unwired.write(to: URL(fileURLWithPath: outside.path + "/AppRouter.swift"))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside.path + "/AppRouter.swift")
        let refused = ShellWiringTests.wire(root)
        #expect(refused.edits.isEmpty)
        #expect(refused.refusal?.contains("Shell/Sources/DemoComposition/AppRouter.swift: it is a symbolic link to '") == true, "\(refused.refusal ?? "")")
        #expect(refused.refusal?.contains("outside the workspace; mfe edits only files inside it") == true)
    }
}

/// Paths as the file system resolves them (macOS's `/tmp` is `/private/tmp`).
enum CatalogFixture {
    static func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

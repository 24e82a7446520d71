import Foundation
import MFEKit
import MFETestSupport
import Testing

/// Manifests and sources nested deeply, or built so the parser recurses or looks ahead
/// without end, are answered quickly: refused with file, line and reason, never a crash or a
/// hang.
@Suite("deeply nested input")
struct DeepNestingEndToEndTests {
    /// An expression nested `depth` levels deep with `kind`.
    static func nested(_ kind: String, depth: Int) -> String {
        switch kind {
        case "[": return String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        case "(": return String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        case "{": return String(repeating: "{ ", count: depth) + "1" + String(repeating: " }", count: depth)
        case "closure": return String(repeating: "{ (a: Int) in f(", count: depth) + "1" + String(repeating: ") }", count: depth)
        default: return "1\n" + String(repeating: "#if os(Linux)\n", count: depth) + "let y = 2\n" + String(repeating: "#endif\n", count: depth)
        }
    }

    static let cases: [(String, Int)] = ["[", "(", "{", "closure", "#if"].flatMap { [($0, 30), ($0, 10_000)] }

    @Test(.hangGuard(processes: 1), arguments: cases)
    func aDeeplyNestedManifestIsAnsweredQuickly(kind: String, depth: Int) async throws {
        let fixture = try HostileInputFixture()
        let manifest = HostileInputFixture.manifest("Env", targets: ".target(name: \"Env\")")
            .replacingOccurrences(of: "import PackageDescription\n", with: "import PackageDescription\nlet x = \(Self.nested(kind, depth: depth))\n")
        try fixture.write(manifest, to: "Env/Package.swift")
        let result = try await MFEBinary.run(["lint-graph"], in: fixture.path, environment: ["SWIFT_BACKTRACE": "enable=no"])
        let refusedBeforeParsing = depth > 128 || kind == "["
        if refusedBeforeParsing {
            #expect(result.status == 2, "\(kind) \(depth): \(result.standardError)")
            // The 128th `#if os(Linux)` (line 3 + 128) crosses the bound with its parenthesis.
            let line = kind == "#if" ? 3 + 128 : 3
            #expect(result.standardError.hasPrefix("error: \(fixture.path)/Env/Package.swift:\(line):"), "\(result.standardError)")
            #expect(result.standardError.contains(": nested deeper than \(kind == "[" ? "16 levels of square brackets" : "128 levels of brackets, parentheses, braces and #if blocks")"))
        } else {
            // Parsed: the evaluator accepts the constant or refuses it with a located message.
            #expect(result.status == 0 || result.status == 2, "\(kind) \(depth): \(result.standardError)")
            if result.status == 2 { #expect(result.standardError.hasPrefix("error: \(fixture.path)/Env/Package.swift:")) }
        }
    }

    /// Shapes whose cost grows with the square of their length in the parser (a chain of
    /// `<` it tries as generic arguments) or in its diagnostics (thousands of broken
    /// statements on one line) are refused in well under the parse time limit, with the line.
    /// The bound is the work's: a run that parsed until the limit would take the limit's
    /// processor time on top of what the same run takes on a plain manifest (measured first,
    /// on the machine as loaded as it is), so the refusal must come in less than that sum.
    @Test(
        .hangGuard(processes: 2),
        arguments: [
            ("let x = " + String(repeating: "a < ", count: 3000) + "b", ":3:267: more than 64 '<' left open in one line"),
            ("let x = f" + String(repeating: " {}", count: 20_000), ":3:16: syntax error: consecutive statements on a line must be separated by newline or ';'"),
        ])
    func aQuadraticShapeIsRefusedQuickly(declaration: String, message: String) async throws {
        let fixture = try HostileInputFixture()
        let manifest = HostileInputFixture.manifest("Env", targets: ".target(name: \"Env\")")
            .replacingOccurrences(of: "import PackageDescription\n", with: "import PackageDescription\n\(declaration)\n")
        let environment = ["SWIFT_BACKTRACE": "enable=no", "MFE_PARSE_TIME_LIMIT": "60"]
        let plainStart = ContinuousClock.now
        let plain = try await MFEBinary.run(["lint-graph"], in: fixture.path, environment: environment)
        let overhead = ContinuousClock.now - plainStart
        #expect(plain.status == 0, "\(plain.standardError)")
        try fixture.write(manifest, to: "Env/Package.swift")
        let start = ContinuousClock.now
        let result = try await MFEBinary.run(["lint-graph"], in: fixture.path, environment: environment)
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 2)
        #expect(result.standardError.contains("Env/Package.swift" + message), "\(result.standardError)")
        // Not the CPU limit answering (60 s here): the refusal comes from the shape itself.
        #expect(elapsed < overhead + .seconds(60), "\(elapsed); the plain manifest took \(overhead)")
    }

    /// `--imports` parses the part of a source file holding its imports: a file nested too
    /// deeply there is reported with its line; nesting below the last import is never parsed.
    @Test(.hangGuard(processes: 2)) func aDeeplyNestedSourceFileIsReportedByImports() async throws {
        let fixture = try HostileInputFixture()
        let deep = "import HomeInterface\nlet x = \(Self.nested("(", depth: 10_000))\nimport Env\n"
        try fixture.write(deep, to: "Home/Sources/Home/Home.swift")
        let result = try await MFEBinary.run(["lint-graph", "--imports"], in: fixture.path, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: Home/Sources/Home/Home.swift:2:137: nested deeper than 128 levels"), "\(result.standardError)")
        try fixture.write("import HomeInterface\nimport Env\nlet x = \(Self.nested("[", depth: 10_000))\n", to: "Home/Sources/Home/Home.swift")
        let below = try await MFEBinary.run(["lint-graph", "--imports"], in: fixture.path, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(below.status == 0, "\(below.standardError)")
    }

    /// A long postfix chain nests the syntax tree as deeply as it is long: parsed on a large
    /// stack, it is no crash.
    @Test(.hangGuard(processes: 2)) func aLongPostfixChainIsNoCrash() async throws {
        let fixture = try HostileInputFixture()
        for chain in [String(repeating: ".a", count: 20_000), String(repeating: "()", count: 20_000), String(repeating: "?", count: 20_000)] {
            let manifest = HostileInputFixture.manifest("Env", targets: ".target(name: \"Env\")")
                .replacingOccurrences(of: "import PackageDescription\n", with: "import PackageDescription\nlet x = y\(chain)\n")
            try fixture.write(manifest, to: "Env/Package.swift")
            let result = try await MFEBinary.run(["graph", "--format", "json"], in: fixture.path, environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(result.status == 0 || result.status == 2, "\(result.standardError)")
        }
    }

    /// Input the parser reads only slowly (its lookahead is quadratic on a chain of `<`, here
    /// one per line, so the cheap scan lets it through) is given up after the time bound,
    /// naming the file.
    @Test(.hangGuard(processes: 1)) func aParseOverTheTimeBoundIsExitTwo() async throws {
        let fixture = try HostileInputFixture()
        let manifest = HostileInputFixture.manifest("Env", targets: ".target(name: \"Env\")")
            .replacingOccurrences(of: "import PackageDescription\n", with: "import PackageDescription\nlet x = \(String(repeating: "a <\n", count: 3_000))b\n")
        try fixture.write(manifest, to: "Env/Package.swift")
        let result = try await MFEBinary.run(["lint-graph"], in: fixture.path, environment: ["MFE_PARSE_TIME_LIMIT": "0.2"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: '\(fixture.path)/Env/Package.swift': reading it took more than 0.2 seconds, so mfe gave up; the file is built in a way the Swift parser can only read slowly (e.g. a long chain of '<' or of trailing closures): simplify it\n"
        )
    }

    /// A large manifest that nests little is read as before.
    @Test(.hangGuard(processes: 1)) func aLargeFlatManifestIsRead() async throws {
        let fixture = try HostileInputFixture()
        let targets = (0..<2_000).map { ".target(name: \"Env\($0)\", dependencies: [\"Env\"], path: \"Sources/Env\")" }
        try fixture.write(HostileInputFixture.manifest("Env", targets: ([".target(name: \"Env\")"] + targets).joined(separator: ",\n        ")), to: "Env/Package.swift")
        let result = try await MFEBinary.run(["lint-graph", "--format", "json"], in: fixture.path)
        #expect(result.status == 0 || result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"targets\": 2003"), "\(result.standardOutput.suffix(300))")
    }
}

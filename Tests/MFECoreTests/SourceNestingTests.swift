import MFECore
import Testing

@Suite("source nesting scan")
struct SourceNestingTests {
    @Test(arguments: ["(", "[", "{"])
    func countsEveryKindOfBracket(opener: String) {
        let closer = [")": "(", "]": "[", "}": "{"].first { $0.value == opener }!.key
        let shallow = String(repeating: opener, count: 5) + String(repeating: closer, count: 5)
        #expect(SourceNesting.firstExcess(in: shallow, limit: 5, squareLimit: 5) == nil)
        let deep = "let x = 1\n  " + String(repeating: opener, count: 6) + String(repeating: closer, count: 6)
        let excess = SourceNesting.firstExcess(in: deep, limit: 5, squareLimit: 5)
        #expect(excess?.line == 2)
        #expect(excess?.column == 8)
    }

    @Test func squareBracketsHaveTheirOwnLowerBound() {
        let squares = String(repeating: "[", count: 17) + String(repeating: "]", count: 17)
        #expect(SourceNesting.firstExcess(in: squares)?.isSquare == true)
        #expect(SourceNesting.firstExcess(in: squares)?.reason.contains("16 levels of square brackets") == true)
        let parentheses = String(repeating: "(", count: 100) + String(repeating: ")", count: 100)
        #expect(SourceNesting.firstExcess(in: parentheses) == nil)
        #expect(SourceNesting.firstExcess(in: "(" + parentheses + ")" + String(repeating: "{", count: 129))?.isSquare == false)
    }

    @Test func ifBlocksCountAndEndifCloses() {
        let nested = String(repeating: "#if DEBUG\n", count: 4) + "let x = 1\n" + String(repeating: "#endif\n", count: 4)
        #expect(SourceNesting.firstExcess(in: nested, limit: 4) == nil)
        #expect(SourceNesting.firstExcess(in: nested, limit: 3)?.line == 4)
        // `#else`, `#elseif` and words starting with `if` open nothing.
        let branches = "#if A\n#elseif B\n#else\n#endif\n#iff\n#ifdef\n"
        #expect(SourceNesting.firstExcess(in: String(repeating: branches, count: 50), limit: 1) == nil)
    }

    @Test func stringsAndCommentsAreSkipped() {
        let brackets = String(repeating: "[(", count: 200)
        let sources = [
            "let s = \"\(brackets)\"",
            "// \(brackets)\nlet x = 1",
            "/* \(brackets) /* nested */ \(brackets) */",
            "let s = \"\"\"\n\(brackets)\n\"\"\"",
            "let s = #\"\(brackets)\\\"#",
            "let s = #\"a \"\(brackets)\" b\"#",
            "let s = \"escaped \\\" \(brackets)\"",
        ]
        for source in sources {
            #expect(SourceNesting.firstExcess(in: source, limit: 3, squareLimit: 3) == nil, "\(source)")
        }
    }

    @Test func interpolationsAreCode() {
        let inner = String(repeating: "(", count: 4) + "1" + String(repeating: ")", count: 4)
        #expect(SourceNesting.firstExcess(in: "let s = \"a \\(\(inner)) b\"", limit: 5) == nil)
        #expect(SourceNesting.firstExcess(in: "let s = \"a \\(\(inner)) b\"", limit: 4) != nil)
        // A string inside an interpolation, and the string around it resumes after `)`.
        #expect(SourceNesting.firstExcess(in: "let s = \"a \\(f(\"((((\")) [[[[ \"", limit: 3, squareLimit: 3) == nil)
        #expect(SourceNesting.firstExcess(in: "let s = #\"\\#(f(x))\"# + \"\\(y)\"", limit: 2) == nil)
    }

    @Test func anUnterminatedStringEndsAtTheLineEnd() {
        let source = "let s = \"open\n" + String(repeating: "(", count: 10)
        #expect(SourceNesting.firstExcess(in: source, limit: 9)?.line == 2)
    }

    @Test func tenThousandLevelsAreRefusedAtOnce() {
        let deep = String(repeating: "[", count: 10_000)
        let excess = SourceNesting.firstExcess(in: deep)
        #expect(excess?.line == 1 && excess?.column == 17 && excess?.limit == 16 && excess?.isSquare == true)
    }

    @Test func refusesALineLeavingTooManyAnglesOpen() {
        let chain = "let x = " + String(repeating: "a < ", count: 100) + "b\n"
        let excess = SourceNesting.firstExcess(in: "import A\n" + chain)
        #expect(excess?.isAngle == true)
        #expect(excess?.line == 2)
        #expect(excess?.reason.contains("more than 64 '<' left open in one line") == true)
    }

    @Test func acceptsGenericsRangesShiftsAndComparisons() {
        let lines = [
            "let a: Dictionary<String, Array<Set<Int>>> = [:]",
            "let r = \"1.0.0\"..<\"2.0.0\"",
            "let s = 1 << 3, t = x <= y, u = v >= w",
            "func f<T>(_ x: T) -> Array<T> { [x] }",
            "let c = " + Array(repeating: "a < b", count: 40).joined(separator: " && "),
        ]
        let source = Array(repeating: lines.joined(separator: "\n"), count: 200).joined(separator: "\n")
        #expect(SourceNesting.firstExcess(in: source) == nil)
        // Open angles do not carry over a line break, a `;` or a brace.
        let spread = Array(repeating: String(repeating: "a < ", count: 40) + "b", count: 10)
        #expect(SourceNesting.firstExcess(in: spread.joined(separator: "\n")) == nil)
        #expect(SourceNesting.firstExcess(in: spread.joined(separator: "; ")) == nil)
        #expect(SourceNesting.firstExcess(in: spread.joined(separator: " { ")) == nil)
        // Inside strings and comments `<` is text.
        #expect(SourceNesting.firstExcess(in: "let s = \"" + String(repeating: "<", count: 500) + "\" // " + String(repeating: "<", count: 500)) == nil)
    }
}

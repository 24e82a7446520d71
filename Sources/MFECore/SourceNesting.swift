/// A cheap scan of how deeply a Swift source nests, run before it is parsed.
///
/// SwiftParser descends recursively: thousands of nested brackets overflow the stack, and a
/// few dozen nested closures or collection literals make its lookahead take minutes. Real
/// manifests and sources nest a few levels (a deeply built SwiftUI view, a few dozen), so a
/// file nesting deeper than `maximumDepth` is refused before the parser sees it, naming the
/// line where the bound is crossed.
///
/// The scan is one pass over the UTF-8 bytes with a small state machine: `(`, `[`, `{` and
/// `#if` open a level, their closers end one; comments (nested `/* */` too), string
/// literals (`"…"`, `"""…"""`, raw `#"…"#`) are skipped, and the code inside a string's
/// `\( … )` interpolation is scanned like any other.
package enum SourceNesting {
    /// The deepest nesting of brackets, braces, parentheses and `#if` blocks mfe parses.
    package static let maximumDepth = 128
    /// The deepest nesting of square brackets mfe parses: the parser's lookahead on a
    /// collection literal that starts with another (`[[[…]]]`) doubles with each level.
    package static let maximumSquareDepth = 16
    /// The nesting SwiftParser is told to accept (its release default; debug builds of the
    /// parser default to 20). Above `maximumDepth`, as the parser also counts generic `<`.
    package static let parserNestingLimit = 256
    /// The most `<` a line may leave open (not closed by a `>`; `..<`, `<<`, `<=` aside):
    /// the parser tries each as the start of generic arguments, which costs the square of
    /// their number. Comparisons chained that long appear in no real code.
    package static let maximumOpenAngles = 64

    /// Where a source nests deeper than the bound.
    package struct Excess: Sendable, Equatable {
        /// The 1-based line of the opener that crosses the bound.
        package var line: Int
        /// The 1-based column (in UTF-8 bytes) of that opener.
        package var column: Int
        /// The bound that was crossed.
        package var limit: Int
        /// Whether the bound crossed is the one on square brackets alone.
        package var isSquare: Bool
        /// Whether the bound crossed is the one on `<` left open in one line.
        package var isAngle = false

        /// What a refusal says, lowercase, without the location.
        package var reason: String {
            if isAngle {
                return
                    "more than \(limit) '<' left open in one line; mfe does not parse such a line (the Swift parser's lookahead for generic arguments would take minutes): split the expression, e.g. with named constants"
            }
            let what = isSquare ? "square brackets" : "brackets, parentheses, braces and #if blocks"
            return
                "nested deeper than \(limit) levels of \(what); mfe does not parse files nested this deeply (the Swift parser would take minutes or overflow its stack): flatten the nesting, e.g. with named constants"
        }
    }

    /// The first place `source` nests deeper than `limit`, or nil.
    package static func firstExcess(in source: String, limit: Int = maximumDepth, squareLimit: Int = maximumSquareDepth) -> Excess? {
        var source = source
        return source.withUTF8 { firstExcess(inUTF8: $0, limit: limit, squareLimit: squareLimit) }
    }

    /// The first place the UTF-8 text in `buffer` nests deeper than `limit`, or nil.
    ///
    /// Complexity: O(n) in the length of `buffer`, with memory proportional to the nesting.
    package static func firstExcess(inUTF8 buffer: UnsafeBufferPointer<UInt8>, limit: Int = maximumDepth, squareLimit: Int = maximumSquareDepth) -> Excess? {
        var scanner = Scanner(buffer: buffer, limit: limit, squareLimit: squareLimit)
        return scanner.run()
    }

    /// The scanner's state: what encloses the current position.
    private enum Context {
        /// Code inside a bracket (`isSquare` for `[`), or inside a string's `\(…)`.
        case code(isSquare: Bool)
        /// A string literal with `hashes` leading `#` signs, single- or multi-line.
        case string(hashes: Int, isMultiline: Bool)
    }

    private struct Scanner {
        let buffer: UnsafeBufferPointer<UInt8>
        let limit: Int
        let squareLimit: Int
        var index = 0
        var line = 1
        var lineStart = 0
        /// Open brackets, interpolations and strings, innermost last.
        var stack: [Context] = []
        /// Open brackets and `#if` blocks: the depth compared with `limit`.
        var depth = 0
        /// Open square brackets.
        var squareDepth = 0
        /// `<` left open since the last line break, `;` or brace.
        var openAngles = 0

        init(buffer: UnsafeBufferPointer<UInt8>, limit: Int, squareLimit: Int) {
            self.buffer = buffer
            self.limit = limit
            self.squareLimit = squareLimit
        }

        func byte(at offset: Int) -> UInt8? {
            offset < buffer.count ? buffer[offset] : nil
        }

        mutating func advance(_ count: Int = 1) {
            for _ in 0..<count where index < buffer.count {
                if buffer[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }

        mutating func open(isSquare: Bool = false) -> Excess? {
            depth += 1
            if isSquare { squareDepth += 1 }
            if isSquare && squareDepth > squareLimit {
                return Excess(line: line, column: index - lineStart + 1, limit: squareLimit, isSquare: true)
            }
            return depth > limit ? Excess(line: line, column: index - lineStart + 1, limit: limit, isSquare: false) : nil
        }

        mutating func run() -> Excess? {
            while index < buffer.count {
                let excess: Excess?
                if case .string(let hashes, let isMultiline)? = stack.last {
                    excess = scanString(hashes: hashes, isMultiline: isMultiline)
                } else {
                    excess = scanCode()
                }
                if let excess { return excess }
            }
            return nil
        }

        /// One step in code: a comment, a string's start, a bracket, a `#if`, or one byte.
        mutating func scanCode() -> Excess? {
            let current = buffer[index]
            switch current {
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "/"):
                while index < buffer.count, buffer[index] != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "/") where byte(at: index + 1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                startString(hashes: 0)
            case UInt8(ascii: "#"):
                var hashes = 0
                while byte(at: index + hashes) == UInt8(ascii: "#") { hashes += 1 }
                if byte(at: index + hashes) == UInt8(ascii: "\"") {
                    advance(hashes)
                    startString(hashes: hashes)
                } else if let directive = directive(at: index + 1) {
                    advance(1 + directive.count)
                    if directive == "if" { return open() }
                    if directive == "endif" { depth = max(0, depth - 1) }
                } else {
                    advance(hashes)
                }
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if current == UInt8(ascii: "{") { openAngles = 0 }
                let isSquare = current == UInt8(ascii: "[")
                stack.append(.code(isSquare: isSquare))
                if let excess = open(isSquare: isSquare) { return excess }
                advance()
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                advance()
                // A closer ends the innermost bracket; when that was a string's `\(`, the
                // string below it on the stack continues.
                if case .code(let isSquare)? = stack.last {
                    stack.removeLast()
                    depth = max(0, depth - 1)
                    if isSquare { squareDepth = max(0, squareDepth - 1) }
                }
            case UInt8(ascii: "<"):
                let previous = index > 0 ? buffer[index - 1] : 0
                let next = byte(at: index + 1)
                if previous != UInt8(ascii: ".") && previous != UInt8(ascii: "<") && next != UInt8(ascii: "<") && next != UInt8(ascii: "=") {
                    openAngles += 1
                    if openAngles > SourceNesting.maximumOpenAngles {
                        return Excess(line: line, column: index - lineStart + 1, limit: SourceNesting.maximumOpenAngles, isSquare: false, isAngle: true)
                    }
                }
                advance()
            case UInt8(ascii: ">"):
                let previous = index > 0 ? buffer[index - 1] : 0
                if previous != UInt8(ascii: "-") && byte(at: index + 1) != UInt8(ascii: "=") { openAngles = max(0, openAngles - 1) }
                advance()
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                openAngles = 0
                advance()
            default:
                advance()
            }
            return nil
        }

        /// `if`, `elseif`, `else` or `endif` right after a `#`, as a whole word.
        func directive(at offset: Int) -> String? {
            for word in ["if", "elseif", "else", "endif"] {
                let bytes = Array(word.utf8)
                guard offset + bytes.count <= buffer.count else { continue }
                if (0..<bytes.count).allSatisfy({ buffer[offset + $0] == bytes[$0] }) {
                    let next = byte(at: offset + bytes.count)
                    if next == nil || !Self.isIdentifierByte(next!) { return word }
                }
            }
            return nil
        }

        static func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }

        mutating func skipBlockComment() {
            var level = 0
            while index < buffer.count {
                if buffer[index] == UInt8(ascii: "/"), byte(at: index + 1) == UInt8(ascii: "*") {
                    level += 1
                    advance(2)
                } else if buffer[index] == UInt8(ascii: "*"), byte(at: index + 1) == UInt8(ascii: "/") {
                    level -= 1
                    advance(2)
                    if level == 0 { return }
                } else {
                    advance()
                }
            }
        }

        /// At the `"` that starts a string literal (after its `#` signs).
        mutating func startString(hashes: Int) {
            let isMultiline = byte(at: index + 1) == UInt8(ascii: "\"") && byte(at: index + 2) == UInt8(ascii: "\"")
            advance(isMultiline ? 3 : 1)
            stack.append(.string(hashes: hashes, isMultiline: isMultiline))
        }

        /// One step inside a string literal: its end, an escape, an interpolation, or one byte.
        mutating func scanString(hashes: Int, isMultiline: Bool) -> Excess? {
            let current = buffer[index]
            if current == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ byte(at: index + 1 + $0) == UInt8(ascii: "#") }) {
                let isInterpolation = byte(at: index + 1 + hashes) == UInt8(ascii: "(")
                if isInterpolation {
                    stack.append(.code(isSquare: false))
                    if let excess = open() { return excess }
                }
                advance(2 + hashes)
                return nil
            }
            if current == UInt8(ascii: "\"") {
                let quotes = isMultiline ? 3 : 1
                if (0..<quotes).allSatisfy({ byte(at: index + $0) == UInt8(ascii: "\"") }),
                    (0..<hashes).allSatisfy({ byte(at: index + quotes + $0) == UInt8(ascii: "#") })
                {
                    advance(quotes + hashes)
                    stack.removeLast()
                    return nil
                }
            }
            if current == UInt8(ascii: "\n") && !isMultiline {
                // An unterminated single-line string ends at the line's end, as the lexer says.
                stack.removeLast()
            }
            advance()
            return nil
        }
    }
}

/// A file nested deeper than `SourceNesting`'s bounds, refused before the Swift parser reads it.
package struct NestingLimitError: LocatedError, Equatable {
    /// The file, as the caller names it.
    package var file: String
    /// Where it nests too deeply.
    package var excess: SourceNesting.Excess

    /// Creates the error for `excess` in `file`.
    package init(file: String, excess: SourceNesting.Excess) {
        self.file = file
        self.excess = excess
    }

    package var location: SourceLocation? { SourceLocation(file: file, line: excess.line, column: excess.column) }
    package var message: String { excess.reason }
}

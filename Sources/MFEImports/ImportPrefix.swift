/// Finds how much of a Swift file has to be parsed to see all of its imports, with a lexical
/// scan that reads the file as the Swift lexer does: comments (line comments and nested block
/// comments), string literals (single-line, multi-line, raw, with the interpolations nested in
/// them), extended regex literals (`#/…/#`) and backticked identifiers are skipped.
///
/// Why a scan and not a rule such as "stop at the first declaration": Swift allows an import
/// after other top-level declarations, so only the last `import` keyword of the file bounds
/// the part to parse. Why the tokens matter: generated files (API clients, protocol buffers)
/// say `import` in doc comments and strings tens of thousands of lines down; a plain word
/// search made mfe parse all of them, which took longer than the parse time bound.
///
/// The scan errs on the side of a longer prefix: every `import` word in code counts, except a
/// member (`.import`) and an argument label (`import:`), which no import declaration can be.
/// Complexity: O(n) in the bytes of the file, one pass.
enum ImportPrefix {
    /// The length of the shortest prefix of `buffer` holding every `import` keyword that is code:
    /// up to the end of the line of the last one (0 when there is none).
    static func length(holdingImportsOf buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let keyword = lastImportKeyword(in: buffer) else { return 0 }
        var end = keyword
        while end < buffer.count, buffer[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, buffer.count)
    }

    /// Where a nested literal started: a string (which quotes and how many `#` close it) or an
    /// interpolation inside one (how many parentheses it has open).
    private enum Frame {
        case string(multiline: Bool, hashes: Int)
        case interpolation(parentheses: Int)
    }

    /// The offset of the last `import` keyword outside comments and literals, if any.
    static func lastImportKeyword(in buffer: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = buffer.count
        var index = 0
        var stack: [Frame] = []
        var last: Int?
        // The last byte of code before the current token (comments and white space left out),
        // so `.import` is told apart from `import`.
        var previous: UInt8 = 0

        /// Whether `ascii` sits at `offset`, followed by `hashes` `#`s.
        func matches(_ ascii: String, hashes: Int, at offset: Int) -> Bool {
            var position = offset
            for byte in ascii.utf8 {
                guard position < count, buffer[position] == byte else { return false }
                position += 1
            }
            for _ in 0..<hashes {
                guard position < count, buffer[position] == UInt8(ascii: "#") else { return false }
                position += 1
            }
            return true
        }

        while index < count {
            let byte = buffer[index]
            if case .string(let multiline, let hashes)? = stack.last {
                switch byte {
                case UInt8(ascii: "\\"):
                    // An escape, or `\(`: an interpolation (`\#(` in a raw string with one `#`).
                    var after = index + 1
                    var found = 0
                    while found < hashes, after < count, buffer[after] == UInt8(ascii: "#") {
                        found += 1
                        after += 1
                    }
                    if found < hashes {
                        index += 1
                    } else if after < count, buffer[after] == UInt8(ascii: "(") {
                        stack.append(.interpolation(parentheses: 0))
                        previous = UInt8(ascii: "(")
                        index = after + 1
                    } else {
                        index = after + 1
                    }
                case UInt8(ascii: "\""):
                    let quotes = multiline ? "\"\"\"" : "\""
                    if matches(quotes, hashes: hashes, at: index) {
                        stack.removeLast()
                        previous = byte
                        index += quotes.utf8.count + hashes
                    } else {
                        index += 1
                    }
                case UInt8(ascii: "\n") where !multiline:
                    // An unterminated literal ends with its line, as the lexer recovers.
                    stack.removeLast()
                    index += 1
                default:
                    index += 1
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "/") where index + 1 < count && buffer[index + 1] == UInt8(ascii: "/"):
                while index < count, buffer[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < count && buffer[index + 1] == UInt8(ascii: "*"):
                var depth = 1
                index += 2
                while index < count, depth > 0 {
                    if matches("/*", hashes: 0, at: index) {
                        depth += 1
                        index += 2
                    } else if matches("*/", hashes: 0, at: index) {
                        depth -= 1
                        index += 2
                    } else {
                        index += 1
                    }
                }
            case UInt8(ascii: "#"):
                var hashes = 0
                while index + hashes < count, buffer[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                let after = index + hashes
                if after < count, buffer[after] == UInt8(ascii: "\"") {
                    let multiline = matches("\"\"\"", hashes: 0, at: after)
                    stack.append(.string(multiline: multiline, hashes: hashes))
                    index = after + (multiline ? 3 : 1)
                } else if after < count, buffer[after] == UInt8(ascii: "/") {
                    // `#/…/#`: an extended regex literal ends at `/` and as many `#`s.
                    index = after + 1
                    while index < count, !matches("/", hashes: hashes, at: index) {
                        index += buffer[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    index = min(count, index + 1 + hashes)
                    previous = UInt8(ascii: "/")
                } else {
                    previous = byte
                    index = after
                }
            case UInt8(ascii: "\""):
                let multiline = matches("\"\"\"", hashes: 0, at: index)
                stack.append(.string(multiline: multiline, hashes: 0))
                index += multiline ? 3 : 1
            case UInt8(ascii: "`"):
                index += 1
                while index < count, buffer[index] != UInt8(ascii: "`"), buffer[index] != UInt8(ascii: "\n") { index += 1 }
                index += 1
                previous = UInt8(ascii: "`")
            case UInt8(ascii: "("), UInt8(ascii: ")"):
                if case .interpolation(let open)? = stack.last {
                    if byte == UInt8(ascii: "(") {
                        stack[stack.count - 1] = .interpolation(parentheses: open + 1)
                    } else if open == 0 {
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .interpolation(parentheses: open - 1)
                    }
                }
                previous = byte
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            default:
                guard isWordByte(byte) else {
                    previous = byte
                    index += 1
                    continue
                }
                let start = index
                while index < count, isWordByte(buffer[index]) { index += 1 }
                if index - start == 6, matches("import", hashes: 0, at: start), previous != UInt8(ascii: "."), !isArgumentLabel(endingAt: index, in: buffer) {
                    last = start
                }
                previous = buffer[index - 1]
            }
        }
        return last
    }

    /// Whether the word ending before `end` is followed by `:` (after spaces and tabs): an
    /// argument label, as in `f(import: x)`.
    private static func isArgumentLabel(endingAt end: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = end
        while index < buffer.count, buffer[index] == UInt8(ascii: " ") || buffer[index] == UInt8(ascii: "\t") { index += 1 }
        return index < buffer.count && buffer[index] == UInt8(ascii: ":")
    }

    /// Letters, digits, `_`, `$` and every byte of a multi-byte UTF-8 character: the bytes a
    /// Swift identifier or number is made of.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}

/// Finds where an OpenStep property list stops parsing, since Foundation's error names
/// line 1 whatever the line (it logs the right one to standard error instead): a scan of
/// the grammar Xcode writes — dictionaries `{ key = value; }`, arrays `( value, )`, quoted
/// and bare strings, `<hex>` data, `//` and `/* */` comments. O(bytes), recursion only as
/// deep as the file's nesting.
struct PBXSyntax {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// The first syntax error of `text`: its line and what was expected there; nil when
    /// the text is well formed.
    static func firstError(in text: String) -> (line: Int, expected: String)? {
        var scanner = PBXSyntax(bytes: Array(text.utf8))
        return scanner.document()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func document() -> (line: Int, expected: String)? {
        if let error = value(depth: 0) { return error }
        skipSpace()
        return index < bytes.count ? (line, "the end of the file") : nil
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                return
            }
        }
    }

    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "_$+/:.-".utf8.contains(byte)
        }
    }

    private static func isHexOrSpace(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return " \t\r\n".utf8.contains(byte)
        }
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func value(depth: Int) -> (line: Int, expected: String)? {
        skipSpace()
        guard index < bytes.count, depth < 200 else { return (line, "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            while true {
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return nil
                }
                if let error = value(depth: depth + 1) { return error }
                guard expect(UInt8(ascii: "=")) else { return (line, "'='") }
                if let error = value(depth: depth + 1) { return error }
                guard expect(UInt8(ascii: ";")) else { return (line, "';'") }
            }
        case UInt8(ascii: "("):
            index += 1
            while true {
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ")") {
                    index += 1
                    return nil
                }
                if let error = value(depth: depth + 1) { return error }
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ")") { continue }
                guard expect(UInt8(ascii: ",")) else { return (line, "',' or ')'") }
            }
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            guard index < bytes.count else { return (line, "a closing '\"'") }
            index += 1
            return nil
        case UInt8(ascii: "<"):
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
                guard Self.isHexOrSpace(bytes[index]) else { return (line, "hexadecimal data and '>'") }
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            guard index < bytes.count else { return (line, "a closing '>'") }
            index += 1
            return nil
        default:
            guard Self.isBare(bytes[index]) else { return (line, "a value") }
            while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            return nil
        }
    }
}

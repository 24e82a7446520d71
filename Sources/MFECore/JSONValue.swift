/// A JSON value with a deterministic serialiser: object keys sorted by their UTF-8 bytes,
/// two-space indentation, `/` not escaped, no trailing spaces. Foundation's `JSONEncoder`
/// output differs between platforms and releases in spacing and escaping; reports need the
/// same bytes everywhere.
package indirect enum JSONValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A boolean.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array([JSONValue])
    /// An object; keys are sorted when written.
    case object([String: JSONValue])

    /// Creates a string value.
    package init(stringLiteral value: String) { self = .string(value) }
    /// Creates an integer value.
    package init(integerLiteral value: Int) { self = .int(value) }
    /// Creates a boolean value.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates an array value.
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Creates an object value.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The value written with two-space indentation and a trailing newline. Objects and
    /// arrays nested `inlineDepth` levels or deeper are written on one line (`{"a": 1, "b": 2}`).
    package func formatted(inlineDepth: Int = Int.max) -> String {
        var output = ""
        write(to: &output, depth: 0, inlineDepth: inlineDepth)
        output += "\n"
        return output
    }

    private func write(to output: inout String, depth: Int, inlineDepth: Int) {
        let inline = depth >= inlineDepth
        switch self {
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .int(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += inline ? ", " : "," }
                if !inline { output += "\n" + String(repeating: "  ", count: depth + 1) }
                element.write(to: &output, depth: depth + 1, inlineDepth: inlineDepth)
            }
            if !inline { output += "\n" + String(repeating: "  ", count: depth) }
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                if index > 0 { output += inline ? ", " : "," }
                if !inline { output += "\n" + String(repeating: "  ", count: depth + 1) }
                JSONValue.writeString(key, to: &output)
                output += ": "
                members[key]!.write(to: &output, depth: depth + 1, inlineDepth: inlineDepth)
            }
            if !inline { output += "\n" + String(repeating: "  ", count: depth) }
            output += "}"
        }
    }

    /// `text` as a JSON string literal, escaped as every JSON mfe writes (what RFC 8259
    /// requires, `/` kept), for writers that lay out their own JSON (`ResolvedFileWriter`).
    package static func quoted(_ text: String) -> String {
        var output = ""
        writeString(text, to: &output)
        return output
    }

    /// Writes `value` as a JSON string literal, escaping what RFC 8259 requires.
    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

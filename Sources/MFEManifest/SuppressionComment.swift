import Foundation
import MFECore

/// One `// mfe:ignore RULE[, RULE] reason` comment: it suppresses the findings of those rules
/// that point at the line it covers.
///
/// A comment alone on its line covers the next line; a comment after code covers its own line.
/// So both `import Stats // mfe:ignore transitive-dependency legacy` and the same comment on
/// the line above the import suppress a finding at the import, and a trailing comment never
/// reaches the line below it.
package struct SuppressionComment: Sendable, Hashable {
    /// The file: as the reader of the file names it (a manifest's path), and relative to the
    /// workspace root once a lint run takes it up (as findings print it).
    package var file: String
    /// 1-based line of the comment.
    package var line: Int
    /// 1-based column of `//`, in UTF-8 bytes.
    package var column: Int
    /// The line whose findings the comment suppresses.
    package var coveredLine: Int
    /// The rule ids, as written (possibly misspelt).
    package var rules: [String]
    /// The free text after the rule ids; empty when none was given.
    package var reason: String

    /// Creates a suppression comment.
    package init(file: String, line: Int, column: Int = 1, coveredLine: Int, rules: [String], reason: String = "") {
        self.file = file
        self.line = line
        self.column = column
        self.coveredLine = coveredLine
        self.rules = rules
        self.reason = reason
    }

    /// The `mfe:ignore` comments of the UTF-8 text in `buffer`, in source order. `file` is what
    /// the comments record (relative to the workspace root).
    ///
    /// A comment counts when `mfe:ignore` is the first thing after `//` and the `//` is not
    /// inside a string literal (an even number of `"` before it on the line).
    /// Complexity: O(n) in the buffer's length.
    package static func comments(inUTF8 buffer: UnsafeBufferPointer<UInt8>, file: String) -> [SuppressionComment] {
        let marker = Array("mfe:ignore".utf8)
        var comments: [SuppressionComment] = []
        var line = 1
        var lineStart = 0
        var index = 0
        let end = buffer.count - marker.count
        while index <= end {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            } else if byte == UInt8(ascii: "m"), buffer[index + 3] == UInt8(ascii: ":"), (1..<marker.count).allSatisfy({ buffer[index + $0] == marker[$0] }) {
                if let comment = comment(in: buffer, lineStart: lineStart, markerAt: index, markerLength: marker.count, line: line, file: file) {
                    comments.append(comment)
                }
            }
            index += 1
        }
        return comments
    }

    /// The comment whose `mfe:ignore` starts at `markerAt`, if it is one.
    private static func comment(in buffer: UnsafeBufferPointer<UInt8>, lineStart: Int, markerAt marker: Int, markerLength: Int, line: Int, file: String) -> SuppressionComment? {
        let slash = UInt8(ascii: "/")
        let quote = UInt8(ascii: "\"")
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        // `//` (or `///`) then spaces, then the marker.
        var before = marker - 1
        while before >= lineStart, isSpace(buffer[before]) { before -= 1 }
        guard before > lineStart, buffer[before] == slash, buffer[before - 1] == slash else { return nil }
        var start = before - 1
        while start > lineStart, buffer[start - 1] == slash { start -= 1 }
        let code = buffer[lineStart..<start]
        guard code.count(where: { $0 == quote }) % 2 == 0 else { return nil }
        var lineEnd = marker + markerLength
        while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let rest = String(decoding: buffer[(marker + markerLength)..<lineEnd], as: UTF8.self)
        // `mfe:ignored` and the like are words of their own.
        if let first = rest.unicodeScalars.first, !(first == " " || first == "\t" || first == "\r") { return nil }
        let (rules, reason) = parse(rest)
        let isAlone = code.allSatisfy(isSpace)
        return SuppressionComment(file: file, line: line, column: start - lineStart + 1, coveredLine: isAlone ? line + 1 : line, rules: rules, reason: reason)
    }

    /// Splits what follows `mfe:ignore` into the rule ids (separated by commas) and the reason
    /// (the rest, without a leading `:` or dash).
    static func parse(_ text: String) -> (rules: [String], reason: String) {
        var rest = Substring(text)
        var rules: [String] = []
        func isRuleCharacter(_ character: Character) -> Bool {
            character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
        }
        while true {
            rest = rest.drop(while: \.isWhitespace)
            let rule = rest.prefix(while: isRuleCharacter)
            guard !rule.isEmpty else { break }
            rules.append(String(rule))
            rest = rest.dropFirst(rule.count)
            let afterSpaces = rest.drop(while: \.isWhitespace)
            guard afterSpaces.first == "," else { break }
            rest = afterSpaces.dropFirst()
        }
        var reason = rest.drop { $0.isWhitespace || $0 == ":" || $0 == "-" || $0 == "—" || $0 == "–" }
        while reason.last?.isWhitespace == true { reason = reason.dropLast() }
        return (rules, String(reason))
    }
}

extension SuppressionComment {
    /// The `mfe:ignore` comments of `source`, recorded as comments of `file`.
    package static func comments(in source: String, file: String) -> [SuppressionComment] {
        var source = source
        return source.withUTF8 { comments(inUTF8: $0, file: file) }
    }
}

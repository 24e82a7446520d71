import SwiftSyntax

/// One change to a source file: `text` replacing `length` bytes at UTF-8 byte `offset` (an
/// insertion when `length` is 0). Splices are computed from syntax nodes' positions and
/// applied to the file's bytes, so every byte outside them — comments, blank lines, trailing
/// commas, the author's indentation — stays exactly as it was.
struct SourceSplice: Equatable {
    var offset: Int
    var length: Int = 0
    var text: String

    /// `source` with `splices` applied. Splices must not overlap; two insertions at the same
    /// offset keep the order they were given in.
    static func apply(_ splices: [SourceSplice], to source: String) -> String {
        String(decoding: apply(splices, to: Array(source.utf8)), as: UTF8.self)
    }

    /// `bytes` with `splices` applied, every byte outside them kept as it was (an invalid UTF-8
    /// byte in a comment included). The line breaks of the inserted text are the file's own:
    /// `\r\n` in a file whose lines end so, `\r` in one of classic Mac OS line ends, so a file
    /// never gets mixed line endings.
    static func apply(_ splices: [SourceSplice], to bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let lineBreak = SourceLayout.lineBreak(of: bytes)
        let ordered = splices.enumerated().sorted { $0.element.offset != $1.element.offset ? $0.element.offset > $1.element.offset : $0.offset > $1.offset }
        for (_, splice) in ordered {
            var text = Array(splice.text.utf8)
            if lineBreak != [UInt8(ascii: "\n")] {
                text = text.flatMap { $0 == UInt8(ascii: "\n") ? lineBreak : [$0] }
            }
            bytes.replaceSubrange(splice.offset..<(splice.offset + splice.length), with: text)
        }
        return bytes
    }
}

/// Why a shell file cannot be edited safely: it is not in a shape mfe knows how to change
/// without guessing. The caller prints the manual steps instead and edits nothing.
struct WiringRefusal: Error, Equatable {
    /// The file, relative to the workspace root.
    var file: String
    /// What was expected and not found, e.g. `no 'targets:' array in Package(...)`.
    var reason: String
}

/// Reading layout from a source's bytes: indentation and line breaks around syntax nodes.
struct SourceLayout {
    let bytes: [UInt8]

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-8 byte order mark some editors write first: nothing may be inserted before it.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The bytes a line ends with in `bytes`: the most frequent of `\r\n`, `\n` and a lone
    /// `\r` (classic Mac OS), `\n` on a tie or in a file of one line.
    static func lineBreak(of bytes: [UInt8]) -> [UInt8] {
        var crlf = 0
        var lf = 0
        var cr = 0
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                if index > 0, bytes[index - 1] == UInt8(ascii: "\r") { crlf += 1 } else { lf += 1 }
            case UInt8(ascii: "\r"):
                if index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n") { cr += 1 }
            default:
                break
            }
        }
        if crlf > lf, crlf >= cr { return [UInt8(ascii: "\r"), UInt8(ascii: "\n")] }
        if cr > lf, cr > crlf { return [UInt8(ascii: "\r")] }
        return [UInt8(ascii: "\n")]
    }

    /// Whether `byte` ends a line: `\n`, or `\r` alone or before `\n`.
    static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// The offset of the file's first byte after its byte order mark, if any.
    var contentStart: Int {
        bytes.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
    }

    /// The spaces and tabs from the start of `offset`'s line up to the line's first other
    /// character.
    func indentation(ofLineAt offset: Int) -> String {
        var start = min(offset, bytes.count)
        while start > 0, !Self.isLineBreak(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The indentation of the line holding `node`'s first token.
    func indentation(of node: some SyntaxProtocol) -> String {
        indentation(ofLineAt: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    /// One level of indentation: a tab when the file indents with tabs, else four spaces.
    var indentUnit: String {
        zip(bytes, bytes.dropFirst()).contains { Self.isLineBreak($0) && $1 == UInt8(ascii: "\t") } ? "\t" : "    "
    }

    /// Whether a line break lies between the byte offsets.
    func hasLineBreak(from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        return bytes[max(0, start)..<min(end, bytes.count)].contains(where: Self.isLineBreak)
    }
}

extension ArrayExprSyntax {
    /// The splices appending `elements` (source text, in order) to this array literal in its own
    /// style: one per line at the last element's indentation when the array spans lines, inline
    /// otherwise; a trailing comma after each when the last element had one. A comment after
    /// the last element stays on its line.
    func appending(_ elements: [String], layout: SourceLayout) -> [SourceSplice] {
        guard !elements.isEmpty else { return [] }
        let open = leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
        let close = rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let last = self.elements.last else {
            if layout.hasLineBreak(from: open, to: close) {
                let indent = layout.indentation(of: rightSquare) + layout.indentUnit
                let text = elements.map { "\n" + indent + $0 + "," }.joined()
                return [SourceSplice(offset: leftSquare.endPosition.utf8Offset, text: text)]
            }
            return [SourceSplice(offset: open, length: close - open, text: elements.joined(separator: ", "))]
        }
        let multiline = layout.hasLineBreak(from: open, to: close)
        let valueEnd = last.expression.endPositionBeforeTrailingTrivia.utf8Offset
        if multiline {
            let indent = layout.indentation(of: last)
            let comma = last.trailingComma != nil
            var splices: [SourceSplice] = []
            if !comma { splices.append(SourceSplice(offset: valueEnd, text: ",")) }
            let lines = elements.enumerated().map { index, element in
                "\n" + indent + element + (comma || index < elements.count - 1 ? "," : "")
            }
            // After the last element's trailing trivia: a `// comment` on its line stays there.
            splices.append(SourceSplice(offset: last.endPosition.utf8Offset, text: lines.joined()))
            return splices
        }
        if let comma = last.trailingComma {
            return [SourceSplice(offset: comma.endPositionBeforeTrailingTrivia.utf8Offset, text: elements.map { " " + $0 + "," }.joined())]
        }
        return [SourceSplice(offset: valueEnd, text: elements.map { ", " + $0 }.joined())]
    }
}

extension SourceFileSyntax {
    /// The modules this file imports.
    var importedModules: Set<String> {
        var modules: Set<String> = []
        for item in statements {
            if let declaration = item.item.as(ImportDeclSyntax.self) {
                modules.insert(declaration.path.map(\.name.text).joined(separator: "."))
            }
        }
        return modules
    }

    /// The splice adding `import M` lines for the `modules` not yet imported, after the last
    /// top-level import (or at the top of the file when it has none).
    func importing(_ modules: [String], layout: SourceLayout) -> [SourceSplice] {
        let missing = modules.filter { !importedModules.contains($0) }
        guard !missing.isEmpty else { return [] }
        let lastImport = statements.last { $0.item.is(ImportDeclSyntax.self) }
        if let lastImport {
            let text = missing.map { "\nimport " + $0 }.joined()
            return [SourceSplice(offset: lastImport.endPosition.utf8Offset, text: text)]
        }
        let text = missing.map { "import " + $0 + "\n" }.joined() + "\n"
        return [SourceSplice(offset: layout.contentStart, text: text)]
    }

    /// The splice appending `declaration` after the file's last code or comment, after a blank
    /// line; the file's own final line breaks stay after it.
    func appending(declaration: String, layout: SourceLayout) -> SourceSplice {
        var contentEnd = endOfFileToken.positionAfterSkippingLeadingTrivia.utf8Offset
        while contentEnd > layout.contentStart, [UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(layout.bytes[contentEnd - 1]) { contentEnd -= 1 }
        return SourceSplice(offset: contentEnd, text: "\n\n" + declaration)
    }
}

/// The one output boundary: text that came from input (a target's name, a folder's name, a
/// key or value of `mfe.yml`, git's message) is escaped for the sink it is written into, and
/// every rendered document passes `sanitized(_:)` before it leaves mfe, so a renderer that
/// forgets a field still cannot move the cursor, retitle the terminal or clear the screen.
///
/// Control characters are made visible as Swift writes them (`\u{1B}`), so a name stays
/// recognisable and a reader sees that it holds one.
extension OutputSink {
    /// `text` from input as one value in this sink: every control character visible, line
    /// breaks included (a value never starts a line of its own), and what the sink reads as
    /// structure escaped (a Markdown table's `|`, a dot or Mermaid label's quote).
    package func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if OutputEscaping.isControl(scalar) {
                result += OutputEscaping.visible(scalar)
                continue
            }
            switch self {
            case .markdown where "\\`*_[]<>|#!~".unicodeScalars.contains(scalar): result += "\\" + String(scalar)
            case .dot where scalar == "\"" || scalar == "\\": result += "\\" + String(scalar)
            case .mermaid where scalar == "\"": result += "#quot;"
            case .html:
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&#39;"
                default: result.unicodeScalars.append(scalar)
                }
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` from input with its control characters visible and nothing else changed: for a
    /// place the sink reads no syntax in (Markdown's inline code, a comment).
    package func escapeControls(_ text: String) -> String {
        OutputSink.terminal.escape(text)
    }

    /// A rendered document of this sink, safe to print: every control character but the line
    /// break and the tab made visible, and on a terminal mfe's own colours (`ESC [ … m`) kept.
    /// JSON needs nothing: its encoder escapes every control character in a string.
    package func sanitized(_ rendered: String) -> String {
        self == .json ? rendered : OutputEscaping.sanitized(rendered)
    }
}

/// The characters the output boundary makes visible, and how.
package enum OutputEscaping {
    /// Whether `scalar` must never reach a terminal or a file raw: C0 and C1 controls, DEL,
    /// the Unicode line and paragraph separators, and the bidirectional overrides and isolates
    /// that reorder what a reader sees (CVE-2021-42574).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// `\u{1B}`: how Swift writes the scalar.
    package static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with every control character but `\n` and `\t` made visible, keeping the colour
    /// sequences (SGR: `ESC [` digits and `;` then `m`) mfe writes itself; a colour is all a
    /// name could smuggle past this, and a renderer escapes names before it colours.
    package static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = colourSequenceEnd(in: scalars, from: index) {
                for kept in scalars[index...end] { result.unicodeScalars.append(kept) }
                index = end + 1
                continue
            }
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                result += visible(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
            index += 1
        }
        return result
    }

    /// The index of the `m` ending the colour sequence that starts at `start`, if one does.
    private static func colourSequenceEnd(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start < 24 {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
            index += 1
        }
        return nil
    }
}

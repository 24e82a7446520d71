/// How deeply a Mustache template nests, found before it is parsed: swift-mustache parses and
/// renders each section by recursion, so a team template of 100,000 nested `{{#a}}` would
/// overflow the stack (a crash, not a message). The scan follows the parser's own reading —
/// the same delimiters (`{{=<% %>=}}` included, and restored when the section that set them
/// closes), comments, triple mustaches and partials — so it sees every section the parser will.
package enum MustacheNesting {
    /// The deepest nesting of sections a template may have; mfe's own templates nest 4 deep.
    package static let maximumDepth = 64
    /// The most transforms one tag may chain (`{{first(reversed(items))}}`), which the parser
    /// also reads by recursion.
    package static let maximumTransforms = 16

    /// Where a template nests too deeply: the 1-based line of the first tag that goes past a
    /// bound, and what it is; nil when the template is within bounds.
    package static func problem(in text: String) -> (line: Int, reason: String)? {
        let characters = Array(text)
        var start: [Character] = ["{", "{"]
        var end: [Character] = ["}", "}"]
        var opened: [(start: [Character], end: [Character])] = []
        var line = 1
        var index = 0

        func matches(_ delimiter: [Character], at position: Int) -> Bool {
            position + delimiter.count <= characters.count && characters[position..<(position + delimiter.count)].elementsEqual(delimiter)
        }
        /// The position of `delimiter` at or after `position`, counting the lines passed.
        func find(_ delimiter: [Character], from position: Int) -> Int? {
            var current = position
            while current < characters.count {
                if matches(delimiter, at: current) { return current }
                if characters[current].isNewline { line += 1 }
                current += 1
            }
            return nil
        }

        while index < characters.count {
            if characters[index].isNewline {
                line += 1
                index += 1
                continue
            }
            guard matches(start, at: index) else {
                index += 1
                continue
            }
            let tagLine = line
            let body = index + start.count
            guard body < characters.count else { return nil }
            switch characters[body] {
            case "=":
                // `=NEW_START NEW_END=` then the current end delimiter, as the parser reads it.
                var position = body + 1
                func skipWhitespace() {
                    while position < characters.count, characters[position].isWhitespace {
                        if characters[position].isNewline { line += 1 }
                        position += 1
                    }
                }
                skipWhitespace()
                let newStart = position
                while position < characters.count, !characters[position].isWhitespace { position += 1 }
                let startDelimiter = Array(characters[newStart..<position])
                skipWhitespace()
                let newEnd = position
                while position < characters.count, characters[position] != "=", !characters[position].isWhitespace { position += 1 }
                let endDelimiter = Array(characters[newEnd..<position])
                skipWhitespace()
                guard position < characters.count, characters[position] == "=", matches(end, at: position + 1), !startDelimiter.isEmpty, !endDelimiter.isEmpty else {
                    return nil  // the parser refuses the tag, and the template, here
                }
                index = position + 1 + end.count
                (start, end) = (startDelimiter, endDelimiter)
                continue
            case "#", "^", "$", "<":
                opened.append((start, end))
                if opened.count > maximumDepth {
                    return (tagLine, "sections nest more than \(maximumDepth) deep (mfe renders at most \(maximumDepth))")
                }
            case "/":
                if let outer = opened.popLast() {
                    // A delimiter set inside the section ends with it, as in the parser.
                    guard let close = find(end, from: body + 1) else { return nil }
                    index = close + end.count
                    (start, end) = outer
                    continue
                }
            default:
                break
            }
            guard let close = find(end, from: body + 1) else { return nil }
            if characters[body..<close].filter({ $0 == "(" }).count > maximumTransforms {
                return (tagLine, "a tag chains more than \(maximumTransforms) transforms (mfe renders at most \(maximumTransforms))")
            }
            index = close + end.count
            if characters[body] == "{", index < characters.count, characters[index] == "}" { index += 1 }
        }
        return nil
    }
}

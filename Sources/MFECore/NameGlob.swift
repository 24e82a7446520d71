/// A name or a glob over names, as `layers:` and `allow:` entries write them: `*` matches any
/// run of characters (none included), `?` any one character, everything else itself. Names are
/// compared case-sensitively, as Swift module names are.
package struct NameGlob: Sendable, Hashable {
    /// The entry as written.
    package var pattern: String

    /// Creates a glob from `pattern`.
    package init(_ pattern: String) {
        self.pattern = pattern
    }

    /// Whether the entry has a wildcard; a plain name only matches itself.
    package var isGlob: Bool { pattern.contains("*") || pattern.contains("?") }

    /// Whether `name` matches. Linear-time greedy matching with backtracking to the last `*`.
    package func matches(_ name: String) -> Bool {
        let pattern = Array(pattern)
        let text = Array(name)
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count && pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// The name of `names` closest to the entry, for a "did you mean" (`NearestName`'s rule):
    /// for a plain name the smallest edit distance, for a glob the smallest number of edits
    /// that make the name match it (wildcards cost nothing, and do not count in its length).
    package func nearest(among names: [String]) -> String? {
        let plain = pattern.lowercased()
        let length = pattern.filter { $0 != "*" && $0 != "?" }.count
        return NearestName.nearest(among: names, length: length) { isGlob ? wildcardDistance(to: $0.lowercased(), pattern: plain) : editDistance(plain, $0.lowercased()) }
    }

    /// The fewest single-character edits to `name` after which it matches the glob.
    private func wildcardDistance(to name: String, pattern: String) -> Int {
        let pattern = Array(pattern)
        let text = Array(name)
        // cost[i][j]: edits for text[..<j] to match pattern[..<i].
        var previous = Array(0...text.count)
        for i in stride(from: 1, through: pattern.count, by: 1) {
            var current = [Int](repeating: 0, count: text.count + 1)
            let character = pattern[i - 1]
            current[0] = character == "*" ? previous[0] : previous[0] + 1
            for j in stride(from: 1, through: text.count, by: 1) {
                if character == "*" {
                    current[j] = min(previous[j], current[j - 1])
                } else {
                    let substitution = previous[j - 1] + (character == "?" || character == text[j - 1] ? 0 : 1)
                    current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                }
            }
            previous = current
        }
        return previous[text.count]
    }
}

/// A glob over relative file paths, component by component: `*`, `?` and `[abc]` inside one
/// component (`PathUtilities.matches`), `**` any number of components (none included).
package struct PathGlob: Sendable, Hashable {
    /// The glob's components, `.` and empty ones dropped.
    let components: [Substring]
    /// Whether a match of a leading part of a path (a folder) matches everything inside it.
    let matchesFolders: Bool

    /// The glob `pattern` matched as written, against whole paths: `Features/*` matches
    /// `Features/Browse` and nothing below it.
    package init(exact pattern: String) {
        components = Self.components(of: pattern)
        matchesFolders = false
    }

    /// The glob `pattern` with `.gitignore`'s reading, as `ignore:` entries use it: a pattern
    /// without `/` (other than a trailing one) matches a file or folder name at any depth
    /// (`*.md` is `**/*.md`); one with `/` is anchored at the root (a leading `/` is allowed);
    /// a matching folder matches everything inside it (`docs` and `docs/**` are the same).
    package init(ignoring pattern: String) {
        var trimmed = Substring(pattern)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        let anchored = trimmed.contains("/")
        components = (anchored ? [] : ["**"]) + Self.components(of: String(trimmed))
        matchesFolders = true
    }

    private static func components(of pattern: String) -> [Substring] {
        pattern.split(separator: "/").filter { $0 != "." }
    }

    /// Whether `path` (relative, `/`-separated) matches. A set of pattern positions advanced
    /// one path component at a time: at most components × pattern steps, no backtracking.
    package func matches(_ path: String) -> Bool {
        let pattern = components[...]
        /// `positions` plus every position reachable by letting `**`s match nothing.
        func closure(_ positions: Set<Int>) -> Set<Int> {
            var result = positions
            for position in positions {
                var index = position
                while index < pattern.endIndex, pattern[index] == "**" {
                    index += 1
                    result.insert(index)
                }
            }
            return result
        }
        var positions = closure([pattern.startIndex])
        for component in path.split(separator: "/") where component != "." {
            if matchesFolders, positions.contains(pattern.endIndex), !pattern.isEmpty { return true }
            var next: Set<Int> = []
            for position in positions where position < pattern.endIndex {
                if pattern[position] == "**" {
                    next.insert(position)
                } else if PathUtilities.matches(component, pattern: pattern[position]) {
                    next.insert(position + 1)
                }
            }
            positions = closure(next)
            if positions.isEmpty { return false }
        }
        return positions.contains(pattern.endIndex)
    }
}

/// The edits between `a` and `b` for "did you mean" hints: insertions, deletions,
/// substitutions and swaps of two neighbouring characters (the commonest typo: `Hoem` is one
/// edit from `Home`), each counting one (the optimal string alignment distance).
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}

/// "Did you mean": the name a person probably meant when theirs matched nothing. One rule for
/// every such hint, SwiftPM's: case is ignored (`--update env` means `Env`); a candidate at most
/// a third of the name's length of edits away, and at least one, is near enough (a typo in a
/// long name is caught, a short name is not matched to another short one: `Nope` is not
/// `Core`); the nearest wins, ties going to the first in sorted order, so the same input gives
/// the same hint.
package enum NearestName {
    /// How many edits from a name of `length` characters a candidate may be.
    package static func limit(forLength length: Int) -> Int {
        max(1, length / 3)
    }

    /// The candidate nearest `name`, if one is near enough.
    package static func nearest(to name: String, among candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        return nearest(among: candidates, length: name.count) { editDistance(lowered, $0.lowercased()) }
    }

    /// The candidate nearest by `distance` (a glob's, which lets wildcards cost nothing), if
    /// one is near enough for a name of `length` characters.
    package static func nearest(among candidates: some Sequence<String>, length: Int, distance: (String) -> Int) -> String? {
        let limit = limit(forLength: length)
        var best: (distance: Int, name: String)?
        for candidate in candidates.sorted() {
            let candidateDistance = distance(candidate)
            if candidateDistance <= limit, candidateDistance < (best?.distance ?? .max) { best = (candidateDistance, candidate) }
        }
        return best?.name
    }
}

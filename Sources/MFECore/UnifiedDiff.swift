/// A unified diff (`diff -u` form, three lines of context) between two texts: `compose-shell
/// --check` and the shell edits `mfe create` makes.
package enum UnifiedDiff {
    /// The diff of `old` (labelled `oldLabel`) against `new`; empty when equal. Lines are
    /// matched by a longest common subsequence: O(n·m) time and memory, fine for
    /// `Package.resolved` files of a few thousand lines.
    package static func render(old: String, new: String, oldLabel: String, newLabel: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = lines(old)
        let b = lines(new)
        let n = a.count
        let m = b.count
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        enum Edit {
            case same(String)
            case removed(String)
            case added(String)
        }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                edits.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                edits.append(.removed(a[i]))
                i += 1
            } else {
                edits.append(.added(b[j]))
                j += 1
            }
        }
        var out = "--- \(oldLabel)\n+++ \(newLabel)\n"
        var index = 0
        var oldLine = 1
        var newLine = 1
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { if case .same = $0 { return false } else { return true } }) else { break }
            let start = max(index, firstChange - context)
            for k in index..<start {
                if case .same = edits[k] {
                    oldLine += 1
                    newLine += 1
                }
            }
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if case .same = edits[end] {
                    if end - lastChange > 2 * context { break }
                } else {
                    lastChange = end
                }
                end += 1
            }
            end = min(edits.count, lastChange + context + 1)
            var oldCount = 0
            var newCount = 0
            var body = ""
            for edit in edits[start..<end] {
                switch edit {
                case .same(let line):
                    body += " \(line)\n"
                    oldCount += 1
                    newCount += 1
                case .removed(let line):
                    body += "-\(line)\n"
                    oldCount += 1
                case .added(let line):
                    body += "+\(line)\n"
                    newCount += 1
                }
            }
            out += "@@ -\(oldCount == 0 ? oldLine - 1 : oldLine),\(oldCount) +\(newCount == 0 ? newLine - 1 : newLine),\(newCount) @@\n" + body
            oldLine += oldCount
            newLine += newCount
            index = end
        }
        return out
    }

    private static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }
}

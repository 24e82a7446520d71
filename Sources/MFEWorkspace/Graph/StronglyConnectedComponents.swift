/// Strongly connected components and shortest cycles of a directed graph given as adjacency
/// lists over the nodes `0..<successors.count`.
///
/// Everything here is iterative — no recursion — so a 50,000-node chain or ring cannot overflow
/// the stack, and every result is ordered deterministically (by node index), so the same graph
/// always gives the same components and the same cycles.
package enum StronglyConnectedComponents {
    /// The strongly connected components, found with Tarjan's algorithm driven by an explicit
    /// stack. Each component's members are sorted; components are sorted by their smallest
    /// member. Nodes for which `isIncluded` is false are treated as absent, with their edges.
    ///
    /// Complexity: O(V + E) time, O(V) extra space.
    package static func components(successors: [[Int]], isIncluded: (Int) -> Bool = { _ in true }) -> [[Int]] {
        let count = successors.count
        var index = [Int](repeating: -1, count: count)
        var lowlink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var frames: [(node: Int, nextEdge: Int)] = []
        var nextIndex = 0
        var result: [[Int]] = []

        for root in 0..<count where index[root] < 0 && isIncluded(root) {
            index[root] = nextIndex
            lowlink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true
            frames.append((root, 0))
            while let frame = frames.last {
                let node = frame.node
                let edges = successors[node]
                if frame.nextEdge < edges.count {
                    frames[frames.count - 1].nextEdge += 1
                    let successor = edges[frame.nextEdge]
                    guard isIncluded(successor) else { continue }
                    if index[successor] < 0 {
                        index[successor] = nextIndex
                        lowlink[successor] = nextIndex
                        nextIndex += 1
                        stack.append(successor)
                        onStack[successor] = true
                        frames.append((successor, 0))
                    } else if onStack[successor] {
                        lowlink[node] = min(lowlink[node], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last {
                    lowlink[parent.node] = min(lowlink[parent.node], lowlink[node])
                }
                if lowlink[node] == index[node] {
                    var component: [Int] = []
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component.append(member)
                        if member == node { break }
                    }
                    result.append(component.sorted())
                }
            }
        }
        return result.sorted { $0[0] < $1[0] }
    }

    /// The components that contain a cycle: more than one node, or one node with an edge to
    /// itself. Sorted as `components` sorts them.
    ///
    /// Complexity: O(V + E).
    package static func cyclicComponents(successors: [[Int]]) -> [[Int]] {
        components(successors: successors).filter { component in
            component.count > 1 || successors[component[0]].contains(component[0])
        }
    }

    /// One shortest cycle running inside `component` (a strongly connected component of the
    /// graph), as a closed path of node indices: first == last, `[a, a]` for a self-dependency.
    /// Among cycles of the same length it returns the one through the smallest node, found
    /// by breadth-first search visiting successors in index order, and the path starts at its
    /// smallest node. Returns nil when the component has no cycle.
    ///
    /// Finding a shortest cycle of a directed graph takes a breadth-first search per node,
    /// O(V · (V + E)) in the worst case. Two things keep real graphs fast: after the searches
    /// from a node `s` every cycle through `s` has been seen, so `s` is removed and the rest is
    /// split into components again (a ring of any size needs a single search), and searching
    /// stops as soon as a cycle reaches the lower bound (a self-dependency, else a two-node
    /// cycle, else three nodes). A work budget of `workLimit` edge visits bounds pathological
    /// components; past it the shortest cycle found so far is returned, still deterministic.
    package static func shortestCycle(in component: [Int], successors: [[Int]], workLimit: Int = 50_000_000) -> [Int]? {
        let members = component.sorted()
        guard !members.isEmpty else { return nil }
        var localIndex: [Int: Int] = [:]
        localIndex.reserveCapacity(members.count)
        for (local, node) in members.enumerated() { localIndex[node] = local }
        var local = [[Int]](repeating: [], count: members.count)
        var hasSelfLoop = false
        var edgeSet: Set<Int64> = []
        for (from, node) in members.enumerated() {
            var targets: [Int] = []
            for successor in successors[node] {
                if let to = localIndex[successor] {
                    targets.append(to)
                    if to == from { hasSelfLoop = true }
                }
            }
            targets.sort()
            local[from] = targets.enumerated().compactMap { offset, value in offset > 0 && targets[offset - 1] == value ? nil : value }
            for to in local[from] { edgeSet.insert(Int64(from) << 32 | Int64(to)) }
        }
        let hasTwoCycle =
            !hasSelfLoop
            && local.enumerated().contains { from, targets in
                targets.contains { to in to != from && edgeSet.contains(Int64(to) << 32 | Int64(from)) }
            }
        let lowerBound = hasSelfLoop ? 1 : (hasTwoCycle ? 2 : 3)

        var remaining = [Bool](repeating: true, count: members.count)
        var best: [Int]?
        var work = 0
        var inComponent = [Bool](repeating: false, count: members.count)
        var distance = [Int](repeating: -1, count: members.count)
        var parent = [Int](repeating: -1, count: members.count)
        while work < workLimit {
            let cyclic = components(successors: local, isIncluded: { remaining[$0] }).filter { part in
                part.count > 1 || local[part[0]].contains(part[0])
            }
            work += members.count
            guard let first = cyclic.first else { break }
            // Nodes outside every cyclic component lie on no cycle: drop them for good.
            var stillCyclic = [Bool](repeating: false, count: members.count)
            for part in cyclic { for node in part { stillCyclic[node] = true } }
            for node in 0..<members.count where !stillCyclic[node] { remaining[node] = false }

            let start = first[0]
            for node in first { inComponent[node] = true }
            let maximumEdges = (best.map { $0.count - 1 } ?? Int.max) - 1
            if let cycle = breadthFirstCycle(from: start, successors: local, inComponent: inComponent, maximumEdges: maximumEdges, distance: &distance, parent: &parent, work: &work) {
                best = cycle
            }
            for node in first { inComponent[node] = false }
            if let best, best.count - 1 <= lowerBound { break }
            remaining[start] = false
        }
        return best.map { $0.map { members[$0] } }
    }

    /// The shortest cycle through `start` with at most `maximumEdges` edges, staying inside
    /// `inComponent`; `distance` and `parent` are scratch arrays, left all -1 on return.
    private static func breadthFirstCycle(
        from start: Int,
        successors: [[Int]],
        inComponent: [Bool],
        maximumEdges: Int,
        distance: inout [Int],
        parent: inout [Int],
        work: inout Int
    ) -> [Int]? {
        guard maximumEdges >= 1 else { return nil }
        var queue = [start]
        var head = 0
        distance[start] = 0
        var closing: Int?
        search: while head < queue.count {
            let node = queue[head]
            head += 1
            if distance[node] + 1 > maximumEdges { break }
            for successor in successors[node] where inComponent[successor] {
                work += 1
                if successor == start {
                    closing = node
                    break search
                }
                if distance[successor] < 0 {
                    distance[successor] = distance[node] + 1
                    parent[successor] = node
                    queue.append(successor)
                }
            }
        }
        var cycle: [Int]?
        if let closing {
            var path = [start]
            var node = closing
            while node != start {
                path.append(node)
                node = parent[node]
            }
            path.append(start)
            // `path` runs start ← … ← closing ← start backwards after the first element.
            cycle = [start] + path.dropFirst().dropLast().reversed() + [start]
        }
        for node in queue {
            distance[node] = -1
            parent[node] = -1
        }
        return cycle
    }
}

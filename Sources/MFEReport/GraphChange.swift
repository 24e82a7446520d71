import MFELint

/// What a change adds to and removes from the graph since a base revision: targets (by package
/// folder and name), dependencies between them, and findings (by fingerprint; the baseline's
/// and `allow:`'s own findings left out), for `mfe graph --format html --base REV`.
package struct GraphChange: Sendable, Equatable {
    /// The base as given (`--base`).
    package var base: String
    /// The merge base of the base and the head: the commit compared with.
    package var mergeBase: String
    /// Targets only the head has, as `packagePath \u{1F} name` keys.
    package var addedTargets: Set<String>
    /// Targets only the base has, as `Package/Target`, sorted.
    package var removedTargets: [String]
    /// Dependencies only the head has, as `from \u{1F}\u{1F} to` of target keys.
    package var addedEdges: Set<String>
    /// Dependencies only the base has, as `[Package/From, Package/To]`, sorted.
    package var removedEdges: [[String]]
    /// The fingerprints of the findings only the head has.
    package var addedFindings: Set<String>
    /// The findings only the base has, in report order.
    package var removedFindings: [Finding]

    /// The change from `base` to `head`, two documents of whole graphs. O(T + E + F).
    package init(head: GraphDocument, base: GraphDocument, baseName: String, mergeBase: String) {
        self.base = baseName
        self.mergeBase = mergeBase
        let headTargets = Self.targets(of: head)
        let baseTargets = Self.targets(of: base)
        addedTargets = Set(headTargets.keys).subtracting(baseTargets.keys)
        removedTargets = baseTargets.filter { headTargets[$0.key] == nil }.map(\.value).sorted()
        let headEdges = Self.edges(of: head)
        let baseEdges = Self.edges(of: base)
        addedEdges = Set(headEdges.keys).subtracting(baseEdges.keys)
        removedEdges = baseEdges.filter { headEdges[$0.key] == nil }.map(\.value).sorted { $0.lexicographicallyPrecedes($1) }
        let headFindings = Set(head.findings.filter { !LintRule.metaRuleIDs.contains($0.rule) }.map(\.fingerprint))
        let baseFindings = base.findings.filter { !LintRule.metaRuleIDs.contains($0.rule) }
        addedFindings = headFindings.subtracting(baseFindings.map(\.fingerprint))
        removedFindings = baseFindings.filter { !headFindings.contains($0.fingerprint) }
    }

    /// The key of a target: its package's folder and its name.
    static func key(_ package: GraphDocument.Package, _ target: GraphDocument.Target) -> String { package.path + "\u{1F}" + target.name }

    /// Key → `Package/Target` of every target of `document`.
    static func targets(of document: GraphDocument) -> [String: String] {
        var targets: [String: String] = [:]
        for package in document.packages {
            for target in package.targets { targets[key(package, target)] = package.name + "/" + target.name }
        }
        return targets
    }

    /// Key → `[Package/From, Package/To]` of every dependency of `document`.
    static func edges(of document: GraphDocument) -> [String: [String]] {
        var edges: [String: [String]] = [:]
        for package in document.packages {
            for target in package.targets {
                for dependency in target.dependencies {
                    let other = document.packages[dependency.package]
                    let depended = other.targets[dependency.target]
                    edges[key(package, target) + "\u{1F}\u{1F}" + key(other, depended)] = [package.name + "/" + target.name, other.name + "/" + depended.name]
                }
            }
        }
        return edges
    }
}

import MFECore

/// `owners:` as a lookup: the team handles that own a name. The entries naming it exactly win;
/// else every glob that matches it adds its team (several teams may own one feature, as
/// CODEOWNERS lists several owners on one line).
package struct OwnerTable: Sendable {
    /// The entries, in file order.
    package let entries: [OwnerEntry]

    /// The table of `entries` (from `WorkspaceConfiguration.owners`).
    package init(_ entries: [OwnerEntry]) {
        self.entries = entries
    }

    /// Whether `owners:` names anything.
    package var isEmpty: Bool { entries.isEmpty }

    /// The handles of the entries naming one of `names` exactly, else of the globs matching
    /// one of them, in file order without repeats; nil when none does.
    package func owners(of names: [String]) -> [String]? {
        let exact = entries.filter { !$0.glob.isGlob && names.contains($0.glob.pattern) }
        let matched = exact.isEmpty ? entries.filter { $0.glob.isGlob && names.contains(where: $0.glob.matches) } : exact
        guard !matched.isEmpty else { return nil }
        var seen: Set<String> = []
        return matched.map(\.handle).filter { seen.insert($0).inserted }
    }
}

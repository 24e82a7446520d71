import MFECore

/// `layers:` as a lookup: a name's layer from the entries that name it exactly, else from the
/// globs that match it. An exact name beats a glob; globs that match one name and disagree are
/// a conflict naming both lines.
package struct LayerTable: Sendable {
    /// One `layers:` entry.
    package struct Entry: Sendable, Equatable {
        /// The entry as written: a name or a glob.
        package var glob: NameGlob
        /// Its layer and where it is written.
        package var assignment: LayerAssignment
    }

    /// What `layers:` says about a name.
    package enum Match: Sendable, Equatable {
        /// The name's layer, and the entry that gives it.
        case layer(Layer, Entry)
        /// Two globs put the name in different layers.
        case conflict(Entry, Entry)

        /// The layer, when there is no conflict.
        package var layer: Layer? {
            if case .layer(let layer, _) = self { return layer }
            return nil
        }
    }

    /// The entries without wildcards, by name.
    package let exact: [String: Entry]
    /// The glob entries, in file order.
    package let globs: [Entry]

    /// The table of `layers` (from `WorkspaceConfiguration.layers`).
    package init(_ layers: [String: LayerAssignment]) {
        var exact: [String: Entry] = [:]
        var globs: [Entry] = []
        for (text, assignment) in layers {
            let entry = Entry(glob: NameGlob(text), assignment: assignment)
            if entry.glob.isGlob { globs.append(entry) } else { exact[text] = entry }
        }
        self.exact = exact
        self.globs = globs.sorted { ($0.assignment.location.line, $0.assignment.location.column, $0.glob.pattern) < ($1.assignment.location.line, $1.assignment.location.column, $1.glob.pattern) }
    }

    /// Every entry, in file order.
    package var entries: [Entry] {
        (Array(exact.values) + globs).sorted {
            ($0.assignment.location.line, $0.assignment.location.column, $0.glob.pattern) < ($1.assignment.location.line, $1.assignment.location.column, $1.glob.pattern)
        }
    }

    /// The entry naming one of `names` exactly (the first name first), if any.
    package func exactMatch(_ names: [String]) -> Entry? {
        for name in names { if let entry = exact[name] { return entry } }
        return nil
    }

    /// What the globs say about `names` (a package's name and folder name, or a feature's).
    package func globMatch(_ names: [String]) -> Match? {
        var found: Entry?
        for entry in globs where names.contains(where: entry.glob.matches) {
            guard let first = found else {
                found = entry
                continue
            }
            if first.assignment.layer != entry.assignment.layer { return .conflict(first, entry) }
        }
        return found.map { .layer($0.assignment.layer, $0) }
    }

    /// What `layers:` says about `names`: an exact entry, else the globs.
    package func match(_ names: [String]) -> Match? {
        if let entry = exactMatch(names) { return .layer(entry.assignment.layer, entry) }
        return globMatch(names)
    }
}

import MFECore
import MFEManifest
import MFEWorkspace

/// Turns inferred feature layers into `layers:` entries: whole packages by name, features of
/// monorepo packages by stem, and a glob (`*Feature`) for three or more features of one layer
/// that share a last word, when the glob puts no other feature in the wrong layer (features
/// it would misplace are listed by name: an exact name beats a glob). The entries are checked
/// by resolving them as `lint-graph` will.
struct LayerEntries {
    let graph: TargetGraph
    let decisions: [LayerInference.Decision]
    let roles: RoleSuffixes
    let packages: [(directory: String, manifest: PackageManifest)]

    func entries() -> [AdoptionConfigurationRenderer.LayerEntry] {
        var exact: [AdoptionConfigurationRenderer.LayerEntry] = []
        var seen: Set<String> = []
        for (index, feature) in graph.features.enumerated() {
            let name = feature.isWholePackage ? graph.packages[feature.package].name : feature.name
            guard seen.insert(name).inserted else { continue }
            exact.append(.init(name: name, layer: decisions[index].layer, reason: decisions[index].reason))
        }
        // Globs over the last word of monorepo features.
        var groups: [String: [Int]] = [:]
        for (index, feature) in graph.features.enumerated() where !feature.isWholePackage {
            guard let word = LayerInference.words(feature.name).last, word.count >= 2, feature.name != word else { continue }
            groups["\(decisions[index].layer.rawValue)\u{1F}\(word)", default: []].append(index)
        }
        var globs: [(entry: AdoptionConfigurationRenderer.LayerEntry, members: [Int])] = []
        for (key, members) in groups.sorted(by: { $0.key < $1.key }) where members.count >= 3 {
            let parts = key.split(separator: "\u{1F}")
            guard let layer = Layer(rawValue: String(parts[0])) else { continue }
            let names = members.map { graph.features[$0].name }.sorted()
            let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            let reasons = Set(members.map { decisions[$0].reason })
            let why = reasons.count == 1 ? reasons.first ?? "" : "\(names.count) features named …\(parts[1])"
            globs.append((.init(name: "*" + parts[1], layer: layer, reason: "\(names.count) features (\(shown)): \(why)"), members))
        }
        guard !globs.isEmpty else { return Self.ordered(exact) }
        // Keep the globs, list by name the features they do not cover, then what they misplace.
        let covered = Set(globs.flatMap(\.members).map { graph.features[$0].name })
        var entries = globs.map(\.entry) + exact.filter { entry in !covered.contains(entry.name) || graph.features.contains { $0.isWholePackage && graph.packages[$0.package].name == entry.name } }
        for _ in 0..<3 {
            let wrong = misplaced(entries)
            if wrong == nil { return Self.ordered(entries) }
            guard let wrong, !wrong.isEmpty else { break }
            let listed = Set(entries.map(\.name))
            entries += exact.filter { wrong.contains($0.name) && !listed.contains($0.name) }
        }
        return Self.ordered(misplaced(entries) == nil ? entries : exact)
    }

    /// Globs first in each layer, then names, alphabetically.
    static func ordered(_ entries: [AdoptionConfigurationRenderer.LayerEntry]) -> [AdoptionConfigurationRenderer.LayerEntry] {
        entries.sorted { ($0.name.hasPrefix("*") ? 0 : 1, $0.name) < ($1.name.hasPrefix("*") ? 0 : 1, $1.name) }
    }

    /// The names of the features `entries` would put in another layer than decided (nil when
    /// every feature lands right; empty when the entries conflict and cannot be checked).
    func misplaced(_ entries: [AdoptionConfigurationRenderer.LayerEntry]) -> Set<String>? {
        var table: [String: LayerAssignment] = [:]
        for (line, entry) in entries.enumerated() {
            table[entry.name] = LayerAssignment(layer: entry.layer, location: SourceLocation(file: "mfe.yml", line: line + 1, column: 1))
        }
        let configuration = WorkspaceConfiguration(name: "adopt", layers: table, roles: roles, file: "mfe.yml")
        let (resolved, problems) = WorkspaceLayering(configuration: configuration).assign(packages.map { .init(manifest: $0.manifest, directory: $0.directory) })
        guard problems.isEmpty else { return [] }
        let check = TargetGraph(packages: resolved, root: "/", roles: roles)
        var intended: [String: Layer] = [:]
        for (index, feature) in graph.features.enumerated() { intended["\(feature.package)\u{1F}\(feature.name)"] = decisions[index].layer }
        var wrong: Set<String> = []
        let found = Set(check.features.map { "\($0.package)\u{1F}\($0.name)" })
        for feature in graph.features where !found.contains("\(feature.package)\u{1F}\(feature.name)") {
            wrong.insert(feature.isWholePackage ? graph.packages[feature.package].name : feature.name)
        }
        for feature in check.features {
            let key = "\(feature.package)\u{1F}\(feature.name)"
            let expected = intended[key]
            if expected == nil || feature.layer != expected {
                wrong.insert(feature.isWholePackage ? check.packages[feature.package].name : feature.name)
                // A package that became whole (or split) is listed by its features' names.
                for other in graph.features where other.package == feature.package { wrong.insert(other.isWholePackage ? graph.packages[other.package].name : other.name) }
            }
        }
        return wrong.isEmpty ? nil : wrong
    }
}

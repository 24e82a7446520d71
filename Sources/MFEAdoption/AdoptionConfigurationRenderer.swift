import Foundation
import MFECore
import MFEWorkspace

/// Renders the workspace `mfe.yml` that `mfe init --adopt` writes: every inferred line with a
/// comment saying why, in a fixed key order, deterministic for the same repository.
struct AdoptionConfigurationRenderer {
    /// One `layers:` entry: a package or feature name, or a glob, and why.
    struct LayerEntry: Equatable {
        var name: String
        var layer: Layer
        var reason: String
    }

    /// A package left out of `packages:`, and why.
    struct LeftOut: Equatable {
        var directory: String
        var reason: String
    }

    var workspace: String
    /// Package folders, relative to the root.
    var packageDirectories: [String]
    /// Every folder under the root holding a `Package.swift`, kept or not (to know when a
    /// `Parent/*` glob would take in a package left out).
    var allPackageDirectories: [String]
    var leftOut: [LeftOut]
    var roles: [RoleInference.Suffix]
    var layers: [LayerEntry]
    /// Whether some manifest needs SwiftPM (`loader: auto`), with the manifests it refused.
    var refusedManifests: [String]
    var baseline: String
    /// The Xcode projects found, relative to the root.
    var projects: [String] = []
    /// The one project with an application target, the shell, if there is exactly one.
    var shellProject: String?

    /// The `packages:` entries: `Parent/*` where every package folder directly under `Parent`
    /// is kept (and there are at least two), else the folders themselves.
    func packageEntries() -> [String] {
        var entries: [String] = []
        var covered: Set<String> = []
        let kept = Set(packageDirectories)
        for directory in packageDirectories where directory != "." {
            let parent = (directory as NSString).deletingLastPathComponent
            guard !covered.contains(parent) else { continue }
            let siblings = allPackageDirectories.filter { $0 != "." && ($0 as NSString).deletingLastPathComponent == parent }
            if siblings.count >= 2 && siblings.allSatisfy(kept.contains) && !parent.contains(where: { "*?[".contains($0) }) {
                entries.append(parent.isEmpty ? "*" : parent + "/*")
                covered.insert(parent)
            }
        }
        for directory in packageDirectories {
            let parent = directory == "." ? "\u{0}" : (directory as NSString).deletingLastPathComponent
            if !covered.contains(parent) { entries.append(directory) }
        }
        return entries.sorted()
    }

    /// The `mfe.yml` text.
    func render() -> String {
        var lines: [String] = [
            "# Written by 'mfe init --adopt': every inferred line says why. Edit freely; 'mfe lint-graph'",
            "# checks the graph, and fails only on findings that are not in the baseline.",
            "workspace: \(Self.quoted(workspace))",
            packageDirectories.isEmpty ? "packages: []" : "packages:",
        ]
        for entry in packageEntries() { lines.append("  - \(Self.quoted(entry))") }
        for item in leftOut { lines.append("  # left out: \(Self.comment(item.directory)) — \(Self.comment(item.reason))") }
        if !projects.isEmpty {
            lines.append("projects:               # the Xcode projects, read beside the packages")
            for project in projects { lines.append("  - \(Self.quoted(project))") }
        }
        if let shellProject {
            lines.append("shell:")
            lines.append("  project: \(Self.quoted(shellProject))   # the one Xcode project with an app target; compose-shell pins its packages")
        }
        if !roles.isEmpty {
            lines.append("roles:                  # role suffixes this repository uses, beside the defaults")
            for role in [Role.interface, .testing, .example, .source] {
                let inferred = roles.filter { $0.role == role }
                guard !inferred.isEmpty else { continue }
                lines.append("  \(role.rawValue):")
                let items = RoleSuffixes.standard.suffixes(of: role).map { ($0, "the default") } + inferred.map { ($0.suffix, $0.reason) }
                lines += Self.commented(items, indent: "    - ")
            }
        }
        if !layers.isEmpty {
            lines.append("layers:")
            for layer in [Layer.shell, .product, .foundation] {
                let entries = layers.filter { $0.layer == layer }
                guard !entries.isEmpty else { continue }
                lines.append("  \(layer.rawValue):")
                lines += Self.commented(entries.map { ($0.name, $0.reason) }, indent: "    - ")
            }
        }
        if !refusedManifests.isEmpty {
            let shown = refusedManifests.prefix(3).joined(separator: ", ") + (refusedManifests.count > 3 ? " and \(refusedManifests.count - 3) more" : "")
            lines.append("loader: auto            # the static reader cannot evaluate \(Self.comment(shown)); SwiftPM reads those")
        }
        lines.append("baseline: \(Self.quoted(baseline))   # today's findings, accepted so CI fails only on new ones")
        return lines.joined(separator: "\n") + "\n"
    }

    /// List items with their comments aligned one column after the longest item (at most 40).
    static func commented(_ items: [(value: String, comment: String)], indent: String) -> [String] {
        let values = items.map { indent + quoted($0.value) }
        let width = min(values.map(\.count).max() ?? 0, 40)
        return zip(values, items).map { value, item in
            value + String(repeating: " ", count: max(1, width - value.count + 2)) + "# " + comment(item.comment)
        }
    }

    /// `text` (a folder or target name, or a reason quoting one) inside a YAML comment: its
    /// control characters visible, so a line break in a name cannot end the comment and start
    /// a key of its own.
    static func comment(_ text: String) -> String {
        OutputSink.terminal.escape(text)
    }

    /// `text` as a YAML scalar: plain when that reads back unchanged, else double-quoted.
    static func quoted(_ text: String) -> String {
        let plain =
            text.first.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" } ?? false
            && text.allSatisfy { $0.isLetter || $0.isNumber || "._-/".contains($0) }
            && !["true", "false", "yes", "no", "null", "on", "off", "~"].contains(text.lowercased())
        if plain { return text }
        // YAML's double-quoted scalar: `\\` and `\"` escaped, and every control character as
        // `\uXXXX`, since a raw line break there is folded into a space and the name changes.
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case _ where OutputEscaping.isControl(scalar): quoted += "\\u" + String(format: "%04X", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

import Foundation
import MFECore

/// A feature with its owners and folders: one row of `mfe owners`.
package struct OwnedFeature: Sendable, Equatable {
    /// The feature's name.
    package var name: String
    /// Its package's name.
    package var package: String
    /// The team handles that own it; empty when none.
    package var owners: [String]
    /// Its folders, relative to the workspace root (`.` for the root): a whole package's
    /// folder, or each target folder of a feature in a monorepo package.
    package var paths: [String]

    /// Creates a row.
    package init(name: String, package: String, owners: [String], paths: [String]) {
        self.name = name
        self.package = package
        self.owners = owners
        self.paths = paths
    }
}

/// What every renderer of `mfe owners` is given: the features, and the workspace's folder in
/// its git repository (`""` at its root or outside git), which CODEOWNERS patterns start with.
package typealias OwnersInput = (features: [OwnedFeature], repositoryPrefix: String)

/// The output formats of `mfe owners`, each registering its renderer (the renderers say what
/// they are for); the first is the default.
public enum OwnersFormat: String, OutputFormat {
    /// One line per feature: name, owners, folders.
    case text
    /// `{"features": [{"name", "package", "owners", "paths"}]}`.
    case json
    /// A CODEOWNERS block between `# mfe:begin` and `# mfe:end`.
    case codeowners

    package var renderer: any OutputRenderer<OwnersInput>.Type {
        switch self {
        case .text: OwnersTextRenderer.self
        case .json: OwnersJSONRenderer.self
        case .codeowners: CodeownersRenderer.self
        }
    }
}

/// One line per feature: name, owners (`-` for none), folders; columns aligned. Pure: values
/// in, text out.
struct OwnersTextRenderer: OutputRenderer {
    typealias Input = OwnersInput

    static let summary = "one line per feature: its owners and folders"
    static let sink = OutputSink.terminal

    func render(_ input: OwnersInput) -> String {
        let rows = input.features.map { ($0.name, $0.owners.isEmpty ? "-" : $0.owners.joined(separator: " "), $0.paths.map(Self.folder).joined(separator: " ")) }
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let ownerWidth = rows.map(\.1.count).max() ?? 0
        return rows.map { row in
            let line = row.0.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  " + row.1.padding(toLength: ownerWidth, withPad: " ", startingAt: 0) + "  " + row.2
            return line + "\n"
        }.joined()
    }

    /// A folder as the table prints it: with a trailing slash.
    private static func folder(_ path: String) -> String { path == "." ? "./" : path + "/" }
}

/// `{"features": [{"name", "package", "owners", "paths"}]}`, sorted keys. Pure: values in,
/// text out.
struct OwnersJSONRenderer: OutputRenderer {
    typealias Input = OwnersInput

    static let summary = "{\"features\": [{\"name\", \"package\", \"owners\", \"paths\"}]}"
    static let sink = OutputSink.json

    func render(_ input: OwnersInput) -> String {
        let values: [JSONValue] = input.features.map { feature in
            [
                "name": .string(feature.name), "package": .string(feature.package),
                "owners": .array(feature.owners.map(JSONValue.string)), "paths": .array(feature.paths.map(JSONValue.string)),
            ]
        }
        return JSONValue.object(["features": .array(values)]).formatted()
    }
}

/// The CODEOWNERS block of `mfe owners --format codeowners`, and where `--check` finds it in a
/// file. Pure: values in, text out.
package struct CodeownersRenderer: OutputRenderer {
    package typealias Input = OwnersInput

    package static let summary = "a block for .github/CODEOWNERS, between '# mfe:begin' and '# mfe:end'"
    package static let sink = OutputSink.codeowners

    /// The first line of the block mfe writes in a CODEOWNERS file.
    package static let beginMarker = "# mfe:begin"
    /// Its last line.
    package static let endMarker = "# mfe:end"

    /// Creates a renderer.
    package init() {}

    /// The CODEOWNERS block: `# mfe:begin`, one `PATTERN OWNER…` line per owned folder, `# mfe:end`.
    /// GitHub applies the last matching line, so a folder comes before the folders inside it
    /// (its owners are the default, theirs override). Patterns are relative to the repository
    /// root (`repositoryPrefix` then the folder); features without owners get no line.
    package func render(_ input: OwnersInput) -> String {
        let prefix = input.repositoryPrefix
        var ownersByPath: [String: [String]] = [:]
        for feature in input.features where !feature.owners.isEmpty {
            for path in feature.paths {
                let repositoryPath = PathUtilities.normalize(prefix.isEmpty ? path : PathUtilities.join(prefix, path))
                var owners = ownersByPath[repositoryPath] ?? []
                for owner in feature.owners where !owners.contains(owner) { owners.append(owner) }
                ownersByPath[repositoryPath] = owners
            }
        }
        let paths = ownersByPath.keys.sorted { lhs, rhs in
            let left = lhs == "." ? [] : lhs.split(separator: "/")
            let right = rhs == "." ? [] : rhs.split(separator: "/")
            return left.lexicographicallyPrecedes(right)
        }
        var lines = [Self.beginMarker + " (written by 'mfe owners --format codeowners' from mfe.yml; edit 'owners:' there, not here)"]
        for path in paths {
            let pattern = path == "." ? "*" : "/" + Self.escaped(path) + "/"
            lines.append(pattern + " " + (ownersByPath[path] ?? []).joined(separator: " "))
        }
        lines.append(Self.endMarker)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of `text` from its `# mfe:begin` line to its `# mfe:end` line (with both, and
    /// a final newline); nil when it has no such block.
    package static func block(in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0.hasPrefix(beginMarker) }),
            let end = lines[begin...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == endMarker })
        else { return nil }
        return lines[begin...end].joined(separator: "\n") + "\n"
    }

    /// CODEOWNERS patterns escape spaces and `#` with a backslash.
    private static func escaped(_ path: String) -> String {
        var result = ""
        for character in path {
            if character == " " || character == "#" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

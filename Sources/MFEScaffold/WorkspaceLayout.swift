import Foundation
import MFECore
import MFEWorkspace

/// Where a workspace keeps each layer's packages, read from its `packages:` globs and the
/// packages already there.
struct WorkspaceLayout {
    /// Where a new package goes: a folder relative to the workspace root, and the `mfe.yml`
    /// edit needed when no glob covers that folder yet.
    struct Placement: Equatable {
        var folder: String
        var edit: PlannedEdit?
    }

    /// Folder names that conventionally hold a layer, best first.
    static let conventionalFolders: [Layer: [String]] = [
        .foundation: ["Foundation", "Foundations", "Core", "Platform", "Libraries"],
        .product: ["Features", "Feature", "Products", "Product", "Modules", "Packages"],
    ]

    let workspace: Workspace
    let fileSystem: any FileSystem

    /// The folder for a new `layer` package.
    ///
    /// With `packages:` globs: the `FOLDER/*` glob whose packages already have that layer (the
    /// most of them), else the one with a conventional name (`Features/*`, `Foundation/*`);
    /// when none fits, the conventional folder and an edit adding its glob to `mfe.yml`.
    /// Without globs (every package is discovered): the folder holding most packages of the
    /// layer, else the conventional one.
    func placement(for layer: Layer) throws -> Placement {
        let conventional = Self.conventionalFolders[layer]?.first ?? "Features"
        let sameLayer = workspace.packages.filter { $0.layer == layer && $0.directory != "." }
        guard let configuration = workspace.configuration, !configuration.packages.isEmpty else {
            return Placement(folder: mostCommonParent(of: sameLayer) ?? conventional, edit: nil)
        }
        let folders = configuration.packages.compactMap(Self.folder(ofSingleLevelGlob:))
        var best: (folder: String, count: Int)?
        for folder in folders {
            let count = sameLayer.filter { Self.parent(of: $0.directory) == folder }.count
            if count > 0, count > (best?.count ?? 0) { best = (folder, count) }
        }
        if let best { return Placement(folder: best.folder, edit: nil) }
        for name in Self.conventionalFolders[layer] ?? [] {
            if let folder = folders.first(where: { $0.split(separator: "/").last.map(String.init)?.lowercased() == name.lowercased() }) {
                // A conventionally named folder is only taken when no other layer lives there.
                let others = workspace.packages.filter { $0.layer != layer && Self.parent(of: $0.directory) == folder }
                if others.isEmpty { return Placement(folder: folder, edit: nil) }
            }
        }
        let glob = conventional + "/*"
        let path = configuration.file
        let original = String(decoding: try fileSystem.contents(of: path), as: UTF8.self)
        guard let edited = ConfigurationEditing.addingPackageGlob(glob, to: original) else {
            throw ScaffoldError.cannotAddPackageGlob(file: path, layer: layer, glob: glob)
        }
        return Placement(
            folder: conventional,
            edit: PlannedEdit(
                path: path, original: original, contents: edited, summary: "\(workspace.relativePath(path)): added '\(glob)' to 'packages:', so the workspace finds \(layer.rawValue) packages",
                label: workspace.relativePath(path)))
    }

    private func mostCommonParent(of packages: [WorkspacePackage]) -> String? {
        var counts: [String: Int] = [:]
        for package in packages { counts[Self.parent(of: package.directory), default: 0] += 1 }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key
    }

    /// `Features` for `Features/*` (or `./Features/*`); nil for any other glob.
    static func folder(ofSingleLevelGlob glob: String) -> String? {
        let normalized = PathUtilities.normalize(glob)
        guard normalized.hasSuffix("/*") else { return nil }
        let folder = String(normalized.dropLast(2))
        if folder.isEmpty || folder.contains(where: { "*?[".contains($0) }) { return nil }
        return folder
    }

    static func parent(of directory: String) -> String {
        guard let slash = directory.lastIndex(of: "/") else { return "." }
        return String(directory[..<slash])
    }
}

/// Text edits of a workspace `mfe.yml` that keep everything the user wrote: comments, order
/// and formatting.
enum ConfigurationEditing {
    /// `yaml` with `glob` appended to its `packages:` list, block (`- Features/*`) or flow
    /// (`[Shell]`) style; nil when the list is written some other way.
    static func addingPackageGlob(_ glob: String, to yaml: String) -> String? {
        var lines = yaml.components(separatedBy: "\n")
        guard let keyIndex = lines.firstIndex(where: { $0.hasPrefix("packages:") }) else { return nil }
        let rest = lines[keyIndex].dropFirst("packages:".count)
        let value = rest.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if value.hasPrefix("[") {
            guard value.hasSuffix("]"), let close = lines[keyIndex].range(of: "]", options: .backwards) else { return nil }
            let inner = value.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
            lines[keyIndex].replaceSubrange(close, with: (inner.isEmpty ? "" : ", ") + glob + "]")
            return lines.joined(separator: "\n")
        }
        guard value.isEmpty else { return nil }
        var lastItem: Int?
        var indentation = "  "
        var index = keyIndex + 1
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                index += 1
                continue
            }
            if trimmed.hasPrefix("- ") || trimmed == "-" {
                lastItem = index
                indentation = String(line.prefix { $0 == " " })
                index += 1
                continue
            }
            break
        }
        guard let lastItem else { return nil }
        lines.insert(indentation + "- " + glob, at: lastItem + 1)
        return lines.joined(separator: "\n")
    }
}

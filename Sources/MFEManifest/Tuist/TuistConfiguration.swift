import Foundation
import MFECore
import SwiftParser
import SwiftSyntax

/// What marks a Tuist root and where its configuration is: the one rule compose-shell and the
/// manifest reader share.
package enum TuistLayout {
    /// The manifests that name a Tuist project or its root (`shell.project:`).
    package static let manifestNames: Set<String> = ["Project.swift", "Workspace.swift", "Tuist.swift"]

    /// Whether `directory` is a Tuist root: it holds `Tuist.swift` (Tuist 4, which needs no
    /// `Tuist/` folder), or a `Tuist/` folder that holds Tuist's files (`Package.swift`,
    /// `Config.swift`, `ProjectDescriptionHelpers/`) or sits beside a `Project.swift` or
    /// `Workspace.swift`.
    package static func isRoot(_ directory: String, fileSystem: any FileSystem) -> Bool {
        if fileSystem.exists(PathUtilities.join(directory, "Tuist.swift")) { return true }
        let folder = PathUtilities.join(directory, "Tuist")
        guard fileSystem.isDirectory(folder) else { return false }
        let inside = ["Package.swift", "Config.swift", "ProjectDescriptionHelpers"].contains { fileSystem.exists(PathUtilities.join(folder, $0)) }
        return inside || ["Project.swift", "Workspace.swift"].contains { fileSystem.exists(PathUtilities.join(directory, $0)) }
    }

    /// The Tuist root of the manifests in `folder` (absolute), where `.relativeToRoot` starts,
    /// found as Tuist finds it: the nearest folder, from `folder` up, that holds a `Tuist/`
    /// folder, a `Tuist.swift`, a `Plugin.swift` or a `.git` folder; `fallback` when none does.
    /// The walk may pass the workspace's root: Tuist's root of a project mfe was pointed at
    /// below it is still the one above.
    package static func projectRoot(of folder: String, fallback: String, fileSystem: any FileSystem) -> String {
        var current = PathUtilities.normalize(folder)
        while !current.isEmpty {
            if fileSystem.isDirectory(PathUtilities.join(current, "Tuist")) || fileSystem.isDirectory(PathUtilities.join(current, ".git")) {
                return current
            }
            if ["Tuist.swift", "Plugin.swift"].contains(where: { name in
                let file = PathUtilities.join(current, name)
                return fileSystem.exists(file) && !fileSystem.isDirectory(file)
            }) {
                return current
            }
            if current == "/" { break }
            current = (current as NSString).deletingLastPathComponent
        }
        return fallback
    }

    /// The configuration of the root at `root`, as Tuist looks for it: `Tuist.swift` (Tuist 4),
    /// else `Tuist/Config.swift`, else `Config.swift` (older Tuist) when it is written against
    /// ProjectDescription (a root may hold an app's own `Config.swift`); nil when there is none.
    package static func configurationFile(root: String, fileSystem: any FileSystem) -> String? {
        for file in [PathUtilities.join(root, "Tuist.swift"), PathUtilities.join(PathUtilities.join(root, "Tuist"), "Config.swift")] {
            if fileSystem.exists(file) && !fileSystem.isDirectory(file) { return file }
        }
        let file = PathUtilities.join(root, "Config.swift")
        guard fileSystem.exists(file), !fileSystem.isDirectory(file), let data = try? fileSystem.contents(of: file) else { return nil }
        return String(decoding: data, as: UTF8.self).contains("import ProjectDescription") ? file : nil
    }
}

/// The parts of a Tuist configuration (`Tuist(project: .tuist(plugins: …))` in `Tuist.swift`,
/// `Config(plugins: …)` in `Config.swift`) that matter to the graph: the plugins, whose
/// `ProjectDescriptionHelpers` the manifests may import.
package struct TuistConfiguration: Sendable, Equatable {
    /// A plugin the configuration lists.
    package struct Plugin: Sendable, Equatable {
        /// Where the plugin comes from.
        package enum Source: Sendable, Equatable {
            /// `.local(path:)`: a folder of the repository (absolute).
            case local(path: String)
            /// `.git(url:tag:)` or `.git(url:sha:)`: fetched by `tuist install` into Tuist's
            /// cache, outside the repository; `reference` is the tag or commit.
            case git(url: String, reference: String?)
        }

        /// Where it comes from.
        package var source: Source
        /// The configuration line that lists it.
        package var location: MFECore.SourceLocation

        /// Creates a plugin entry.
        package init(_ source: Source, location: MFECore.SourceLocation) {
            self.source = source
            self.location = location
        }
    }

    /// The configuration file (absolute).
    package var file: String
    /// The plugins, in the configuration's order (none when it lists none).
    package var plugins: [Plugin]

    /// Creates a configuration.
    package init(file: String, plugins: [Plugin]) {
        self.file = file
        self.plugins = plugins
    }
}

extension TuistManifestReader {
    /// The modules a manifest may import without a plugin: ProjectDescription, the helpers
    /// and the system's own.
    static let ownModules: Set<String> = ["ProjectDescription", "ProjectDescriptionHelpers", "PackageDescription", "Foundation", "Swift", "Darwin", "Glibc", "Dispatch"]

    /// The configuration of the Tuist root at `root`, read with the interpreter as any
    /// manifest; nil when the root has no configuration file.
    package func readConfiguration(root: String) throws -> TuistConfiguration? {
        guard let file = TuistLayout.configurationFile(root: root, fileSystem: fileSystem) else { return nil }
        let values = try run(file, helpers: TuistHelpers(files: [], bytes: 0))
        // Early Tuist 4 wrote `Config(…)` in `Tuist.swift`: either value is the configuration.
        let kinds = (file as NSString).lastPathComponent == "Tuist.swift" ? ["Tuist", "Config"] : ["Config", "Tuist"]
        for kind in kinds { if case .unknown(let refusal)? = values[kind.lowercased()] { throw refusal } }
        guard let (_, record) = kinds.lazy.compactMap({ Self.pick(values, type: $0, preferred: $0.lowercased()) }).first else {
            throw TuistReadError.noValue(kind: kinds[0], at: MFECore.SourceLocation(file: file, line: 1, column: 1))
        }
        // Tuist 4 lists them in `project: .tuist(plugins:)`; `Config` and early `Tuist` directly.
        var plugins = record["plugins"]
        if plugins == nil, case .record(let project)? = record["project"] { plugins = project["plugins"] }
        // Tuist resolves a configuration's paths relative to the manifest (a string, or
        // `.relativeToManifest`) against the file's own path, as if it were a folder:
        // `Tuist/Config.swift` names `Plugins/X` at the root as `"../../Plugins/X"` (Tuist's
        // own fixtures and public configurations do).
        let reader = TuistValueReader(manifestPath: PathUtilities.join(file, "Config"), root: root)
        var result = TuistConfiguration(file: file, plugins: [])
        for entry in try Self.items(plugins, at: record.location) {
            guard case .record(let plugin) = entry else {
                if case .unknown(let refusal) = entry { throw refusal }
                continue
            }
            let location = plugin.location ?? record.location ?? MFECore.SourceLocation(file: file, line: 1, column: 1)
            switch plugin.kase {
            case "local":
                let folder = try reader.path(plugin["path"] ?? plugin["_0"] ?? .null, at: location)
                result.plugins.append(.init(.local(path: folder), location: location))
            case "git":
                guard case .string(let url)? = plugin["url"] else {
                    if case .unknown(let refusal)? = plugin["url"] { throw refusal }
                    throw TuistReadError.unexpected(what: "the plugin's 'url:'", expected: "a string", at: location)
                }
                var reference: String?
                for key in ["tag", "sha"] { if case .string(let text)? = plugin[key] { reference = text } }
                result.plugins.append(.init(.git(url: url, reference: reference), location: location))
            default:
                continue
            }
        }
        return result
    }

    /// The list in `value` (nil: none); a refusal where the list should be is thrown.
    private static func items(_ value: MValue?, at location: MFECore.SourceLocation?) throws -> [MValue] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?, .set(let items)?: return items
        case .unknown(let refusal)?: throw refusal
        default:
            throw TuistReadError.unexpected(what: "'plugins:'", expected: "a list", at: location ?? MFECore.SourceLocation(file: "", line: 1, column: 1))
        }
    }

    /// The name a local plugin's `Plugin.swift` gives it (`Plugin(name: "MyPlugin")`), the
    /// module manifests import; `listed` is the configuration line that lists the plugin.
    func pluginName(folder: String, listed: MFECore.SourceLocation) throws -> String {
        let manifest = PathUtilities.join(folder, "Plugin.swift")
        guard fileSystem.exists(manifest) else { throw TuistReadError.noPluginManifest(folder: folder, at: listed) }
        let values = try run(manifest, helpers: TuistHelpers(files: [], bytes: 0))
        guard let (_, record) = Self.pick(values, type: "Plugin", preferred: "plugin"), case .string(let name)? = record["name"] else {
            throw TuistReadError.noValue(kind: "Plugin", at: MFECore.SourceLocation(file: manifest, line: 1, column: 1))
        }
        return name
    }

    /// Refuses a manifest that imports a module no local plugin provides while the
    /// configuration lists git plugins: those live in Tuist's cache, outside the repository,
    /// so their helpers cannot be read and the manifest would be read wrong without them.
    /// Checked by a quick look at the import lines first, so a manifest importing only
    /// ProjectDescription and its helpers costs no parse. `text` is the manifest's text, which
    /// the caller has read once for this check and the run; `helpers` carry the root's
    /// configuration, read once per root.
    func checkPluginImports(of path: String, text: String, helpers: TuistHelpers) throws {
        guard let configuration = helpers.plugins.configuration else { return }
        let git = configuration.plugins.compactMap { plugin -> String? in
            guard case .git(let url, let reference) = plugin.source else { return nil }
            return "'\(url)'" + (reference.map { " ('\($0)')" } ?? "")
        }
        guard !git.isEmpty, text.split(separator: "\n").contains(where: { Self.importedModule($0).map { !Self.ownModules.contains($0) } ?? false }) else { return }
        let known = try Self.ownModules.union(
            helpers.plugins.localNames {
                var names: Set<String> = []
                for plugin in configuration.plugins {
                    if case .local(let folder) = plugin.source { names.insert(try pluginName(folder: folder, listed: plugin.location)) }
                }
                return names
            })
        let (tree, converter) = try Self.parse(text, path: path)
        for statement in tree.statements {
            guard let declaration = statement.item.as(ImportDeclSyntax.self), let module = declaration.path.first?.name.text, !known.contains(module) else { continue }
            let position = converter.location(for: declaration.path.positionAfterSkippingLeadingTrivia)
            throw TuistReadError.pluginNotOnDisk(
                module: module, configuration: configuration.file, plugins: git, at: MFECore.SourceLocation(file: path, line: position.line, column: position.column))
        }
    }

    /// The module an `import` line names (`import X`, `@testable import X`, `import struct X.Y`).
    private static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).drop { $0.hasPrefix("@") }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if words.count > 1, ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(words.first!) { words = words.dropFirst() }
        return words.first.map { String($0.split(separator: ".").first ?? $0) }
    }
}

import Foundation
import MFECore
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// Reads Tuist's `Project.swift` and `Workspace.swift` without running them: parses them and
/// the helpers of `Tuist/ProjectDescriptionHelpers` and evaluates them with the manifest
/// interpreter over a model of ProjectDescription, refusing with a located error whatever only
/// running them could tell (a file's contents, an environment variable without a default).
package struct TuistManifestReader: Sendable {
    let fileSystem: any FileSystem
    /// The environment variables the manifests see (mfe's own).
    let environment: [String: String]

    /// Creates a reader over `fileSystem`, evaluating in `environment`.
    package init(fileSystem: any FileSystem, environment: [String: String]) {
        self.fileSystem = fileSystem
        self.environment = environment
    }

    /// The helper files of the Tuist project rooted at `root`:
    /// `Tuist/ProjectDescriptionHelpers/**/*.swift` and its plugins', sorted.
    package func helperFiles(root: String) throws -> [String] {
        try helperFiles(root: root, configuration: readConfiguration(root: root))
    }

    /// The helper files of the root `root` whose configuration is `configuration`.
    func helperFiles(root: String, configuration: TuistConfiguration?) throws -> [String] {
        var folders = [PathUtilities.join(PathUtilities.join(root, "Tuist"), "ProjectDescriptionHelpers")]
        folders += try pluginFolders(root: root, configuration: configuration).map { PathUtilities.join($0, "ProjectDescriptionHelpers") }
        var result: [String] = []
        var pending = folders.filter { fileSystem.isDirectory($0) }
        while let next = pending.popLast() {
            for name in (try? fileSystem.contentsOfDirectory(next)) ?? [] where !name.hasPrefix(".") {
                let path = PathUtilities.join(next, name)
                if fileSystem.isDirectory(path) {
                    pending.append(path)
                } else if name.hasSuffix(".swift") {
                    result.append(path)
                }
            }
        }
        return result.sorted()
    }

    /// The local plugins of the Tuist project rooted at `root`, whose helpers every manifest
    /// may import: the `.local(path:)` plugins its configuration lists (`Tuist.swift`,
    /// `Tuist/Config.swift`), a listed folder that is missing being a located error; without a
    /// configuration, folders up to three levels below it holding a `Plugin.swift`
    /// (`Plugins/MyPlugin`). Sorted.
    package func pluginFolders(root: String) throws -> [String] {
        try pluginFolders(root: root, configuration: readConfiguration(root: root))
    }

    /// The local plugins of the root `root` whose configuration is `configuration`.
    func pluginFolders(root: String, configuration: TuistConfiguration?) throws -> [String] {
        if let configuration {
            var listed: [String] = []
            for plugin in configuration.plugins {
                guard case .local(let folder) = plugin.source else { continue }
                guard fileSystem.isDirectory(folder) else { throw TuistReadError.noPluginFolder(folder, at: plugin.location) }
                listed.append(folder)
            }
            return listed.sorted()
        }
        var result: [String] = []
        var pending = [(root, 0)]
        while let (folder, depth) = pending.popLast() {
            for name in (try? fileSystem.contentsOfDirectory(folder)) ?? [] where !name.hasPrefix(".") && ![".build", "Derived", "Pods", "Carthage", "node_modules"].contains(name) {
                let path = PathUtilities.join(folder, name)
                guard fileSystem.isDirectory(path) else { continue }
                if fileSystem.exists(PathUtilities.join(path, "Plugin.swift")) {
                    result.append(path)
                } else if depth < 2 {
                    pending.append((path, depth + 1))
                }
            }
        }
        return result.sorted()
    }

    /// The helpers of the Tuist root `root` (its own and its local plugins'), parsed once for
    /// every manifest of that root, with the root's configuration, read once too.
    package func helpers(root: String) throws -> TuistHelpers {
        let configuration = try readConfiguration(root: root)
        var helpers = try parseHelpers(helperFiles(root: root, configuration: configuration))
        helpers.plugins = TuistPluginModules(configuration: configuration)
        return helpers
    }

    /// The helper files at `paths`, parsed and their operators folded (with the operators
    /// every helper declares, as the module `ProjectDescriptionHelpers` sees them).
    package func parseHelpers(_ paths: [String]) throws -> TuistHelpers {
        var read: [(String, String)] = []
        for helper in paths { read.append((helper, try source(at: helper))) }
        let files = read
        guard let first = files.first else { return TuistHelpers(files: [], bytes: 0) }
        let bytes = files.reduce(0) { $0 + $1.1.utf8.count }
        return try BoundedParsing.runBlocking(file: first.0, bytes: bytes, limit: ParseTimeLimit(environment: environment)) {
            var operators = OperatorTable.standardOperators
            var parsed: [(String, SourceFileSyntax, SourceLocationConverter)] = []
            for (file, text) in files {
                let (tree, converter) = try Self.parse(text, path: file)
                operators.addSourceFile(tree) { _ in }
                parsed.append((file, tree, converter))
            }
            let folded = parsed.map { file, tree, converter in
                ManifestInterpreter.SourceFile(path: file, tree: operators.foldAll(tree) { _ in }.as(SourceFileSyntax.self) ?? tree, converter: converter)
            }
            return TuistHelpers(files: folded, bytes: bytes)
        }
    }

    /// Reads the `Project.swift` at `path`; `root` is the Tuist root (`.relativeToRoot`
    /// paths start there), `helpers` its parsed helpers.
    package func readProject(at path: String, root: String, helpers: TuistHelpers) throws -> TuistProjectDefinition {
        let text = try source(at: path)
        try checkPluginImports(of: path, text: text, helpers: helpers)
        let values = try run(path, text: text, helpers: helpers)
        if case .unknown(let refusal)? = values["project"] { throw refusal }
        guard let (_, project) = Self.pick(values, type: "Project", preferred: "project") else {
            throw TuistReadError.noValue(kind: "Project", at: MFECore.SourceLocation(file: path, line: 1, column: 1))
        }
        return try TuistValueReader(manifestPath: path, root: root).project(project)
    }

    /// Reads the `Workspace.swift` at `path`.
    package func readWorkspace(at path: String, root: String, helpers: TuistHelpers) throws -> TuistWorkspaceDefinition {
        let text = try source(at: path)
        try checkPluginImports(of: path, text: text, helpers: helpers)
        let values = try run(path, text: text, helpers: helpers)
        if case .unknown(let refusal)? = values["workspace"] { throw refusal }
        guard let (_, workspace) = Self.pick(values, type: "Workspace", preferred: "workspace") else {
            throw TuistReadError.noValue(kind: "Workspace", at: MFECore.SourceLocation(file: path, line: 1, column: 1))
        }
        return try TuistValueReader(manifestPath: path, root: root).workspace(workspace)
    }

    /// The top-level value of `type`: the one named `preferred`, else the only one.
    static func pick(_ values: [String: MValue], type: String, preferred: String) -> (String, MRecord)? {
        var found: [(String, MRecord)] = []
        for (name, value) in values {
            if case .record(let record) = value, record.type == type, record.kase == nil { found.append((name, record)) }
        }
        if let named = found.first(where: { $0.0 == preferred }) { return named }
        return found.count == 1 ? found[0] : nil
    }

    /// Parses and runs `path` after `helpers`; its top-level values.
    /// `text`, when given, is the file's text already read, so it is not read a second time.
    func run(_ path: String, text: String? = nil, helpers: TuistHelpers) throws -> [String: MValue] {
        let manifestSource = try text ?? source(at: path)
        let environment = self.environment
        let fileSystem = self.fileSystem
        let bytes = helpers.bytes + manifestSource.utf8.count
        let box = try BoundedParsing.runBlocking(file: path, bytes: manifestSource.utf8.count, limit: ParseTimeLimit(environment: environment)) {
            let (tree, converter) = try Self.parse(manifestSource, path: path)
            let origin = PathOrigin(fileSystem)
            let host = ManifestInterpreter.ManifestHost(
                environment: environment, fileExists: { fileSystem.exists($0) }, packageDirectory: origin.absolute((path as NSString).deletingLastPathComponent), origin: origin)
            let version = ToolsVersion(6, 0)
            let interpreter = ManifestInterpreter(
                file: path, converter: converter, configuration: .forManifest(toolsVersion: version), toolsVersion: version, host: host,
                budget: ManifestInterpreter.Budget(sourceLength: bytes))
            let values = try interpreter.runProjectDescription(helpers: helpers.files, manifest: tree)
            return UncheckedBox(values)
        }
        return box.value
    }

    /// `text` parsed; a syntax error is an input error at its line.
    static func parse(_ text: String, path: String) throws -> (SourceFileSyntax, SourceLocationConverter) {
        if let excess = SourceNesting.firstExcess(in: text) { throw NestingLimitError(file: path, excess: excess) }
        var parser = Parser(text, maximumNestingLevel: SourceNesting.parserNestingLimit)
        let tree = SourceFileSyntax.parse(from: &parser)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        if tree.hasError, let diagnostic = ManifestReader.firstSyntaxError(in: tree) {
            let position = converter.location(for: diagnostic.position)
            throw ManifestError.syntaxError(ManifestReader.lowercasingFirst(diagnostic.message), at: MFECore.SourceLocation(file: path, line: position.line, column: position.column))
        }
        return (tree, converter)
    }

    func source(at path: String) throws -> String {
        guard let text = String(data: try fileSystem.contents(of: path), encoding: .utf8) else { throw ManifestError.notUTF8(path: path) }
        return text
    }
}

/// The helpers of one Tuist root, parsed and folded once: every manifest of the root runs
/// after them (syntax trees are immutable, so the manifests' interpreters share them).
package struct TuistHelpers: @unchecked Sendable {
    /// The helper files, in the order they are registered.
    let files: [ManifestInterpreter.SourceFile]
    /// Their length, which the evaluation budget of a manifest that runs them grows with.
    let bytes: Int
    /// The root's configuration and the plugin modules it makes importable.
    var plugins = TuistPluginModules(configuration: nil)

    init(files: [ManifestInterpreter.SourceFile], bytes: Int) {
        self.files = files
        self.bytes = bytes
    }
}

/// A root's configuration (nil: it has none) and, worked out on the first manifest that needs
/// them, the modules its local plugins provide: each `Plugin.swift` is run once per root, not
/// once per manifest that imports a plugin.
package final class TuistPluginModules: @unchecked Sendable {
    let configuration: TuistConfiguration?
    private let lock = NSLock()
    private var names: Result<Set<String>, any Error>?

    init(configuration: TuistConfiguration?) {
        self.configuration = configuration
    }

    /// The names of the local plugins, from `read` on first use; its error, every use after.
    func localNames(_ read: () throws -> Set<String>) throws -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let names { return try names.get() }
        let result = Result { try read() }
        names = result
        return try result.get()
    }
}

/// Carries interpreter values out of the bounded parse's thread (they are only read after it ends).
struct UncheckedBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

/// What makes a Tuist manifest unusable besides what the interpreter refuses.
package enum TuistReadError: LocatedError, Equatable {
    /// The manifest makes no value of the kind its file name promises.
    case noValue(kind: String, at: MFECore.SourceLocation)
    /// A value the graph needs is not of the type ProjectDescription gives it.
    case unexpected(what: String, expected: String, at: MFECore.SourceLocation)
    /// A `.local(path:)` plugin of the configuration names no folder.
    case noPluginFolder(String, at: MFECore.SourceLocation)
    /// A local plugin's folder has no `Plugin.swift`.
    case noPluginManifest(folder: String, at: MFECore.SourceLocation)
    /// The manifest imports `module`, no local plugin, while the configuration's git
    /// `plugins` (described) are not in the repository.
    case pluginNotOnDisk(module: String, configuration: String, plugins: [String], at: MFECore.SourceLocation)

    package var location: MFECore.SourceLocation? {
        switch self {
        case .noValue(_, let location), .unexpected(_, _, let location), .noPluginFolder(_, let location), .noPluginManifest(_, let location),
            .pluginNotOnDisk(_, _, _, let location):
            return location
        }
    }

    package var message: String {
        switch self {
        case .noValue(let kind, _):
            return "no top-level '\(kind)(…)' value found; declare 'let \(kind.lowercased()) = \(kind)(…)' as Tuist expects"
        case .unexpected(let what, let expected, _):
            return "\(what) is not \(expected); write it as ProjectDescription declares it"
        case .noPluginFolder(let folder, _):
            return "the plugin folder '\(folder)' does not exist; fix the path or remove the plugin from the configuration"
        case .noPluginManifest(let folder, _):
            return "the plugin folder '\(folder)' has no 'Plugin.swift'; add one ('let plugin = Plugin(name: …)') as Tuist requires"
        case .pluginNotOnDisk(let module, let configuration, let plugins, _):
            let listed = plugins.joined(separator: ", ")
            return "'import \(module)' is no local plugin of '\(configuration)', and its git plugin\(plugins.count == 1 ? "" : "s") \(listed) \(plugins.count == 1 ? "is" : "are") not on disk: "
                + "'tuist install' fetches \(plugins.count == 1 ? "it" : "them") into Tuist's cache, which mfe does not read; clone the plugin into the repository and list it with '.local(path:)'"
        }
    }
}

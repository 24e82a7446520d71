import Foundation
import MFECore
import MFEManifest
import MFEXcode

/// The one place that knows a workspace's Tuist roots (where `.relativeToRoot` starts, found
/// as Tuist finds them): for each project its root, and for each
/// root its helpers and local plugins (parsed once, however many projects run them) and the
/// external dependencies of its `Tuist/Package.swift` (read once).
struct TuistRoots {
    let fileSystem: any FileSystem
    let environment: [String: String]
    /// The workspace's root (absolute): the Tuist root when no folder above a project is one.
    let workspaceRoot: String
    /// Each root's parsed helpers, or the error that makes every project of the root unreadable.
    private var helpers: [String: Result<TuistHelpers, any Error>] = [:]
    private var externals: [String: [PackageDependency]] = [:]

    init(fileSystem: any FileSystem, environment: [String: String], workspaceRoot: String) {
        self.fileSystem = fileSystem
        self.environment = environment
        self.workspaceRoot = workspaceRoot
    }

    /// Whether `directory` is a Tuist configuration folder (`Tuist/` beside the projects) or
    /// a local Tuist plugin: its `Package.swift` declares the projects' external dependencies
    /// (or lets Xcode edit the plugin), it is no feature.
    static func isTuistFolder(_ directory: String, fileSystem: any FileSystem) -> Bool {
        if fileSystem.exists(PathUtilities.join(directory, "Plugin.swift")) { return true }
        guard (directory as NSString).lastPathComponent == "Tuist" else { return false }
        if fileSystem.isDirectory(PathUtilities.join(directory, "ProjectDescriptionHelpers")) || fileSystem.exists(PathUtilities.join(directory, "Config.swift")) { return true }
        let parent = (directory as NSString).deletingLastPathComponent
        return ["Project.swift", "Workspace.swift", "Tuist.swift"].contains { fileSystem.exists(PathUtilities.join(parent, $0)) }
    }

    /// The Tuist root of the project whose `Project.swift` is at `manifest` (absolute), by
    /// Tuist's rule (`TuistLayout.projectRoot`); the workspace's root when no folder is one.
    func root(of manifest: String) -> String {
        TuistLayout.projectRoot(of: (manifest as NSString).deletingLastPathComponent, fallback: workspaceRoot, fileSystem: fileSystem)
    }

    /// The project at `manifest` (absolute `Project.swift`) and its package of the graph.
    mutating func read(_ manifest: String) throws -> (XcodeProject, PackageManifest) {
        let read = try readDefinition(manifest)
        return (read.project, read.package)
    }

    /// The project at `manifest` as the reader defines it, and what the graph makes of it.
    mutating func readDefinition(_ manifest: String) throws -> (definition: TuistProjectDefinition, project: XcodeProject, package: PackageManifest) {
        let root = root(of: manifest)
        let helpers = try self.helpers(root: root)
        if externals[root] == nil {
            let packageFile = PathUtilities.join(PathUtilities.join(root, "Tuist"), "Package.swift")
            if fileSystem.exists(packageFile), let text = String(data: try fileSystem.contents(of: packageFile), encoding: .utf8) {
                externals[root] = try ManifestReader(fileSystem: fileSystem, environment: environment).read(source: text, manifestPath: packageFile).dependencies
            } else {
                externals[root] = []
            }
        }
        let definition = try TuistManifestReader(fileSystem: fileSystem, environment: environment).readProject(at: manifest, root: root, helpers: helpers)
        return (definition, definition.xcodeProject(), try definition.manifest(externals: externals[root] ?? []))
    }

    /// The parsed helpers of the Tuist root `root`, parsed on first use.
    mutating func helpers(root: String) throws -> TuistHelpers {
        if let cached = helpers[root] { return try cached.get() }
        let parsed = Result { try TuistManifestReader(fileSystem: fileSystem, environment: environment).helpers(root: root) }
        helpers[root] = parsed
        return try parsed.get()
    }
}

extension WorkspaceLoader {
    /// The Tuist project of `manifest` (a `Project.swift`, absolute) in the workspace at
    /// `workspaceRoot`, as `lint-graph` reads it: its project and its package of the graph.
    package static func readTuistProject(at manifest: String, workspaceRoot: String, fileSystem: any FileSystem, environment: [String: String]) throws -> (XcodeProject, PackageManifest) {
        var roots = TuistRoots(fileSystem: fileSystem, environment: environment, workspaceRoot: workspaceRoot)
        return try roots.read(manifest)
    }
}

extension WorkspaceLoader {
    /// `paths` without the Tuist projects a `Workspace.swift` at `root` leaves out: with one,
    /// a `Project.swift` is read when its folder matches one of the workspace's `projects:`
    /// globs, as Tuist generates them.
    func limitedByTuistWorkspace(_ paths: [String], root: String) throws -> [String] {
        let manifest = PathUtilities.join(root, "Workspace.swift")
        guard fileSystem.exists(manifest), paths.contains(where: { ($0 as NSString).lastPathComponent == "Project.swift" }) else { return paths }
        var roots = TuistRoots(fileSystem: fileSystem, environment: manifestLoader.manifestEnvironment, workspaceRoot: root)
        let reader = TuistManifestReader(fileSystem: fileSystem, environment: manifestLoader.manifestEnvironment)
        let workspace = try reader.readWorkspace(at: manifest, root: root, helpers: roots.helpers(root: root))
        let globs = workspace.projects.map { PathGlob(exact: $0) }
        return paths.filter { path in
            guard (path as NSString).lastPathComponent == "Project.swift" else { return true }
            let folder = (path as NSString).deletingLastPathComponent
            return globs.contains { $0.matches(folder.isEmpty ? "." : folder) }
        }
    }
}

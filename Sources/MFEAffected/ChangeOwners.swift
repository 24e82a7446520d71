import MFECore
import MFEManifest
import MFEWorkspace
import MFEXcode

/// Who a changed file belongs to, in `mfe affected`'s terms.
package enum ChangeOwner: Sendable, Equatable {
    /// It matches an `ignore:` glob: it affects nothing.
    case ignored
    /// The workspace `mfe.yml`, or a file in no package and not in the shell's folder: it
    /// affects everything.
    case workspace
    /// A file in the shell's folder when that folder holds no workspace package (an app built
    /// from an Xcode project): it affects the shell app only.
    case shell
    /// A file of a package that no longer exists (deleted or moved): by its base name.
    case removedPackage(String)
    /// The package's manifest (`Package.swift`, `Package@swift-….swift`, `Package.resolved`):
    /// every target of the package.
    case manifest(package: Int)
    /// A file in the package's folder but in none of its targets' folders: every target of
    /// the package, since mfe cannot tell what reads it.
    case packageFile(package: Int)
    /// A file in these targets' folder (sources and resources): node indices of the graph,
    /// usually one; several when targets share a folder.
    case targets([Int])
    /// Xcode's schemes, breakpoints and per-user state inside an `.xcodeproj` or
    /// `.xcworkspace`: they choose what to run, never what a target is, so nothing is affected.
    case xcodeState
    /// A project's `project.pbxproj` whose targets' definitions were compared with the base
    /// revision's: these targets changed (none when only what builds nothing changed).
    case projectTargets(package: Int, nodes: [Int])
    /// A file that only targets the change removed owned (at the base revision): the targets
    /// that depended on them changed their own definitions, so nothing more is affected.
    case formerTargets(package: Int)
}

/// Maps changed files (relative to the workspace root) to their owners: the innermost package
/// (or removed package, or the shell's folder) whose folder holds the file, then, inside a
/// package, the innermost target folder. Pure: no file system, so deleted files map as well as
/// existing ones. O(depth) dictionary lookups per file.
package struct ChangeOwners: Sendable {
    private enum Folder: Sendable {
        case package(Int)
        case removed(String)
        case shell
    }

    private let folders: [String: Folder]
    /// Per package: target folder (relative to the package) → node indices.
    private let targetFolders: [[String: [Int]]]
    /// Per file or folder of an Xcode target (relative to the workspace root): its nodes.
    private let xcodePaths: [String: [Int]]
    private let ignore: [PathGlob]
    /// The shell's folder when it holds no workspace package; nil otherwise.
    package let shellFolder: String?
    /// Per `.xcodeproj` folder whose `project.pbxproj` was compared: its package and the nodes
    /// of the targets whose definition changed.
    private let projectTargets: [String: (package: Int, nodes: [Int])]
    /// Per file or folder an Xcode target owned at the base revision: the project's package
    /// and the nodes of those targets that still exist.
    private let formerPaths: [String: (package: Int, nodes: [Int])]

    /// Creates the owners of `graph`'s workspace, with `configuration`'s `ignore:` and
    /// `shell.path`, and the packages of the base revision that are gone; with `change`, the
    /// project targets it compared and what targets owned at the base revision.
    package init(graph: TargetGraph, configuration: WorkspaceConfiguration?, removedPackages: [RemovedPackage], change: WorkspaceChange? = nil) {
        var folders: [String: Folder] = [:]
        let shellPath = configuration?.shell?.path.map(PathUtilities.normalize)
        let packageDirectories = Set(graph.packages.map(\.directory))
        if let shellPath, shellPath != ".", !packageDirectories.contains(shellPath) {
            folders[shellPath] = .shell
            shellFolder = shellPath
        } else {
            shellFolder = nil
        }
        for removed in removedPackages { folders[removed.directory] = .removed(removed.name) }
        for (index, package) in graph.packages.enumerated() { folders[package.directory] = .package(index) }
        self.folders = folders

        var nodesByName = [[String: Int]](repeating: [:], count: graph.packages.count)
        for (node, target) in graph.nodes.enumerated() { nodesByName[target.package][target.name] = node }
        var targetFolders = [[String: [Int]]](repeating: [:], count: graph.packages.count)
        for (index, package) in graph.packages.enumerated() {
            for target in package.manifest.targets {
                guard let node = nodesByName[index][target.name] else { continue }
                for folder in Self.candidateFolders(of: target) where targetFolders[index][folder]?.contains(node) != true {
                    targetFolders[index][folder, default: []].append(node)
                }
            }
        }
        self.targetFolders = targetFolders
        var xcodePaths: [String: [Int]] = [:]
        for (index, package) in graph.packages.enumerated() {
            guard let project = package.project else { continue }
            // The project's root folder relative to the workspace: beside the `.xcodeproj`.
            let projectFolder = PathUtilities.normalize(package.directory + "/..")
            let offset = PathUtilities.relative(project.rootDirectory, to: PathUtilities.normalize(project.path + "/.."))
            let base = PathUtilities.normalize(PathUtilities.join(projectFolder, offset == "." ? "" : offset))
            for target in project.targets {
                guard let node = nodesByName[index][target.name] else { continue }
                for path in target.ownedPaths {
                    let relative = PathUtilities.normalize(PathUtilities.join(base == "." ? "" : base, path))
                    if xcodePaths[relative]?.contains(node) != true { xcodePaths[relative, default: []].append(node) }
                }
            }
        }
        self.xcodePaths = xcodePaths
        ignore = (configuration?.ignore ?? []).map(PathGlob.init(ignoring:))

        var projectIndex: [String: Int] = [:]
        for (index, package) in graph.packages.enumerated() where package.project != nil { projectIndex[package.directory] = index }
        var projectTargets: [String: (package: Int, nodes: [Int])] = [:]
        for (project, names) in change?.projectTargets ?? [:] {
            guard let index = projectIndex[project] else { continue }
            projectTargets[project] = (index, names.compactMap { nodesByName[index][$0] }.sorted())
        }
        self.projectTargets = projectTargets
        var formerPaths: [String: (package: Int, nodes: [Int])] = [:]
        for (path, membership) in change?.formerProjectPaths ?? [:] {
            guard let index = projectIndex[membership.project] else { continue }
            formerPaths[path] = (index, Set(membership.targets.compactMap { nodesByName[index][$0] }).sorted())
        }
        self.formerPaths = formerPaths
    }

    /// Whether `file` is state Xcode keeps beside a project or workspace that builds nothing:
    /// anything in `xcuserdata`, and shared schemes, breakpoints and workspace settings
    /// (`xcshareddata/xcschemes`, `xcdebugger`, `IDEWorkspaceChecks.plist`,
    /// `WorkspaceSettings.xcsettings`). `xcshareddata/swiftpm/Package.resolved` builds.
    static func isXcodeState(_ file: String) -> Bool {
        let components = file.split(separator: "/")
        guard let container = components.lastIndex(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) else { return false }
        let inside = components[(container + 1)...]
        if inside.contains("xcuserdata") { return true }
        guard inside.first == "xcshareddata", inside.count >= 2 else { return false }
        let next = inside[inside.startIndex + 1]
        return ["xcschemes", "xcdebugger", "IDEWorkspaceChecks.plist", "WorkspaceSettings.xcsettings"].contains(next)
    }

    /// The folders a target's files may lie in, relative to its package: `path:`, or each
    /// predefined folder SwiftPM would look in (only one exists in a package SwiftPM accepts;
    /// listing all of them needs no file system and still places files of a deleted folder).
    static func candidateFolders(of target: Target) -> [String] {
        if let path = target.path { return [PathUtilities.normalize(path)] }
        return (target.kind == .test ? Target.testDirectories : Target.sourceDirectories).map { $0 + "/" + target.name }
    }

    /// Whether `name` is a manifest SwiftPM reads for the package in its folder.
    static func isManifest(_ name: Substring) -> Bool {
        name == "Package.swift" || name == "Package.resolved" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// The value of the innermost of `file` and its folders that `paths` holds, unless a
    /// package folder lies between: O(depth) lookups.
    private func innermost<Value>(_ file: String, in paths: [String: Value]) -> Value? {
        guard !paths.isEmpty else { return nil }
        var path = Substring(file)
        while true {
            if let value = paths[String(path)] { return value }
            guard let slash = path.lastIndex(of: "/") else { return nil }
            path = path[..<slash]
            if folders[String(path)] != nil { return nil }
        }
    }

    /// The owner of `file`, a path relative to the workspace root.
    package func owner(of file: String) -> ChangeOwner {
        if ignore.contains(where: { $0.matches(file) }) { return .ignored }
        if file == "mfe.yml" { return .workspace }
        if Self.isXcodeState(file) { return .xcodeState }
        if file.hasSuffix("/project.pbxproj"), let changed = projectTargets[String(file.dropLast("/project.pbxproj".count))] {
            return .projectTargets(package: changed.package, nodes: changed.nodes)
        }
        // An Xcode target's file or folder; else one a target owned at the base revision
        // (deleted from it, or renamed).
        if let nodes = innermost(file, in: xcodePaths) { return .targets(nodes) }
        if let former = innermost(file, in: formerPaths) { return former.nodes.isEmpty ? .formerTargets(package: former.package) : .targets(former.nodes) }
        var folder = Substring(file)
        var found: (folder: Substring, owner: Folder)?
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if let owner = folders[String(folder)] {
                found = (folder, owner)
                break
            }
        }
        if found == nil, let root = folders["."] { found = ("", root) }
        guard let (packageFolder, owner) = found else { return .workspace }
        switch owner {
        case .shell: return .shell
        case .removed(let name): return .removedPackage(name)
        case .package(let index):
            let inside = packageFolder.isEmpty ? Substring(file) : file.dropFirst(packageFolder.count + 1)
            if !inside.contains("/"), Self.isManifest(inside) { return .manifest(package: index) }
            var targetFolder = inside
            while let slash = targetFolder.lastIndex(of: "/") {
                targetFolder = targetFolder[..<slash]
                if let nodes = targetFolders[index][String(targetFolder)] { return .targets(nodes) }
            }
            if let nodes = targetFolders[index]["."] { return .targets(nodes) }
            return .packageFile(package: index)
        }
    }
}

import Foundation
import MFECore
import MFEManifest
import MFEXcode

/// Finds a workspace's packages, reads its `mfe.yml` files and manifests, and assigns layers.
package struct WorkspaceLoader: Sendable {
    /// The directories never searched for packages.
    package static let skippedDirectoryNames: Set<String> = [".build", "checkouts", "node_modules", "DerivedData"]

    let manifestLoader: any ManifestLoading
    let fileSystem: any FileSystem

    /// Creates a loader reading manifests with `manifestLoader`.
    package init(manifestLoader: any ManifestLoading, fileSystem: any FileSystem = LocalFileSystem()) {
        self.manifestLoader = manifestLoader
        self.fileSystem = fileSystem
    }

    /// The nearest directory at or above `directory` whose `mfe.yml` has `workspace:`, if any,
    /// with that file parsed: callers use this configuration rather than parse the file again.
    package static func findWorkspaceRoot(from directory: String, fileSystem: any FileSystem = LocalFileSystem()) throws -> WorkspaceRoot? {
        var current = fileSystem.absolute(directory)
        while true {
            let candidate = PathUtilities.join(current, "mfe.yml")
            if fileSystem.exists(candidate), case .workspace(let configuration) = try ConfigurationParser().parseFile(at: candidate, fileSystem: fileSystem) {
                return WorkspaceRoot(directory: current, configuration: configuration)
            }
            if current == "/" { return nil }
            current = (current as NSString).deletingLastPathComponent
            if current.isEmpty { return nil }
        }
    }

    /// Loads the workspace at `path` for a command that reads its packages (lint-graph, graph,
    /// affected): a folder with no package at all is an input error, as it is almost always a
    /// wrong path, not an empty workspace.
    package func loadPackages(at path: String, checkNames: Bool = false) async throws -> Workspace {
        let workspace = try await load(at: path, checkNames: checkNames)
        guard workspace.packages.isEmpty else { return workspace }
        if let configuration = workspace.configuration, !configuration.packages.isEmpty {
            throw WorkspaceError.noPackagesMatched(file: configuration.file, globs: configuration.packages)
        }
        throw WorkspaceError.noPackages(path: path)
    }

    /// Loads the workspace at `path`: its `mfe.yml` when there is one (with `packages:`
    /// globs and `layers:`), else every directory under `path` holding a `Package.swift`.
    /// With `checkNames` (lint-graph), a `layers:` or `allow:` name that matches nothing is an
    /// error; other commands keep working on a workspace whose mfe.yml still names a package
    /// a change deleted.
    package func load(at path: String, checkNames: Bool = false) async throws -> Workspace {
        let root = fileSystem.absolute(path)
        guard fileSystem.isDirectory(root) else {
            throw fileSystem.exists(root) ? WorkspaceError.notADirectory(path: path) : WorkspaceError.noSuchDirectory(path: path)
        }
        let configurationPath = PathUtilities.join(root, "mfe.yml")
        var configuration: WorkspaceConfiguration?
        var rootFeature: FeatureConfiguration?
        if fileSystem.exists(configurationPath) {
            switch try ConfigurationParser().parseFile(at: configurationPath, fileSystem: fileSystem) {
            case .workspace(let workspace): configuration = workspace
            case .feature(let feature): rootFeature = feature
            }
        }
        let directories: [String]
        var named: Set<String> = []
        var discoveredProjects: [String]?
        if let configuration, !configuration.packages.isEmpty {
            (directories, named) = try expand(configuration.packages, root: root, configuration: configuration)
        } else {
            (directories, discoveredProjects) = try discoverPackagesAndProjects(under: root)
        }

        let packages = try await loadManifests(in: directories, root: root, named: named, loader: manifestLoader.respecting(configuredLoader: configuration?.loader))
        let projects = try loadProjects(try projectPaths(root: root, configuration: configuration, discovered: discoveredProjects), root: root)
        var workspace = try assemble(
            root: root, configuration: configuration, rootFeature: rootFeature, packages: (packages + projects.map { ($0.directory, $0.manifest) }).sorted { $0.directory < $1.directory },
            projects: Dictionary(projects.map { ($0.directory, $0.project) }, uniquingKeysWith: { a, _ in a }), checkNames: checkNames)
        // What the projects' build settings left unresolved, and tools no app ships, named
        // relative to the workspace as findings are.
        let roles = configuration?.roleSuffixes ?? .standard
        for (_, _, project) in projects {
            workspace.notes += (project.notes + project.standaloneToolNotes(roles: roles)).map { $0.replacingOccurrences(of: PathUtilities.normalize(root) + "/", with: "") }
        }
        if let configuration,
            let note = manifestLoader.noteOnConfiguredLoader(
                configuration.loader, at: configuration.loaderLocation.map { "\(PathUtilities.relative($0.file, to: root)):\($0.line)" } ?? PathUtilities.relative(configuration.file, to: root))
        {
            workspace.notes.append(note)
        }
        return workspace
    }

    /// The workspace of `packages` (directory relative to `root`, manifest) already read:
    /// reads each package's own `mfe.yml` and gives packages and features their layers from
    /// `configuration`. `rootFeature` is the root's `mfe.yml` when it is a feature's.
    /// `pinned` are packages read at a pinned revision rather than from disk (compose-shell's
    /// MFEs), layered with the `mfe.yml` read there; `composedShell` is the folder of the shell
    /// compose-shell composes, the shell when `shell.path` names none. `projects` are the
    /// Xcode projects among `loaded`, by directory.
    package func assemble(
        root: String, configuration: WorkspaceConfiguration?, rootFeature: FeatureConfiguration? = nil, packages loaded: [(directory: String, manifest: PackageManifest)], pinned: [PinnedPackage] = [],
        composedShell: String? = nil, projects: [String: XcodeProject] = [:], checkNames: Bool
    ) throws -> Workspace {
        var candidates: [WorkspaceLayering.Candidate] = []
        var problems: [WorkspaceError] = []
        let configuredShell = configuration?.shell?.path.map(PathUtilities.normalize)
        let shellDirectory = configuredShell ?? composedShell
        if let shell = configuration?.shell, let path = shell.path, let configuredShell, !loaded.contains(where: { $0.directory == configuredShell }) {
            // A folder without a Package.swift is fine: an Xcode app's folder, which `affected`
            // maps to the shell. A folder that does not exist is a typo.
            if !fileSystem.isDirectory(PathUtilities.join(root, configuredShell)) {
                problems.append(.shellPathNamesNoFolder(path, file: configuration?.file ?? "mfe.yml", at: shell.pathLocation))
            }
        }
        for (directory, manifest) in loaded {
            var feature: FeatureConfiguration?
            if projects[directory] != nil {
                // An Xcode project has no mfe.yml of its own: its folder's belongs to a package.
                candidates.append(WorkspaceLayering.Candidate(manifest: manifest, directory: directory))
                continue
            }
            if directory == "." {
                feature = rootFeature
            } else {
                let featurePath = PathUtilities.join(PathUtilities.join(root, directory), "mfe.yml")
                if fileSystem.exists(featurePath) {
                    switch try ConfigurationParser().parseFile(at: featurePath, fileSystem: fileSystem) {
                    case .feature(let value): feature = value
                    case .workspace:
                        problems.append(.nestedWorkspace(directory: directory, at: SourceLocation(file: featurePath, line: 1, column: 1)))
                        continue
                    }
                }
            }
            candidates.append(WorkspaceLayering.Candidate(manifest: manifest, directory: directory, feature: feature, isShell: shellDirectory == directory))
        }
        for package in pinned {
            candidates.append(WorkspaceLayering.Candidate(manifest: package.manifest, directory: package.directory, feature: package.feature))
        }
        // Two packages may share a name in different folders, as in SwiftPM: the graph keys
        // packages by folder, and messages add the folder where names clash.
        let layering = WorkspaceLayering(configuration: configuration)
        var (packages, layerProblems) = layering.assign(candidates)
        problems += layerProblems
        if !projects.isEmpty {
            for index in packages.indices { packages[index].project = projects[packages[index].directory] }
            layering.layerApplications(in: &packages)
        }
        // The checks of folders and products on disk; a pinned package's dependencies are
        // what SwiftPM's resolution followed, not folders.
        let pinnedDirectories = Set(pinned.map(\.directory))
        let onDisk = packages.filter { !pinnedDirectories.contains($0.directory) }
        if problems.isEmpty {
            problems += missingPackageProblems(in: onDisk)
        }
        if problems.isEmpty {
            problems += TargetGraph.productProblems(packages: onDisk, root: root)
        }
        if checkNames && problems.isEmpty { problems += layering.unmatchedNames(in: packages) }
        if !problems.isEmpty { throw InputErrors(problems) }
        return Workspace(root: root, configuration: configuration, packages: packages)
    }

    /// The `.package(path:)` entries of `packages` whose folder does not exist or holds no
    /// `Package.swift` (`unreachablePathDependencies(of:)`), as input errors.
    func missingPackageProblems(in packages: [WorkspacePackage]) -> [WorkspaceError] {
        // A package of the workspace stands for a dependency of its identity, as Xcode
        // overrides it: only a folder that is missing and stands for no package is an error.
        let identities = Set(packages.filter { $0.directory != "." }.map { PackageIdentity.identity(forLocation: $0.directory) })
        return packages.flatMap { package in
            unreachablePathDependencies(of: package.manifest).filter { !identities.contains(PackageIdentity.identity(forLocation: $0.resolved)) }.map(WorkspaceError.unreachablePackage)
        }
    }

    /// The `.package(path:)` entries of `manifest` whose folder does not exist or holds no
    /// `Package.swift`. SwiftPM refuses them ("the package at '…' cannot be accessed"), and
    /// none may be bound to a workspace package of the same `name:` instead, since its
    /// identity is the path's last component, not the name.
    package func unreachablePathDependencies(of manifest: PackageManifest) -> [UnreachablePathDependency] {
        let origin = PathOrigin(fileSystem)
        return manifest.dependencies.compactMap { dependency in
            guard case .fileSystem(let path) = dependency.kind else { return nil }
            let resolved = PackageIdentity.resolvedLocation(path, relativeTo: manifest.packageDirectory, origin: origin) ?? path
            let hasFolder = fileSystem.isDirectory(resolved)
            guard !hasFolder || !fileSystem.exists(PathUtilities.join(resolved, "Package.swift")) else { return nil }
            return UnreachablePathDependency(path: path, resolved: resolved, hasFolder: hasFolder, location: dependency.location)
        }
    }

    /// Loads the manifest of every package directory in parallel, outermost first, leaving out
    /// the folders whose `Package.swift` is a source file of an enclosing package's target
    /// (`PackageRoots`; never one of `named`, the folders `packages:` names exactly). Every
    /// failure is collected, not only the first: the problems are reported together, sorted by
    /// file, line and column, so the report is the same on every run whatever order the loads
    /// finish in.
    func loadManifests(in directories: [String], root: String, named: Set<String> = [], loader: any ManifestLoading) async throws -> [(directory: String, manifest: PackageManifest)] {
        // PackageRoots loads through OrderedConcurrency, which keeps each result at its folder's
        // index (its comment says why it is written the way it is); a missing result is a
        // failure, never a skipped package.
        let results = await PackageRoots.load(directories, root: root, kept: named, fileSystem: fileSystem, manifest: { try? $0.get() }, missing: { .failure($0) }) { directory in
            do {
                let manifest = try await loader.loadManifest(inPackageDirectory: directory == "." ? root : PathUtilities.join(root, directory))
                return Result<PackageManifest, any Error>.success(manifest)
            } catch {
                return .failure(error)
            }
        }
        var manifests: [(directory: String, manifest: PackageManifest)] = []
        var failures: [(error: any Error, manifestPath: String)] = []
        let origin = PathOrigin(fileSystem)
        for (directory, result) in results {
            let manifestPath = PathUtilities.join(directory == "." ? root : PathUtilities.join(root, directory), "Package.swift")
            switch result {
            case .success(let manifest):
                // What SwiftPM itself refuses (duplicate targets, unknown packages) is input
                // mfe cannot use either.
                let problems = ManifestValidation.problems(in: manifest, origin: origin)
                if problems.isEmpty {
                    manifests.append((directory, manifest))
                } else {
                    failures.append((problems.count == 1 ? problems[0] : InputErrors(problems), manifestPath))
                }
            case .failure(let error):
                failures.append((error, manifestPath))
            }
        }
        // One failure keeps its own error type (a refusal stays a refusal); several are
        // reported together, sorted.
        if failures.count == 1 { throw failures[0].error }
        if !failures.isEmpty {
            let problems = failures.flatMap { LoadProblem.problems(in: $0.error, manifestPath: $0.manifestPath) }.sorted()
            throw InputErrors(problems.map(\.error))
        }
        return manifests
    }

    /// Expands `packages:` globs into package directories relative to `root`, sorted, with the
    /// ones an entry without wildcards names.
    func expand(_ globs: [String], root: String, configuration: WorkspaceConfiguration) throws -> (directories: [String], named: Set<String>) {
        var found: Set<String> = []
        var named: Set<String> = []
        for glob in globs {
            let pattern = PathUtilities.normalize(glob)
            if pattern.hasPrefix("/") || pattern.hasPrefix("..") {
                throw WorkspaceError.packagesEntryOutside(file: configuration.file, glob: glob)
            }
            let hasWildcard = pattern.contains { "*?[".contains($0) }
            var visits = FolderVisits(fileSystem: fileSystem, boundary: root, purpose: "matching '\(glob)'")
            _ = try visits.enter(root, depth: 0)
            let matches = try match(pattern.split(separator: "/"), in: root, relative: "", depth: 0, visits: &visits)
            let packages = matches.filter { fileSystem.exists(PathUtilities.join(PathUtilities.join(root, $0), "Package.swift")) }
            if !hasWildcard && packages.isEmpty {
                throw WorkspaceError.packagesEntryWithoutPackage(file: configuration.file, glob: glob)
            }
            found.formUnion(packages.map { $0.isEmpty ? "." : $0 })
            if !hasWildcard { named.formUnion(packages.map { $0.isEmpty ? "." : $0 }) }
        }
        return (found.sorted(), named)
    }

    /// The folders below `root/relative` matching `components`; `**` enters each real folder
    /// once (`visits`), so a symbolic link loop cannot make it recurse forever.
    func match(_ components: [Substring], in root: String, relative: String, depth: Int, visits: inout FolderVisits) throws -> [String] {
        guard let first = components.first else { return [relative] }
        let rest = Array(components.dropFirst())
        let directory = PathUtilities.join(root, relative)
        if first == "**" {
            var results = try match(rest, in: root, relative: relative, depth: depth, visits: &visits)
            for name in try subdirectories(of: directory) {
                let child = PathUtilities.join(relative, name)
                guard try visits.enter(PathUtilities.join(root, child), depth: depth + 1) else { continue }
                results += try match(components, in: root, relative: child, depth: depth + 1, visits: &visits)
            }
            return results
        }
        if !first.contains(where: { "*?[".contains($0) }) {
            let next = PathUtilities.join(relative, String(first))
            return fileSystem.isDirectory(PathUtilities.join(root, next)) ? try match(rest, in: root, relative: next, depth: depth + 1, visits: &visits) : []
        }
        var results: [String] = []
        for name in try subdirectories(of: directory) where PathUtilities.matches(Substring(name), pattern: first) {
            results += try match(rest, in: root, relative: PathUtilities.join(relative, name), depth: depth + 1, visits: &visits)
        }
        return results
    }

    private func subdirectories(of directory: String) throws -> [String] {
        guard fileSystem.isDirectory(directory) else { return [] }
        return try fileSystem.contentsOfDirectory(directory).filter { name in
            !name.hasPrefix(".") && !Self.skippedDirectoryNames.contains(name) && fileSystem.isDirectory(PathUtilities.join(directory, name))
        }
    }

    /// Every directory under `root` (itself included) holding a `Package.swift`, skipping
    /// `.build`, checkouts and hidden folders. Iterative, so deep trees cannot overflow the
    /// stack; each real folder is entered once, real folders before symbolic links to them
    /// (so a package is named by its real path), links leading outside `root` are not
    /// followed, and the walk is bounded (`FolderVisits.Limits.workspace`).
    package func discoverPackages(under root: String) throws -> [String] {
        try discoverPackagesAndProjects(under: root).packages
    }

    /// `discoverPackages(under:)` and, in the same walk, every `.xcodeproj` holding a
    /// `project.pbxproj` and every XcodeGen `project.yml` (relative to `root`, sorted), but
    /// those under `Pods` or `Carthage`.
    /// The folders of Xcode projects and workspaces are not entered: they hold no packages.
    package func discoverPackagesAndProjects(under root: String) throws -> (packages: [String], projects: [String]) {
        var packages: [String] = []
        var projects: [String] = []
        do {
            try fileSystem.walkFolders(
                below: root, purpose: "looking for packages", entering: { !$0.hasPrefix(".") && !Self.skippedDirectoryNames.contains($0) && !Self.isXcodeContainer($0) }
            ) { relative, names in
                let directory = relative.isEmpty ? root : PathUtilities.join(root, relative)
                let isTuistFolder = TuistRoots.isTuistFolder(directory, fileSystem: fileSystem)
                if fileSystem.exists(PathUtilities.join(directory, "Package.swift")), !isTuistFolder {
                    packages.append(relative.isEmpty ? "." : relative)
                }
                guard !relative.split(separator: "/").contains(where: { Self.skippedProjectFolderNames.contains(String($0)) }) else { return }
                if names.contains("Project.swift"), !relative.split(separator: "/").contains("Tuist"), !fileSystem.isDirectory(PathUtilities.join(directory, "Project.swift")) {
                    projects.append(relative.isEmpty ? "Project.swift" : relative + "/Project.swift")
                }
                // An XcodeGen spec is the project's source: the `.xcodeproj` it generates
                // beside it (when committed) is not read a second time.
                let specs = names.filter { name in
                    ProjectDefinitionKind.xcodeGenSpecNames.contains(name)
                        && (try? fileSystem.contents(of: PathUtilities.join(directory, name))).map { ProjectDefinitionKind.looksLikeXcodeGenSpec(String(decoding: $0, as: UTF8.self)) } == true
                }
                for name in specs.sorted().prefix(1) { projects.append(relative.isEmpty ? name : relative + "/" + name) }
                // Tuist and XcodeGen generate the `.xcodeproj` beside the definition they read.
                for name in names
                where specs.isEmpty && !names.contains("Project.swift") && name.hasSuffix(".xcodeproj")
                    && fileSystem.exists(PathUtilities.join(PathUtilities.join(directory, name), "project.pbxproj"))
                {
                    projects.append(relative.isEmpty ? name : relative + "/" + name)
                }
            }
        } catch let error as FileOperationError {
            throw WorkspaceError.discoveryFailed(error, root: root)
        }
        return (packages.sorted(), projects.sorted())
    }
}

/// A workspace's folder and its `mfe.yml`, parsed once by `WorkspaceLoader.findWorkspaceRoot`.
package struct WorkspaceRoot: Sendable, Equatable {
    /// The folder holding the workspace `mfe.yml` (absolute).
    package var directory: String
    /// Its `mfe.yml`.
    package var configuration: WorkspaceConfiguration

    /// Creates a workspace root.
    package init(directory: String, configuration: WorkspaceConfiguration) {
        self.directory = directory
        self.configuration = configuration
    }
}

/// A package read at a pinned revision of its repository, not from disk (compose-shell's
/// MFEs): named by its location, with the `mfe.yml` it has at that revision.
package struct PinnedPackage: Sendable {
    /// Its location (credentials redacted), which stands for its folder.
    package var directory: String
    /// Its manifest at the revision.
    package var manifest: PackageManifest
    /// Its `mfe.yml` at the revision, if it has one.
    package var feature: FeatureConfiguration?

    /// Creates a pinned package.
    package init(directory: String, manifest: PackageManifest, feature: FeatureConfiguration?) {
        self.directory = directory
        self.manifest = manifest
        self.feature = feature
    }
}

/// A `.package(path:)` entry that names no package: its folder does not exist, or holds no
/// `Package.swift`.
package struct UnreachablePathDependency: Sendable, Equatable {
    /// The path as the manifest writes it.
    package var path: String
    /// The absolute path it resolves to.
    package var resolved: String
    /// Whether the folder exists (then it has no `Package.swift`).
    package var hasFolder: Bool
    /// The `.package(` entry.
    package var location: SourceLocation

    /// What is wrong, in a few words.
    package var reason: String {
        hasFolder ? "the folder '\(path)' has no Package.swift" : "'\(path)' names no folder"
    }
}

/// One problem met while loading a manifest, with the key it is sorted by.
struct LoadProblem: Comparable {
    var file: String
    var line: Int
    var column: Int
    var message: String
    /// The problem itself, for callers that match errors rather than messages.
    var error: any InputError

    /// The problems `error` stands for: its location when it has one, else the manifest's.
    static func problems(in error: any Error, manifestPath: String) -> [LoadProblem] {
        if let refusal = error as? ManifestRefusal {
            return [LoadProblem(file: refusal.location.file, line: refusal.location.line, column: refusal.location.column, message: refusal.errorDescription ?? refusal.message, error: refusal)]
        }
        if let located = error as? any LocatedError, let location = located.location {
            return [LoadProblem(file: location.file, line: location.line, column: location.column, message: located.errorDescription ?? located.message, error: located)]
        }
        if let several = error as? InputErrors {
            return several.errors.map { LoadProblem(file: manifestPath, line: 0, column: 0, message: $0.errorDescription ?? "\($0)", error: $0) }
        }
        return [LoadProblem(file: manifestPath, line: 0, column: 0, message: error.localizedDescription, error: error as? any InputError ?? PlainInputError(error.localizedDescription))]
    }

    static func == (lhs: LoadProblem, rhs: LoadProblem) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.message) == (rhs.file, rhs.line, rhs.column, rhs.message)
    }

    static func < (lhs: LoadProblem, rhs: LoadProblem) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
    }
}

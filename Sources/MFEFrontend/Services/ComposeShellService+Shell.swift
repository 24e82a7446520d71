import Foundation
import MFECompose
import MFECore
import MFEManifest
import MFEWorkspace
import MFEXcode

extension ComposeShellService {
    /// The shell a run composes: what to compose and write, and the workspace around it.
    struct Shell {
        /// The composition request.
        var request: CompositionRequest
        /// The workspace `mfe.yml` at or above the folder given, if any.
        var configuration: WorkspaceConfiguration?
        /// Its folder.
        var workspaceRoot: String?
        /// Other `Package.resolved` files that must hold the same bytes: those of the Xcode
        /// projects that reference the shell package (the layout `mfe init` writes).
        var mirrors: [String] = []
    }

    /// Finds the shell and the workspace configuration from the options.
    func locate(_ options: Request) throws -> Shell {
        let fileSystem = environment.fileSystem
        let start = PathUtilities.absolute(options.path ?? ".", relativeTo: environment.currentDirectory)
        guard fileSystem.isDirectory(start) else {
            throw ComposeShellError.notAFolder(given: options.path ?? ".", exists: fileSystem.exists(start))
        }
        var configuration: WorkspaceConfiguration?
        var workspaceRoot: String?
        if let root = try WorkspaceLoader.findWorkspaceRoot(from: start, fileSystem: fileSystem),
            case .workspace(let value) = try ConfigurationParser().parseFile(at: PathUtilities.join(root, "mfe.yml"), fileSystem: fileSystem)
        {
            configuration = value
            workspaceRoot = root
        }
        let policy: UpdatePolicy = options.update.map { $0.isEmpty ? .all : .only(Set($0.map(Self.updateIdentity))) } ?? .keepPins
        var shellDirectory: String?
        if fileSystem.exists(PathUtilities.join(start, "Package.swift")) && start != workspaceRoot {
            shellDirectory = start
        } else if let workspaceRoot, let shellPath = configuration?.shell?.path {
            shellDirectory = PathUtilities.absolute(shellPath, relativeTo: workspaceRoot)
        } else if fileSystem.exists(PathUtilities.join(start, "Package.swift")), configuration?.shell?.features.isEmpty ?? true, configuration?.shell?.project == nil {
            shellDirectory = start
        }
        if let shellDirectory {
            let output = options.output.map { PathUtilities.absolute($0, relativeTo: environment.currentDirectory) } ?? PathUtilities.join(shellDirectory, "Package.resolved")
            let mirrors = options.output == nil ? try XcodeShell.projectsReferencing(packageAt: shellDirectory, fileSystem: fileSystem).map(XcodeShell.resolvedPath) : []
            return Shell(
                request: CompositionRequest(shell: .package(directory: shellDirectory), outputPath: output, policy: policy), configuration: configuration, workspaceRoot: workspaceRoot,
                mirrors: mirrors)
        }
        let project = try shellProject(start: start, configuration: configuration, workspaceRoot: workspaceRoot)
        if let configuration, let features = configuration.shell?.features, !features.isEmpty {
            guard let outputPath = options.output.map({ PathUtilities.absolute($0, relativeTo: environment.currentDirectory) }) ?? project.map(XcodeShell.resolvedPath) else {
                throw ComposeShellError.outputNeeded(configurationFile: configuration.file)
            }
            let request = CompositionRequest(shell: .features(features, configurationFile: configuration.file), outputPath: outputPath, policy: policy)
            return Shell(request: request, configuration: configuration, workspaceRoot: workspaceRoot)
        }
        if let project {
            let output = options.output.map { PathUtilities.absolute($0, relativeTo: environment.currentDirectory) } ?? XcodeShell.resolvedPath(of: project)
            return Shell(request: CompositionRequest(shell: .xcode(path: project), outputPath: output, policy: policy), configuration: configuration, workspaceRoot: workspaceRoot)
        }
        let updateFolder = options.path == nil ? options.update?.first(where: { fileSystem.isDirectory(PathUtilities.absolute($0, relativeTo: environment.currentDirectory)) }) : nil
        throw ComposeShellError.noShell(given: options.path ?? ".", updateFolder: updateFolder)
    }

    /// The shell's Xcode project or workspace (absolute): `shell.project:`, else the one
    /// `.xcworkspace`, or else the one `.xcodeproj`, in the folder given.
    func shellProject(start: String, configuration: WorkspaceConfiguration?, workspaceRoot: String?) throws -> String? {
        let fileSystem = environment.fileSystem
        if let configuration, let project = configuration.shell?.project {
            let path = PathUtilities.absolute(project, relativeTo: workspaceRoot ?? start)
            guard fileSystem.isDirectory(path), path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcworkspace") else {
                throw WorkspaceError.projectsEntryWithoutProject(
                    project, key: "shell.project:", at: configuration.shell?.projectLocation ?? SourceLocation(file: configuration.file, line: 1, column: 1))
            }
            return path
        }
        let names = (try? fileSystem.contentsOfDirectory(start)) ?? []
        // Xcode opens a workspace over its projects; CocoaPods and others add one beside them.
        for suffix in [".xcworkspace", ".xcodeproj"] {
            let found = names.filter { $0.hasSuffix(suffix) && fileSystem.isDirectory(PathUtilities.join(start, $0)) }
            if found.count == 1 { return PathUtilities.join(start, found[0]) }
            if found.count > 1 { return nil }
        }
        return nil
    }

    /// The identity `--update NAME` names: NAME is an identity or the last component of a
    /// package's location (`Env`, `env`, `Env.git`), as `swift package update NAME` accepts.
    static func updateIdentity(_ name: String) -> String {
        PackageIdentity.identity(forLocation: name)
    }

    /// Refuses `--update` names that are no package of the composition (or of the old pins),
    /// with the nearest name; SwiftPM ignores them silently, which hides a typo.
    func checkUpdateNames(_ names: [String], composition: Composition) throws {
        var known: [String: String] = [:]
        for pin in composition.previousPins { known[pin.identity] = pin.name ?? PackageLocation(kind: pin.kind, location: pin.location).displayName }
        for package in composition.packages { known[package.location.identity] = package.location.displayName }
        let unknown = names.filter { known[Self.updateIdentity($0)] == nil }
        guard !unknown.isEmpty else { return }
        var nearest: String?
        if unknown.count == 1, let closest = known.values.min(by: { editDistance($0.lowercased(), unknown[0].lowercased()) < editDistance($1.lowercased(), unknown[0].lowercased()) }),
            editDistance(closest.lowercased(), unknown[0].lowercased()) <= max(2, unknown[0].count / 3)
        {
            nearest = closest
        }
        throw ComposeShellError.unknownUpdateNames(
            unknown: unknown, nearest: nearest, known: known.sorted { $0.key < $1.key }.map(\.value),
            folder: unknown.first { environment.fileSystem.isDirectory(PathUtilities.absolute($0, relativeTo: environment.currentDirectory)) }
        )
    }

    /// The composed graph as a `Workspace` (`WorkspaceLoader.assemble`, as lint-graph's): the
    /// shell and its `.package(path:)` packages from disk, every pinned MFE at its pinned
    /// revision with the `mfe.yml` it has there, layered by the workspace's `layers:` under the
    /// workspace root. Layer problems stop the run as in lint-graph. The shell is the shell
    /// unless the workspace says otherwise (`shell.path` names another, or `layers:` names
    /// it). A pinned package that is no MFE (no mfe.yml at its revision, no layer from
    /// `layers:`) is external: DESIGN.md applies no layer rule to it, so it is left out, as
    /// lint-graph leaves out what is not in the workspace.
    func composedWorkspace(_ composition: Composition, shell: Shell, provider: any PackageSourceProvider) async throws -> Workspace {
        // Fanned out by OrderedConcurrency, which binds each awaited value before it builds a
        // result (its comment says why).
        let pinned = composition.packages
        let features = try await OrderedConcurrency.map(count: pinned.count) { index in
            let source = await provider.source(for: pinned[index].location)
            let feature = try await source.featureConfiguration(atRevision: pinned[index].state.revision)
            return feature
        }
        var shellDirectory: String?
        if case .package(let directory) = shell.request.shell, composition.rootManifest != nil { shellDirectory = directory }
        // A shell package outside any workspace is named by its folder, as before a workspace.
        let root = shell.workspaceRoot ?? shellDirectory.map { ($0 as NSString).deletingLastPathComponent } ?? "/"
        var onDisk: [(directory: String, manifest: PackageManifest)] = []
        if let shellDirectory, let manifest = composition.rootManifest {
            onDisk.append((PathUtilities.relative(shellDirectory, to: root), manifest))
        }
        for local in composition.localPackages {
            onDisk.append((PathUtilities.relative(local.directory, to: root), local.manifest))
        }
        let pinnedPackages = zip(pinned, features).map { PinnedPackage(directory: $0.location.redacted, manifest: $0.manifest, feature: $1) }
        var workspace = try WorkspaceLoader(manifestLoader: environment.manifestReader, fileSystem: environment.fileSystem).assemble(
            root: root, configuration: shell.configuration, packages: onDisk, pinned: pinnedPackages,
            composedShell: shellDirectory.map { PathUtilities.relative($0, to: root) }, checkNames: false
        )
        let pinnedDirectories = Set(pinnedPackages.map(\.directory))
        workspace.packages.removeAll { pinnedDirectories.contains($0.directory) && $0.layer == nil && $0.featureConfiguration == nil && $0.featureLayers.isEmpty }
        workspace.packages.sort { $0.directory < $1.directory }
        return workspace
    }
}

import Foundation
import MFECore
import MFEManifest
import MFEWorkspace
import MFEXcode

/// The shell a compose-shell run composes, found once by `ShellLocator`: what to compose and
/// where to write it, the workspace around it, and the other files that must hold its pins.
package struct LocatedShell: Sendable, Equatable {
    /// What to compose, the `Package.resolved` to write (absolute) and which pins may move.
    package var request: CompositionRequest
    /// The workspace `mfe.yml` at or above the folder given, parsed, with its folder.
    package var workspace: WorkspaceRoot?
    /// The `Package.resolved` files of the Xcode projects that reference the shell package
    /// (the layout `mfe init` writes): Xcode builds the app with their pins, so they must hold
    /// the same bytes.
    package var mirrors: [String]
    /// The `--update` names (nil: no `--update`), checked against the composition's packages
    /// once it is composed (`Composition.checkUpdateNames`).
    package var updateNames: [String]?
    /// The `--update` names that are folders: the usual mistake is `--update Shell` for
    /// `--path Shell --update`, which the messages point out.
    package var updateFolders: [String]
    /// The output file as messages name it: relative to the folder mfe runs in.
    package var outputLabel: String

    /// The shell package's folder (absolute); nil for an Xcode-project shell. Derived from
    /// `request` only, so the folder is decided in one place (`ShellLocator.locate`).
    package var shellFolder: String? {
        if case .package(let directory) = request.shell { return directory }
        return nil
    }
}

/// Finds compose-shell's shell from the folder given, `--output`, `--update` and the workspace
/// `mfe.yml`: a shell package (the folder given, or `shell.path`), `shell.features`, a Tuist
/// shell (`shell.project` naming its manifest, or the Tuist root given), or an Xcode project
/// or workspace (`shell.project`, or the one in the folder given). The one place
/// the shell folder, the output path and the update policy are derived.
package struct ShellLocator: Sendable {
    let fileSystem: any FileSystem
    let currentDirectory: String

    /// Creates a locator resolving relative paths against `currentDirectory`.
    package init(fileSystem: any FileSystem, currentDirectory: String) {
        self.fileSystem = fileSystem
        self.currentDirectory = currentDirectory
    }

    /// The shell from `path` (a shell package's folder or a workspace folder; nil: the current
    /// directory), `output` (`--output`) and `update` (`--update`: nil keeps the pins, empty
    /// moves every pin). Throws `ComposeShellError` when there is no shell, and the workspace's
    /// errors for an unreadable `mfe.yml` or a `shell.project:` naming no project.
    package func locate(path: String?, output: String?, update: [String]?) throws -> LocatedShell {
        let given = path ?? "."
        let start = absolute(given)
        guard fileSystem.isDirectory(start) else {
            throw ComposeShellError.notAFolder(given: given, exists: fileSystem.exists(start))
        }
        let workspace = try WorkspaceLoader.findWorkspaceRoot(from: start, fileSystem: fileSystem)
        let shell = workspace?.configuration.shell
        let updateFolders = (update ?? []).filter { fileSystem.isDirectory(absolute($0)) }
        let policy: UpdatePolicy = update.map { $0.isEmpty ? .all : .only(Set($0.map(PackageIdentity.identity(forLocation:)))) } ?? .keepPins
        let outputPath = output.map(absolute)
        func located(_ shell: CompositionRequest.Shell, writing file: String, mirrors: [String] = []) -> LocatedShell {
            LocatedShell(
                request: CompositionRequest(shell: shell, outputPath: file, policy: policy), workspace: workspace, mirrors: mirrors, updateNames: update, updateFolders: updateFolders,
                outputLabel: PathUtilities.relative(file, to: currentDirectory))
        }

        let hasManifest = fileSystem.exists(PathUtilities.join(start, "Package.swift"))
        var shellFolder: String?
        if hasManifest && start != workspace?.directory {
            shellFolder = start
        } else if let workspace, let shellPath = shell?.path {
            shellFolder = PathUtilities.absolute(shellPath, relativeTo: workspace.directory)
        } else if hasManifest, shell?.features.isEmpty ?? true, shell?.project == nil {
            shellFolder = start
        }
        if let shellFolder {
            // `--output` writes elsewhere: Xcode's files are left alone then.
            let mirrors = output == nil ? try XcodeShell.projectsReferencing(packageAt: shellFolder, fileSystem: fileSystem).map(XcodeShell.resolvedPath) : []
            return located(.package(directory: shellFolder), writing: outputPath ?? PathUtilities.join(shellFolder, "Package.resolved"), mirrors: mirrors)
        }
        // Tuist keeps the pins of `Tuist/Package.swift` beside it, wherever it generates the app.
        let tuistFolder = tuistRoot(start: start, workspace: workspace).map { PathUtilities.join($0, "Tuist") }
        let project = tuistFolder == nil ? try shellProject(start: start, workspace: workspace) : nil
        if let workspace, let features = shell?.features, !features.isEmpty {
            let shellFile =
                try tuistFolder.map { PathUtilities.join($0, "Package.resolved") }
                ?? project.map { XcodeShell.resolvedPath(of: try XcodeShell.generatedProject(of: $0, fileSystem: fileSystem)) }
            guard let file = outputPath ?? shellFile else {
                throw ComposeShellError.outputNeeded(configurationFile: workspace.configuration.file)
            }
            return located(.features(features, configurationFile: workspace.configuration.file), writing: file)
        }
        if let tuistFolder {
            return located(.tuist(directory: tuistFolder), writing: outputPath ?? PathUtilities.join(tuistFolder, "Package.resolved"))
        }
        if let project {
            // An XcodeGen spec's pins live in the project it generates.
            return located(.xcode(path: project), writing: try outputPath ?? XcodeShell.resolvedPath(of: XcodeShell.generatedProject(of: project, fileSystem: fileSystem)))
        }
        throw ComposeShellError.noShell(given: given, updateFolder: path == nil ? updateFolders.first : nil)
    }

    /// The Tuist root of a Tuist shell (absolute): the root of what `shell.project:` names (a
    /// `Project.swift`, `Workspace.swift` or `Tuist.swift`, the folder holding one, as
    /// `init --adopt` writes it, or the root folder itself), else, without `shell.project:`,
    /// the folder given when it is a Tuist root; nil for any other.
    func tuistRoot(start: String, workspace: WorkspaceRoot?) -> String? {
        guard let workspace, let project = workspace.configuration.shell?.project else {
            return TuistLayout.isRoot(start, fileSystem: fileSystem) ? start : nil
        }
        let path = PathUtilities.absolute(project, relativeTo: workspace.directory)
        var folder: String
        if fileSystem.isDirectory(path) {
            let holdsManifest = TuistLayout.manifestNames.contains { fileSystem.exists(PathUtilities.join(path, $0)) }
            guard holdsManifest || TuistLayout.isRoot(path, fileSystem: fileSystem) else { return nil }
            folder = path
        } else {
            guard TuistLayout.manifestNames.contains((path as NSString).lastPathComponent), fileSystem.exists(path) else { return nil }
            folder = (path as NSString).deletingLastPathComponent
        }
        // `.relativeToRoot` starts at the nearest folder above that is a Tuist root, as Tuist finds it.
        let boundary = PathUtilities.normalize(workspace.directory)
        while !TuistLayout.isRoot(folder, fileSystem: fileSystem) {
            if PathUtilities.normalize(folder) == boundary || folder == "/" || folder.isEmpty { return workspace.directory }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return folder
    }

    /// The shell's Xcode project or workspace (absolute): `shell.project:`, else the one
    /// `.xcworkspace`, or else the one `.xcodeproj`, in the folder given.
    func shellProject(start: String, workspace: WorkspaceRoot?) throws -> String? {
        if let workspace, let project = workspace.configuration.shell?.project {
            let path = PathUtilities.absolute(project, relativeTo: workspace.directory)
            let isContainer = fileSystem.isDirectory(path) && (path.hasSuffix(".xcodeproj") || path.hasSuffix(".xcworkspace"))
            let isSpec = ProjectDefinitionKind(path: path) == .xcodegen && fileSystem.exists(path) && !fileSystem.isDirectory(path)
            guard isContainer || isSpec else {
                throw WorkspaceError.projectsEntryWithoutProject(
                    project, key: "shell.project:", at: workspace.configuration.shell?.projectLocation ?? SourceLocation(file: workspace.configuration.file, line: 1, column: 1))
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

    private func absolute(_ path: String) -> String {
        PathUtilities.absolute(path, relativeTo: currentDirectory)
    }
}

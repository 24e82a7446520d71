import Foundation
import MFECore
import MFEManifest
import MFEWorkspace
import MFEXcode

/// Asks git which workspace files a change touches: the files that differ between the merge
/// base of `base` and `head` and `head` (or the work tree, untracked files included, when
/// there is no `head`), plus the packages of the merge base that no longer exist.
package struct WorkspaceChangeReader: Sendable {
    let runner: any ProcessRunning
    /// mfe's environment: git's, and the one manifests at the base are read in.
    let environment: [String: String]
    /// Where the work tree's project files are read (a change without `head`).
    let fileSystem: any FileSystem

    /// Creates a reader running git through `runner`, in `environment` (mfe's own), reading
    /// the work tree through `fileSystem`.
    package init(runner: any ProcessRunning = SubprocessRunner(), environment: [String: String], fileSystem: any FileSystem = LocalFileSystem()) {
        self.runner = runner
        self.environment = environment
        self.fileSystem = fileSystem
    }

    /// The change between the merge base of `base` and `head` (HEAD and the work tree when nil)
    /// and `head`, restricted to `workspace`'s folder; without `base`, the remote default branch
    /// (`GitRepository.defaultBase`). Throws an `InputError` when the workspace is not in a git
    /// work tree or a revision is unknown.
    package func change(in workspace: Workspace, base givenBase: String?, head: String?) async throws -> WorkspaceChange {
        let repository = GitRepository(directory: workspace.root, runner: runner, environment: environment)
        let prefix = try await repository.prefix()
        let base: String
        if let givenBase { base = givenBase } else { base = try await repository.defaultBase() }
        let baseCommit = try await repository.commit(base)
        let headCommit = try await repository.commit(head ?? "HEAD")
        let mergeBase = try await repository.mergeBase(baseCommit, headCommit, names: (base, head ?? "HEAD"))
        let repositoryFiles = try await repository.changedFiles(from: mergeBase, to: head == nil ? nil : headCommit)

        var files: [String] = []
        for file in repositoryFiles {
            if prefix.isEmpty {
                files.append(file)
            } else if file.hasPrefix(prefix + "/") {
                files.append(String(file.dropFirst(prefix.count + 1)))
            }
        }

        let packageDirectories = Set(workspace.packages.map(\.directory))
        var removed: [RemovedPackage] = []
        for file in files where file == "Package.swift" || file.hasSuffix("/Package.swift") {
            let directory = file == "Package.swift" ? "." : String(file.dropLast("/Package.swift".count))
            guard !packageDirectories.contains(directory), Self.isPackageDirectory(directory, of: workspace) else { continue }
            let repositoryPath = prefix.isEmpty ? file : prefix + "/" + file
            guard let manifest = try await repository.contents(of: repositoryPath, at: mergeBase) else { continue }
            let fallback = directory == "." ? "root" : String(directory.split(separator: "/").last ?? "root")
            removed.append(RemovedPackage(name: Self.packageName(inManifest: manifest, path: repositoryPath, environment: environment) ?? fallback, directory: directory))
        }
        var headNotCheckedOut: String?
        if let head, try await repository.commit("HEAD") != headCommit { headNotCheckedOut = head }
        let revisions = ComparedRevisions(base: base, baseIsDefault: givenBase == nil, mergeBase: mergeBase)
        var change = WorkspaceChange(files: files, removedPackages: removed, headNotCheckedOut: headNotCheckedOut, revisions: revisions)
        let changed = Set(files)
        for package in workspace.packages where package.project != nil && changed.contains(package.directory + "/project.pbxproj") {
            let file = (prefix.isEmpty ? "" : prefix + "/") + package.directory + "/project.pbxproj"
            guard let baseText = try await repository.contents(of: file, at: mergeBase) else { continue }
            let projectPath = PathUtilities.join(workspace.root, package.directory)
            let headData: Data?
            if head == nil {
                headData = try? fileSystem.contents(of: PathUtilities.join(projectPath, "project.pbxproj"))
            } else {
                headData = try await repository.contents(of: file, at: headCommit).map { Data($0.utf8) }
            }
            guard let before = XcodeProjectFingerprint(Data(baseText.utf8), projectPath: projectPath, pbxprojPath: file) else { continue }
            if let headData, let after = XcodeProjectFingerprint(headData, projectPath: projectPath, pbxprojPath: file) {
                change.projectTargets[package.directory] = XcodeProjectFingerprint.changedTargets(from: before, to: after)
            }
            let former = before.project
            for target in former.targets {
                for path in target.ownedPaths {
                    let relative = PathUtilities.relative(PathUtilities.absolute(path, relativeTo: former.rootDirectory), to: workspace.root)
                    change.formerProjectPaths[relative, default: FormerProjectMembership(project: package.directory, targets: [])].targets.append(target.name)
                }
            }
        }
        return change
    }

    /// Whether the workspace would hold a package in `directory`: it matches a `packages:` glob
    /// of the workspace `mfe.yml`, or (without globs) lies in no hidden or skipped folder.
    static func isPackageDirectory(_ directory: String, of workspace: Workspace) -> Bool {
        if let globs = workspace.configuration?.packages, !globs.isEmpty {
            return globs.contains { PathGlob(exact: PathUtilities.normalize($0)).matches(directory) }
        }
        let components = directory == "." ? [] : directory.split(separator: "/")
        return !components.contains { $0.hasPrefix(".") || WorkspaceLoader.skippedDirectoryNames.contains(String($0)) }
    }

    /// `Package(name:)` of a manifest's text, read with the static `ManifestReader` in
    /// `environment`; nil when it cannot be evaluated (the caller falls back to the folder's name).
    static func packageName(inManifest source: String, path: String = "Package.swift", environment: [String: String]) -> String? {
        try? ManifestReader(environment: environment).read(source: source, manifestPath: path).name
    }
}

import MFECore
import MFEManifest
import MFEWorkspace

/// Asks git which workspace files a change touches: the files that differ between the merge
/// base of `base` and `head` and `head` (or the work tree, untracked files included, when
/// there is no `head`), plus the packages of the merge base that no longer exist.
package struct WorkspaceChangeReader: Sendable {
    let runner: any ProcessRunning

    /// Creates a reader running git through `runner`.
    package init(runner: any ProcessRunning = SubprocessRunner()) {
        self.runner = runner
    }

    /// The change between the merge base of `base` and `head` (HEAD and the work tree when nil)
    /// and `head`, restricted to `workspace`'s folder. Throws an `InputError` when the workspace
    /// is not in a git work tree or a revision is unknown.
    package func change(in workspace: Workspace, base: String, head: String?) async throws -> WorkspaceChange {
        let repository = GitRepository(directory: workspace.root, runner: runner)
        let prefix = try await repository.prefix()
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
            removed.append(RemovedPackage(name: Self.packageName(inManifest: manifest, path: repositoryPath) ?? fallback, directory: directory))
        }
        var headNotCheckedOut: String?
        if let head, try await repository.commit("HEAD") != headCommit { headNotCheckedOut = head }
        return WorkspaceChange(files: files, removedPackages: removed, headNotCheckedOut: headNotCheckedOut)
    }

    /// Whether the workspace would hold a package in `directory`: it matches a `packages:` glob
    /// of the workspace `mfe.yml`, or (without globs) lies in no hidden or skipped folder.
    static func isPackageDirectory(_ directory: String, of workspace: Workspace) -> Bool {
        let components = directory == "." ? [] : directory.split(separator: "/")
        if let globs = workspace.configuration?.packages, !globs.isEmpty {
            return globs.contains { glob in
                matches(components[...], PathUtilities.normalize(glob).split(separator: "/").filter { $0 != "." }[...])
            }
        }
        return !components.contains { $0.hasPrefix(".") || WorkspaceLoader.skippedDirectoryNames.contains(String($0)) }
    }

    /// Glob matching of path components, `**` matching any number of them: a set of pattern
    /// positions advanced one component at a time, at most components × pattern steps.
    private static func matches(_ path: ArraySlice<Substring>, _ pattern: ArraySlice<Substring>) -> Bool {
        /// `positions` plus every position reachable by letting `**`s match nothing.
        func closure(_ positions: Set<Int>) -> Set<Int> {
            var result = positions
            for position in positions {
                var index = position
                while index < pattern.endIndex, pattern[index] == "**" {
                    index += 1
                    result.insert(index)
                }
            }
            return result
        }
        var positions = closure([pattern.startIndex])
        for component in path {
            var next: Set<Int> = []
            for position in positions where position < pattern.endIndex {
                if pattern[position] == "**" {
                    next.insert(position)
                } else if PathUtilities.matches(component, pattern: pattern[position]) {
                    next.insert(position + 1)
                }
            }
            positions = closure(next)
            if positions.isEmpty { return false }
        }
        return positions.contains(pattern.endIndex)
    }

    /// `Package(name:)` of a manifest's text, read with the static `ManifestReader`; nil when
    /// it cannot be evaluated (the caller falls back to the folder's name).
    static func packageName(inManifest source: String, path: String = "Package.swift") -> String? {
        try? ManifestReader().read(source: source, manifestPath: path).name
    }
}

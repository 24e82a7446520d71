import MFEWorkspace

/// A package that existed at the base revision and no longer exists in the workspace (deleted,
/// or moved elsewhere): a changed package known by its base-revision name.
package struct RemovedPackage: Sendable, Hashable {
    /// `Package(name:)` in the base revision's manifest.
    package var name: String
    /// Its directory at the base revision, relative to the workspace root.
    package var directory: String

    /// Creates a removed package.
    package init(name: String, directory: String) {
        self.name = name
        self.directory = directory
    }
}

/// The files a change touches, relative to the workspace root.
package struct WorkspaceChange: Sendable, Equatable {
    /// Changed, added, deleted and untracked files (both sides of a rename), sorted.
    package var files: [String]
    /// Packages of the base revision that are gone.
    package var removedPackages: [RemovedPackage]
    /// `--head` when it is not the commit checked out: the packages were read from the work
    /// tree, which may differ from that revision's.
    package var headNotCheckedOut: String?

    /// Creates a change.
    package init(files: [String], removedPackages: [RemovedPackage] = [], headNotCheckedOut: String? = nil) {
        self.files = files
        self.removedPackages = removedPackages
        self.headNotCheckedOut = headNotCheckedOut
    }
}

/// The result of `mfe affected`: the packages a change touches and everything that depends on
/// them.
public struct AffectedPackages: Sendable, Equatable {
    /// Packages holding a changed file, sorted by name (removed packages by their base name).
    package var changed: [String]
    /// `changed` plus every package depending on one of them, directly or not, sorted; every
    /// package when a file outside all packages changed.
    package var affected: [String]
    /// The changed files that belong to no package (the workspace `mfe.yml`, root files) and so
    /// affect everything, sorted.
    package var workspaceFiles: [String]
    /// `--head` when it is not checked out (see `WorkspaceChange.headNotCheckedOut`).
    package var headNotCheckedOut: String?

    /// Creates a result.
    package init(changed: [String], affected: [String], workspaceFiles: [String] = [], headNotCheckedOut: String? = nil) {
        self.changed = changed
        self.affected = affected
        self.workspaceFiles = workspaceFiles
        self.headNotCheckedOut = headNotCheckedOut
    }

    /// Maps `change` onto `workspace`'s packages.
    ///
    /// Each file belongs to the innermost package (current or removed) whose directory holds
    /// it. The workspace `mfe.yml` and files in no package make every package affected. The
    /// dependents are the reverse closure of `PackageDependencies`, a breadth-first search:
    /// O(packages + dependencies).
    package init(workspace: Workspace, change: WorkspaceChange) {
        var owners: [String: String] = [:]
        for removed in change.removedPackages { owners[removed.directory] = removed.name }
        for package in workspace.packages { owners[package.directory] = package.name }
        var changed: Set<String> = []
        var workspaceFiles: [String] = []
        for file in change.files {
            if file != "mfe.yml", let owner = Self.innermostOwner(of: file, in: owners) {
                changed.insert(owner)
            } else {
                workspaceFiles.append(file)
            }
        }
        var affected = changed
        if !workspaceFiles.isEmpty {
            affected.formUnion(workspace.packages.map(\.name))
        } else {
            let dependencies = PackageDependencies(graph: TargetGraph(workspace: workspace), removedPackages: change.removedPackages)
            affected = dependencies.dependents(of: changed)
        }
        self.init(changed: changed.sorted(), affected: affected.sorted(), workspaceFiles: workspaceFiles.sorted(), headNotCheckedOut: change.headNotCheckedOut)
    }

    /// The package holding `file`: its folders are looked up from the deepest to the
    /// workspace root (`.`, the root package), so nested packages win. O(depth) per file.
    private static func innermostOwner(of file: String, in owners: [String: String]) -> String? {
        var directory = Substring(file)
        while let slash = directory.lastIndex(of: "/") {
            directory = directory[..<slash]
            if let owner = owners[String(directory)] { return owner }
        }
        return owners["."]
    }
}

/// A package that existed at the base revision and no longer exists in the workspace (deleted,
/// or moved elsewhere): a changed package known by its base-revision name.
public struct RemovedPackage: Sendable, Hashable {
    /// `Package(name:)` in the base revision's manifest.
    public var name: String
    /// Its directory at the base revision, relative to the workspace root.
    public var directory: String

    /// Creates a removed package.
    public init(name: String, directory: String) {
        self.name = name
        self.directory = directory
    }
}

/// The files a change touches, relative to the workspace root.
public struct WorkspaceChange: Sendable, Equatable {
    /// Changed, added, deleted and untracked files (both sides of a rename), sorted.
    public var files: [String]
    /// Packages of the base revision that are gone.
    public var removedPackages: [RemovedPackage]

    /// Creates a change.
    public init(files: [String], removedPackages: [RemovedPackage] = []) {
        self.files = files
        self.removedPackages = removedPackages
    }
}

/// The result of `mfe affected`: the packages a change touches and everything that depends on
/// them.
public struct AffectedPackages: Sendable, Equatable {
    /// Packages holding a changed file, sorted by name (removed packages by their base name).
    public var changed: [String]
    /// `changed` plus every package depending on one of them, directly or not, sorted; every
    /// package when a file outside all packages changed.
    public var affected: [String]
    /// The changed files that belong to no package (the workspace `mfe.yml`, root files) and so
    /// affect everything, sorted.
    public var workspaceFiles: [String]

    /// Creates a result.
    public init(changed: [String], affected: [String], workspaceFiles: [String] = []) {
        self.changed = changed
        self.affected = affected
        self.workspaceFiles = workspaceFiles
    }

    /// Maps `change` onto `workspace`'s packages.
    ///
    /// Each file belongs to the innermost package (current or removed) whose directory holds
    /// it. The workspace `mfe.yml` and files in no package make every package affected. The
    /// dependents are the reverse closure of `PackageDependencies`, a breadth-first search:
    /// O(packages + dependencies).
    public init(workspace: Workspace, change: WorkspaceChange) {
        let current = workspace.packages.map { (name: $0.name, directory: $0.directory) }
        let removed = change.removedPackages.map { (name: $0.name, directory: $0.directory) }
        let owners = current + removed
        var changed: Set<String> = []
        var workspaceFiles: [String] = []
        for file in change.files {
            if file == "mfe.yml" {
                workspaceFiles.append(file)
                continue
            }
            let owner = owners
                .filter { $0.directory == "." || file.hasPrefix($0.directory + "/") }
                .max { Self.specificity(of: $0.directory) < Self.specificity(of: $1.directory) }
            if let owner {
                changed.insert(owner.name)
            } else {
                workspaceFiles.append(file)
            }
        }
        var affected = changed
        if !workspaceFiles.isEmpty {
            affected.formUnion(current.map(\.name))
        } else {
            let dependencies = PackageDependencies(graph: TargetGraph(workspace: workspace), removedPackages: change.removedPackages)
            affected = dependencies.dependents(of: changed)
        }
        self.init(changed: changed.sorted(), affected: affected.sorted(), workspaceFiles: workspaceFiles.sorted())
    }

    /// How deep a package directory is: the root package holds every file but is the outermost.
    private static func specificity(of directory: String) -> Int {
        directory == "." ? 0 : directory.utf8.count + 1
    }
}

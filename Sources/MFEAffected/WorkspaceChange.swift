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

/// The revisions `mfe affected` compared.
public struct ComparedRevisions: Sendable, Equatable {
    /// The base revision as given with `--base`, or as chosen by default (`origin/HEAD`'s
    /// branch, `origin/main`, `origin/master`, `main`, `master`).
    package var base: String
    /// Whether `base` was chosen by default (no `--base`).
    package var baseIsDefault: Bool
    /// The merge base of `base` and the head: the commit compared with.
    package var mergeBase: String

    /// Creates compared revisions.
    package init(base: String, baseIsDefault: Bool, mergeBase: String) {
        self.base = base
        self.baseIsDefault = baseIsDefault
        self.mergeBase = mergeBase
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
    /// The revisions compared; nil for a change not read from git.
    package var revisions: ComparedRevisions?

    /// Creates a change.
    package init(files: [String], removedPackages: [RemovedPackage] = [], headNotCheckedOut: String? = nil, revisions: ComparedRevisions? = nil) {
        self.files = files
        self.removedPackages = removedPackages
        self.headNotCheckedOut = headNotCheckedOut
        self.revisions = revisions
    }
}

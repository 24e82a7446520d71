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

/// Where a file or folder lay in an Xcode project at the base revision: what a file deleted
/// from a target (and from the project in the same change) belonged to.
package struct FormerProjectMembership: Sendable, Hashable {
    /// The `.xcodeproj` folder, relative to the workspace root.
    package var project: String
    /// The targets that owned it at the base revision.
    package var targets: [String]

    /// Creates a membership.
    package init(project: String, targets: [String]) {
        self.project = project
        self.targets = targets
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
    /// Per changed `project.pbxproj` of the workspace's projects (its `.xcodeproj` folder,
    /// relative to the workspace root): the targets whose definition changed. A project not
    /// listed (new, or unreadable at one revision) changed as a whole.
    package var projectTargets: [String: Set<String>] = [:]
    /// Files and folders (relative to the workspace root) that targets of a changed project
    /// owned at the base revision.
    package var formerProjectPaths: [String: FormerProjectMembership] = [:]

    /// Creates a change.
    package init(files: [String], removedPackages: [RemovedPackage] = [], headNotCheckedOut: String? = nil, revisions: ComparedRevisions? = nil) {
        self.files = files
        self.removedPackages = removedPackages
        self.headNotCheckedOut = headNotCheckedOut
        self.revisions = revisions
    }
}

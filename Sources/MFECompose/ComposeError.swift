import MFECore

/// What stops `compose-shell` from pinning: the shell's requirements, a repository it cannot
/// read, fetch or lock, a pin or revision git does not have, git running too long, and a
/// `Package.resolved` it cannot read. Exit 2; the messages are contract, byte for byte.
/// Repository URLs are held redacted (`PackageLocation.redacted`), never with credentials.
package enum ComposeError: LocatedError, Equatable {
    // MARK: the shell

    /// The shell folder has no `Package.swift`; `manifest` is the path looked at.
    case noShellManifest(manifest: String)
    /// A Tuist shell without `Tuist/Package.swift`; `manifest` is the path looked at.
    case noTuistPackages(manifest: String)
    /// The shell's manifest is not UTF-8.
    case shellManifestNotUTF8(path: String)
    /// `shell.features:` of `file` lists nothing.
    case noShellFeatures(file: String)
    /// Two requirements share a package identity; located at the second when it is declared.
    case sameIdentity(String, String, identity: String, at: SourceLocation?)

    // MARK: repositories

    /// A local repository path that is no folder.
    case noSuchRepository(path: String)
    /// A local folder that is no git repository; `gitSays` is git's complaint.
    case notARepository(path: String, gitSays: String)
    /// The cache clone could not be created.
    case cannotCreateClone(path: String, gitSays: String)
    /// `git fetch` failed.
    case fetchFailed(repository: String, gitSays: String)
    /// `git for-each-ref` of the tags failed.
    case cannotListTags(repository: String, gitSays: String)
    /// The cache lock file could not be opened; `reason` is `strerror`.
    case cannotLock(path: String, reason: String)

    // MARK: revisions

    /// A `branch:` requirement naming no branch.
    case noBranch(String, repository: String)
    /// A `revision:` requirement naming no commit.
    case noRevision(String, repository: String)
    /// A pinned revision that is no full commit hash.
    case pinNotACommit(String, repository: String, identity: String)
    /// A pinned commit the repository does not have.
    case pinnedCommitMissing(String, repository: String, identity: String)
    /// The repository has no `Package.swift` at `commit`.
    case noManifestAtCommit(repository: String, commit: String)
    /// A manifest read at a revision that is no commit hash; `label` names the manifest.
    case manifestRevisionNotACommit(String, label: String)
    /// A file the commit's root does not hold.
    case noFileInCommit(path: String)
    /// A write to a commit's files.
    case commitIsReadOnly

    // MARK: Package.resolved

    /// The file at `path` is not a `Package.resolved` SwiftPM could read: `problem` says why.
    case invalidResolvedFile(path: String, problem: String)

    package var location: SourceLocation? {
        if case .sameIdentity(_, _, _, let at) = self { return at }
        return nil
    }

    package var message: String {
        switch self {
        case .noShellManifest(let manifest):
            return "'\(manifest)' does not exist; give the shell package's folder, or set 'shell.path' in the workspace mfe.yml"
        case .noTuistPackages(let manifest):
            return "'\(manifest)' does not exist: the Tuist shell declares no external packages to pin; declare them there, as 'tuist install' reads them"
        case .shellManifestNotUTF8(let path):
            return "'\(path)' is not UTF-8 text; save it as UTF-8"
        case .noShellFeatures(let file):
            return "\(file): 'shell.features:' is empty; list the MFEs the app ships, each with 'url:' and a requirement"
        case .sameIdentity(let first, let second, let identity, _):
            return "'\(first)' and '\(second)' have the same package identity '\(identity)'; SwiftPM cannot tell them apart, keep one"
        case .noSuchRepository(let path):
            return "cannot read the repository '\(path)': no such directory; fix the path in the manifest or restore the repository"
        case .notARepository(let path, let gitSays):
            return "cannot read the repository '\(path)': \(gitSays); it must be a git repository"
        case .cannotCreateClone(let path, let gitSays):
            return "cannot create '\(path)': \(gitSays); check that the cache folder is writable"
        case .fetchFailed(let repository, let gitSays):
            return "cannot fetch '\(repository)': \(gitSays); check the URL and your access to it"
        case .cannotListTags(let repository, let gitSays):
            return "cannot list the tags of '\(repository)': \(gitSays)"
        case .cannotLock(let path, let reason):
            return "cannot lock '\(path)': \(reason); check that the cache folder is writable"
        case .noBranch(let branch, let repository):
            return "'\(repository)' has no branch '\(branch)'; fix the branch name in the requirement"
        case .noRevision(let revision, let repository):
            return "'\(repository)' has no commit '\(revision)'; fix the revision in the requirement"
        case .pinNotACommit(let revision, let repository, let identity):
            return
                "'\(PinProblem.display(revision))' is not a commit of '\(repository)' (a commit is 40 lowercase hexadecimal digits); run 'mfe compose-shell --update \(PinProblem.display(identity))' to pin an existing one"
        case .pinnedCommitMissing(let commit, let repository, let identity):
            return "'\(repository)' has no commit '\(commit)'; run 'mfe compose-shell --update \(PinProblem.display(identity))' to pin an existing one"
        case .noManifestAtCommit(let repository, let commit):
            return "'\(repository)' has no Package.swift at \(commit.prefix(10)); every MFE repository needs one at its root"
        case .manifestRevisionNotACommit(let revision, let label):
            return "'\(label)': '\(PinProblem.display(revision))' is no commit hash; mfe reads manifests at full commits only"
        case .noFileInCommit(let path):
            return "no file '\(path)' in the commit"
        case .commitIsReadOnly:
            return "a commit is read-only"
        case .invalidResolvedFile(let path, let problem):
            return "'\(path)' is not a valid Package.resolved: \(problem); fix it or delete it and run 'mfe compose-shell' again"
        }
    }
}

import MFEManifest
import MFEWorkspace

/// One package's repository as the resolver sees it: its tagged versions, its branches and
/// the manifest at any commit. Behind a protocol so the resolver runs on an in-memory fake
/// in unit tests and on real git (`GitPackageSource`) in the tool.
public protocol PackageSource: Sendable {
    /// Where the package lives.
    var location: PackageLocation { get }
    /// Every version tagged in the repository with its tag and commit, as SwiftPM reads tags.
    func versions() async throws -> [Version: (tag: String, revision: String)]
    /// The commit a branch points at; throws an `InputError` when there is no such branch.
    func revision(ofBranch branch: String) async throws -> String
    /// The full commit a (possibly abbreviated) revision names; throws an `InputError` when
    /// the repository has no such commit.
    func resolveRevision(_ revision: String) async throws -> String
    /// The package's manifest at `revision`, read without a checkout.
    func manifest(atRevision revision: String) async throws -> PackageManifest
    /// The package's own `mfe.yml` at `revision`, if it has one.
    func featureConfiguration(atRevision revision: String) async throws -> FeatureConfiguration?
    /// Whether the repository backs a pin of `revision` (for `version`, when a version is
    /// pinned): nil when `revision` is a commit of this repository and, for a version, the
    /// commit the version's tag names; else what is wrong, for the message.
    func verifyPin(revision: String, version: Version?) async throws -> String?
}

/// Hands out a `PackageSource` per location; the same location always gives the same source,
/// so fetches and manifests are shared by every part of a run.
public protocol PackageSourceProvider: Sendable {
    /// The source for `location`.
    func source(for location: PackageLocation) async -> any PackageSource
}

/// Progress of a run's fetches, for the terminal.
public protocol CompositionProgress: Sendable {
    /// A repository is being fetched.
    func fetching(_ location: PackageLocation) async
    /// A repository has been fetched.
    func fetched(_ location: PackageLocation) async
    /// The run is over: clear what was drawn before the summary is printed.
    func finish() async
}

extension CompositionProgress {
    /// Nothing drawn, nothing to clear.
    public func finish() async {}
}

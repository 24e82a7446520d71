import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// Where compose-shell keeps bare clones of remote repositories and the manifests it has read:
/// `$XDG_CACHE_HOME/mfe`, else `~/.cache/mfe` (`ComposeCacheLayout`). Entries are keyed by
/// repository (`RepositoryKey`, a hash of the credential-free location) and commit: a commit
/// never changes, so an entry is never invalidated, and one repository's entry is never read
/// for another. Clones are fetched incrementally.
public struct CompositionCache: Sendable {
    /// The cache root (`…/mfe`).
    package var root: String
    /// Where the cache lives: its entries, and the clones compose-shell locks and renames.
    package var fileSystem: any FileSystem
    /// What a run waiting for another's lock on a clone waits with.
    package var clock: any MFEClock

    /// Creates a cache at `root`.
    package init(root: String, fileSystem: any FileSystem = LocalFileSystem(), clock: any MFEClock = SystemClock()) {
        self.root = root
        self.fileSystem = fileSystem
        self.clock = clock
    }

    /// The user's cache in `environment` (mfe's own): `$XDG_CACHE_HOME/mfe`, else
    /// `~/.cache/mfe`, `~` being `HOME`, else the home folder of `fileSystem`.
    public static func userDefault(environment: [String: String], fileSystem: any FileSystem = LocalFileSystem(), clock: any MFEClock = SystemClock()) -> CompositionCache {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return CompositionCache(root: PathUtilities.join(xdg, "mfe"), fileSystem: fileSystem, clock: clock)
        }
        let home = environment["HOME"] ?? fileSystem.homeDirectory ?? "/"
        return CompositionCache(root: PathUtilities.join(home, ".cache/mfe"), fileSystem: fileSystem, clock: clock)
    }

    /// The folder of bare clones.
    package var repositories: String { PathUtilities.join(root, "repositories") }

    /// The bare clone of `location`, named by its repository key only.
    func clonePath(for location: PackageLocation) -> String {
        ComposeCacheLayout.clone(root: root, repository: location.repositoryKey)
    }

    /// A cached file about `commit` of `repository`, if present.
    func cached(_ kind: ComposeCacheLayout.Kind, repository: RepositoryKey, commit: CommitHash) -> String? {
        let path = ComposeCacheLayout.file(root: root, repository: repository, commit: commit, kind: kind)
        return (try? fileSystem.contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Records a file about `commit` of `repository`; best effort, as the cache is only a speed-up.
    func store(_ text: String, kind: ComposeCacheLayout.Kind, repository: RepositoryKey, commit: CommitHash) {
        let path = ComposeCacheLayout.file(root: root, repository: repository, commit: commit, kind: kind)
        try? fileSystem.createDirectory((path as NSString).deletingLastPathComponent)
        try? fileSystem.writeAtomically(Data(text.utf8), to: path)
    }
}

/// A package in a real git repository: a local repository read in place, or a remote one
/// through a bare clone in the `CompositionCache`, fetched at most once per run and only when
/// something the cache cannot answer is asked.
package actor GitPackageSource: PackageSource {
    package nonisolated let location: PackageLocation
    let git: Git
    let cache: CompositionCache
    let parser: any CommitManifestLoading
    let progress: (any CompositionProgress)?
    private var fetchTask: Task<String, any Error>?
    /// Blobs this run has fetched into, or found in, the partial clone.
    private var presentBlobs: Set<String> = []
    /// The files read at each commit this run (`rootFiles`), by name.
    private var filesRead: [CommitHash: [String: String]] = [:]
    private var versionCache: [Version: (tag: String, revision: String)]?
    private var manifestCache: [CommitHash: PackageManifest] = [:]
    /// What `verifyPin` found for each revision and version asked about (nil: backed).
    private var verifications: [String: String?] = [:]

    /// Creates a source for `location`.
    package init(location: PackageLocation, git: Git, cache: CompositionCache, parser: any CommitManifestLoading, progress: (any CompositionProgress)?) {
        self.location = location
        self.git = git
        self.cache = cache
        self.parser = parser
        self.progress = progress
    }

    /// The git directory to read: the local repository itself, or the fetched bare clone.
    private func repository() async throws -> String {
        if let fetchTask { return try await fetchTask.value }
        let task = Task { [location, git, cache, progress] in
            try await Self.fetch(location, git: git, cache: cache, progress: progress)
        }
        fetchTask = task
        return try await task.value
    }

    /// The git directory if it already exists, without fetching.
    private func existingRepository() -> String? {
        switch location.kind {
        case .localSourceControl:
            return cache.fileSystem.isDirectory(location.location) ? location.location : nil
        default:
            let path = cache.clonePath(for: location)
            return cache.fileSystem.exists(path) ? path : nil
        }
    }

    static func fetch(_ location: PackageLocation, git: Git, cache: CompositionCache, progress: (any CompositionProgress)?) async throws -> String {
        let fileSystem = cache.fileSystem
        if location.kind == .localSourceControl {
            guard fileSystem.isDirectory(location.location) else {
                throw ComposeError.noSuchRepository(path: location.location)
            }
            let check = try await git.run(["rev-parse", "--git-dir"], in: location.location)
            guard check.status == 0 else {
                throw ComposeError.notARepository(path: location.location, gitSays: Git.reason(check))
            }
            return location.location
        }
        try Git.refuseUnsafeTransport(location)
        await progress?.fetching(location)
        defer { Task { await progress?.fetched(location) } }
        let path = cache.clonePath(for: location)
        try fileSystem.createDirectory(cache.repositories)
        // Two runs sharing a cache never fetch into the same clone at once.
        let lock = try await fileSystem.lock(path + ".lock", every: .milliseconds(20), clock: cache.clock) { error in
            ComposeError.cannotLock(path: path + ".lock", reason: error.systemReason)
        }
        defer { lock.release(removingFile: false) }
        if fileSystem.exists(path) {
            // A clone a full fetch filled (an older mfe's, or a server's that does not filter)
            // keeps every object it has; what arrives now comes without blobs where the server
            // filters, and `rootFiles` fetches the few it reads.
            try await fetchWithoutBlobs(location, into: path, git: git)
            return path
        }
        // A fresh clone goes to a temporary folder first and is renamed into place, so an
        // interrupted clone never leaves a half repository in the cache. It is an empty bare
        // repository fetched into, not `git clone`, which would record the URL (and any
        // credentials in it) as its remote.
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let cleanup = InterruptCleanup.shared.register(temporary)
        defer { InterruptCleanup.shared.unregister(cleanup) }
        do {
            let created = try await git.run(["init", "--bare", "--quiet", "--", temporary])
            guard created.status == 0 else {
                throw ComposeError.cannotCreateClone(path: temporary, gitSays: Git.reason(created))
            }
            try await fetchWithoutBlobs(location, into: temporary, git: git)
        } catch {
            try? fileSystem.remove(temporary)
            throw error
        }
        if (try? fileSystem.move(temporary, to: path)) == nil {
            try? fileSystem.remove(temporary)
        }
        return path
    }

    /// Fetches the refs, commits and trees of `location` (`Git.fetchWithoutBlobs`). When the
    /// server does not filter, it sent every object: the clone is made an ordinary one again,
    /// so that reads never look for a promisor remote.
    private static func fetchWithoutBlobs(_ location: PackageLocation, into repository: String, git: Git) async throws {
        let result = try await git.fetchWithoutBlobs(location, into: repository)
        guard result.status == 0 else { throw fetchFailure(location, result) }
        if Git.serverIgnoredFilter(result) {
            let unset = try await git.run(["config", "--remove-section", "remote.\(Git.promisorRemote)"], in: repository)
            guard unset.status == 0 else { throw fetchFailure(location, unset) }
        }
    }

    /// Whether `repository` is a partial clone of this location (its configuration names
    /// `Git.promisorRemote`), whose blobs are fetched on demand.
    private func isPartial(_ repository: String) -> Bool {
        guard location.kind != .localSourceControl else { return false }
        guard let configuration = try? cache.fileSystem.contents(of: PathUtilities.join(repository, "config")) else { return true }
        return String(decoding: configuration, as: UTF8.self).contains("[remote \"\(Git.promisorRemote)\"]")
    }

    /// Fetches those of `blobs` a partial clone lacks, in one git process; nothing for a full
    /// clone or a local repository.
    private func fetchMissing(_ blobs: [String], into repository: String) async throws {
        let wanted = blobs.filter { !presentBlobs.contains($0) }
        guard !wanted.isEmpty, isPartial(repository) else { return }
        // git fetches only the objects it lacks, and starts no transfer when it has them all.
        let result = try await git.objects(wanted, from: location, into: repository)
        guard result.status == 0 else { throw Self.fetchFailure(location, result) }
        presentBlobs.formUnion(wanted)
    }

    /// The git directory holding `commit` with every file of its tree, for SwiftPM's own
    /// reading of the manifest (`git archive` of the commit).
    private func repository(withTreeOf commit: CommitHash) async throws -> String {
        let repository = try await repository(having: commit)
        guard isPartial(repository) else { return repository }
        let listing = try await git.run(["rev-list", "--objects", "--no-walk", "--missing=print", commit.value], in: repository, lazyFetch: false)
        guard listing.status == 0 else { return repository }
        let missing = listing.standardOutput.split(separator: "\n").filter { $0.hasPrefix("?") }.map { String($0.dropFirst()) }
        try await fetchMissing(missing, into: repository)
        return repository
    }

    private static func fetchFailure(_ location: PackageLocation, _ result: ProcessResult) -> ComposeError {
        .fetchFailed(repository: location.redacted, gitSays: Git.reason(result))
    }

    package func versions() async throws -> [Version: (tag: String, revision: String)] {
        if let versionCache { return versionCache }
        let versions = try await tagVersions(in: try await repository())
        versionCache = versions
        return versions
    }

    /// The versions tagged in `repository`, as SwiftPM reads tags, with each tag's commit.
    private func tagVersions(in repository: String) async throws -> [Version: (tag: String, revision: String)] {
        let result = try await git.run(["for-each-ref", "--format=%(refname:strip=2)%00%(objectname)%00%(objecttype)%00%(*objectname)%00%(*objecttype)", "refs/tags"], in: repository)
        guard result.status == 0 else {
            throw ComposeError.cannotListTags(repository: location.redacted, gitSays: Git.reason(result))
        }
        var tags: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let fields = line.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5 else { continue }
            // The commit the tag names (an annotated tag peeled once); a tag of anything but a
            // commit names no version.
            let (object, type) = fields[3].isEmpty ? (fields[1], fields[2]) : (fields[3], fields[4])
            if type == "commit" { tags[fields[0]] = object }
        }
        return TagVersions.versions(fromTags: tags)
    }

    package func revision(ofBranch branch: String) async throws -> String {
        let repository = try await repository()
        let result = try await git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", "refs/heads/\(branch)^{commit}"], in: repository)
        guard result.status == 0 else {
            throw ComposeError.noBranch(branch, repository: location.redacted)
        }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package func resolveRevision(_ revision: String) async throws -> String {
        if let existing = existingRepository(), let full = try await commit(revision, in: existing) { return full }
        let repository = try await repository()
        guard let full = try await commit(revision, in: repository) else {
            throw ComposeError.noRevision(revision, repository: location.redacted)
        }
        return full
    }

    private func commit(_ revision: String, in repository: String) async throws -> String? {
        let result = try await git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"], in: repository)
        return result.status == 0 ? result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// Whether the repository backs the pin. Asks what is already here first (the local
    /// repository, or the clone in the cache, which only ever fetched from this location), and
    /// fetches only when that does not back it.
    package func verifyPin(revision: String, version: Version?) async throws -> String? {
        let key = "\(revision) \(version?.description ?? "")"
        if let known = verifications[key] { return known }
        var problem: String? = PinProblem.malformedRevision
        if CommitHash(revision) != nil {
            if let existing = existingRepository() { problem = try await self.problem(revision: revision, version: version, in: existing) }
            if problem != nil { problem = try await self.problem(revision: revision, version: version, in: try await repository()) }
        }
        verifications[key] = .some(problem)
        return problem
    }

    /// A version pin whose tag names its revision is backed by that alone (the tag names a
    /// commit of this repository): one listing of the tags, no other git process.
    private func problem(revision: String, version: Version?, in repository: String) async throws -> String? {
        var tags: [Version: (tag: String, revision: String)] = [:]
        if let version {
            tags = try await tagVersions(in: repository)
            if tags[version]?.revision == revision { return nil }
        }
        let commitThere = try await commit(revision, in: repository)
        return PinProblem.problem(revision: revision, version: version, commitThere: commitThere, tags: tags, location: location)
    }

    /// The git directory holding `commit`: the local repository or the existing clone when
    /// it has the commit, else the fetched clone.
    private func repository(having commit: CommitHash) async throws -> String {
        if let existing = existingRepository(), try await self.commit(commit.value, in: existing) != nil { return existing }
        return try await repository()
    }

    /// `revision` as a commit hash; anything else is refused before it reaches git or a path.
    private func commitHash(_ revision: String) throws -> CommitHash {
        guard let commit = CommitHash(revision) else {
            throw ComposeError.pinNotACommit(revision, repository: location.redacted, identity: location.identity)
        }
        return commit
    }

    /// The text of `file` at `commit`, nil when the commit has no such file.
    private func file(_ file: String, kind: ComposeCacheLayout.Kind, at commit: CommitHash) async throws -> String? {
        let key = location.repositoryKey
        if let cached = cache.cached(kind, repository: key, commit: commit) { return cached.isEmpty && kind != .manifest ? nil : cached }
        if let files = filesRead[commit] { return try store(files, kind: kind, file: file, commit: commit) }
        var repository = existingRepository()
        if let existing = repository {
            if try await self.commit(commit.value, in: existing) == nil { repository = try await self.repository() }
        } else {
            repository = try await self.repository()
        }
        guard let repository else { return nil }
        guard let files = try await rootFiles(at: commit, in: repository) else {
            throw ComposeError.pinnedCommitMissing("\(commit)", repository: location.redacted, identity: location.identity)
        }
        // The manifests and `mfe.yml` are read, and their blobs fetched, together: whoever
        // asks for one asks for the other at the same commit soon (the resolver, then the
        // workspace's rules).
        filesRead[commit] = files
        return try store(files, kind: kind, file: file, commit: commit)
    }

    /// Caches and returns the file of `kind` (`file`, or the manifest SwiftPM loads) among
    /// `files`, read at `commit`.
    private func store(_ files: [String: String], kind: ComposeCacheLayout.Kind, file: String, commit: CommitHash) throws -> String? {
        let text = kind == .manifest ? files[try Self.manifestFileName(in: files)] : files[file]
        if text != nil || kind != .manifest { cache.store(text ?? "", kind: kind, repository: location.repositoryKey, commit: commit) }
        return text
    }

    /// Whether compose-shell reads the root file `name`: a manifest or `mfe.yml`.
    static func isRead(_ name: String) -> Bool {
        name == "Package.swift" || name == "mfe.yml" || ManifestReader.versionOfSpecificManifest(named: name) != nil
    }

    /// The files compose-shell reads at `commit` (`isRead`), by name; nil when `repository`
    /// lacks the commit. Their blobs, when a partial clone lacks them, come in one fetch.
    private func rootFiles(at commit: CommitHash, in repository: String) async throws -> [String: String]? {
        let listing = try await git.run(["ls-tree", "-z", commit.value], in: repository, lazyFetch: false)
        guard listing.status == 0 else { return nil }
        var blobs: [String: String] = [:]
        for entry in listing.standardOutput.split(separator: "\0") {
            // `<mode> <type> <object>\t<name>`
            guard let tab = entry.firstIndex(of: "\t") else { continue }
            let fields = entry[..<tab].split(separator: " ")
            let name = String(entry[entry.index(after: tab)...])
            if fields.count == 3, fields[1] == "blob", Self.isRead(name) { blobs[name] = String(fields[2]) }
        }
        try await fetchMissing(Set(blobs.values).sorted(), into: repository)
        var files: [String: String] = [:]
        for (name, blob) in blobs.sorted(by: { $0.key < $1.key }) {
            let content = try await git.run(["cat-file", "blob", blob], in: repository, lazyFetch: false)
            if content.status == 0 { files[name] = content.standardOutput }
        }
        return files
    }

    /// The manifest SwiftPM loads among a commit's root `files`: a `Package@swift-X.Y.swift`
    /// variant for this toolchain when the commit has one (chosen by the reader's rules), else
    /// `Package.swift`.
    static func manifestFileName(in files: [String: String]) throws -> String {
        let variants = files.keys.filter { ManifestReader.versionOfSpecificManifest(named: $0) != nil }
        guard files["Package.swift"] != nil, !variants.isEmpty else { return "Package.swift" }
        var snapshot: [String: Data] = [:]
        for name in variants + ["Package.swift"] { snapshot["/package/" + name] = files[name].map { Data($0.utf8) } }
        let chosen = try ManifestReader.manifestPath(inPackageDirectory: "/package", fileSystem: TreeSnapshot(files: snapshot))
        return String(chosen.dropFirst("/package/".count))
    }

    package func manifest(atRevision revision: String) async throws -> PackageManifest {
        let commit = try commitHash(revision)
        if let manifest = manifestCache[commit] { return manifest }
        guard let text = try await file("Package.swift", kind: .manifest, at: commit) else {
            throw ComposeError.noManifestAtCommit(repository: location.redacted, commit: revision)
        }
        let label = "\(location.redacted)@\(revision.prefix(10)):Package.swift"
        let manifest = try await parser.manifest(
            source: text, manifestFile: "Package.swift", location: location, revision: revision, repository: { try await self.repository(withTreeOf: commit) }, label: label)
        manifestCache[commit] = manifest
        return manifest
    }

    package func featureConfiguration(atRevision revision: String) async throws -> FeatureConfiguration? {
        guard let text = try await file("mfe.yml", kind: .featureConfiguration, at: try commitHash(revision)) else { return nil }
        let path = "\(location.redacted)@\(revision.prefix(10)):mfe.yml"
        if case .feature(let feature) = try ConfigurationParser().parse(text, file: path) { return feature }
        return nil
    }
}

/// Hands out one `GitPackageSource` per location for a run.
public actor GitPackageSourceProvider: PackageSourceProvider {
    let git: Git
    let cache: CompositionCache
    let parser: any CommitManifestLoading
    let progress: (any CompositionProgress)?
    private var sources: [PackageLocation: GitPackageSource] = [:]

    /// Creates a provider.
    public init(git: Git, cache: CompositionCache, parser: any CommitManifestLoading, progress: (any CompositionProgress)? = nil) {
        self.git = git
        self.cache = cache
        self.parser = parser
        self.progress = progress
    }

    public func source(for location: PackageLocation) -> any PackageSource {
        if let source = sources[location] { return source }
        let source = GitPackageSource(location: location, git: git, cache: cache, parser: parser, progress: progress)
        sources[location] = source
        return source
    }
}

/// The root files of a commit as a read-only file system, so the manifest reader's
/// version-specific manifest rules apply to manifests read from git.
struct TreeSnapshot: FileSystem {
    let files: [String: Data]

    func contents(of path: String) throws -> Data {
        guard let data = files[path] else { throw ComposeError.noFileInCommit(path: path) }
        return data
    }
    func exists(_ path: String) -> Bool { files[path] != nil || isDirectory(path) }
    func isDirectory(_ path: String) -> Bool { path == "/package" }
    func contentsOfDirectory(_ path: String) throws -> [String] {
        files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) }.sorted()
    }
    func createDirectory(_ path: String) throws { throw ComposeError.commitIsReadOnly }
    func writeAtomically(_ data: Data, to path: String) throws { throw ComposeError.commitIsReadOnly }
    func move(_ source: String, to destination: String) throws { throw ComposeError.commitIsReadOnly }
    func remove(_ path: String) throws { throw ComposeError.commitIsReadOnly }
    func status(of path: String) -> FileStatus? {
        if let data = files[path] { return FileStatus(kind: .file, size: data.count, modificationDate: Date(timeIntervalSince1970: 0)) }
        return isDirectory(path) ? FileStatus(kind: .directory, size: 0, modificationDate: Date(timeIntervalSince1970: 0)) : nil
    }
    func isExecutableFile(_ path: String) -> Bool { false }
    func tryLock(_ path: String) throws -> FileLockAttempt { throw ComposeError.commitIsReadOnly }
}

import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// Runs git the way compose-shell needs it: hooks disabled, no prompts, the user's git
/// configuration respected (so `url.<base>.insteadOf` mirrors keep working).
public struct Git: Sendable {
    let runner: any ProcessRunning

    /// Creates a git runner on `runner`.
    public init(runner: any ProcessRunning = SubprocessRunner()) {
        self.runner = runner
    }

    /// Runs `git arguments…` in `directory`.
    func run(_ arguments: [String], in directory: String? = nil) async throws -> ProcessResult {
        try await runner.run(
            "git", ["-c", "core.hooksPath=/dev/null", "-c", "credential.interactive=never"] + arguments,
            workingDirectory: directory,
            environment: ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "echo", "SSH_ASKPASS": "echo", "GIT_SSH_VARIANT": nil, "GIT_DIR": nil, "GIT_WORK_TREE": nil, "LC_ALL": "C"]
        )
    }

    /// The first line of git's complaint, for messages.
    static func reason(_ result: ProcessResult) -> String {
        let lines: [String] = result.standardError.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.first ?? "git exited with status \(result.status)"
    }
}

/// Where compose-shell keeps bare clones of remote repositories and the manifests it has read:
/// `$XDG_CACHE_HOME/mfe`, else `~/.cache/mfe`. Commits are immutable, so manifests are cached
/// by commit and never invalidated; clones are fetched incrementally.
public struct CompositionCache: Sendable {
    /// The cache root (`…/mfe`).
    package var root: String

    /// Creates a cache at `root`.
    package init(root: String) {
        self.root = root
    }

    /// The user's cache: `$XDG_CACHE_HOME/mfe`, else `~/.cache/mfe`.
    public static func userDefault(environment: [String: String] = ProcessInfo.processInfo.environment) -> CompositionCache {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return CompositionCache(root: PathUtilities.join(xdg, "mfe"))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return CompositionCache(root: PathUtilities.join(home, ".cache/mfe"))
    }

    /// The folder of bare clones.
    package var repositories: String { PathUtilities.join(root, "repositories") }
    /// The folder of manifests by commit.
    var manifests: String { PathUtilities.join(root, "manifests") }

    /// The bare clone of `location`: its identity plus a hash of the URL, so two URLs with the
    /// same last component never share a clone.
    func clonePath(for location: PackageLocation) -> String {
        PathUtilities.join(repositories, "\(location.identity)-\(SHA256Hex.digest(Data(location.location.utf8)).prefix(12)).git")
    }

    /// A cached file about `revision`, if present.
    func cached(_ kind: String, revision: String) -> String? {
        let path = PathUtilities.join(manifests, "\(revision).\(kind)")
        return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Records a file about `revision`; best effort, as the cache is only a speed-up.
    func store(_ text: String, kind: String, revision: String) {
        let fileSystem = LocalFileSystem()
        try? fileSystem.createDirectory(manifests)
        try? fileSystem.writeAtomically(Data(text.utf8), to: PathUtilities.join(manifests, "\(revision).\(kind)"))
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
    private var versionCache: [Version: (tag: String, revision: String)]?
    private var manifestCache: [String: PackageManifest] = [:]

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
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: location.location, isDirectory: &isDirectory) && isDirectory.boolValue ? location.location : nil
        default:
            let path = cache.clonePath(for: location)
            return FileManager.default.fileExists(atPath: path) ? path : nil
        }
    }

    static func fetch(_ location: PackageLocation, git: Git, cache: CompositionCache, progress: (any CompositionProgress)?) async throws -> String {
        if location.kind == .localSourceControl {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: location.location, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw PlainInputError("cannot read the repository '\(location.location)': no such directory; fix the path in the manifest or restore the repository")
            }
            let check = try await git.run(["rev-parse", "--git-dir"], in: location.location)
            guard check.status == 0 else {
                throw PlainInputError("cannot read the repository '\(location.location)': \(Git.reason(check)); it must be a git repository")
            }
            return location.location
        }
        await progress?.fetching(location)
        defer { Task { await progress?.fetched(location) } }
        let path = cache.clonePath(for: location)
        try LocalFileSystem().createDirectory(cache.repositories)
        let lock = try await FileLock.acquire(path + ".lock")
        defer { lock.release() }
        if FileManager.default.fileExists(atPath: path) {
            let result = try await git.run(["fetch", "--quiet", "--force", "--prune", "origin", "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"], in: path)
            guard result.status == 0 else {
                throw PlainInputError("cannot fetch '\(location.location)': \(Git.reason(result)); check the URL and your access to it")
            }
            return path
        }
        // A fresh clone goes to a temporary folder first and is renamed into place, so an
        // interrupted clone never leaves a half repository in the cache.
        let temporary = path + ".tmp-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        let cleanup = InterruptCleanup.shared.register(temporary)
        defer { InterruptCleanup.shared.unregister(cleanup) }
        let result = try await git.run(["clone", "--bare", "--quiet", "--", location.location, temporary])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw PlainInputError("cannot fetch '\(location.location)': \(Git.reason(result)); check the URL and your access to it")
        }
        if InterruptCleanup.shared.whileCreating({ rename(temporary, path) }) != 0 {
            try? FileManager.default.removeItem(atPath: temporary)
        }
        return path
    }

    package func versions() async throws -> [Version: (tag: String, revision: String)] {
        if let versionCache { return versionCache }
        let repository = try await repository()
        let result = try await git.run(["for-each-ref", "--format=%(refname:strip=2)%00%(objectname)%00%(*objectname)", "refs/tags"], in: repository)
        guard result.status == 0 else {
            throw PlainInputError("cannot list the tags of '\(location.location)': \(Git.reason(result))")
        }
        var tags: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let fields = line.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            tags[fields[0]] = fields[2].isEmpty ? fields[1] : fields[2]
        }
        let versions = TagVersions.versions(fromTags: tags)
        versionCache = versions
        return versions
    }

    package func revision(ofBranch branch: String) async throws -> String {
        let repository = try await repository()
        let result = try await git.run(["rev-parse", "--verify", "--quiet", "refs/heads/\(branch)^{commit}"], in: repository)
        guard result.status == 0 else {
            throw PlainInputError("'\(location.location)' has no branch '\(branch)'; fix the branch name in the requirement")
        }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    package func resolveRevision(_ revision: String) async throws -> String {
        if let existing = existingRepository(), let full = try await commit(revision, in: existing) { return full }
        let repository = try await repository()
        guard let full = try await commit(revision, in: repository) else {
            throw PlainInputError("'\(location.location)' has no commit '\(revision)'; fix the revision in the requirement")
        }
        return full
    }

    private func commit(_ revision: String, in repository: String) async throws -> String? {
        let result = try await git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"], in: repository)
        return result.status == 0 ? result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    /// The git directory holding `revision`: the local repository or the existing clone when
    /// it has the commit, else the fetched clone.
    private func repository(having revision: String) async throws -> String {
        if let existing = existingRepository(), try await commit(revision, in: existing) != nil { return existing }
        return try await repository()
    }

    /// The text of `file` at `revision`, nil when the commit has no such file.
    private func file(_ file: String, kind: String, at revision: String) async throws -> String? {
        if let cached = cache.cached(kind, revision: revision) { return cached.isEmpty && kind != "swift" ? nil : cached }
        var repository = existingRepository()
        if let existing = repository {
            if try await commit(revision, in: existing) == nil { repository = try await self.repository() }
        } else {
            repository = try await self.repository()
        }
        var file = file
        if kind == "swift" {
            file = try await manifestFileName(at: revision, in: repository!)
        }
        let result = try await git.run(["cat-file", "-p", "\(revision):\(file)"], in: repository!)
        if result.status != 0 {
            guard try await commit(revision, in: repository!) != nil else {
                throw PlainInputError("'\(location.location)' has no commit '\(revision)'; run 'mfe compose-shell --update \(location.identity)' to pin an existing one")
            }
            if kind != "swift" { cache.store("", kind: kind, revision: revision) }
            return nil
        }
        cache.store(result.standardOutput, kind: kind, revision: revision)
        return result.standardOutput
    }

    /// The manifest SwiftPM loads at `revision`: a `Package@swift-X.Y.swift` variant for this
    /// toolchain when the commit has one (chosen by the reader's rules), else `Package.swift`.
    private func manifestFileName(at revision: String, in repository: String) async throws -> String {
        let listing = try await git.run(["ls-tree", "--name-only", revision], in: repository)
        let names = listing.standardOutput.split(separator: "\n").map(String.init)
        let variants = names.filter { ManifestReader.versionOfSpecificManifest(named: $0) != nil }
        guard listing.status == 0, names.contains("Package.swift"), !variants.isEmpty else { return "Package.swift" }
        var files: [String: Data] = [:]
        for name in variants + ["Package.swift"] {
            let content = try await git.run(["cat-file", "-p", "\(revision):\(name)"], in: repository)
            if content.status == 0 { files["/package/" + name] = Data(content.standardOutput.utf8) }
        }
        let chosen = try ManifestReader(fileSystem: TreeSnapshot(files: files)).manifestPath(inPackageDirectory: "/package")
        return String(chosen.dropFirst("/package/".count))
    }

    package func manifest(atRevision revision: String) async throws -> PackageManifest {
        if let manifest = manifestCache[revision] { return manifest }
        guard let text = try await file("Package.swift", kind: "swift", at: revision) else {
            throw PlainInputError("'\(location.location)' has no Package.swift at \(revision.prefix(10)); every MFE repository needs one at its root")
        }
        let label = "\(location.location)@\(revision.prefix(10)):Package.swift"
        let manifest = try await parser.manifest(source: text, manifestFile: "Package.swift", revision: revision, repository: { try await self.repository(having: revision) }, label: label)
        manifestCache[revision] = manifest
        return manifest
    }

    package func featureConfiguration(atRevision revision: String) async throws -> FeatureConfiguration? {
        guard let text = try await file("mfe.yml", kind: "mfe.yml", at: revision) else { return nil }
        let path = "\(location.location)@\(revision.prefix(10)):mfe.yml"
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
    public init(git: Git = Git(), cache: CompositionCache = .userDefault(), parser: any CommitManifestLoading, progress: (any CompositionProgress)? = nil) {
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

/// An exclusive advisory lock on a file (`flock`), so two runs sharing a cache never fetch
/// into the same clone at once. Waits without blocking a thread.
struct FileLock: Sendable {
    let descriptor: Int32

    static func acquire(_ path: String) async throws -> FileLock {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw PlainInputError("cannot lock '\(path)': \(String(cString: strerror(errno))); check that the cache folder is writable")
        }
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        return FileLock(descriptor: descriptor)
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// The root files of a commit as a read-only file system, so the manifest reader's
/// version-specific manifest rules apply to manifests read from git.
struct TreeSnapshot: FileSystem {
    let files: [String: Data]

    func contents(of path: String) throws -> Data {
        guard let data = files[path] else { throw PlainInputError("no file '\(path)' in the commit") }
        return data
    }
    func exists(_ path: String) -> Bool { files[path] != nil || isDirectory(path) }
    func isDirectory(_ path: String) -> Bool { path == "/package" }
    func contentsOfDirectory(_ path: String) throws -> [String] {
        files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) }.sorted()
    }
    func createDirectory(_ path: String) throws { throw PlainInputError("a commit is read-only") }
    func writeAtomically(_ data: Data, to path: String) throws { throw PlainInputError("a commit is read-only") }
    func move(_ source: String, to destination: String) throws { throw PlainInputError("a commit is read-only") }
    func remove(_ path: String) throws { throw PlainInputError("a commit is read-only") }
}

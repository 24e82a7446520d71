import Foundation
import MFECore
import MFEManifest

/// Reads the manifest of a package at a commit of its git repository, as `--loader` says:
/// the static reader on the manifest text, or `swift package dump-package` in a temporary
/// checkout of the commit, or the static reader with SwiftPM only for the manifests it refuses.
public protocol CommitManifestLoading: Sendable {
    /// The manifest whose text is `source` (the file `manifestFile` at `revision` of the
    /// repository at `location`, whose git directory `repository` gives, asked only when
    /// SwiftPM must read it); `label` names it in messages.
    func manifest(source: String, manifestFile: String, location: PackageLocation, revision: String, repository: @escaping @Sendable () async throws -> String, label: String) async throws
        -> PackageManifest
}

extension ManifestReader: CommitManifestLoading {
    /// Reads the text with the static reader.
    public func manifest(source: String, manifestFile: String, location: PackageLocation, revision: String, repository: @escaping @Sendable () async throws -> String, label: String) async throws
        -> PackageManifest
    {
        try read(source: source, manifestPath: label)
    }
}

/// `CommitManifestLoading` for the three `--loader` choices. SwiftPM's answer is cached by
/// repository and commit in the `CompositionCache`: a commit never changes, so a manifest
/// SwiftPM had to evaluate is evaluated once per machine.
public struct CommitManifestLoader: CommitManifestLoading {
    let kind: ManifestLoaderKind
    let cache: CompositionCache
    let runner: any ProcessRunning
    let git: Git
    /// mfe's environment, which the static reader evaluates manifests in.
    let environment: [String: String]
    let limiter: ProcessLimiter

    /// Creates a loader of `kind`, reading manifests in `environment` (mfe's own).
    public init(kind: ManifestLoaderKind, cache: CompositionCache, runner: any ProcessRunning = SubprocessRunner(), git: Git, environment: [String: String]) {
        self.kind = kind
        self.cache = cache
        self.runner = runner
        self.git = git
        self.environment = environment
        limiter = ProcessLimiter(limit: DumpPackageManifestLoader.defaultConcurrency)
    }

    public func manifest(source: String, manifestFile: String, location: PackageLocation, revision: String, repository: @escaping @Sendable () async throws -> String, label: String) async throws
        -> PackageManifest
    {
        switch kind {
        case .static:
            return try ManifestReader(environment: environment).read(source: source, manifestPath: label)
        case .swiftpm:
            return try await dumpPackage(source: source, location: location, revision: revision, repository: repository, label: label)
        case .auto:
            do {
                return try ManifestReader(environment: environment).read(source: source, manifestPath: label)
            } catch is ManifestRefusal {
                return try await dumpPackage(source: source, location: location, revision: revision, repository: repository, label: label)
            }
        }
    }

    /// SwiftPM's reading of the manifest: `git archive` of the commit into a temporary folder,
    /// `swift package dump-package` there, the folder removed.
    func dumpPackage(source: String, location: PackageLocation, revision: String, repository: @Sendable () async throws -> String, label: String) async throws -> PackageManifest {
        guard let commit = CommitHash(revision) else {
            throw ComposeError.manifestRevisionNotACommit(revision, label: label)
        }
        let key = location.repositoryKey
        // The cached entry is the checkout folder SwiftPM ran in (its local paths are relative
        // to it), a newline, and SwiftPM's JSON.
        if let entry = cache.cached(.dumpPackage, repository: key, commit: commit), let newline = entry.firstIndex(of: "\n"),
            let manifest = try? DumpPackageManifestLoader.manifest(
                fromDumpPackageOutput: Data(entry[entry.index(after: newline)...].utf8), manifestPath: label, packageDirectory: String(entry[..<newline]), source: source)
        {
            return manifest
        }
        // On the real disk whatever the cache's file system: git, tar and SwiftPM run there.
        let fileSystem = LocalFileSystem()
        let base = PathUtilities.join(fileSystem.temporaryDirectory, "mfe-checkout-\(UInt32.random(in: 0...UInt32.max))")
        let cleanup = InterruptCleanup.shared.register(base)
        defer {
            try? fileSystem.remove(base)
            InterruptCleanup.shared.unregister(cleanup)
        }
        let archive = PathUtilities.join(base, "commit.tar")
        let directory = PathUtilities.join(base, "package")
        try fileSystem.createDirectory(directory)
        let repository = try await repository()
        let runner = self.runner
        let git = self.git
        let result = try await limiter.run { () async throws -> ProcessResult in
            // Through the hardened git runner (no hooks, time limit), then a plain `tar`.
            let written = try await git.run(["archive", "--format=tar", "--output=\(archive)", commit.value], in: repository)
            guard written.status == 0 else { return written }
            let extracted = try await runner.run("tar", ["-x", "-f", archive, "-C", directory], workingDirectory: nil, environment: [:])
            guard extracted.status == 0 else { return extracted }
            return try await runner.run("swift", ["package", "--package-path", directory, "dump-package"], workingDirectory: nil, environment: [:])
        }
        guard result.status == 0 else {
            throw ManifestError.dumpPackageFailed(manifest: label, result: result)
        }
        let manifest = try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(result.standardOutput.utf8), manifestPath: label, packageDirectory: directory, source: source)
        cache.store(directory + "\n" + result.standardOutput, kind: .dumpPackage, repository: key, commit: commit)
        return manifest
    }
}

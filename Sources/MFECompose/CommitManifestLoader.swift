import Foundation
import MFECore
import MFEManifest

/// Reads the manifest of a package at a commit of its git repository, as `--loader` says:
/// the static reader on the manifest text, or `swift package dump-package` in a temporary
/// checkout of the commit, or the static reader with SwiftPM only for the manifests it refuses.
public protocol CommitManifestLoading: Sendable {
    /// The manifest whose text is `source` (the file `manifestFile` at `revision` of the git
    /// directory `repository` gives, asked only when SwiftPM must read it); `label` names it
    /// in messages.
    func manifest(source: String, manifestFile: String, revision: String, repository: @escaping @Sendable () async throws -> String, label: String) async throws -> PackageManifest
}

extension ManifestReader: CommitManifestLoading {
    /// Reads the text with the static reader.
    public func manifest(source: String, manifestFile: String, revision: String, repository: @escaping @Sendable () async throws -> String, label: String) async throws -> PackageManifest {
        try read(source: source, manifestPath: label)
    }
}

/// `CommitManifestLoading` for the three `--loader` choices. SwiftPM's answer is cached by
/// commit in the `CompositionCache` (`manifests/<commit>.dump-package.json`): a commit never
/// changes, so a manifest SwiftPM had to evaluate is evaluated once per machine.
public struct CommitManifestLoader: CommitManifestLoading {
    let kind: ManifestLoaderKind
    let cache: CompositionCache
    let runner: any ProcessRunning
    let limiter: ProcessLimiter

    /// Creates a loader of `kind`.
    public init(kind: ManifestLoaderKind, cache: CompositionCache = .userDefault(), runner: any ProcessRunning = SubprocessRunner()) {
        self.kind = kind
        self.cache = cache
        self.runner = runner
        limiter = ProcessLimiter(limit: DumpPackageManifestLoader.defaultConcurrency)
    }

    public func manifest(source: String, manifestFile: String, revision: String, repository: @escaping @Sendable () async throws -> String, label: String) async throws -> PackageManifest {
        switch kind {
        case .static:
            return try ManifestReader().read(source: source, manifestPath: label)
        case .swiftpm:
            return try await dumpPackage(source: source, manifestFile: manifestFile, revision: revision, repository: repository, label: label)
        case .auto:
            do {
                return try ManifestReader().read(source: source, manifestPath: label)
            } catch is ManifestRefusal {
                return try await dumpPackage(source: source, manifestFile: manifestFile, revision: revision, repository: repository, label: label)
            }
        }
    }

    /// SwiftPM's reading of the manifest: `git archive` of the commit into a temporary folder,
    /// `swift package dump-package` there, the folder removed.
    func dumpPackage(source: String, manifestFile: String, revision: String, repository: @Sendable () async throws -> String, label: String) async throws -> PackageManifest {
        let kind = "dump-package.json"
        // The cached entry is the checkout folder SwiftPM ran in (its local paths are relative
        // to it), a newline, and SwiftPM's JSON.
        if let entry = cache.cached(kind, revision: revision), let newline = entry.firstIndex(of: "\n"),
           let manifest = try? DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(entry[entry.index(after: newline)...].utf8), manifestPath: label, packageDirectory: String(entry[..<newline]), source: source) {
            return manifest
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-checkout-\(revision.prefix(12))-\(UInt32.random(in: 0...UInt32.max))").path
        let cleanup = InterruptCleanup.shared.register(directory)
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            InterruptCleanup.shared.unregister(cleanup)
        }
        try LocalFileSystem().createDirectory(directory)
        let repository = try await repository()
        let runner = self.runner
        let result = try await limiter.run { () async throws -> ProcessResult in
            let archive = try await runner.run(
                "sh", ["-c", "git -c core.hooksPath=/dev/null -C \"$1\" archive --format=tar \"$2\" | tar -x -C \"$3\"", "sh", repository, revision, directory],
                workingDirectory: nil, environment: ["GIT_DIR": nil, "GIT_WORK_TREE": nil]
            )
            guard archive.status == 0 else { return archive }
            return try await runner.run("swift", ["package", "--package-path", directory, "dump-package"], workingDirectory: nil, environment: [:])
        }
        guard result.status == 0 else {
            let details = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw PlainInputError("'swift package dump-package' could not load '\(label)':\n\(details.isEmpty ? "exit status \(result.status)" : details)")
        }
        let manifest = try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(result.standardOutput.utf8), manifestPath: label, packageDirectory: directory, source: source)
        cache.store(directory + "\n" + result.standardOutput, kind: kind, revision: revision)
        return manifest
    }
}

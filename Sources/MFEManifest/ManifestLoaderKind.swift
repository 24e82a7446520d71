import Foundation
import MFECore

/// How manifests are read: the value of the `--loader` option and of `loader:` in a
/// workspace `mfe.yml`.
public enum ManifestLoaderKind: String, Sendable, CaseIterable {
    /// The static reader (the default): parses `Package.swift` and never runs it.
    case `static`
    /// `swift package dump-package`: exact for any manifest, slower, and runs manifest code.
    case swiftpm
    /// The static reader, and `swift package dump-package` only for the manifests it refuses.
    case auto

    /// The loader for this choice, reading manifests in `environment` (mfe's own). The
    /// `swift` processes of one loader are bounded (`DumpPackageManifestLoader.defaultConcurrency`
    /// at once), however many packages load in parallel.
    public func makeLoader(fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner(), environment: [String: String]) -> any ManifestLoading {
        switch self {
        case .static: return ManifestReader(fileSystem: fileSystem, environment: environment)
        case .swiftpm: return DumpPackageManifestLoader(processRunner: processRunner, fileSystem: fileSystem)
        case .auto:
            return FallbackManifestLoader(
                primary: ManifestReader(fileSystem: fileSystem, environment: environment),
                fallback: DumpPackageManifestLoader(processRunner: processRunner, fileSystem: fileSystem)
            )
        }
    }

    /// The environment variable that chooses the loader as `--loader` does, for CI that opts
    /// in deliberately (`MFE_LOADER=auto`).
    public static let environmentVariable = "MFE_LOADER"

    /// The loader the person running mfe asked for: the `--loader` flag, else `MFE_LOADER`;
    /// nil when neither is given. Only this choice ever runs manifest code: `loader:` in an
    /// `mfe.yml` comes with the workspace — with an untrusted pull request, too.
    public static func chosen(flag: ManifestLoaderKind?, environment: [String: String]) throws -> ManifestLoaderKind? {
        if let flag { return flag }
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        guard let kind = ManifestLoaderKind(rawValue: value) else {
            throw ManifestError.unknownLoaderVariable(value: value)
        }
        return kind
    }

    /// The loader a command uses: the one `--loader` or `MFE_LOADER` names, else the static
    /// reader, which notes a workspace `loader:` it does not apply.
    public static func loader(
        flag: ManifestLoaderKind?, environment: [String: String], fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner()
    ) throws -> any ManifestLoading {
        try chosen(flag: flag, environment: environment)?.makeLoader(fileSystem: fileSystem, processRunner: processRunner, environment: environment)
            ?? ConfiguredManifestLoader(fileSystem: fileSystem, processRunner: processRunner, environment: environment)
    }

    /// The note for a workspace whose `loader:` asks for a loader that runs manifest code
    /// while the command line did not (nil for `loader: static` or none).
    public static func notAppliedNote(configured kind: ManifestLoaderKind?, at location: String) -> String? {
        guard let kind, kind != .static else { return nil }
        return
            "\(location): 'loader: \(kind.rawValue)' was not applied: it runs manifest code, which mfe does only when asked on the command line; manifests were read statically. Pass '--loader \(kind.rawValue)' (or set \(environmentVariable)=\(kind.rawValue) in CI) where the workspace is trusted"
    }
}

extension ManifestLoading {
    /// A loader chosen by a flag (or by code) ignores the workspace's `loader:`.
    public func respecting(configuredLoader kind: ManifestLoaderKind?) -> any ManifestLoading { self }
}

/// The loader of a command run without `--loader` or `MFE_LOADER`: the static reader, whatever
/// the workspace's `loader:` says (a pull request can change `mfe.yml`, so it must not be able
/// to make mfe run manifest code); it notes a `loader:` it does not apply.
public struct ConfiguredManifestLoader: ManifestLoading {
    let fileSystem: any FileSystem
    let processRunner: any ProcessRunning
    /// mfe's environment, which manifests are read in.
    let environment: [String: String]

    /// Creates the loader; it reads statically (in `environment`) until told the workspace's choice.
    public init(fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner(), environment: [String: String]) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.environment = environment
    }

    /// Reads with the static reader (outside a workspace, or before its `mfe.yml` is read).
    public func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        try await ManifestReader(fileSystem: fileSystem, environment: environment).loadManifest(inPackageDirectory: packageDirectory)
    }

    /// The static reader, whatever `loader:` names.
    public func respecting(configuredLoader kind: ManifestLoaderKind?) -> any ManifestLoading {
        ManifestReader(fileSystem: fileSystem, environment: environment)
    }

    /// mfe's environment.
    public var manifestEnvironment: [String: String] { environment }

    /// The note that `loader:` was not applied, when it names a loader that runs code.
    public func noteOnConfiguredLoader(_ kind: ManifestLoaderKind?, at location: String) -> String? {
        ManifestLoaderKind.notAppliedNote(configured: kind, at: location)
    }
}

/// `--loader auto`: reads with `primary` (the static reader) and hands a manifest to
/// `fallback` (SwiftPM) only when `primary` refuses it. Errors that are not refusals — a
/// syntax error, a manifest SwiftPM would reject as well — are reported as they are.
package struct FallbackManifestLoader: ManifestLoading {
    let primary: any ManifestLoading
    let fallback: any ManifestLoading

    /// Creates a loader trying `primary` first.
    package init(primary: any ManifestLoading, fallback: any ManifestLoading) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The environment of the static reader it tries first.
    package var manifestEnvironment: [String: String] { primary.manifestEnvironment }

    package func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        do {
            return try await primary.loadManifest(inPackageDirectory: packageDirectory)
        } catch is ManifestRefusal {
            return try await fallback.loadManifest(inPackageDirectory: packageDirectory)
        }
    }
}

/// Bounds how many processes run at once: `swift package dump-package` compiles and runs
/// each manifest, and a workspace of 50 packages must not start 50 compilers.
package actor ProcessLimiter {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Creates a limiter letting `limit` (at least 1) processes run at once.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Runs `body` once fewer than `limit` bodies are running.
    package func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if running >= limit {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            running += 1
        }
        defer {
            if waiting.isEmpty {
                running -= 1
            } else {
                waiting.removeFirst().resume()
            }
        }
        return try await body()
    }
}

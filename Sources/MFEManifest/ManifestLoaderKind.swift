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

    /// The loader for this choice. The `swift` processes of one loader are bounded
    /// (`DumpPackageManifestLoader.defaultConcurrency` at once), however many packages load
    /// in parallel.
    public func makeLoader(fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner()) -> any ManifestLoading {
        switch self {
        case .static: return ManifestReader(fileSystem: fileSystem)
        case .swiftpm: return DumpPackageManifestLoader(processRunner: processRunner, fileSystem: fileSystem)
        case .auto:
            return FallbackManifestLoader(
                primary: ManifestReader(fileSystem: fileSystem),
                fallback: DumpPackageManifestLoader(processRunner: processRunner, fileSystem: fileSystem)
            )
        }
    }

    /// The loader a command uses: the one its `--loader` flag names, or, without the flag,
    /// the workspace's `loader:` (static when it has none). A flag beats `mfe.yml`.
    public static func loader(flag: ManifestLoaderKind?, fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner()) -> any ManifestLoading {
        flag?.makeLoader(fileSystem: fileSystem, processRunner: processRunner)
            ?? ConfiguredManifestLoader(fileSystem: fileSystem, processRunner: processRunner)
    }
}

extension ManifestLoading {
    /// A loader chosen by a flag (or by code) ignores the workspace's `loader:`.
    public func respecting(configuredLoader kind: ManifestLoaderKind?) -> any ManifestLoading { self }
}

/// The loader of a command run without `--loader`: the static reader, unless the workspace
/// `mfe.yml` says `loader: swiftpm` or `loader: auto`.
public struct ConfiguredManifestLoader: ManifestLoading {
    let fileSystem: any FileSystem
    let processRunner: any ProcessRunning

    /// Creates the loader; it reads statically until told the workspace's choice.
    public init(fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner()) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
    }

    /// Reads with the static reader (outside a workspace, or before its `mfe.yml` is read).
    public func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        try await ManifestReader(fileSystem: fileSystem).loadManifest(inPackageDirectory: packageDirectory)
    }

    /// The loader `loader:` names; the static reader when it names none.
    public func respecting(configuredLoader kind: ManifestLoaderKind?) -> any ManifestLoading {
        (kind ?? .static).makeLoader(fileSystem: fileSystem, processRunner: processRunner)
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

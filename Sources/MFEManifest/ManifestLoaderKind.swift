import MFECore

/// How manifests are read: the value of the `--loader` option.
public enum ManifestLoaderKind: String, Sendable, CaseIterable {
    /// The static reader (the default): parses `Package.swift` and never runs it.
    case `static`
    /// `swift package dump-package`: exact for any manifest, slower, and runs manifest code.
    case swiftpm

    /// The loader for this choice.
    public func makeLoader(fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner()) -> any ManifestLoading {
        switch self {
        case .static: return ManifestReader(fileSystem: fileSystem)
        case .swiftpm: return DumpPackageManifestLoader(processRunner: processRunner, fileSystem: fileSystem)
        }
    }
}

import MFECore
import MFEManifest

/// `mfe dump-package`: one package's manifest as `swift package dump-package` JSON
/// (`DumpPackageJSON`). Writes nothing.
public struct DumpPackageService: CommandService {
    /// What `mfe dump-package` was asked for.
    public struct Request: Sendable, Equatable {
        /// The package folder, or its `Package.swift`.
        package var path: String
        /// `--loader`.
        package var loader: ManifestLoaderKind?

        /// Creates a request.
        public init(path: String = ".", loader: ManifestLoaderKind? = nil) {
            self.path = path
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// The JSON of the package at `request.path`, read with the chosen loader (static when
    /// none). The static reader here also reads `platforms:`, refusing what it cannot evaluate
    /// there, since the output shows them.
    public func run(_ request: Request) async throws -> CommandOutput {
        let kind = try environment.loaderKind(flag: request.loader) ?? .static
        let fileSystem = environment.fileSystem
        var directory = request.path
        if request.path.hasSuffix(".swift"), fileSystem.exists(request.path), !fileSystem.isDirectory(request.path) {
            directory = PackageIdentity.directory(ofManifest: request.path)
        }
        guard fileSystem.isDirectory(directory) else { throw FrontendError.notAPackageFolder(given: request.path) }
        let reader = ManifestReader(fileSystem: fileSystem, readsEverythingDumpPackageShows: true)
        let swiftPM = { DumpPackageManifestLoader(processRunner: environment.processRunner, fileSystem: fileSystem) }
        let loader: any ManifestLoading
        switch kind {
        case .static: loader = reader
        case .swiftpm: loader = swiftPM()
        case .auto: loader = FallbackManifestLoader(primary: reader, fallback: swiftPM())
        }
        var output = CommandOutput()
        output.print(try DumpPackageJSON.text(of: try await loader.loadManifest(inPackageDirectory: directory)))
        return output
    }
}

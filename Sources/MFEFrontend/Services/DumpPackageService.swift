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
        /// `--show-credentials`: print URLs as the manifest writes them, userinfo, query and
        /// fragment included (redacted otherwise).
        package var showCredentials: Bool

        /// Creates a request.
        public init(path: String = ".", loader: ManifestLoaderKind? = nil, showCredentials: Bool = false) {
            self.path = path
            self.loader = loader
            self.showCredentials = showCredentials
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
        let reader = ManifestReader(fileSystem: fileSystem, environment: environment.variables, readsEverythingDumpPackageShows: true)
        let swiftPM = { DumpPackageManifestLoader(processRunner: environment.processRunner, fileSystem: fileSystem) }
        let loader: any ManifestLoading
        switch kind {
        case .static: loader = reader
        case .swiftpm: loader = swiftPM()
        case .auto: loader = FallbackManifestLoader(primary: reader, fallback: swiftPM())
        }
        var output = CommandOutput()
        // SwiftPM prints a dependency's URL with its credentials; mfe's boundary redacts them.
        output.print(
            DumpPackageJSON.value(of: try await loader.loadManifest(inPackageDirectory: directory), currentDirectory: environment.currentDirectory).formatted(),
            showingCredentials: request.showCredentials)
        return output
    }
}

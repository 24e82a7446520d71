import Foundation
import MFECore
import MFEManifest

/// `mfe dump-package`: a package's manifest as `swift package dump-package` JSON
/// (`DumpPackageJSON`), byte for byte; several packages as JSON lines, one per folder in the
/// order given, for tools that read many manifests in one process. Writes nothing.
public struct DumpPackageService: CommandService {
    /// What `mfe dump-package` was asked for.
    public struct Request: Sendable, Equatable {
        /// The package folders (or their `Package.swift`), in the order they are printed.
        package var paths: [String]
        /// `--loader`.
        package var loader: ManifestLoaderKind?
        /// `--show-credentials`: print URLs as the manifest writes them, userinfo, query and
        /// fragment included (redacted otherwise).
        package var showCredentials: Bool

        /// Creates a request for one package.
        public init(path: String = ".", loader: ManifestLoaderKind? = nil, showCredentials: Bool = false) {
            self.init(paths: [path], loader: loader, showCredentials: showCredentials)
        }

        /// Creates a request for several packages (JSON lines when more than one).
        public init(paths: [String], loader: ManifestLoaderKind? = nil, showCredentials: Bool = false) {
            self.paths = paths.isEmpty ? ["."] : paths
            self.loader = loader
            self.showCredentials = showCredentials
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// The JSON of each package in `request.paths`, read with the chosen loader (static when
    /// none). One package prints SwiftPM's pretty JSON and fails with exit 2 as a whole; several
    /// print one line each, in order, where a package that cannot be read has a line
    /// `{"error":…,"path":…}` (its message also on standard error) and the exit code is 2 at
    /// the end, so one bad folder does not hide the others.
    public func run(_ request: Request) async throws -> CommandOutput {
        let kind = try environment.loaderKind(flag: request.loader) ?? .static
        let fileSystem = environment.fileSystem
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
        let origin = PathOrigin(fileSystem)
        guard request.paths.count > 1 else {
            let manifest = try await loader.loadManifest(inPackageDirectory: try directory(of: request.paths[0]))
            output.print(try DumpPackageJSON.text(of: manifest, origin: origin), showingCredentials: request.showCredentials)
            return output
        }
        for path in request.paths {
            do {
                let manifest = try await loader.loadManifest(inPackageDirectory: try directory(of: path))
                output.print(try DumpPackageJSON.text(of: manifest, origin: origin, compact: true), showingCredentials: request.showCredentials)
            } catch {
                let message = error.localizedDescription
                output.print(try Self.errorLine(message, path: path))
                output.printError(message + "\n")
                output.exitCode = 2
            }
        }
        return output
    }

    /// The package folder of `path`: the folder itself, or the folder of a given manifest file.
    func directory(of path: String) throws -> String {
        let fileSystem = environment.fileSystem
        var directory = path
        if path.hasSuffix(".swift"), fileSystem.exists(path), !fileSystem.isDirectory(path) {
            directory = PackageIdentity.directory(ofManifest: path)
        }
        guard fileSystem.isDirectory(directory) else { throw FrontendError.notAPackageFolder(given: path) }
        return directory
    }

    /// The JSON line standing for a package that could not be read.
    static func errorLine(_ message: String, path: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(["error": message, "path": path]), as: UTF8.self) + "\n"
    }
}

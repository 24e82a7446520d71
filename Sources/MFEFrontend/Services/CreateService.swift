import Foundation
import MFECore
import MFEManifest
import MFEScaffold
import MFEWorkspace

/// `mfe create NAME`: plans a µFeature package and its wiring into the shell
/// (`FeatureScaffolder`). Outside `--dry-run` it plans under the workspace lock and returns
/// with the lock held, so no other create plans from the shell until `CommandOutputWriter`
/// has written this one's edits and released it.
public struct CreateService: CommandService {
    /// What `mfe create` was asked to do.
    public struct Request: Sendable, Equatable {
        /// The µFeature's name.
        package var name: String
        /// `--layer`; nil: product, or foundation with `kind`.
        package var layer: Layer?
        /// `--kind` of a foundation package.
        package var kind: FoundationKind?
        /// `--path`.
        package var path: String?
        /// `--dependency NAME`.
        package var dependencies: [String]
        /// `--web URL`.
        package var webURL: String?
        /// `--[no-]example`.
        package var example: Bool?
        /// `--platform NAME:VERSION`.
        package var platforms: [String]
        /// `--[no-]wire`.
        package var wire: Bool
        /// `--wire-only`.
        package var wireOnly: Bool
        /// `--templates DIR`.
        package var templates: String?
        /// `--loader`, for the workspace's manifests.
        package var loader: ManifestLoaderKind?
        /// `--dry-run`.
        package var dryRun: Bool

        /// Creates a request.
        public init(
            name: String, layer: Layer? = nil, kind: FoundationKind? = nil, path: String? = nil, dependencies: [String] = [], webURL: String? = nil, example: Bool? = nil, platforms: [String] = [],
            wire: Bool = true, wireOnly: Bool = false, templates: String? = nil, loader: ManifestLoaderKind? = nil, dryRun: Bool = false
        ) {
            self.name = name
            self.layer = layer
            self.kind = kind
            self.path = path
            self.dependencies = dependencies
            self.webURL = webURL
            self.example = example
            self.platforms = platforms
            self.wire = wire
            self.wireOnly = wireOnly
            self.templates = templates
            self.loader = loader
            self.dryRun = dryRun
        }
    }

    let environment: ServiceEnvironment
    let waiting: @Sendable (Int32?) -> Void

    /// Creates the service; `waiting` is told (once, with the holder's pid when known) when
    /// another create holds the workspace lock for more than a second.
    public init(environment: ServiceEnvironment = .current, waiting: @escaping @Sendable (Int32?) -> Void = { _ in }) {
        self.environment = environment
        self.waiting = waiting
    }

    public func run(_ request: Request) async throws -> CommandOutput {
        let feature = CreateRequest(
            name: request.name, layer: request.layer ?? (request.kind == nil ? .product : .foundation), path: request.path, dependencies: request.dependencies,
            webURL: request.webURL, example: request.example, wire: request.wire, platforms: request.platforms, kind: request.kind, wireOnly: request.wireOnly
        )
        let scaffolder = FeatureScaffolder(
            catalog: try environment.templateCatalog(request.templates), manifestLoader: try environment.manifestLoader(flag: request.loader), fileSystem: environment.fileSystem,
            clock: environment.clock)
        if request.dryRun {
            return CommandOutput(scaffolding: try await scaffolder.plan(feature), dryRun: true)
        }
        let (plan, lock) = try await scaffolder.planLocked(feature, waiting: waiting)
        var output = CommandOutput(scaffolding: plan, dryRun: false)
        output.lock = lock
        return output
    }
}

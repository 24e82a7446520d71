import Foundation
import MFEAdoption
import MFECore
import MFEManifest
import MFEScaffold

/// `mfe init NAME`: plans a workspace with its mfe.yml and shell app (`WorkspaceScaffolder`);
/// `mfe init --adopt [PATH]`: plans a workspace mfe.yml and a baseline for an existing
/// repository (`AdoptionPlanner`), created only if neither appeared meanwhile.
public struct InitService: CommandService {
    /// What `mfe init` was asked to do.
    public struct Request: Sendable, Equatable {
        /// The workspace name; with `adopt`, the repository folder.
        package var name: String?
        /// `--path`: where to create the workspace; with `adopt`, the repository folder.
        package var path: String?
        /// `--example`.
        package var example: String?
        /// `--platform NAME:VERSION`.
        package var platforms: [String]
        /// `--mfe-repository`.
        package var mfeRepository: String?
        /// `--templates DIR`.
        package var templates: String?
        /// `--adopt`.
        package var adopt: Bool
        /// `--loader` (with `adopt`).
        package var loader: ManifestLoaderKind?
        /// `--dry-run`.
        package var dryRun: Bool

        /// Creates a request.
        public init(
            name: String? = nil, path: String? = nil, example: String? = nil, platforms: [String] = [], templates: String? = nil, adopt: Bool = false, loader: ManifestLoaderKind? = nil,
            dryRun: Bool = false, mfeRepository: String? = nil
        ) {
            self.mfeRepository = mfeRepository
            self.name = name
            self.path = path
            self.example = example
            self.platforms = platforms
            self.templates = templates
            self.adopt = adopt
            self.loader = loader
            self.dryRun = dryRun
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    public func run(_ request: Request) async throws -> CommandOutput {
        if request.adopt {
            let kind = try environment.loaderKind(flag: request.loader)
            let planner = AdoptionPlanner(fileSystem: environment.fileSystem, processRunner: environment.processRunner)
            let plan = try await planner.plan(AdoptionRequest(path: request.name ?? request.path ?? ".", loader: kind, dryRun: request.dryRun))
            var output = CommandOutput(writes: plan.files.map { .create(path: $0.path, data: $0.data, activity: "adopting the repository") })
            output.print(plan.standardOutput)
            return output
        }
        let scaffolder = WorkspaceScaffolder(catalog: try environment.templateCatalog(request.templates), fileSystem: environment.fileSystem)
        let plan = try scaffolder.plan(
            MFEScaffold.InitRequest(name: request.name ?? "", path: request.path, example: request.example, platforms: request.platforms, mfeRepository: request.mfeRepository))
        return CommandOutput(scaffolding: plan, dryRun: request.dryRun)
    }
}

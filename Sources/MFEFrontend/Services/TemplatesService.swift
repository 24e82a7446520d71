import MFEScaffold

/// `mfe templates`: the built-in templates and, with `--templates DIR`, a team's own.
public struct TemplatesService: CommandService {
    /// What `mfe templates` was asked for.
    public struct Request: Sendable, Equatable {
        /// `--templates DIR`.
        package var templates: String?

        /// Creates a request.
        public init(templates: String? = nil) {
            self.templates = templates
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// One block per catalog, the built-in one first.
    public func run(_ request: Request) async throws -> CommandOutput {
        var catalogs = [TemplateCatalog.builtin]
        if request.templates != nil { catalogs.append(try environment.templateCatalog(request.templates)) }
        var output = CommandOutput()
        output.print(TemplateListing.render(catalogs))
        return output
    }
}

import ArgumentParser
import MFEKit

/// `mfe create NAME`: scaffolds a µFeature package (`CreateService`).
struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a µFeature package: Source, Interface, Testing, Tests and Example targets.",
        discussion: """
            Inside a workspace (an mfe.yml with 'workspace:' here or above), the package goes where \
            the workspace keeps its layer, e.g. Features/NAME, and --dependency names workspace \
            packages: a foundation library, or a product feature (wired through its Interface). \
            A product feature is wired into the shell (--no-wire skips it); depending on a foundation \
            package that declares NAMEBaseDependencies makes the feature's Dependencies refine it, \
            and the shell's AppDependencies supply it.

            Foundation packages: --layer foundation, or --kind logging|networking|ui for the tool \
            they hold. Platforms: --platform NAME:VERSION (repeatable), else the workspace mfe.yml's \
            'platforms:', else iOS 17 and macOS 14.

            A create stopped before it wired the feature (or run with --no-wire) is finished with \
            'mfe create NAME --wire-only': it wires the existing package into the shell and creates \
            nothing. Runs at once in one workspace take turns (a lock file, .mfe-create.lock at the \
            workspace root, while each plans and writes).

            Exit status: 0 created (and wired); 1 created, but the shell could not be wired safely \
            (the steps to wire it by hand are printed); 2 unusable input (every problem listed, \
            nothing written).
            """
    )

    @Argument(help: "The µFeature's name, UpperCamelCase (e.g. Search).")
    var name: String

    @Option(help: ArgumentHelp("The layer: product or foundation (default: product; foundation with --kind).", valueName: "layer"))
    var layer: Layer?

    @Option(
        help: ArgumentHelp(
            "A foundation package's kind: logging (a logger, the default), networking (an HTTP client on URLSession, FoundationNetworking on Linux) or ui (design tokens and a SwiftUI card). Implies --layer foundation.",
            valueName: "kind"))
    var kind: FoundationKind?

    @Option(help: ArgumentHelp("Where to create it (default: the current directory, or the workspace's layer folder).", valueName: "dir"))
    var path: String?

    @Option(name: .customLong("dependency"), help: ArgumentHelp("A workspace package to depend on (repeatable).", valueName: "name"))
    var dependencies: [String] = []

    @Option(name: .customLong("web"), help: ArgumentHelp("Create a web feature hosting this URL, with a JSON message bridge.", valueName: "url"))
    var webURL: String?

    @Flag(inversion: .prefixedNo, help: "Generate the NAMEExample app (default: yes for product, no for foundation).")
    var example: Bool?

    @Option(
        name: .customLong("platform"),
        help: ArgumentHelp(
            "A platform and minimum version, NAME:VERSION (repeatable): iOS, macOS, macCatalyst, tvOS, watchOS, visionOS, driverKit; e.g. --platform iOS:17 --platform macOS:14 (default: the workspace's 'platforms:', else iOS 17 and macOS 14). The iOS version is the Xcode project's deployment target.",
            valueName: "name:version"))
    var platforms: [String] = []

    @Flag(inversion: .prefixedNo, help: "Inside a workspace, wire a product feature into the shell: its Package.swift, composition root, router and root view.")
    var wire = true

    @Flag(help: "Wire the existing product feature NAME into the shell and create nothing: finishes a create that stopped before wiring, or one run with --no-wire.")
    var wireOnly = false

    @OptionGroup var templates: TemplateOptions

    @OptionGroup var loader: LoaderOptions

    @Flag(help: "Print the files that would be created and the diff of the shell files that would be edited, and write nothing.")
    var dryRun = false

    func validate() throws {
        guard wireOnly else { return }
        let given = [
            ("--layer", layer != nil), ("--kind", kind != nil), ("--dependency", !dependencies.isEmpty), ("--web", webURL != nil), ("--example", example != nil), ("--platform", !platforms.isEmpty),
            ("--no-wire", !wire), ("--templates", templates.templates != nil),
        ]
        if let (flag, _) = given.first(where: \.1) {
            throw ValidationError("'--wire-only' wires the package NAME as it is; drop '\(flag)'")
        }
    }

    func run() async throws {
        let service = CreateService { holder in
            Terminal.writeError("waiting for another mfe\(holder.map { " (pid \($0))" } ?? "") to finish creating a package in this workspace\n")
        }
        try await perform(
            service,
            CreateService.Request(
                name: name, layer: layer, kind: kind, path: path, dependencies: dependencies, webURL: webURL, example: example, platforms: platforms,
                wire: wire, wireOnly: wireOnly, templates: templates.templates, loader: loader.loader, dryRun: dryRun
            ))
    }
}

extension FoundationKind: ExpressibleByArgument {}

extension Layer: ExpressibleByArgument {
    /// `mfe create` makes product and foundation packages; `mfe init` makes the shell.
    public static var allValueStrings: [String] { [Layer.product.rawValue, Layer.foundation.rawValue] }
}

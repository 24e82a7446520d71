import ArgumentParser
import MFEKit

/// `mfe dump-package`: the static reading of one manifest as `swift package dump-package` JSON
/// (`DumpPackageService`).
struct DumpPackageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-package",
        abstract: "Print a package's manifest as 'swift package dump-package' JSON, without running it.",
        discussion: """
            The static reader's view of one Package.swift in the shape 'swift package dump-package' prints, equal to it on name, toolsVersion, platforms, products, dependencies (identity, location, requirement) and targets (name, type, dependencies with their conditions). Fields mfe does not read (settings, resources, language standards) are left out. It never runs manifest code, so it is safe on untrusted checkouts and fast; a manifest it cannot evaluate is refused with file and line.

            The credentials of a dependency's URL (userinfo, query, fragment) are printed as '***', as everything mfe prints; --show-credentials prints them as written.

            Exit status: 0 success, 2 unusable input (no Package.swift, a manifest the static reader refuses or SwiftPM rejects).

            Examples:
              mfe dump-package
              mfe dump-package Packages/Search | jq '.targets[].name'
              mfe dump-package --loader auto ../SomeDependency
            """
    )

    @Argument(help: "The package folder (or its Package.swift).")
    var path: String = "."

    @OptionGroup var loader: LoaderOptions

    @Flag(help: "Print the URLs of dependencies with their credentials (userinfo, query, fragment), which mfe otherwise replaces by '***'.")
    var showCredentials = false

    func run() async throws {
        try await perform(DumpPackageService(), DumpPackageService.Request(path: path, loader: loader.loader, showCredentials: showCredentials))
    }
}

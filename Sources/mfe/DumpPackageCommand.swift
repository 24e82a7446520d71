import ArgumentParser
import MFEKit

/// `mfe dump-package`: the static reading of manifests as `swift package dump-package` JSON
/// (`DumpPackageService`).
struct DumpPackageCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-package",
        abstract: "Print a package's manifest as 'swift package dump-package' JSON, without running it.",
        discussion: """
            The static reader's view of Package.swift, byte for byte what 'swift package dump-package' prints: every field, SwiftPM's defaults and empties, in its key order and spacing (only the order of traits, which SwiftPM keeps in a set and prints in a new order on each run, is sorted). It never runs manifest code, so it is safe on untrusted checkouts and fast; a manifest it cannot evaluate is refused with file and line, and one SwiftPM would reject is reported as invalid.

            Several folders print JSON lines: one compact line per folder, in the order given; a folder that cannot be read has the line {"error": "...", "path": "..."} (and its message on standard error), and the exit status is then 2.

            The credentials of a dependency's URL (userinfo, query, fragment) are printed as '***', as everything mfe prints; --show-credentials prints them as written.

            Exit status: 0 success, 2 unusable input (no Package.swift, a manifest the static reader refuses or SwiftPM rejects).

            Examples:
              mfe dump-package
              mfe dump-package Packages/Search | jq '.targets[].name'
              mfe dump-package --loader auto ../SomeDependency
              mfe dump-package Packages/* | jq -c '[.name, (.targets | length)]'
            """
    )

    @Argument(help: "The package folders (or their Package.swift); several print one JSON line each.")
    var paths: [String] = ["."]

    @OptionGroup var loader: LoaderOptions

    @Flag(help: "Print the URLs of dependencies with their credentials (userinfo, query, fragment), which mfe otherwise replaces by '***'.")
    var showCredentials = false

    func run() async throws {
        try await perform(DumpPackageService(), DumpPackageService.Request(paths: paths, loader: loader.loader, showCredentials: showCredentials))
    }
}

import Foundation
import PackagePlugin

/// Runs the `mfe` the package depends on with a subcommand, the package's folder as the
/// workspace, and the arguments given after the verb; shared by the three command plugins
/// (each folder holds a link to this file, as plugins cannot share a library).
struct MFEPluginRunner {
    /// The plugin's context: where the package is and how to reach the `mfe` tool.
    var context: PluginContext

    /// Runs `mfe subcommand workspace… arguments…`, passing its output through, and fails the
    /// plugin with mfe's exit code when it is not 0 (1: findings or a stale file; 2: bad input).
    func run(_ subcommand: String, workspace: [String], arguments: [String]) throws {
        let process = Process()
        process.executableURL = try context.tool(named: "mfe").url
        process.arguments = [subcommand] + workspace + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw MFEPluginFailure(subcommand: subcommand, status: process.terminationStatus)
        }
    }

    /// The package's folder, as mfe's path argument.
    var packageDirectory: String { context.package.directoryURL.path(percentEncoded: false) }
}

/// mfe ended with a non-zero status (its own messages are printed already), which the
/// plugin's failure carries to `swift package`.
struct MFEPluginFailure: Error, CustomStringConvertible {
    /// The mfe subcommand that ran.
    var subcommand: String
    /// mfe's exit status: 1 findings or a stale file, 2 unusable input.
    var status: Int32
    /// Why the plugin failed.
    var description: String { "mfe \(subcommand) exited with status \(status)" }
}

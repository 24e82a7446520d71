import Foundation
import PackagePlugin

/// Runs the `mfe` the package depends on with a subcommand, the package's folder as the
/// workspace, and the arguments given after the verb; shared by the three command plugins
/// (each folder holds a link to this file, as plugins cannot share a library).
///
/// Which `mfe`: in the release's mfe-plugins package the plugins declare the binary as their
/// tool, and that is the one. mfe's own package declares no tool (SwiftPM would build mfe a
/// second time, for the host, in every build of mfe), so there the plugin asks SwiftPM to build
/// the `mfe` product, in debug, the first time and whenever mfe changed.
struct MFEPluginRunner {
    /// The plugin's context: where the package is and how to reach the `mfe` tool.
    var context: PluginContext
    /// SwiftPM, asked to build the `mfe` product when no tool is declared.
    var packageManager: PackageManager

    /// Runs `mfe subcommand workspace… arguments…`, passing its output through, and fails the
    /// plugin with mfe's exit code when it is not 0 (1: findings or a stale file; 2: bad input).
    func run(_ subcommand: String, workspace: [String], arguments: [String]) throws {
        let process = Process()
        process.executableURL = try mfe()
        process.arguments = [subcommand] + workspace + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw MFEPluginFailure(subcommand: subcommand, status: process.terminationStatus)
        }
    }

    /// The declared `mfe` tool, else the `mfe` product built now by SwiftPM.
    func mfe() throws -> URL {
        if let tool = try? context.tool(named: "mfe") { return tool.url }
        Diagnostics.remark("Building mfe (from source, the first time in this build folder: a few minutes)…")
        let result = try packageManager.build(.product("mfe"), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable && $0.url.lastPathComponent == "mfe" }) else {
            try? FileHandle.standardError.write(contentsOf: Data(result.logText.utf8))
            throw MFEPluginBuildFailure()
        }
        return built.url
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

/// SwiftPM could not build the `mfe` product (its log is printed already).
struct MFEPluginBuildFailure: Error, CustomStringConvertible {
    var description: String { "could not build the mfe product; run 'swift build --product mfe' to see why" }
}

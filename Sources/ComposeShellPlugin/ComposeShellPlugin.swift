import PackagePlugin

/// `swift package compose-shell [--check] [mfe compose-shell options]`: pins (or, with
/// `--check`, checks) the MFE revisions of the shell in the package's folder. It writes
/// Package.resolved, so it asks for write permission (and network access, for fetching).
@main
struct ComposeShellPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let runner = MFEPluginRunner(context: context, packageManager: packageManager)
        try runner.run("compose-shell", workspace: ["--path", runner.packageDirectory], arguments: arguments)
    }
}

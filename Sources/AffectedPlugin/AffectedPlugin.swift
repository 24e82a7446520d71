import PackagePlugin

/// `swift package affected [--base REV] [mfe affected options]`: lists what a git change in
/// the package's folder affects. It reads only, so it asks for no permission.
@main
struct AffectedPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let runner = MFEPluginRunner(context: context, packageManager: packageManager)
        try runner.run("affected", workspace: [runner.packageDirectory], arguments: arguments)
    }
}

import PackagePlugin

/// `swift package lint-graph [mfe lint-graph options]`: checks the graph of the package's
/// folder. It reads only, so it asks for no permission; `--write-baseline` and
/// `--prune-baseline` write, so they are refused here and run with the `mfe` binary.
@main
struct LintGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let writing = arguments.filter { $0 == "--prune-baseline" || $0.hasPrefix("--write-baseline") }
        guard writing.isEmpty else {
            Diagnostics.error("'\(writing[0])' writes the baseline, and this plugin has no write permission; run 'mfe lint-graph \(writing[0]) …' instead")
            throw MFEPluginFailure(status: 2)
        }
        let runner = MFEPluginRunner(context: context)
        try runner.run("lint-graph", workspace: [runner.packageDirectory], arguments: arguments)
    }
}

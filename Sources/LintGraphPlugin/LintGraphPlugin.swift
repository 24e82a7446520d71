import PackagePlugin

/// `swift package lint-graph [mfe lint-graph options]`: checks the graph of the package's
/// folder. It reads only, so it asks for no permission; `--write-baseline` and
/// `--prune-baseline` write, so they are refused here and run with the `mfe` binary.
@main
struct LintGraphPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let writing = arguments.filter { $0 == "--prune-baseline" || $0.hasPrefix("--write-baseline") }
        guard writing.isEmpty else {
            throw LintGraphPluginRefusal(option: writing[0])
        }
        let runner = MFEPluginRunner(context: context, packageManager: packageManager)
        try runner.run("lint-graph", workspace: [runner.packageDirectory], arguments: arguments)
    }
}

/// An option that writes, refused by the read-only plugin before mfe runs.
struct LintGraphPluginRefusal: Error, CustomStringConvertible {
    /// The option, as given.
    var option: String
    /// What to do instead.
    var description: String {
        "'\(option)' writes the baseline, and this plugin has no write permission; run 'mfe lint-graph \(option) …' instead"
    }
}

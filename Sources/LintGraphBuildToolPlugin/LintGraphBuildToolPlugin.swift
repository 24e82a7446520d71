import PackagePlugin

/// Runs `mfe lint-graph` on the package's folder while `swift build` or Xcode builds the target
/// it is applied to: findings appear as diagnostics (in Xcode's issue navigator), and error
/// findings fail the build.
@main
struct LintGraphBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        try LintGraphBuildCommand(context: context, imports: false).commands(for: target)
    }
}

import PackagePlugin

/// `LintGraphBuildToolPlugin` with the `--imports` rules: the package's Swift sources are inputs
/// too, so an added `import` reruns the check.
@main
struct LintGraphImportsBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        try LintGraphBuildCommand(context: context, imports: true).commands(for: target)
    }
}

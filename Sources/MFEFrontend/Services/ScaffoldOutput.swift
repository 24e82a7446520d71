import MFECore
import MFEScaffold

extension CommandOutput {
    /// The output of a scaffold plan (`mfe init`, `mfe create`): with `dryRun`, the files it
    /// would create and the diff of the files it would edit, and no write; else the plan as the
    /// one write, and what was created and what to run next, printed once it is written. Exit
    /// 1 when the package is written but wiring it into the shell was refused.
    package init(scaffolding plan: ScaffoldPlan, dryRun: Bool) {
        self.init()
        if dryRun {
            let created =
                plan.createsDestination
                ? "Would create \(plan.files.count) files (dry run, nothing written):\n" + plan.tree(root: plan.destination) : "Would edit \(plan.edits.count) files (dry run, nothing written):\n"
            self.print(created + plan.edits.map { "Would edit \($0.path): \($0.summary)\n" }.joined() + plan.editsDiff + (plan.notice.map { "\n" + $0 + "\n" } ?? ""))
            return
        }
        writes = [.scaffold(plan)]
        self.print(plan.editsDiff + plan.summary)
        exitCode = plan.wiringRefused ? 1 : 0
    }
}

extension ServiceEnvironment {
    /// `--templates DIR`: the team's templates in `directory` when given, else the built-in
    /// ones.
    package func templateCatalog(_ directory: String?) throws -> TemplateCatalog {
        guard let directory else { return .builtin }
        return try TemplateCatalog.load(from: directory, fileSystem: fileSystem)
    }
}

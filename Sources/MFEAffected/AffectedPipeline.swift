import MFECore
import MFEManifest
import MFEWorkspace

/// `mfe affected` as a pipeline: load the workspace, ask git what changed, map the change onto
/// packages and their dependents, render. Writes nothing.
public struct AffectedPipeline: Sendable {
    let manifestLoader: any ManifestLoading
    let runner: any ProcessRunning
    let fileSystem: any FileSystem

    /// Creates a pipeline reading manifests with `manifestLoader` and running git with `runner`.
    public init(manifestLoader: any ManifestLoading, runner: any ProcessRunning = SubprocessRunner(), fileSystem: any FileSystem = LocalFileSystem()) {
        self.manifestLoader = manifestLoader
        self.runner = runner
        self.fileSystem = fileSystem
    }

    /// The packages affected between the merge base of `base` (the remote default branch when
    /// nil) and `head` (HEAD plus the work tree when nil) and `head`. Throws an `InputError` for an unusable workspace, a folder
    /// outside git, or an unknown revision.
    public func run(path: String, base: String?, head: String?) async throws -> AffectedPackages {
        let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).loadPackages(at: path)
        let change = try await WorkspaceChangeReader(runner: runner).change(in: workspace, base: base, head: head)
        var result = AffectedPackages(workspace: workspace, change: change)
        result.loadingNotes = workspace.notes
        return result
    }
}

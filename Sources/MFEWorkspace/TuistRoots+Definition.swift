import MFECore
import MFEManifest

extension WorkspaceLoader {
    /// The Tuist project at `manifest` (a `Project.swift`, absolute) as the reader defines it,
    /// before it becomes a package of the graph: what `mfe-bench tuist-corpus` with `MFE_TUIST_TRUTH`
    /// compares with the project Tuist itself makes of the same file.
    package static func readTuistDefinition(at manifest: String, workspaceRoot: String, fileSystem: any FileSystem, environment: [String: String]) throws -> TuistProjectDefinition {
        let root = TuistRoots(fileSystem: fileSystem, environment: environment, workspaceRoot: workspaceRoot).root(of: manifest)
        let reader = TuistManifestReader(fileSystem: fileSystem, environment: environment)
        return try reader.readProject(at: manifest, root: root, helpers: reader.helpers(root: root))
    }
}

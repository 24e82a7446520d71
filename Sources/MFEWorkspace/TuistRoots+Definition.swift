import MFECore
import MFEManifest
import MFEXcode

/// Reads the Tuist projects of one workspace one after another, each root's configuration,
/// helpers and external dependencies parsed once for all of them: what `mfe-bench tuist-corpus`
/// reads a repository with, as `lint-graph` reads a workspace.
package struct TuistProjectReader {
    private var roots: TuistRoots

    /// A reader of the projects of the workspace at `workspaceRoot` (absolute).
    package init(workspaceRoot: String, fileSystem: any FileSystem, environment: [String: String]) {
        roots = TuistRoots(fileSystem: fileSystem, environment: environment, workspaceRoot: workspaceRoot)
    }

    /// The project at `manifest` (a `Project.swift`, absolute) and its package of the graph.
    package mutating func project(at manifest: String) throws -> (XcodeProject, PackageManifest) {
        try roots.read(manifest)
    }

    /// The project at `manifest` as the reader defines it, before it becomes a package of the
    /// graph (what `MFE_TUIST_TRUTH` compares with the project Tuist itself makes of the file),
    /// after checking that the graph can take it: a refusal of either is thrown.
    package mutating func definition(at manifest: String) throws -> TuistProjectDefinition {
        try roots.readDefinition(manifest).definition
    }
}

extension WorkspaceLoader {
    /// The Tuist project at `manifest` (a `Project.swift`, absolute) as the reader defines it,
    /// before it becomes a package of the graph.
    package static func readTuistDefinition(at manifest: String, workspaceRoot: String, fileSystem: any FileSystem, environment: [String: String]) throws -> TuistProjectDefinition {
        var reader = TuistProjectReader(workspaceRoot: workspaceRoot, fileSystem: fileSystem, environment: environment)
        return try reader.definition(at: manifest)
    }
}

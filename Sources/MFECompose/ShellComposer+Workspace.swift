import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

extension ShellComposer {
    /// The composed graph as a `Workspace` (`WorkspaceLoader.assemble`, as lint-graph's): the
    /// shell and its `.package(path:)` packages from disk, every pinned MFE at its pinned
    /// revision with the `mfe.yml` it has there, layered by the workspace's `layers:` under the
    /// workspace root. Layer problems stop the run as in lint-graph. The shell is the shell
    /// unless the workspace says otherwise (`shell.path` names another, or `layers:` names
    /// it). A pinned package that is no MFE (no mfe.yml at its revision, no layer from
    /// `layers:`) is external: no layer rule applies to it, so it is left out, as lint-graph
    /// leaves out what is not in the workspace.
    package func composedWorkspace(_ composition: Composition, shell: LocatedShell) async throws -> Workspace {
        // Fanned out by OrderedConcurrency, which binds each awaited value before it builds a
        // result (its comment says why).
        let pinned = composition.packages
        let provider = provider
        let features = try await OrderedConcurrency.map(count: pinned.count) { index in
            let source = await provider.source(for: pinned[index].location)
            let feature = try await source.featureConfiguration(atRevision: pinned[index].state.revision)
            return feature
        }
        let shellFolder = composition.rootManifest == nil ? nil : shell.shellFolder
        // A shell package outside any workspace is named by its folder, as before a workspace.
        let root = shell.workspace?.directory ?? shellFolder.map { ($0 as NSString).deletingLastPathComponent } ?? "/"
        var onDisk: [(directory: String, manifest: PackageManifest)] = []
        if let shellFolder, let manifest = composition.rootManifest {
            onDisk.append((PathUtilities.relative(shellFolder, to: root), manifest))
        }
        for local in composition.localPackages {
            onDisk.append((PathUtilities.relative(local.directory, to: root), local.manifest))
        }
        let pinnedPackages = zip(pinned, features).map { PinnedPackage(directory: $0.location.redacted, manifest: $0.manifest, feature: $1) }
        var workspace = try WorkspaceLoader(manifestLoader: ManifestReader(fileSystem: fileSystem), fileSystem: fileSystem).assemble(
            root: root, configuration: shell.workspace?.configuration, packages: onDisk, pinned: pinnedPackages,
            composedShell: shellFolder.map { PathUtilities.relative($0, to: root) }, checkNames: false
        )
        let pinnedDirectories = Set(pinnedPackages.map(\.directory))
        workspace.packages.removeAll { pinnedDirectories.contains($0.directory) && $0.layer == nil && $0.featureConfiguration == nil && $0.featureLayers.isEmpty }
        workspace.packages.sort { $0.directory < $1.directory }
        return workspace
    }
}

import MFECore
import MFEWorkspace

/// The result of `mfe affected`: the packages, features and targets a change touches and
/// everything that depends on them.
public struct AffectedPackages: Sendable, Equatable {
    /// Packages holding a changed file, sorted by name (removed packages by their base name).
    package var changed: [String]
    /// The packages with an affected target, or wholly affected, sorted; every package when a
    /// file outside all packages changed.
    package var affected: [String]
    /// The features (DESIGN's Vocabulary: a package's, or a stem in a monorepo package) with an
    /// affected target, sorted, without repeats.
    package var features: [String]
    /// The affected targets' names (test targets included), sorted, without repeats.
    package var targets: [String]
    /// Per affected package that still exists: what CI has to build and test in it.
    package var packages: [AffectedPackage]
    /// The changed files that belong to no package (the workspace `mfe.yml`, root files) and so
    /// affect everything, sorted.
    package var workspaceFiles: [String]
    /// Changed files in a package's folder but in none of its targets' folders (so the whole
    /// package is affected), sorted; left out when the package's manifest changed too (a target
    /// removed with its folder), since the manifest says it already.
    package var packageFiles: [String]
    /// Changed files matching `ignore:`, sorted.
    package var ignoredFiles: [String]
    /// Changed files in the shell's folder (when it holds no package), sorted.
    package var shellFiles: [String]
    /// Whether the shell app is affected: a file in its folder changed, the shell package or
    /// an affected target is in a shell feature, or (for a shell folder holding no package, an app that links the
    /// workspace) a target other than a test target is affected.
    package var shellAffected: Bool
    /// The revisions compared.
    package var revisions: ComparedRevisions?
    /// `--head` when it is not checked out (see `WorkspaceChange.headNotCheckedOut`).
    package var headNotCheckedOut: String?
    /// What loading the workspace did not apply (a `loader:` that runs code), as notes.
    package var loadingNotes: [String] = []

    /// Creates a result.
    package init(
        changed: [String], affected: [String], features: [String] = [], targets: [String] = [], packages: [AffectedPackage] = [], workspaceFiles: [String] = [], packageFiles: [String] = [],
        ignoredFiles: [String] = [], shellFiles: [String] = [], shellAffected: Bool = false, revisions: ComparedRevisions? = nil, headNotCheckedOut: String? = nil
    ) {
        self.changed = changed
        self.affected = affected
        self.features = features
        self.targets = targets
        self.packages = packages
        self.workspaceFiles = workspaceFiles
        self.packageFiles = packageFiles
        self.ignoredFiles = ignoredFiles
        self.shellFiles = shellFiles
        self.shellAffected = shellAffected
        self.revisions = revisions
        self.headNotCheckedOut = headNotCheckedOut
    }

    /// Maps `change` onto `workspace`'s targets (`ChangeOwners`) and closes over dependents.
    ///
    /// A file in a target's folder changes that target; a package's manifest, or a file of the
    /// package outside its targets, changes every target of it, and then also every package
    /// that declares a dependency on it (its resolution may change), transitively. A removed
    /// package changes every package still naming it. The affected targets are the changed
    /// ones and every target depending on them, directly or not: a breadth-first search of the
    /// reversed target graph, O(targets + dependencies), no recursion.
    package init(workspace: Workspace, change: WorkspaceChange) {
        let graph = TargetGraph(workspace: workspace)
        let owners = ChangeOwners(graph: graph, configuration: workspace.configuration, removedPackages: change.removedPackages)
        var changedPackages: Set<Int> = []
        var removedNames: Set<String> = []
        var wholePackages: Set<Int> = []
        var changedNodes: Set<Int> = []
        var workspaceFiles: [String] = []
        var ignoredFiles: [String] = []
        var shellFiles: [String] = []
        var packageFiles: [(file: String, package: Int)] = []
        var manifestPackages: Set<Int> = []
        for file in change.files {
            switch owners.owner(of: file) {
            case .ignored: ignoredFiles.append(file)
            case .workspace: workspaceFiles.append(file)
            case .shell: shellFiles.append(file)
            case .removedPackage(let name): removedNames.insert(name)
            case .manifest(let package):
                changedPackages.insert(package)
                wholePackages.insert(package)
                manifestPackages.insert(package)
            case .packageFile(let package):
                changedPackages.insert(package)
                wholePackages.insert(package)
                packageFiles.append((file, package))
            case .targets(let nodes):
                changedPackages.insert(graph.nodes[nodes[0]].package)
                changedNodes.formUnion(nodes)
            }
        }

        if !workspaceFiles.isEmpty {
            wholePackages = Set(graph.packages.indices)
        } else {
            wholePackages = Self.declaredDependents(of: wholePackages, graph: graph)
            if !removedNames.isEmpty {
                let dependencies = PackageDependencies(graph: graph, removedPackages: change.removedPackages)
                let reached = dependencies.dependents(of: removedNames)
                let reachedIndices = graph.packages.indices.filter { reached.contains(graph.packages[$0].name) }
                wholePackages = Self.declaredDependents(of: wholePackages.union(reachedIndices), graph: graph)
            }
        }
        for (node, target) in graph.nodes.enumerated() where wholePackages.contains(target.package) { changedNodes.insert(node) }
        let affectedNodes = Self.dependents(of: changedNodes, graph: graph)

        var affectedPackageIndices = wholePackages
        for node in affectedNodes { affectedPackageIndices.insert(graph.nodes[node].package) }
        let changedNames = Set(changedPackages.map { graph.packages[$0].name }).union(removedNames)
        let affectedNames = Set(affectedPackageIndices.map { graph.packages[$0].name }).union(removedNames)
        var perPackage: [Int: [Int]] = [:]
        for node in affectedNodes { perPackage[graph.nodes[node].package, default: []].append(node) }
        let packages = affectedPackageIndices.sorted { (graph.packages[$0].name, graph.packages[$0].directory) < (graph.packages[$1].name, graph.packages[$1].directory) }.map { index in
            let nodes = (perPackage[index] ?? []).sorted()
            return AffectedPackage(
                name: graph.packages[index].name, path: graph.packages[index].directory,
                targets: nodes.map { graph.nodes[$0].name }, testTargets: nodes.filter { graph.nodes[$0].kind == .test }.map { graph.nodes[$0].name }
            )
        }
        let shellAffected =
            !shellFiles.isEmpty || affectedPackageIndices.contains { graph.packages[$0].layer == .shell }
            || affectedNodes.contains { node in
                graph.layer(of: node) == .shell || (owners.shellFolder != nil && graph.nodes[node].kind != .test)
            } || (owners.shellFolder != nil && !workspaceFiles.isEmpty)

        self.init(
            changed: changedNames.sorted(), affected: affectedNames.sorted(),
            features: Set(affectedNodes.map { graph.feature(of: $0).name }).sorted(),
            targets: Set(affectedNodes.map { graph.nodes[$0].name }).sorted(),
            packages: packages,
            workspaceFiles: workspaceFiles.sorted(), packageFiles: packageFiles.filter { !manifestPackages.contains($0.package) }.map(\.file).sorted(), ignoredFiles: ignoredFiles.sorted(),
            shellFiles: shellFiles.sorted(),
            shellAffected: shellAffected, revisions: change.revisions, headNotCheckedOut: change.headNotCheckedOut
        )
    }

    /// `packages` plus every package declaring a dependency on one of them (`.package(path:)`,
    /// `.package(url:)`), transitively.
    static func declaredDependents(of packages: Set<Int>, graph: TargetGraph) -> Set<Int> {
        var reversed = [[Int]](repeating: [], count: graph.packages.count)
        for edge in graph.packageEdges { reversed[edge.to].append(edge.from) }
        return closure(of: packages, reversed: reversed)
    }

    /// `nodes` plus every target depending on one of them, directly or not.
    static func dependents(of nodes: Set<Int>, graph: TargetGraph) -> Set<Int> {
        var reversed = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges { reversed[edge.to].append(edge.from) }
        return closure(of: nodes, reversed: reversed)
    }

    private static func closure(of start: Set<Int>, reversed: [[Int]]) -> Set<Int> {
        var reached = start
        var queue = start.sorted()
        var index = 0
        while index < queue.count {
            let item = queue[index]
            index += 1
            for dependent in reversed[item] where reached.insert(dependent).inserted {
                queue.append(dependent)
            }
        }
        return reached
    }
}

/// One affected package that still exists: what CI builds and tests in it.
package struct AffectedPackage: Sendable, Equatable {
    /// `Package(name:)`.
    package var name: String
    /// Its folder, relative to the workspace root (`.` for the root).
    package var path: String
    /// Its affected targets, sorted by name.
    package var targets: [String]
    /// Its affected test targets, sorted by name: what `swift test --filter` selects.
    package var testTargets: [String]

    /// Creates an affected package.
    package init(name: String, path: String, targets: [String], testTargets: [String]) {
        self.name = name
        self.path = path
        self.targets = targets
        self.testTargets = testTargets
    }
}

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
    /// The features ("Vocabulary" in the Design contract article: a package's, or a stem in a
    /// monorepo package) with an affected target, sorted, without repeats.
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
    /// Changed schemes and user state of Xcode projects and workspaces, which build nothing,
    /// sorted.
    package var xcodeStateFiles: [String] = []
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
    /// Why each affected target is affected (`--explain`), sorted by target, then package.
    package var explanations: [AffectedExplanation] = []
    /// The teams owning the features a changed file lies in (`--format reviewers`), sorted.
    package var reviewers: [String] = []

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
        let owners = ChangeOwners(graph: graph, configuration: workspace.configuration, removedPackages: change.removedPackages, change: change)
        var changedPackages: Set<Int> = []
        var removedNames: Set<String> = []
        var wholePackages: Set<Int> = []
        var changedNodes: Set<Int> = []
        var workspaceFiles: [String] = []
        var ignoredFiles: [String] = []
        var shellFiles: [String] = []
        var xcodeStateFiles: [String] = []
        var packageFiles: [(file: String, package: Int)] = []
        var manifestPackages: Set<Int> = []
        // Why each changed target changed: the first cause found, in the order of `change.files`.
        var causes: [Int: AffectedExplanation.Cause] = [:]
        var packageCauses: [Int: AffectedExplanation.Cause] = [:]
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
                if packageCauses[package] == nil || packageCauses[package]?.isManifest == false { packageCauses[package] = .manifest(file) }
            case .packageFile(let package):
                changedPackages.insert(package)
                wholePackages.insert(package)
                packageFiles.append((file, package))
                if packageCauses[package] == nil { packageCauses[package] = .packageFile(file) }
            case .targets(let nodes):
                changedPackages.insert(graph.nodes[nodes[0]].package)
                changedNodes.formUnion(nodes)
                // A file says more than the project's definition of the target changing.
                for node in nodes where causes[node] == nil || causes[node]?.isTargetDefinition == true { causes[node] = .file(file) }
            case .xcodeState: xcodeStateFiles.append(file)
            case .projectTargets(let package, let nodes):
                changedPackages.insert(package)
                changedNodes.formUnion(nodes)
                for node in nodes where causes[node] == nil { causes[node] = .targetDefinition(file) }
            case .formerTargets(let package): changedPackages.insert(package)
            }
        }
        // The reviewers: the teams of the features whose files changed, and of the packages whose
        // manifest or other files changed (not every feature of a monorepo package).
        let reviewers = Set(changedNodes.flatMap { graph.feature(of: $0).owners } + packageCauses.keys.flatMap { graph.packages[$0].owners }).sorted()

        if let outside = workspaceFiles.first {
            wholePackages = Set(graph.packages.indices)
            for package in graph.packages.indices where packageCauses[package] == nil { packageCauses[package] = .outsideTargets(outside) }
        } else {
            let declared = Self.declaredDependents(of: wholePackages, graph: graph, causes: &packageCauses)
            wholePackages = declared
            if !removedNames.isEmpty {
                let dependencies = PackageDependencies(graph: graph, removedPackages: change.removedPackages)
                let reached = dependencies.dependents(of: removedNames)
                let reachedIndices = graph.packages.indices.filter { reached.contains(graph.packages[$0].name) }
                for package in reachedIndices where packageCauses[package] == nil {
                    let removed = dependencies.dependencies[graph.packages[package].name]?.intersection(removedNames).sorted().first ?? removedNames.sorted()[0]
                    packageCauses[package] = .removedPackage(removed)
                }
                wholePackages = Self.declaredDependents(of: wholePackages.union(reachedIndices), graph: graph, causes: &packageCauses)
            }
        }
        for (node, target) in graph.nodes.enumerated() where wholePackages.contains(target.package) {
            changedNodes.insert(node)
            if causes[node] == nil, let cause = packageCauses[target.package] { causes[node] = cause }
        }
        let (affectedNodes, paths) = Self.dependentPaths(of: changedNodes, graph: graph)

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

        var explanations: [AffectedExplanation] = []
        for node in affectedNodes {
            let path = paths[node] ?? [node]
            guard let cause = causes[path[0]] else { continue }
            explanations.append(
                AffectedExplanation(target: graph.nodes[node].name, package: graph.package(of: node).name, cause: cause, path: path.map { graph.nodes[$0].name }))
        }
        explanations.sort { ($0.target, $0.package) < ($1.target, $1.package) }

        self.init(
            changed: changedNames.sorted(), affected: affectedNames.sorted(),
            features: Set(affectedNodes.map { graph.feature(of: $0).name }).sorted(),
            targets: Set(affectedNodes.map { graph.nodes[$0].name }).sorted(),
            packages: packages,
            workspaceFiles: workspaceFiles.sorted(), packageFiles: packageFiles.filter { !manifestPackages.contains($0.package) }.map(\.file).sorted(), ignoredFiles: ignoredFiles.sorted(),
            shellFiles: shellFiles.sorted(),
            shellAffected: shellAffected, revisions: change.revisions, headNotCheckedOut: change.headNotCheckedOut
        )
        self.explanations = explanations
        self.reviewers = reviewers
        self.xcodeStateFiles = xcodeStateFiles.sorted()
    }

    /// `packages` plus every package declaring a dependency on one of them (`.package(path:)`,
    /// `.package(url:)`), transitively.
    static func declaredDependents(of packages: Set<Int>, graph: TargetGraph) -> Set<Int> {
        var causes: [Int: AffectedExplanation.Cause] = [:]
        return declaredDependents(of: packages, graph: graph, causes: &causes)
    }

    /// `declaredDependents(of:graph:)`, giving each package reached that has no cause yet
    /// the package it depends on that brought it in.
    static func declaredDependents(of packages: Set<Int>, graph: TargetGraph, causes: inout [Int: AffectedExplanation.Cause]) -> Set<Int> {
        var reversed = [[Int]](repeating: [], count: graph.packages.count)
        for edge in graph.packageEdges { reversed[edge.to].append(edge.from) }
        let (reached, predecessor) = search(from: packages, reversed: reversed)
        for (package, previous) in predecessor where causes[package] == nil { causes[package] = .dependsOnPackage(graph.packages[previous].name) }
        return reached
    }

    /// `nodes` plus every target depending on one of them, directly or not.
    static func dependents(of nodes: Set<Int>, graph: TargetGraph) -> Set<Int> {
        dependentPaths(of: nodes, graph: graph).reached
    }

    /// `nodes` plus every target depending on one of them, with, for each, a shortest
    /// dependency path from a target of `nodes` to it (the targets in order, it last).
    static func dependentPaths(of nodes: Set<Int>, graph: TargetGraph) -> (reached: Set<Int>, paths: [Int: [Int]]) {
        var reversed = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges { reversed[edge.to].append(edge.from) }
        let (reached, predecessor) = search(from: nodes, reversed: reversed)
        var paths: [Int: [Int]] = [:]
        for node in reached {
            var path = [node]
            var current = node
            while let previous = predecessor[current] {
                path.append(previous)
                current = previous
            }
            paths[node] = path.reversed()
        }
        return (reached, paths)
    }

    /// `start` plus everything reaching it in the graph whose reversed adjacency is `reversed`,
    /// with the item each was first reached from: a breadth-first search (so following
    /// predecessors gives a shortest path), O(items + edges), no recursion.
    private static func search(from start: Set<Int>, reversed: [[Int]]) -> (reached: Set<Int>, predecessor: [Int: Int]) {
        var reached = start
        var predecessor: [Int: Int] = [:]
        var queue = start.sorted()
        var index = 0
        while index < queue.count {
            let item = queue[index]
            index += 1
            for dependent in reversed[item] where reached.insert(dependent).inserted {
                predecessor[dependent] = item
                queue.append(dependent)
            }
        }
        return (reached, predecessor)
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

/// Why one target is affected (`mfe affected --explain`): what changed, and the dependency path
/// from the changed target to it.
package struct AffectedExplanation: Sendable, Equatable {
    /// What changed.
    package enum Cause: Sendable, Equatable {
        /// A file in the target's folder.
        case file(String)
        /// The package's manifest: every target of the package.
        case manifest(String)
        /// A file of the package outside its targets' folders.
        case packageFile(String)
        /// A file outside every package that matched no `ignore:` glob: everything.
        case outsideTargets(String)
        /// The package declares a dependency on this package, which changed as a whole (its
        /// resolution may change).
        case dependsOnPackage(String)
        /// The package depends on this package, which was removed.
        case removedPackage(String)
        /// The target's definition in this `project.pbxproj` changed (its files, settings,
        /// dependencies or package products).
        case targetDefinition(String)

        var isManifest: Bool {
            if case .manifest = self { return true }
            return false
        }

        var isTargetDefinition: Bool {
            if case .targetDefinition = self { return true }
            return false
        }

        /// The changed file, when one file is the cause.
        package var file: String? {
            switch self {
            case .file(let file), .manifest(let file), .packageFile(let file), .outsideTargets(let file), .targetDefinition(let file): return file
            case .dependsOnPackage, .removedPackage: return nil
            }
        }

        /// The cause in words.
        package var text: String {
            switch self {
            case .file(let file): return "'\(file)' changed"
            case .manifest(let file):
                let name = file.split(separator: "/").last.map(String.init) ?? file
                return "\(name) changed ('\(file)'): every target of the package"
            case .packageFile(let file): return "'\(file)' changed in the package outside its targets' folders"
            case .outsideTargets(let file): return "'\(file)' changed; it matched no 'ignore:' glob and lies outside every target"
            case .dependsOnPackage(let package): return "its package depends on package '\(package)', which changed as a whole"
            case .removedPackage(let package): return "its package depends on package '\(package)', which was removed"
            case .targetDefinition(let file): return "its definition in '\(file)' changed"
            }
        }
    }

    /// The affected target.
    package var target: String
    /// Its package.
    package var package: String
    /// What changed.
    package var cause: Cause
    /// The targets from the changed one to `target` (`[target]` when it changed itself).
    package var path: [String]

    /// Creates an explanation.
    package init(target: String, package: String, cause: Cause, path: [String]) {
        self.target = target
        self.package = package
        self.cause = cause
        self.path = path
    }
}

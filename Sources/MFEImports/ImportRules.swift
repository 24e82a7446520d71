import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// The `implicit-dependency`, `transitive-dependency` and `unused-dependency` rules: compare what
/// each target's sources import with what its manifest declares, for workspace modules (regular
/// targets of workspace packages). External modules are out of scope.
///
/// - `implicit-dependency` (error): an import, active for the host and not guarded by
///   `#if canImport(M)`, of a workspace module `M` the target neither declares (by name,
///   `.target`, or a `.product` vending `M`) nor reaches through the targets it declares,
///   transitively: it builds only when something else happens to build `M` first.
/// - `transitive-dependency` (warning): such an import of a module the target does reach through
///   its declared dependencies; `path` is a shortest chain from the target to the module.
///   One finding of either rule per target and module, at its first import.
/// - `unused-dependency` (warning): a dependency entry none of whose modules any source of the
///   target imports, in any `#if` clause (a dependency used on another platform is used).
///   Targets without Swift sources are skipped.
///
/// Complexity: O(imports + edges) with hashing, plus one breadth-first search over the
/// target's dependency closure for each target that imports a module it does not declare.
public struct ImportRules: Sendable {
    let graph: TargetGraph
    let workspaceRoot: String

    /// Creates the rules for `graph`, whose files are reported relative to `workspaceRoot`.
    package init(graph: TargetGraph, workspaceRoot: String) {
        self.graph = graph
        self.workspaceRoot = workspaceRoot
    }

    /// The findings for the imports of the workspace's targets, sorted.
    package func findings(for targets: [TargetImports]) -> [Finding] {
        var modules: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() where node.kind == .regular && modules[node.name] == nil {
            modules[node.name] = index
        }
        var findings: [Finding] = []
        for target in targets {
            guard let node = graph.nodeIndex(named: target.target, inPackage: target.package) else { continue }
            let declared = Set(graph.successors[node].map { graph.nodes[$0].name })
            var reported: Set<String> = []
            var reachable: DependencyClosure?
            for sourceImport in target.imports {
                let declaration = sourceImport.declaration
                guard declaration.isActive, !declaration.isGuardedByCanImport,
                      let module = modules[declaration.module], declaration.module != target.target,
                      !declared.contains(declaration.module), reported.insert(declaration.module).inserted
                else { continue }
                if reachable == nil { reachable = DependencyClosure(of: node, in: graph) }
                if let chain = reachable?.shortestPath(to: module) {
                    findings.append(transitiveFinding(from: node, to: module, through: chain, at: sourceImport))
                } else {
                    findings.append(implicitFinding(from: node, to: module, at: sourceImport))
                }
            }
            guard target.fileCount > 0 else { continue }
            let imported = Set(target.imports.map(\.declaration.module))
            var entries: [SourceLocation: [Int]] = [:]
            for successor in graph.successors[node] where graph.nodes[successor].kind == .regular {
                guard let edge = graph.edge(from: node, to: successor) else { continue }
                entries[edge.location, default: []].append(successor)
            }
            for (location, modules) in entries.sorted(by: { $0.key < $1.key }) where !modules.contains(where: { imported.contains(graph.nodes[$0].name) }) {
                guard let module = modules.min(by: { graph.nodes[$0].name < graph.nodes[$1].name }) else { continue }
                findings.append(unusedFinding(from: node, to: module, at: location))
            }
        }
        return findings.sorted(by: Finding.ordered)
    }
}

/// The targets one target reaches through its declared dependencies, transitively, as SwiftPM
/// builds and links them (a product dependency reaches every target of the product), with a
/// breadth-first parent for each, so a shortest chain can be read back.
struct DependencyClosure {
    let start: Int
    /// `parent[n]`: the node `n` was first reached from; the start maps to itself.
    private(set) var parent: [Int: Int]

    /// Searches `graph` from `start`. Complexity: O(V + E) of the reachable part.
    init(of start: Int, in graph: TargetGraph) {
        self.start = start
        var parent = [start: start]
        var queue = [start], head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in graph.successors[node] where parent[successor] == nil {
                parent[successor] = node
                queue.append(successor)
            }
        }
        self.parent = parent
    }

    /// A shortest chain of nodes from the start to `node` (both included), or nil when the
    /// start does not reach it.
    func shortestPath(to node: Int) -> [Int]? {
        guard node != start, parent[node] != nil else { return nil }
        var chain = [node], current = node
        while let previous = parent[current], previous != current {
            chain.append(previous)
            current = previous
        }
        return chain.reversed()
    }
}

extension ImportRules {
    /// What `mfe lint-graph --imports` adds: reads the imports of every target of `workspace`
    /// (`#if` evaluated for the host) and applies the rules. Throws an `InputError` when a
    /// source file cannot be read.
    public static func findings(in workspace: Workspace, graph: TargetGraph, fileSystem: any FileSystem = LocalFileSystem()) async throws -> [Finding] {
        let imports = try await WorkspaceImportReader(configuration: HostBuildConfiguration(), fileSystem: fileSystem).read(workspace)
        return ImportRules(graph: graph, workspaceRoot: workspace.root).findings(for: imports)
    }
}

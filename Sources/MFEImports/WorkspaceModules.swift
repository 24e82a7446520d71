import MFECore
import MFEManifest
import MFEWorkspace

/// The modules of a workspace as SwiftPM names them, and what each re-exports.
///
/// A regular or executable target's module is its c99 name (`Foo-Bar` → `Foo_Bar`); a C or
/// system target's is what its `module.modulemap` declares, a binary target's what its
/// XCFramework holds, else its name (read by the import reader). A
/// target re-exports what its sources `@_exported import`, and what those modules re-export
/// in turn.
struct WorkspaceModules {
    /// The target kinds other targets import as modules (a binary target's module is its
    /// framework's).
    static let importableKinds: Set<Target.Kind> = [.regular, .executable, .system, .binary]

    let graph: TargetGraph
    /// `names[n]`: the module names node `n` is imported by (empty for kinds nothing imports).
    let names: [[String]]
    /// Module name → the nodes that build a module of that name, in node order.
    let nodes: [String: [Int]]
    /// `directReexports[n]`: the modules node `n`'s sources `@_exported import`.
    private let directReexports: [Set<String>]
    /// The transitive re-exports of every node, computed once for all.
    private let closedReexports: [Set<String>]
    /// The platforms of the edges whose dependency entry has `condition: .when(platforms:)`,
    /// keyed by `from << 32 | to`.
    private let edgePlatforms: [Int64: Set<String>]

    init(graph: TargetGraph, targets: [TargetImports]) {
        self.graph = graph
        var imports: [Int: TargetImports] = [:]
        for target in targets {
            if let node = graph.nodeIndex(named: target.target, inPackageAt: target.packageDirectory) { imports[node] = target }
        }
        var names = [[String]](repeating: [], count: graph.nodes.count)
        var nodes: [String: [Int]] = [:]
        var direct = [Set<String>](repeating: [], count: graph.nodes.count)
        for (index, node) in graph.nodes.enumerated() where Self.importableKinds.contains(node.kind) {
            names[index] = imports[index]?.moduleNames ?? [ModuleName.c99Name(node.name)]
            for name in names[index] { nodes[name, default: []].append(index) }
            for sourceImport in imports[index]?.imports ?? [] where sourceImport.declaration.isActive && sourceImport.declaration.attributes.contains("_exported") {
                direct[index].insert(sourceImport.declaration.module)
            }
        }
        self.names = names
        self.nodes = nodes
        self.directReexports = direct
        self.closedReexports = Self.close(direct, names: nodes, graph: graph)
        var conditions: [Int: [SourceLocation: [String]]] = [:]
        for edge in graph.edges where conditions[edge.from] == nil {
            let node = graph.nodes[edge.from]
            let target = graph.package(of: edge.from).manifest.targets.first { $0.name == node.name }
            var byLocation: [SourceLocation: [String]] = [:]
            for dependency in target?.dependencies ?? [] { if let platforms = dependency.platforms { byLocation[dependency.location] = platforms } }
            conditions[edge.from] = byLocation
        }
        var edgePlatforms: [Int64: Set<String>] = [:]
        for edge in graph.edges {
            if let platforms = conditions[edge.from]?[edge.location] { edgePlatforms[Int64(edge.from) << 32 | Int64(edge.to)] = Set(platforms) }
        }
        self.edgePlatforms = edgePlatforms
    }

    /// Whether the dependency `from → to` applies on `platform` (every dependency applies when
    /// `platform` is nil).
    func edge(from: Int, to: Int, appliesOn platform: String?) -> Bool {
        guard let platform, let platforms = edgePlatforms[Int64(from) << 32 | Int64(to)] else { return true }
        return platforms.contains(platform)
    }

    /// Everything node `n` re-exports, transitively through re-exported workspace modules.
    func reexports(of node: Int) -> Set<String> { closedReexports[node] }

    /// `moduleAliases:` of the node's dependency entries, as import name → module name.
    func aliases(of node: Int) -> [String: String] {
        let package = graph.package(of: node)
        guard let target = package.manifest.targets.first(where: { $0.name == graph.nodes[node].name }) else { return [:] }
        var aliases: [String: String] = [:]
        for dependency in target.dependencies {
            for (module, alias) in dependency.moduleAliases ?? [:] { aliases[alias] = ModuleName.c99Name(module) }
        }
        return aliases
    }

    /// The re-exports of each node closed under "a re-exported workspace module's re-exports":
    /// a worklist over the nodes, each re-export resolved among the node's successors first.
    private static func close(_ direct: [Set<String>], names: [String: [Int]], graph: TargetGraph) -> [Set<String>] {
        var closed = direct
        var changed = true
        var rounds = 0
        // Each round adds at least one name, and the names are finite; the bound guards cycles.
        while changed, rounds < 64 {
            changed = false
            rounds += 1
            for node in closed.indices where !closed[node].isEmpty {
                var added: Set<String> = []
                for name in closed[node] {
                    for exporter in names[name] ?? [] where exporter != node {
                        added.formUnion(closed[exporter].subtracting(closed[node]))
                    }
                }
                if !added.isEmpty {
                    closed[node].formUnion(added)
                    changed = true
                }
            }
        }
        return closed
    }
}

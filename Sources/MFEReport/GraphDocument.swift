import MFECore
import MFEManifest
import MFEWorkspace

/// The target graph as `mfe graph` exports it: packages sorted by name, each with its layer,
/// directory and targets (sorted by name) and each target's role and dependencies (the names
/// of the workspace targets it depends on, sorted). The value every graph renderer reads.
package struct GraphDocument: Sendable, Equatable {
    /// A workspace package.
    package struct Package: Sendable, Equatable {
        /// `Package(name:)`.
        package var name: String
        /// The package's layer; nil when unassigned (`null` in JSON).
        package var layer: Layer?
        /// The package directory relative to the workspace root (`.` for the root).
        package var path: String
        /// The package's targets, sorted by name.
        package var targets: [Target]

        /// Creates a package.
        package init(name: String, layer: Layer?, path: String, targets: [Target]) {
            self.name = name
            self.layer = layer
            self.path = path
            self.targets = targets
        }
    }

    /// A target and the workspace targets it depends on.
    package struct Target: Sendable, Equatable {
        /// The target's name.
        package var name: String
        /// The target's role in its µFeature.
        package var role: Role
        /// The names of the workspace targets it depends on, sorted, without duplicates.
        package var dependencies: [String]

        /// Creates a target.
        package init(name: String, role: Role, dependencies: [String]) {
            self.name = name
            self.role = role
            self.dependencies = dependencies
        }
    }

    /// The workspace's name (`workspace:` of `mfe.yml`), used as the graph's title.
    package var name: String
    /// The packages, sorted by name.
    package var packages: [Package]

    /// Creates a document.
    package init(name: String, packages: [Package]) {
        self.name = name
        self.packages = packages
    }

    /// Builds the document of `graph`, keeping only the targets in `nodes` (every target when
    /// nil) and the dependencies between kept targets. Packages left without targets are
    /// dropped when `nodes` is given.
    package init(graph: TargetGraph, name: String, keeping nodes: Set<Int>? = nil) {
        var targetsByPackage = [[Target]](repeating: [], count: graph.packages.count)
        for (index, node) in graph.nodes.enumerated() where nodes?.contains(index) ?? true {
            let dependencies = graph.successors[index]
                .filter { nodes?.contains($0) ?? true }
                .map { graph.nodes[$0].name }
            targetsByPackage[node.package].append(Target(name: node.name, role: node.role, dependencies: Array(Set(dependencies)).sorted()))
        }
        var packages: [Package] = []
        for (index, package) in graph.packages.enumerated() where nodes == nil || !targetsByPackage[index].isEmpty {
            let targets = targetsByPackage[index].sorted { $0.name < $1.name }
            packages.append(Package(name: package.name, layer: package.layer, path: package.directory, targets: targets))
        }
        packages.sort { ($0.name, $0.path) < ($1.name, $1.path) }
        self.init(name: name, packages: packages)
    }

    /// The targets of package `name`, every target they depend on and every target depending on
    /// them, directly or not: two breadth-first searches, O(targets + dependencies). Throws an
    /// `InputError` listing the packages when there is no package `name`.
    package static func neighbourhood(ofPackage name: String, in graph: TargetGraph) throws -> Set<Int> {
        guard let packageIndex = graph.packages.firstIndex(where: { $0.name == name }) else {
            let names = graph.packages.map { "'\($0.name)'" }.sorted().joined(separator: ", ")
            throw PlainInputError("no package named '\(name)' in the workspace; give one of \(names.isEmpty ? "its packages (it has none)" : names)")
        }
        var predecessors = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges { predecessors[edge.to].append(edge.from) }
        let start = graph.nodes.indices.filter { graph.nodes[$0].package == packageIndex }
        var kept = Set(start)
        for adjacency in [graph.successors, predecessors] {
            var queue = start
            var seen = Set(start)
            var index = 0
            while index < queue.count {
                let node = queue[index]
                index += 1
                for next in adjacency[node] where seen.insert(next).inserted { queue.append(next) }
            }
            kept.formUnion(seen)
        }
        return kept
    }
}

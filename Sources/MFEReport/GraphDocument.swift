import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// The target graph as `mfe graph` exports it: packages sorted by name (then path), each with
/// its layer, directory and targets (sorted by name), each target's role and the targets it
/// depends on, keyed by package and name so same-named targets of two packages stay apart, with
/// the lint findings each dependency carries. The value every graph renderer reads.
package struct GraphDocument: Sendable, Equatable {
    /// A workspace package.
    package struct Package: Sendable, Equatable {
        /// `Package(name:)`.
        package var name: String
        /// The package's layer; nil when unassigned (`null` in JSON).
        package var layer: Layer?
        /// The package directory relative to the workspace root (`.` for the root).
        package var path: String
        /// The package's targets, sorted by name (an external package's: its products).
        package var targets: [Target]
        /// Whether it is a package the workspace pins outside itself: drawn as external, with
        /// no layer, never linted (`"external": true` in JSON).
        package var isExternal: Bool
        /// How an external package's pin reads (`0.3.3`, `main (1a2b3c4)`); nil otherwise.
        package var pin: String?

        /// Creates a package.
        package init(name: String, layer: Layer?, path: String, targets: [Target], isExternal: Bool = false, pin: String? = nil) {
            self.name = name
            self.layer = layer
            self.path = path
            self.targets = targets
            self.isExternal = isExternal
            self.pin = pin
        }
    }

    /// A package the workspace pins outside itself, to add to a document (`adding(_:)`).
    package struct External: Sendable, Equatable {
        /// Its name (the manifest's, else SwiftPM's identity).
        package var name: String
        /// The pinned location, shown as its path.
        package var location: String
        /// How its pin reads.
        package var pin: String
        /// Its products, each drawn as a target.
        package var products: [String]
        /// The workspace targets that link its products: (document package, document target,
        /// product).
        package var links: [(package: Int, target: Int, product: String)]

        /// Creates an external package.
        package init(name: String, location: String, pin: String, products: [String], links: [(package: Int, target: Int, product: String)]) {
            self.name = name
            self.location = location
            self.pin = pin
            self.products = products
            self.links = links
        }

        package static func == (lhs: External, rhs: External) -> Bool {
            (lhs.name, lhs.location, lhs.pin, lhs.products) == (rhs.name, rhs.location, rhs.pin, rhs.products)
                && lhs.links.map { "\($0.package)/\($0.target)/\($0.product)" } == rhs.links.map { "\($0.package)/\($0.target)/\($0.product)" }
        }
    }

    /// A µFeature: a package's only feature (polyrepo), or one stem of a monorepo package.
    package struct Feature: Sendable, Equatable {
        /// The feature's name.
        package var name: String
        /// The index of its package in `GraphDocument.packages`.
        package var package: Int
        /// The feature's layer; nil when unassigned.
        package var layer: Layer?

        /// Creates a feature.
        package init(name: String, package: Int, layer: Layer?) {
            self.name = name
            self.package = package
            self.layer = layer
        }
    }

    /// A target and the workspace targets it depends on.
    package struct Target: Sendable, Equatable {
        /// The target's name.
        package var name: String
        /// The target's role in its µFeature.
        package var role: Role
        /// Whether it is a test target (`.testTarget`).
        package var isTest: Bool
        /// The index of its feature in `GraphDocument.features`.
        package var feature: Int
        /// The targets it depends on, sorted by name, then package.
        package var dependencies: [Dependency]

        /// Creates a target.
        package init(name: String, role: Role, isTest: Bool? = nil, feature: Int = 0, dependencies: [Dependency] = []) {
            self.name = name
            self.role = role
            self.isTest = isTest ?? (role == .tests)
            self.feature = feature
            self.dependencies = dependencies
        }
    }

    /// A dependency of a target on another: where the target depended on is in the document,
    /// and the lint findings on this edge (an edge rule's, and `cycle` for each edge of a
    /// cycle's path), in report order.
    package struct Dependency: Sendable, Equatable {
        /// The index of the target's package in `GraphDocument.packages`.
        package var package: Int
        /// The index of the target in that package's `targets`.
        package var target: Int
        /// The findings `mfe lint-graph` reports on this edge.
        package var findings: [Finding]

        /// Creates a dependency.
        package init(package: Int, target: Int, findings: [Finding] = []) {
            self.package = package
            self.target = target
            self.findings = findings
        }
    }

    /// The workspace's name (`workspace:` of `mfe.yml`), used as the graph's title.
    package var name: String
    /// The packages, sorted by name, then path.
    package var packages: [Package]
    /// The features of the packages' targets, sorted by package, then name.
    package var features: [Feature]
    /// The findings about what the document shows (every finding when nothing is filtered):
    /// on edges, on cycles and packages in view, and those about no graph element.
    package var findings: [Finding]

    /// Creates a document.
    package init(name: String, packages: [Package], features: [Feature] = [], findings: [Finding] = []) {
        self.name = name
        self.packages = packages
        self.features = features
        self.findings = findings
    }

    /// The feature named `name` whose package's manifest is `file` (a finding's file, relative
    /// to the workspace root); the first feature of that name when none matches.
    package func feature(named name: String, declaredIn file: String) -> Int? {
        let candidates = features.indices.filter { features[$0].name == name }
        let folder = GraphDocument.folder(of: file)
        return candidates.first { packages[features[$0].package].path == folder } ?? candidates.first
    }

    /// The folder of a workspace-relative file (`.` at the root).
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return PathUtilities.normalize(String(file[..<slash]))
    }

    /// The document with `externals` after the workspace packages (sorted by name, then
    /// location), each product a target (its role by the default suffixes) in a feature of its own with no
    /// layer, and an edge, with no findings, from every target that links it. A product
    /// that is not among `products` is added: the graph never drops what a target links.
    package func adding(_ externals: [External]) -> GraphDocument {
        var document = self
        for external in externals.sorted(by: { ($0.name, $0.location) < ($1.name, $1.location) }) {
            let packageIndex = document.packages.count
            let products = Set(external.products + external.links.map(\.product)).sorted()
            let feature = document.features.count
            document.features.append(Feature(name: external.name, package: packageIndex, layer: nil))
            document.packages.append(
                Package(
                    name: external.name, layer: nil, path: external.location,
                    targets: products.map { Target(name: $0, role: RoleSuffixes.standard.role(of: $0, kind: .regular), isTest: false, feature: feature) },
                    isExternal: true, pin: external.pin))
            for link in external.links {
                guard let target = products.firstIndex(of: link.product), document.packages.indices.contains(link.package),
                    document.packages[link.package].targets.indices.contains(link.target)
                else { continue }
                let dependency = Dependency(package: packageIndex, target: target)
                guard !document.packages[link.package].targets[link.target].dependencies.contains(dependency) else { continue }
                document.packages[link.package].targets[link.target].dependencies.append(dependency)
            }
        }
        Self.sortDependencies(of: &document.packages)
        return document
    }

    /// Sorts every target's dependencies by the target's name, then package name and path.
    static func sortDependencies(of packages: inout [Package]) {
        let unsorted = packages
        for packageIndex in packages.indices {
            for targetIndex in packages[packageIndex].targets.indices {
                packages[packageIndex].targets[targetIndex].dependencies.sort { lhs, rhs in
                    let left = unsorted[lhs.package]
                    let right = unsorted[rhs.package]
                    return (left.targets[lhs.target].name, left.name, left.path) < (right.targets[rhs.target].name, right.name, right.path)
                }
            }
        }
    }

    /// The target `dependency` points at.
    package func target(_ dependency: Dependency) -> Target {
        packages[dependency.package].targets[dependency.target]
    }

    /// Builds the document of `graph`, keeping only the targets in `nodes` (every target when
    /// nil) and the dependencies between kept targets, with `findings` (a lint report's) put on
    /// the edges they are about. Packages left without targets are dropped when `nodes` is
    /// given. O(T log T + E + F).
    package init(graph: TargetGraph, name: String, findings: [Finding] = [], keeping nodes: Set<Int>? = nil) {
        let kept = { (node: Int) in nodes?.contains(node) ?? true }
        var nodesByPackage = [[Int]](repeating: [], count: graph.packages.count)
        for index in graph.nodes.indices where kept(index) {
            nodesByPackage[graph.nodes[index].package].append(index)
        }
        let packageOrder = graph.packages.indices
            .filter { nodes == nil || !nodesByPackage[$0].isEmpty }
            .sorted { (graph.packages[$0].name, graph.packages[$0].directory) < (graph.packages[$1].name, graph.packages[$1].directory) }
        // Graph node → (document package, document target).
        var position = [Int: (package: Int, target: Int)]()
        for (documentPackage, packageIndex) in packageOrder.enumerated() {
            // Graph nodes are sorted by name, then directory: within a package, by name.
            for (documentTarget, node) in nodesByPackage[packageIndex].enumerated() {
                position[node] = (documentPackage, documentTarget)
            }
        }
        let placement = FindingPlacement(graph: graph, findings: findings)
        // The features of the kept targets, in package order, then by name.
        var features: [Feature] = []
        var featureIndex: [Int: Int] = [:]
        for (documentPackage, packageIndex) in packageOrder.enumerated() {
            let kept = Set(nodesByPackage[packageIndex].map { graph.nodes[$0].feature })
            for feature in kept.sorted(by: { graph.features[$0].name < graph.features[$1].name }) {
                featureIndex[feature] = features.count
                features.append(Feature(name: graph.features[feature].name, package: documentPackage, layer: graph.features[feature].layer))
            }
        }
        var packages: [Package] = []
        for packageIndex in packageOrder {
            let targets = nodesByPackage[packageIndex].map { node -> Target in
                let graphNode = graph.nodes[node]
                let dependencies = graph.successors[node].compactMap { successor -> Dependency? in
                    guard let (package, target) = position[successor] else { return nil }
                    return Dependency(package: package, target: target, findings: placement.onEdge[EdgeKey(from: node, to: successor)] ?? [])
                }
                let feature = featureIndex[graphNode.feature] ?? 0
                return Target(name: graphNode.name, role: graphNode.role, isTest: graphNode.kind == .test, feature: feature, dependencies: dependencies)
            }
            let package = graph.packages[packageIndex]
            packages.append(Package(name: package.name, layer: package.layer, path: package.directory, targets: targets))
        }
        Self.sortDependencies(of: &packages)
        self.init(name: name, packages: packages, features: features, findings: placement.inView(kept: kept, keptPackages: Set(packageOrder)))
    }

    /// The targets of package `name` (every package of that name), and the targets within
    /// `depth` dependency steps of them both ways — what they depend on and what depends on
    /// them — transitively when `depth` is nil. Only targets `included` accepts are visited.
    /// Two breadth-first searches, O(targets + dependencies). Throws an `InputError` listing
    /// the packages when there is no package `name`.
    package static func neighbourhood(ofPackage name: String, in graph: TargetGraph, depth: Int? = nil, including included: (Int) -> Bool = { _ in true }) throws -> Set<Int> {
        let packageIndices = Set(graph.packages.indices.filter { graph.packages[$0].name == name })
        guard !packageIndices.isEmpty else {
            throw GraphError.noSuchPackage(name, names: Set(graph.packages.map(\.name)).sorted())
        }
        var predecessors = [[Int]](repeating: [], count: graph.nodes.count)
        for edge in graph.edges { predecessors[edge.to].append(edge.from) }
        let start = graph.nodes.indices.filter { packageIndices.contains(graph.nodes[$0].package) && included($0) }
        var kept = Set(start)
        for adjacency in [graph.successors, predecessors] {
            var frontier = start
            var seen = Set(start)
            var steps = 0
            while !frontier.isEmpty, steps < (depth ?? Int.max) {
                var next: [Int] = []
                for node in frontier {
                    for neighbour in adjacency[node] where included(neighbour) && seen.insert(neighbour).inserted { next.append(neighbour) }
                }
                frontier = next
                steps += 1
            }
            kept.formUnion(seen)
        }
        return kept
    }
}

/// A directed pair of target-graph nodes.
private struct EdgeKey: Hashable {
    var from: Int
    var to: Int
}

/// Where each finding of a lint report belongs in the graph: edge rules on their edge, a
/// cycle on every edge of its path, package findings on their package, the rest nowhere.
private struct FindingPlacement {
    /// The findings on each edge, in report order.
    var onEdge: [EdgeKey: [Finding]] = [:]
    /// Each finding with the nodes and packages it is about (empty: about no graph element).
    var placed: [(finding: Finding, nodes: [Int], packages: [Int])] = []

    init(graph: TargetGraph, findings: [Finding]) {
        var packagesByName: [String: [Int]] = [:]
        for (index, package) in graph.packages.enumerated() { packagesByName[package.name, default: []].append(index) }
        func node(_ name: String?, _ package: String?) -> Int? {
            guard let name else { return nil }
            return graph.nodeIndex(named: name, inPackage: package)
        }
        for finding in findings {
            var nodes: [Int] = []
            var packages: [Int] = []
            if let from = node(finding.from, finding.fromPackage), let to = node(finding.to, finding.toPackage) {
                nodes = [from, to]
                if graph.edge(from: from, to: to) != nil { onEdge[EdgeKey(from: from, to: to), default: []].append(finding) }
            } else if finding.rule == PackageCycleRule.id, let path = finding.path {
                packages = path.compactMap { packagesByName[$0]?.first }
            } else if let path = finding.path, path.count >= 2 {
                let pathPackages: [String?] = finding.pathPackages?.map(Optional.some) ?? Array(repeating: nil, count: path.count)
                nodes = zip(path, pathPackages).compactMap { node($0, $1) }
                if nodes.count == path.count {
                    for step in 0..<(nodes.count - 1) where graph.edge(from: nodes[step], to: nodes[step + 1]) != nil {
                        onEdge[EdgeKey(from: nodes[step], to: nodes[step + 1]), default: []].append(finding)
                    }
                }
            } else if let name = finding.feature {
                if let feature = Self.feature(named: name, declaredIn: finding.file, in: graph) {
                    packages = [graph.features[feature].package]
                } else {
                    // A package-level finding about a package that holds several features.
                    let candidates = packagesByName[finding.fromPackage ?? name] ?? []
                    packages = candidates.first { graph.packages[$0].directory == GraphDocument.folder(of: finding.file) }.map { [$0] } ?? Array(candidates.prefix(1))
                }
            }
            placed.append((finding, nodes, packages))
        }
    }

    /// The feature named `name` whose package's manifest is `file` (a finding's file, relative
    /// to the workspace root); the first feature of that name when none matches.
    static func feature(named name: String, declaredIn file: String, in graph: TargetGraph) -> Int? {
        let candidates = graph.features.indices.filter { graph.features[$0].name == name }
        let folder = GraphDocument.folder(of: file)
        return candidates.first { graph.packages[graph.features[$0].package].directory == folder } ?? candidates.first
    }

    /// The findings whose nodes and packages are all in view.
    func inView(kept: (Int) -> Bool, keptPackages: Set<Int>) -> [Finding] {
        placed.filter { entry in entry.nodes.allSatisfy(kept) && entry.packages.allSatisfy(keptPackages.contains) }.map(\.finding)
    }
}

import MFECore
import MFEManifest

/// The target graph of a workspace: every target of every workspace package as a node, every
/// target dependency between them as an edge, resolved as SwiftPM resolves them. Dependencies
/// on packages outside the workspace are external and left out. Also holds the package graph
/// of declared package dependencies between workspace packages.
///
/// Nodes are sorted by target name, then package directory, so node indices, edges and
/// everything computed from them come out in the same order on every run.
public struct TargetGraph: Sendable, Equatable {
    /// A target of a workspace package.
    package struct Node: Sendable, Hashable {
        /// The target's name.
        package var name: String
        /// The index of the target's package in `packages`.
        package var package: Int
        /// The target's kind.
        package var kind: Target.Kind
        /// The target's role in its µFeature.
        package var role: Role
        /// Where the target is declared.
        package var location: SourceLocation
        /// The target's stem: its name without its role suffix.
        package var stem: String
        /// The index of the target's feature in `features`.
        package var feature: Int

        /// Creates a node.
        package init(name: String, package: Int, kind: Target.Kind, role: Role, location: SourceLocation, stem: String? = nil, feature: Int = 0) {
            self.name = name
            self.package = package
            self.kind = kind
            self.role = role
            self.location = location
            self.stem = stem ?? name
            self.feature = feature
        }
    }

    /// A dependency: `from` depends on `to`. In `edges` the indices are nodes' and the
    /// location is the entry in `from`'s `dependencies:` list that creates the edge (the first
    /// such entry when several do); in `packageEdges` they are packages' and the location is
    /// the `.package(` entry that declares it.
    package struct Edge: Sendable, Hashable {
        /// The depending node's (or package's) index.
        package var from: Int
        /// The index of the node (or package) depended on.
        package var to: Int
        /// The entry that creates the dependency.
        package var location: SourceLocation

        /// Creates an edge.
        package init(from: Int, to: Int, location: SourceLocation) {
            self.from = from
            self.to = to
            self.location = location
        }
    }

    /// The workspace packages, in the workspace's order (sorted by directory).
    package var packages: [WorkspacePackage]
    /// The targets, sorted by name, then package directory.
    package var nodes: [Node]
    /// The target dependencies, sorted by `from`, then `to`; at most one edge per pair.
    package var edges: [Edge]
    /// `successors[n]`: the nodes `n` depends on, sorted.
    package var successors: [[Int]]
    /// The declared package dependencies between workspace packages, sorted by `from`, then
    /// `to`; at most one per pair.
    package var packageEdges: [Edge]
    /// `packageSuccessors[p]`: the packages `p` declares a dependency on, sorted.
    package var packageSuccessors: [[Int]]
    /// The µFeatures, sorted by package, then name (see `Feature`).
    package var features: [Feature]
    /// The role suffixes the roles and stems were derived with.
    package var roles: RoleSuffixes
    /// Whether the workspace `mfe.yml` has `owners:`: then every feature should have an owner
    /// (`unowned-feature`).
    package var requiresOwners = false
    /// Whether any feature has an owner: then findings carry their ends' owners.
    package var hasOwners: Bool { features.contains { !$0.owners.isEmpty } }

    /// Builds the graph of `workspace`, with its `roles:`.
    ///
    /// Complexity: O(T log T + D) for T targets and D dependency entries.
    package init(workspace: Workspace) {
        self.init(packages: workspace.packages, root: workspace.root, roles: workspace.configuration?.roleSuffixes ?? .standard)
        requiresOwners = !(workspace.configuration?.owners.isEmpty ?? true)
    }

    /// Builds the graph of `packages`, whose directories are relative to `root`, deriving
    /// roles and stems with `roles`.
    package init(packages: [WorkspacePackage], root: String, roles: RoleSuffixes = .standard) {
        self.packages = packages
        self.roles = roles
        var nodes: [Node] = []
        for (packageIndex, package) in packages.enumerated() {
            // An Xcode app's embedded apps and test bundles are the app's feature.
            let applicationStems = package.project?.applicationStems(roles: roles) ?? [:]
            for target in package.manifest.targets {
                var (role, stem) = roles.classify(target.name, kind: target.kind)
                if let applicationStem = applicationStems[target.name] { stem = applicationStem }
                nodes.append(Node(name: target.name, package: packageIndex, kind: target.kind, role: role, location: target.location, stem: stem))
            }
        }
        nodes.sort { ($0.name, packages[$0.package].directory) < ($1.name, packages[$1.package].directory) }
        (self.features, self.nodes) = Self.features(of: nodes, packages: packages)

        var nodeIndex: [NodeKey: Int] = [:]
        nodeIndex.reserveCapacity(nodes.count)
        for (index, node) in nodes.enumerated() where nodeIndex[NodeKey(package: node.package, target: node.name)] == nil {
            nodeIndex[NodeKey(package: node.package, target: node.name)] = index
        }

        let resolver = PackageResolver(packages: packages, root: root)

        var packageEdges: [Edge] = []
        var packageSeen: Set<Int64> = []
        for (packageIndex, package) in packages.enumerated() {
            for dependency in package.manifest.dependencies {
                guard let target = resolver.workspacePackage(for: dependency, declaredIn: packageIndex) else { continue }
                if packageSeen.insert(Int64(packageIndex) << 32 | Int64(target)).inserted {
                    packageEdges.append(Edge(from: packageIndex, to: target, location: dependency.location))
                }
            }
        }
        packageEdges.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        self.packageEdges = packageEdges
        var packageSuccessors = [[Int]](repeating: [], count: packages.count)
        for edge in packageEdges { packageSuccessors[edge.from].append(edge.to) }
        self.packageSuccessors = packageSuccessors

        var edges: [Edge] = []
        var edgeSeen: Set<Int64> = []
        for (packageIndex, package) in packages.enumerated() {
            for target in package.manifest.targets {
                guard let from = nodeIndex[NodeKey(package: packageIndex, target: target.name)] else { continue }
                for dependency in target.dependencies {
                    for to in resolver.targets(of: dependency, declaredIn: packageIndex, nodeIndex: nodeIndex) {
                        if edgeSeen.insert(Int64(from) << 32 | Int64(to)).inserted {
                            edges.append(Edge(from: from, to: to, location: dependency.location))
                        }
                    }
                }
            }
        }
        edges.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        self.edges = edges
        var successors = [[Int]](repeating: [], count: nodes.count)
        for edge in edges { successors[edge.from].append(edge.to) }
        self.successors = successors
    }

    /// The package of `node`.
    package func package(of node: Int) -> WorkspacePackage { packages[nodes[node].package] }

    /// The index of the target named `name` in the package named `package` (any package when
    /// nil), if there is one.
    package func nodeIndex(named name: String, inPackage package: String? = nil) -> Int? {
        nodeIndices(named: name).first { package == nil || packages[nodes[$0].package].name == package }
    }

    /// The index of the target named `name` in the package at `directory` (relative to the
    /// workspace root, as `WorkspacePackage.directory`), if there is one: the lookup that
    /// keeps apart two packages sharing a `name:`.
    package func nodeIndex(named name: String, inPackageAt directory: String) -> Int? {
        nodeIndices(named: name).first { packages[nodes[$0].package].directory == directory }
    }

    /// The indices of the nodes named `name`: one run, since nodes are sorted by name.
    /// Complexity: O(log T + k) for the k nodes of that name.
    private func nodeIndices(named name: String) -> Range<Int> {
        var low = 0
        var high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle].name < name { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < nodes.count, nodes[end].name == name { end += 1 }
        return low..<end
    }

    /// The nodes that depend on `node` directly, sorted.
    package func predecessors(of node: Int) -> [Int] {
        edges.filter { $0.to == node }.map(\.from)
    }

    /// The strongly connected components of the target graph that contain a cycle (more than
    /// one target, or a target depending on itself), sorted by their smallest node.
    package func cyclicComponents() -> [[Int]] {
        StronglyConnectedComponents.cyclicComponents(successors: successors)
    }

    /// The strongly connected components of the package graph with more than one package.
    package func packageCycleComponents() -> [[Int]] {
        StronglyConnectedComponents.components(successors: packageSuccessors).filter { $0.count > 1 }
    }

    /// The edge `from → to`, if there is one.
    package func edge(from: Int, to: Int) -> Edge? {
        var low = 0
        var high = edges.count
        while low < high {
            let middle = (low + high) / 2
            if (edges[middle].from, edges[middle].to) < (from, to) { low = middle + 1 } else { high = middle }
        }
        return low < edges.count && edges[low].from == from && edges[low].to == to ? edges[low] : nil
    }

    /// The package edge `from → to`, if there is one.
    package func packageEdge(from: Int, to: Int) -> Edge? {
        packageEdges.first { $0.from == from && $0.to == to }
    }
}

private struct NodeKey: Hashable {
    var package: Int
    var target: String
}

/// Maps package and target dependencies to workspace packages and targets as SwiftPM does.
private struct PackageResolver {
    let packages: [WorkspacePackage]
    /// Package directory (relative to the root) → package index.
    let byDirectory: [String: Int]
    /// Identity (last directory component, lowercased) → package index; the first wins.
    let byIdentity: [String: Int]
    /// Manifest name, lowercased → package index; the first wins.
    let byName: [String: Int]
    /// Product name → target names, per package.
    let products: [[String: [String]]]
    /// The workspace packages each package declares dependencies on, in declaration order.
    private(set) var declared: [[(index: Int, dependency: PackageDependency)]] = []
    /// Per package: the lowercased names a `.product(package:)` argument may use for each
    /// declared workspace dependency (identity, `name:`, manifest name) → package indices.
    private(set) var declaredByKey: [[String: [Int]]] = []
    /// Per package: the lowercased names (identity, `name:`) of the dependencies it declares
    /// that are no workspace package.
    private(set) var namesOutsideWorkspace: [Set<String>] = []

    init(packages: [WorkspacePackage], root: String) {
        self.packages = packages
        var byDirectory: [String: Int] = [:]
        var byIdentity: [String: Int] = [:]
        var byName: [String: Int] = [:]
        var products: [[String: [String]]] = []
        let rootIdentity = PackageIdentity.identity(forLocation: root)
        for (index, package) in packages.enumerated() {
            let directory = PathUtilities.normalize(package.directory)
            byDirectory[directory] = byDirectory[directory] ?? index
            let identity = directory == "." ? rootIdentity : PackageIdentity.identity(forLocation: directory)
            byIdentity[identity] = byIdentity[identity] ?? index
            byName[package.name.lowercased()] = byName[package.name.lowercased()] ?? index
            var vended: [String: [String]] = [:]
            for product in package.manifest.products where vended[product.name] == nil {
                vended[product.name] = product.targets
            }
            products.append(vended)
        }
        self.byDirectory = byDirectory
        self.byIdentity = byIdentity
        self.byName = byName
        self.products = products
        self.declared = packages.indices.map { declaringIndex in
            packages[declaringIndex].manifest.dependencies.compactMap { dependency in
                workspacePackage(for: dependency, declaredIn: declaringIndex).map { ($0, dependency) }
            }
        }
        self.declaredByKey = declared.map { entries in
            var keys: [String: [Int]] = [:]
            for entry in entries {
                var names: Set<String> = [entry.dependency.identity, packages[entry.index].name.lowercased()]
                if let explicit = entry.dependency.explicitName { names.insert(explicit.lowercased()) }
                for name in names where keys[name]?.contains(entry.index) != true { keys[name, default: []].append(entry.index) }
            }
            return keys
        }
        self.namesOutsideWorkspace = packages.indices.map { declaringIndex in
            var names: Set<String> = []
            for dependency in packages[declaringIndex].manifest.dependencies where workspacePackage(for: dependency, declaredIn: declaringIndex) == nil {
                names.formUnion([dependency.identity, dependency.nameForModuleDependencyResolution.lowercased()])
            }
            return names
        }
    }

    /// The workspace package a `.package(...)` entry of package `declaringIndex` points at:
    /// `path:` resolved against the package directory, else the package of its identity; a
    /// URL by identity (then by name).
    func workspacePackage(for dependency: PackageDependency, declaredIn declaringIndex: Int) -> Int? {
        switch dependency.kind {
        case .fileSystem(let path):
            let base = packages[declaringIndex].directory
            let joined = path.hasPrefix("/") ? path : PathUtilities.join(base == "." ? "" : base, path)
            let resolved = path.hasPrefix("/") ? PathUtilities.normalize(path) : PathUtilities.normalize(joined.isEmpty ? "." : joined)
            if let index = byDirectory[resolved] { return index }
            // A workspace package stands for a dependency of the same identity, as Xcode
            // overrides it (apple-browsers' `../../BrowserServicesKit` from a moved folder).
            return byIdentity[PackageIdentity.identity(forLocation: resolved)]
        case .sourceControl(let url, _):
            let identity = PackageIdentity.identity(forLocation: url)
            return byIdentity[identity] ?? byName[identity]
        case .registry:
            return nil
        }
    }

    /// The workspace packages package `declaringIndex` declares dependencies on, in order.
    func dependencies(of declaringIndex: Int) -> [(index: Int, dependency: PackageDependency)] {
        declared[declaringIndex]
    }

    /// The nodes a target dependency of a target of package `declaringIndex` names.
    func targets(of dependency: TargetDependency, declaredIn declaringIndex: Int, nodeIndex: [NodeKey: Int]) -> [Int] {
        switch dependency.kind {
        case .target(let name):
            return nodeIndex[NodeKey(package: declaringIndex, target: name)].map { [$0] } ?? []
        case .byName(let name):
            if let local = nodeIndex[NodeKey(package: declaringIndex, target: name)] { return [local] }
            for (index, _) in dependencies(of: declaringIndex) {
                if let vended = products[index][name] { return resolve(vended, in: index, nodeIndex: nodeIndex) }
            }
            return []
        case .product(let name, let package):
            let candidates: [Int]
            if let package {
                let key = package.lowercased()
                if let declared = declaredByKey[declaringIndex][key], !declared.isEmpty {
                    candidates = declared
                } else if namesOutsideWorkspace[declaringIndex].contains(key) {
                    // A declared package that is not one of the workspace's (a URL, or a path
                    // to another folder): never another package that happens to share its name.
                    candidates = []
                } else if let index = byIdentity[key] ?? byName[key] {
                    candidates = [index]
                } else {
                    candidates = []
                }
            } else {
                candidates = dependencies(of: declaringIndex).map(\.index)
            }
            for index in candidates {
                if let vended = products[index][name] { return resolve(vended, in: index, nodeIndex: nodeIndex) }
            }
            return []
        }
    }

    private func resolve(_ targetNames: [String], in package: Int, nodeIndex: [NodeKey: Int]) -> [Int] {
        targetNames.compactMap { nodeIndex[NodeKey(package: package, target: $0)] }
    }
}

extension TargetGraph {
    /// The product lookups SwiftPM refuses once the packages of a workspace are known (its
    /// `PackageGraph` "product … not found" errors), located at each dependency entry: a
    /// `.product(name:package:)` of a path-declared workspace package that vends no such
    /// product, and a by-name dependency that is no target of its package and no product of
    /// any of its dependencies, when every one of those is a workspace package found by path
    /// (so all the products it could mean are known). Dependencies found by URL are left to
    /// SwiftPM: the workspace's copy may not be the version that gets pinned.
    package static func productProblems(packages: [WorkspacePackage], root: String) -> [WorkspaceError] {
        let resolver = PackageResolver(packages: packages, root: root)
        var problems: [WorkspaceError] = []
        for (index, package) in packages.enumerated() {
            let manifest = package.manifest
            let declared = resolver.dependencies(of: index)
            let byPath = declared.filter { if case .fileSystem = $0.dependency.kind { return true } else { return false } }
            let allKnown = byPath.count == manifest.dependencies.count
            // The path entries each `.product(package:)` key (identity or resolution name)
            // answers, in declaration order, computed once per package: looking every target
            // dependency up among every declared package made large shells quadratic.
            var byPathKey: [String: [(index: Int, dependency: PackageDependency)]] = [:]
            for entry in byPath {
                let keys = [entry.dependency.identity, entry.dependency.nameForModuleDependencyResolution.lowercased()]
                for key in Set(keys) { byPathKey[key, default: []].append(entry) }
            }
            let identity = PackageIdentity.identity(forLocation: manifest.packageDirectory)
            let targetNames = Set(manifest.targets.map(\.name))
            for target in manifest.targets {
                for dependency in target.dependencies {
                    switch dependency.kind {
                    case .byName(let name) where allKnown && !manifest.dependencies.isEmpty && !targetNames.contains(name):
                        let vendors = byPath.map(\.index)
                        guard !vendors.contains(where: { resolver.products[$0][name] != nil }) else { continue }
                        let candidates = targetNames.union(vendors.flatMap { resolver.products[$0].keys })
                        problems.append(
                            .productNotFound(name, package: identity, target: target.name, suggestion: ManifestValidation.suggestion(for: name, among: candidates), at: dependency.location))
                    case .product(let name, let packageName?):
                        let key = packageName.lowercased()
                        let matches = byPathKey[key] ?? []
                        guard let match = matches.first, !matches.contains(where: { resolver.products[$0.index][name] != nil }) else { continue }
                        let vended = Set(resolver.products[match.index].keys)
                        problems.append(
                            .productNotVended(
                                name, package: identity, target: target.name, vendor: packageName, vended: vended.sorted(), suggestion: ManifestValidation.suggestion(for: name, among: vended),
                                at: dependency.location))
                    default:
                        continue
                    }
                }
            }
        }
        return problems
    }
}

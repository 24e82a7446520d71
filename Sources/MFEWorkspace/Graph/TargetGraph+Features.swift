import MFECore
import MFEManifest

/// The feature model on the target graph: each target's feature, role and layer.
extension TargetGraph {
    /// The feature of target `node`.
    package func feature(of node: Int) -> Feature { features[nodes[node].feature] }

    /// The role of target `node` in its feature.
    package func role(of node: Int) -> Role { nodes[node].role }

    /// The layer of target `node`: its feature's; nil when unassigned.
    package func layer(of node: Int) -> Layer? { features[nodes[node].feature].layer }

    /// Whether targets `a` and `b` belong to the same feature.
    package func sameFeature(_ a: Int, _ b: Int) -> Bool { nodes[a].feature == nodes[b].feature }

    /// The indices in `features` of package `package`'s features, sorted by name.
    package func features(inPackage package: Int) -> [Int] {
        features.indices.filter { features[$0].package == package }
    }

    /// The name of the target with `role` that goes with target `node` in its feature: the
    /// target named `stem + suffix` (`Search` → `SearchInterface`) when the feature has it,
    /// else the feature's first target with that role, else that conventional name.
    package func companion(of node: Int, role: Role) -> String {
        existingCompanion(of: node, role: role) ?? roles.conventionalName(stem: nodes[node].stem, role: role)
    }

    /// The name of the target with `role` in target `node`'s feature, as `companion(of:role:)`
    /// finds it, or nil when the feature has no target with that role.
    package func existingCompanion(of node: Int, role: Role) -> String? {
        let stem = nodes[node].stem
        let candidates = feature(of: node).targets.filter { nodes[$0].role == role }.sorted { nodes[$0].location < nodes[$1].location }
        for suffix in roles.suffixes(of: role) {
            if let match = candidates.first(where: { nodes[$0].name == stem + suffix }) { return nodes[match].name }
        }
        return candidates.first.map { nodes[$0].name }
    }

    /// A package's name as messages print it: the name, plus its folder when another package
    /// of the workspace shares the name (`client (App)`).
    package func displayName(ofPackage package: Int) -> String {
        let name = packages[package].name
        let clashes = packages.indices.contains { $0 != package && packages[$0].name == name }
        return clashes ? "\(name) (\(packages[package].directory))" : name
    }

    /// The features of `nodes` (sorted as the graph sorts them) and the nodes with their
    /// `feature` set: one feature per package that holds one, else one per stem.
    static func features(of nodes: [Node], packages: [WorkspacePackage]) -> ([Feature], [Node]) {
        var nodes = nodes
        var members: [String: [Int]] = [:]
        func key(_ package: Int, _ name: String) -> String { "\(package)\u{1F}\(name)" }
        var order: [(package: Int, name: String)] = []
        for (index, node) in nodes.enumerated() {
            let package = packages[node.package]
            let name = package.holdsOneFeature ? package.name : node.stem
            if members[key(node.package, name)] == nil { order.append((node.package, name)) }
            members[key(node.package, name), default: []].append(index)
        }
        order.sort { ($0.package, $0.name) < ($1.package, $1.name) }
        var features: [Feature] = []
        for (package, name) in order {
            let targets = members[key(package, name)] ?? []
            let owner = packages[package]
            let location: SourceLocation
            if owner.holdsOneFeature {
                location = owner.manifest.location
            } else {
                let named = targets.first { nodes[$0].name == name } ?? targets.min { nodes[$0].location < nodes[$1].location }
                location = named.map { nodes[$0].location } ?? owner.manifest.location
            }
            let layer = owner.holdsOneFeature ? owner.layer : owner.featureLayers[name]
            let owners = owner.holdsOneFeature ? owner.owners : owner.featureOwners[name] ?? owner.owners
            for target in targets { nodes[target].feature = features.count }
            features.append(Feature(name: name, package: package, layer: layer, isWholePackage: owner.holdsOneFeature, targets: targets, location: location, owners: owners))
        }
        return (features, nodes)
    }
}

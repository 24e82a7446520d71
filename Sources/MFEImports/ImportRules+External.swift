import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// What one target reaches of the third-party modules on each platform, computed when first
/// asked: a breadth-first search from the target through its workspace dependencies and the
/// external products any of them declares, then through those products' own dependencies.
struct ExternalReach {
    /// A step of a chain: a workspace target, or an external product.
    enum Step: Hashable {
        case target(Int)
        case product(ExternalModules.Product)
    }

    /// One platform's search: the nearest step providing each module, the parents, and the
    /// modules the target declares.
    private struct Search {
        var parent: [Step: Step]
        var nearest: [String: Step]
        var declared: Set<String>
    }

    let node: Int
    let graph: TargetGraph
    let modules: WorkspaceModules
    let external: ExternalModules
    /// Workspace dependencies of `node` left out of the search (to see what removing them cuts).
    let excluded: Set<Int>
    private var searches: [String?: Search] = [:]

    init(node: Int, graph: TargetGraph, modules: WorkspaceModules, external: ExternalModules, excluding excluded: Set<Int> = []) {
        self.node = node
        self.graph = graph
        self.modules = modules
        self.external = external
        self.excluded = excluded
    }

    /// nil when the target declares `module` on `platform` (a declared product provides it);
    /// else a shortest chain to a product providing it (empty when none is reached).
    mutating func chain(to module: String, on platform: String?) -> [Step]? {
        let search = searches[platform] ?? makeSearch(on: platform)
        searches[platform] = search
        if search.declared.contains(module) { return nil }
        guard let nearest = search.nearest[module] else { return [] }
        var chain = [nearest]
        var current = nearest
        while let previous = search.parent[current], previous != current {
            chain.append(previous)
            current = previous
        }
        return chain.reversed()
    }

    private func makeSearch(on platform: String?) -> Search {
        let start = Step.target(node)
        var parent = [start: start]
        var queue = [start]
        var head = 0
        var nearest: [String: Step] = [:]
        while head < queue.count {
            let step = queue[head]
            head += 1
            var next: [Step] = []
            switch step {
            case .target(let index):
                next = graph.successors[index].filter { modules.edge(from: index, to: $0, appliesOn: platform) && (index != node || !excluded.contains($0)) }.map(Step.target)
                next += external.declaredProducts(of: index, on: platform).map(Step.product)
            case .product(let product):
                for module in (external.provided[product] ?? [:]).keys where nearest[module] == nil { nearest[module] = step }
                next = (external.dependencies[product] ?? []).map(Step.product)
            }
            for successor in next where parent[successor] == nil {
                parent[successor] = step
                queue.append(successor)
            }
        }
        var declared: Set<String> = []
        for product in external.declaredProducts(of: node, on: platform) {
            declared.formUnion((external.provided[product] ?? [:]).keys)
            declared.formUnion(external.reexports[product] ?? [])
        }
        return Search(parent: parent, nearest: nearest, declared: declared)
    }
}

extension ImportRules {
    /// The finding for an import of third-party `module` by `node`, if any: implicit when some
    /// platform's dependencies do not reach it, transitive with the chain when they all do.
    /// `platforms`: as for workspace modules.
    func externalFinding(for sourceImport: SourceImport, module: String, from node: Int, platforms: [String?], reach: inout ExternalReach, workspaceReach: inout TargetReach) -> Finding? {
        var unreachable: [String] = []
        var chain: [ExternalReach.Step]?
        for platform in platforms where !workspaceReach.declares(module, on: platform) {
            guard let found = reach.chain(to: module, on: platform) else { continue }
            if found.isEmpty { unreachable.append(platform ?? "") } else { chain = chain ?? found }
        }
        let external = reach.external
        if !unreachable.isEmpty, let product = external.providers[module]?.first {
            let onlyOn = unreachable.count < platforms.count ? unreachable.compactMap { $0.isEmpty ? nil : $0 } : []
            let target = external.provided[product]?[module] ?? module
            return implicitFinding(
                from: node, importing: module, target: target, package: external.packages[product.identity]?.manifest.name, fix: declaration(of: product, in: node, external: external),
                at: sourceImport, onlyOn: onlyOn)
        }
        guard let chain, case .product(let last) = chain.last else { return nil }
        let from = graph.nodes[node]
        let target = external.provided[last]?[module] ?? module
        var path = chain.map { step -> String in
            switch step {
            case .target(let index): return graph.nodes[index].name
            case .product(let product): return product.name
            }
        }
        if path.last != target { path.append(target) }
        let declared = external.providers[module]?.first { external.own[$0]?.contains(module) == true } ?? last
        let rule = TransitiveDependencyRule.description
        return Finding(
            rule: rule.id, severity: rule.severity,
            message: "\(from.name) imports \(module) without declaring it and reaches it only through \(path.joined(separator: " → ")); \(declaration(of: declared, in: node, external: external))",
            file: sourceImport.file, line: sourceImport.declaration.line, column: sourceImport.declaration.column,
            from: from.name, to: target, path: path,
            fromPackage: graph.package(of: node).name, toPackage: external.packages[last.identity]?.manifest.name,
            pathPackages: chain.map { step in
                switch step {
                case .target(let index): return graph.package(of: index).name
                case .product(let product): return external.packages[product.identity]?.manifest.name ?? product.identity
                }
            } + (path.count > chain.count ? [external.packages[last.identity]?.manifest.name ?? last.identity] : []),
            fingerprint: Finding.fingerprint(rule: rule.id, file: sourceImport.file, from: from.name, to: target, path: nil, feature: nil)
        )
    }

    /// The third-party modules `node` imports and reaches through its workspace dependencies
    /// now, but would no longer reach without its dependencies on `removed`. Sorted.
    func strandedExternalImports(of node: Int, withoutDependenciesOn removed: Set<Int>, imports target: TargetImports, modules: WorkspaceModules, external: ExternalModules, aliases: [String: String])
        -> [String]
    {
        var names: Set<String> = []
        for sourceImport in target.imports where sourceImport.declaration.isActive && !sourceImport.declaration.isGuardedByCanImport {
            let name = aliases[sourceImport.declaration.module] ?? sourceImport.declaration.module
            if modules.nodes[name] == nil, external.isKnown(name) { names.insert(name) }
        }
        guard !names.isEmpty else { return [] }
        var now = ExternalReach(node: node, graph: graph, modules: modules, external: external)
        var after = ExternalReach(node: node, graph: graph, modules: modules, external: external, excluding: removed)
        return names.filter { name in
            guard let chain = now.chain(to: name, on: nil), !chain.isEmpty else { return false }
            return after.chain(to: name, on: nil)?.isEmpty == true
        }.sorted()
    }

    /// How to declare external `product` in `node`'s manifest, with the `.package(url:)` to add
    /// when the package does not depend on its package yet.
    func declaration(of product: ExternalModules.Product, in node: Int, external: ExternalModules) -> String {
        let from = graph.nodes[node]
        let manifest = graph.package(of: node).manifest
        var hint = ""
        if !manifest.dependencies.contains(where: { $0.identity == product.identity }) {
            let pin = external.packages[product.identity]?.pin
            if let pin, let version = pin.state.version {
                hint = " (with .package(url: \"\(pin.location)\", from: \"\(version)\") in the package's dependencies)"
            } else if let pin {
                hint = " (with .package(url: \"\(pin.location)\", …) in the package's dependencies)"
            } else {
                hint = " (with the package '\(product.identity)' in the package's dependencies)"
            }
        }
        return
            "add .product(name: \"\(product.name)\", package: \"\(product.identity)\") to the dependencies of \(from.name) in \(PathUtilities.relative(manifest.manifestPath, to: workspaceRoot))\(hint)"
    }
}

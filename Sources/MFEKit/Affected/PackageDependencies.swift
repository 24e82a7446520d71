/// Which workspace packages each workspace package depends on: through `.package(path:)`
/// (matched by directory), `.package(url:)`/`.package(id:)` (matched by identity), and target
/// dependencies on products (`.product(name:package:)`, or a `"Name"` that is no target of the
/// package but a product of another).
public struct PackageDependencies: Sendable, Equatable {
    /// Package name → the names of the workspace packages it depends on.
    public var dependencies: [String: Set<String>]

    /// Builds the package dependencies of `workspace`; `removedPackages` can be depended on
    /// (by identity or path) but depend on nothing.
    public init(workspace: Workspace, removedPackages: [RemovedPackage] = []) {
        var byDirectory: [String: String] = [:]
        var byIdentity: [String: Set<String>] = [:]
        var byProduct: [String: Set<String>] = [:]
        func register(name: String, directory: String) {
            byDirectory[directory] = name
            let lastComponent = directory == "." ? name : String(directory.split(separator: "/").last ?? Substring(name))
            byIdentity[PackageIdentity.identity(forLocation: lastComponent), default: []].insert(name)
            byIdentity[name.lowercased(), default: []].insert(name)
        }
        for package in workspace.packages {
            register(name: package.name, directory: package.directory)
            for product in package.manifest.products { byProduct[product.name, default: []].insert(package.name) }
        }
        for removed in removedPackages { register(name: removed.name, directory: removed.directory) }

        var dependencies: [String: Set<String>] = [:]
        for package in workspace.packages {
            var found: Set<String> = []
            for dependency in package.manifest.dependencies {
                if case .fileSystem(let path) = dependency.kind, !path.hasPrefix("/") {
                    let directory = PathUtilities.normalize(PathUtilities.join(package.directory, path))
                    if let name = byDirectory[directory] {
                        found.insert(name)
                        continue
                    }
                }
                found.formUnion(byIdentity[dependency.identity] ?? [])
                if let explicit = dependency.explicitName { found.formUnion(byIdentity[explicit.lowercased()] ?? []) }
            }
            let ownTargets = Set(package.manifest.targets.map(\.name))
            for target in package.manifest.targets {
                for dependency in target.dependencies {
                    switch dependency.kind {
                    case .product(let product, let packageName?):
                        let owners = byIdentity[packageName.lowercased()] ?? []
                        found.formUnion(owners.filter { byProduct[product]?.contains($0) ?? true })
                    case .product(let product, nil):
                        found.formUnion(byProduct[product] ?? [])
                    case .byName(let name) where !ownTargets.contains(name):
                        found.formUnion(byProduct[name] ?? [])
                    case .byName, .target:
                        break
                    }
                }
            }
            found.remove(package.name)
            dependencies[package.name] = found
        }
        self.dependencies = dependencies
    }

    /// `packages` plus every package that depends on one of them, directly or not: a
    /// breadth-first search of the reversed graph, O(packages + dependencies), no recursion.
    public func dependents(of packages: Set<String>) -> Set<String> {
        var reversed: [String: [String]] = [:]
        for (package, targets) in dependencies {
            for target in targets { reversed[target, default: []].append(package) }
        }
        var reached = packages
        var queue = Array(packages)
        var index = 0
        while index < queue.count {
            let package = queue[index]
            index += 1
            for dependent in reversed[package] ?? [] where reached.insert(dependent).inserted {
                queue.append(dependent)
            }
        }
        return reached
    }
}

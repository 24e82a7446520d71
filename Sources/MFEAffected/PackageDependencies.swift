import MFECore
import MFEManifest
import MFEWorkspace

/// Which workspace packages each workspace package depends on: the `TargetGraph`'s declared
/// package dependencies (`.package(path:)`, `.package(url:)`) and its cross-package target
/// dependencies (`.product(name:package:)`, products named by `"Name"`), plus dependencies
/// still naming a removed package.
package struct PackageDependencies: Sendable, Equatable {
    /// Package name → the names of the workspace packages it depends on.
    package var dependencies: [String: Set<String>]

    /// Builds the package dependencies of `graph`; a package depends on a removed package when
    /// one of its `.package` entries points at the removed package's directory or identity, or
    /// one of its `.product(package:)` entries names it.
    package init(graph: TargetGraph, removedPackages: [RemovedPackage] = []) {
        var dependencies: [String: Set<String>] = [:]
        for package in graph.packages { dependencies[package.name] = [] }
        for edge in graph.packageEdges where edge.from != edge.to {
            dependencies[graph.packages[edge.from].name, default: []].insert(graph.packages[edge.to].name)
        }
        for edge in graph.edges where graph.nodes[edge.from].package != graph.nodes[edge.to].package {
            dependencies[graph.package(of: edge.from).name, default: []].insert(graph.package(of: edge.to).name)
        }
        for removed in removedPackages {
            let lastComponent = removed.directory.split(separator: "/").last.map(String.init) ?? removed.name
            let identities: Set<String> = [PackageIdentity.identity(forLocation: lastComponent), removed.name.lowercased()]
            for package in graph.packages {
                let namesRemoved =
                    package.manifest.dependencies.contains { dependency in
                        if case .fileSystem(let path) = dependency.kind, !path.hasPrefix("/"),
                            PathUtilities.normalize(PathUtilities.join(package.directory, path)) == removed.directory
                        {
                            return true
                        }
                        return identities.contains(dependency.identity) || identities.contains(dependency.explicitName?.lowercased() ?? "")
                    }
                    || package.manifest.targets.contains { target in
                        target.dependencies.contains { dependency in
                            if case .product(_, let packageName?) = dependency.kind { return identities.contains(packageName.lowercased()) }
                            return false
                        }
                    }
                if namesRemoved { dependencies[package.name, default: []].insert(removed.name) }
            }
        }
        self.dependencies = dependencies
    }

    /// `packages` plus every package that depends on one of them, directly or not: a
    /// breadth-first search of the reversed graph, O(packages + dependencies), no recursion.
    package func dependents(of packages: Set<String>) -> Set<String> {
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

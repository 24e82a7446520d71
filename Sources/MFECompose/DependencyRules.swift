import MFECore
import MFEManifest

/// A package dependency SwiftPM follows, with the products the dependent uses from it.
struct RequiredDependency: Sendable {
    var location: PackageLocation
    var requirement: Requirement
    var products: ProductFilter
    var declaration: SourceLocation
}

/// SwiftPM's rules for which declared dependencies of a package are followed: since tools
/// version 5.2 only those a used product's targets reach (`Manifest.dependenciesRequired(for:)`);
/// for the root, every declared dependency, with the products its targets use.
enum DependencyRules {
    /// The source-control dependencies of `manifest` that `products` need. `.everything`
    /// means the root: every declared dependency is required.
    static func requiredDependencies(of manifest: PackageManifest, products: ProductFilter, baseDirectory: String) -> [RequiredDependency] {
        let sourceControl: [(PackageDependency, PackageLocation, Requirement)] = manifest.dependencies.compactMap { dependency in
            guard case .sourceControl(let url, let requirement) = dependency.kind else { return nil }
            return (dependency, PackageLocation(dependency: url, relativeTo: baseDirectory), requirement)
        }
        let targetsByName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var rootTargets: [String]
        switch products {
        case .everything:
            rootTargets = manifest.targets.map(\.name)
        case .allProducts, .specific:
            if manifest.toolsVersion < ToolsVersion(5, 2) {
                return sourceControl.map { RequiredDependency(location: $0.1, requirement: $0.2, products: .allProducts, declaration: $0.0.location) }
            }
            if case .specific(let names) = products {
                rootTargets = manifest.products.filter { names.contains($0.name) }.flatMap(\.targets)
            } else {
                rootTargets = manifest.products.flatMap(\.targets)
            }
        }
        // Walk the targets the products reach (iteratively: deep target chains cannot overflow
        // the stack) and collect the products they use, by dependency.
        var used: [Int: Set<String>] = [:]
        var visited: Set<String> = []
        while let name = rootTargets.popLast() {
            guard visited.insert(name).inserted, let target = targetsByName[name] else { continue }
            for dependency in target.dependencies {
                switch dependency.kind {
                case .target(let other):
                    rootTargets.append(other)
                case .byName(let other) where targetsByName[other] != nil:
                    rootTargets.append(other)
                case .byName(let product):
                    if let index = sourceControl.firstIndex(where: { matches($0.0, $0.1, packageName: product) }) {
                        used[index, default: []].insert(product)
                    }
                case .product(let product, let package):
                    if let index = sourceControl.firstIndex(where: { matches($0.0, $0.1, packageName: package ?? product) }) {
                        used[index, default: []].insert(product)
                    }
                }
            }
        }
        var result: [RequiredDependency] = []
        for (index, (dependency, location, requirement)) in sourceControl.enumerated() {
            if products != .everything, used[index] == nil { continue }
            result.append(RequiredDependency(location: location, requirement: requirement, products: .specific(used[index] ?? []), declaration: dependency.location))
        }
        return result
    }

    /// The `.package(path:)` dependencies of `manifest` that `products` need, with the
    /// products used from each (the root's are all required, as SwiftPM resolves them too).
    static func requiredLocalPackages(of manifest: PackageManifest, products: ProductFilter, baseDirectory: String) -> [(path: String, products: ProductFilter)] {
        let local: [(PackageDependency, String)] = manifest.dependencies.compactMap { dependency in
            guard case .fileSystem(let path) = dependency.kind else { return nil }
            return (dependency, PathUtilities.absolute(path, relativeTo: baseDirectory))
        }
        guard !local.isEmpty else { return [] }
        let targetsByName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var pending: [String]
        switch products {
        case .everything: pending = manifest.targets.map(\.name)
        case .allProducts: pending = manifest.products.flatMap(\.targets)
        case .specific(let names): pending = manifest.products.filter { names.contains($0.name) }.flatMap(\.targets)
        }
        var used: [Int: Set<String>] = [:]
        var visited: Set<String> = []
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let target = targetsByName[name] else { continue }
            for dependency in target.dependencies {
                switch dependency.kind {
                case .target(let other): pending.append(other)
                case .byName(let other) where targetsByName[other] != nil: pending.append(other)
                case .byName(let product), .product(let product, nil):
                    if let index = local.firstIndex(where: { localMatches($0.0, $0.1, product) }) { used[index, default: []].insert(product) }
                case .product(let product, let package?):
                    if let index = local.firstIndex(where: { localMatches($0.0, $0.1, package) }) { used[index, default: []].insert(product) }
                }
            }
        }
        return local.enumerated().compactMap { index, item in
            if products != .everything, used[index] == nil { return nil }
            return (item.1, .specific(used[index] ?? []))
        }
    }

    static func localMatches(_ dependency: PackageDependency, _ path: String, _ name: String) -> Bool {
        name.lowercased() == PackageIdentity.identity(forLocation: path) || dependency.explicitName?.lowercased() == name.lowercased()
    }

    /// Whether `package:` (or a by-name product) refers to `dependency`: its explicit name or
    /// its identity, compared case-insensitively as SwiftPM does.
    static func matches(_ dependency: PackageDependency, _ location: PackageLocation, packageName: String) -> Bool {
        let lowered = packageName.lowercased()
        return lowered == location.identity || dependency.explicitName?.lowercased() == lowered
    }
}

import MFECore
import MFEManifest

/// A package dependency SwiftPM follows, with the traits the dependent enables on it.
struct RequiredDependency: Sendable {
    var location: PackageLocation
    var requirement: Requirement
    /// The dependency's traits the dependent enables (`default` for its default traits).
    var traits: Set<String>
    var declaration: SourceLocation
}

/// SwiftPM 6.3.1's rules for which declared dependencies of a package are followed
/// (`Manifest.dependenciesRequired(for:_:)`, built without target-based resolution, so the
/// product filter is always `.everything`):
/// - the root, and any package below tools version 5.2: every declared dependency, except one
///   that only trait-guarded target dependencies use while those traits are off;
/// - any other package: the dependencies that the targets of all its products use (products
///   of every kind, targets reached through target dependencies), trait conditions applied.
enum DependencyRules {
    /// The source-control dependencies SwiftPM follows from `manifest` with `enabledTraits`
    /// (the names dependents enable, `default` for the defaults), in declaration order.
    static func requiredDependencies(of manifest: PackageManifest, isRoot: Bool, enabledTraits: Set<String>, baseDirectory: String) -> [RequiredDependency] {
        let traits = TraitClosure(manifest: manifest, explicitlyEnabled: enabledTraits, isRoot: isRoot)
        return requiredDeclarations(of: manifest, isRoot: isRoot, traits: traits).compactMap { dependency in
            guard case .sourceControl(let url, let requirement) = dependency.kind else { return nil }
            return RequiredDependency(
                location: PackageLocation(dependency: url, relativeTo: baseDirectory),
                requirement: requirement,
                traits: traits.traits(enabledOn: dependency),
                declaration: dependency.location
            )
        }
    }

    /// The `.package(path:)` dependencies SwiftPM follows from `manifest`: absolute folders.
    static func requiredLocalPackages(of manifest: PackageManifest, isRoot: Bool, enabledTraits: Set<String>, baseDirectory: String) -> [(path: String, traits: Set<String>)] {
        let traits = TraitClosure(manifest: manifest, explicitlyEnabled: enabledTraits, isRoot: isRoot)
        return requiredDeclarations(of: manifest, isRoot: isRoot, traits: traits).compactMap { dependency in
            guard case .fileSystem(let path) = dependency.kind else { return nil }
            return (PathUtilities.absolute(path, relativeTo: baseDirectory), traits.traits(enabledOn: dependency))
        }
    }

    /// The declared dependencies of every kind that SwiftPM follows.
    static func requiredDeclarations(of manifest: PackageManifest, isRoot: Bool, traits: TraitClosure) -> [PackageDependency] {
        if isRoot || manifest.toolsVersion < ToolsVersion(5, 2) {
            return manifest.dependencies.filter { !isTraitGuarded($0, in: manifest, traits: traits) }
        }
        let targetsByName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        // `targetsRequired(for: products)`: the products' targets and the targets they reach.
        var pending = manifest.products.flatMap(\.targets)
        var visited: Set<String> = []
        var required: Set<Int> = []
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let target = targetsByName[name] else { continue }
            for dependency in target.dependencies {
                switch dependency.kind {
                case .target(let other):
                    pending.append(other)
                    continue
                case .byName(let other) where targetsByName[other] != nil:
                    pending.append(other)
                case .byName, .product:
                    break
                }
                // `isTargetDependencyEnabled`: a trait condition holds when one of its traits is on.
                if traits.supportsTraits, let conditions = dependency.traits, !conditions.isEmpty, !conditions.contains(where: traits.enabled.contains) { continue }
                if let index = packageDependencyIndex(referencedBy: dependency, in: manifest) { required.insert(index) }
            }
        }
        return manifest.dependencies.enumerated().filter { required.contains($0.offset) }.map(\.element)
    }

    /// `Manifest.packageDependency(referencedBy:)`: `.product(package: P)` and by-name `P`
    /// name the first dependency whose name (explicit, else its last path component) is P,
    /// compared case-insensitively.
    static func packageDependencyIndex(referencedBy dependency: TargetDependency, in manifest: PackageManifest) -> Int? {
        let name: String
        switch dependency.kind {
        case .product(_, let package?), .byName(let package): name = package.lowercased()
        case .product(_, nil), .target: return nil
        }
        return manifest.dependencies.firstIndex { moduleResolutionName(of: $0).lowercased() == name }
    }

    /// `nameForModuleDependencyResolutionOnly`.
    static func moduleResolutionName(of dependency: PackageDependency) -> String {
        if let explicit = dependency.explicitName { return explicit }
        switch dependency.kind {
        case .fileSystem(let path): return PackageIdentity.lastComponent(of: path, relativeTo: "/", origin: .root)
        case .sourceControl(let url, _): return PackageIdentity.lastComponent(of: url, relativeTo: "/", origin: .root)
        case .registry(let id, _): return id.lowercased()
        }
    }

    /// `isPackageDependencyTraitGuarded`: every target dependency naming the package (by its
    /// identity) has a trait condition, and none of those traits is on.
    static func isTraitGuarded(_ dependency: PackageDependency, in manifest: PackageManifest, traits: TraitClosure) -> Bool {
        let identity: String
        switch dependency.kind {
        case .fileSystem(let path): identity = PackageIdentity.identity(forLocation: path)
        case .sourceControl(let url, _): identity = PackageIdentity.identity(forLocation: url)
        case .registry(let id, _): identity = id.lowercased()
        }
        let naming = manifest.targets.flatMap(\.dependencies).filter { entry in
            switch entry.kind {
            case .product(_, let package?), .byName(let package): return package.lowercased() == identity
            default: return false
            }
        }
        guard !naming.isEmpty, !naming.contains(where: { $0.traits == nil }) else { return false }
        return naming.allSatisfy { entry in traits.enabled.isDisjoint(with: entry.traits ?? []) }
    }
}

/// The traits on in a package: those its dependents enable (`default` standing for the
/// package's default traits) and every trait they enable in turn (SwiftPM's
/// `calculateAllEnabledTraits`).
struct TraitClosure: Sendable {
    /// Whether the package declares traits at all.
    let supportsTraits: Bool
    /// The trait names on (with `default` when the defaults are).
    let enabled: Set<String>

    init(manifest: PackageManifest, explicitlyEnabled: Set<String>, isRoot: Bool) {
        supportsTraits = !manifest.traits.isEmpty
        guard supportsTraits else {
            enabled = ["default"]
            return
        }
        let byName = Dictionary(manifest.traits.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // The root is built with its default traits (no --traits option here).
        var on = isRoot ? ["default"] : explicitlyEnabled
        if on.contains("default") {
            on.formUnion(byName["default"]?.enabledTraits ?? [])
        }
        var changed = true
        while changed {
            changed = false
            for name in on {
                for next in byName[name]?.enabledTraits ?? [] where on.insert(next).inserted { changed = true }
            }
        }
        enabled = on
    }

    /// The traits `dependency` gets enabled: its `traits:` entries whose condition holds.
    func traits(enabledOn dependency: PackageDependency) -> Set<String> {
        Set(dependency.traits.filter { trait in trait.condition.map { !enabled.isDisjoint(with: $0) } ?? true }.map(\.name))
    }
}

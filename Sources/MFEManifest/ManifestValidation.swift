import MFECore

/// The checks SwiftPM makes on a manifest it has loaded (its `ManifestValidator` and the
/// product lookup of `PackageBuilder`), applied to what a loader read, so a manifest SwiftPM
/// refuses is exit 2 with SwiftPM's reason instead of a green run. Each problem is located at
/// the declaration that causes it.
package enum ManifestValidation {
    /// Every problem of `manifest`, in declaration order; empty when SwiftPM would accept it.
    package static func problems(in manifest: PackageManifest) -> [ManifestError] {
        var problems: [ManifestError] = []
        var seen: Set<String> = []
        for target in manifest.targets where !seen.insert(target.name).inserted {
            problems.append(.duplicateTarget(target.name, at: target.location))
        }
        let targetNames = Set(manifest.targets.map(\.name))
        let packageIdentity = PackageIdentity.identity(forLocation: manifest.packageDirectory)
        // Every name a `.product(package:)` may use, computed once: a lookup over every
        // declared dependency per target dependency made large shells quadratic.
        let packageKeys = declaredDependencyKeys(of: manifest)
        for target in manifest.targets {
            for dependency in target.dependencies {
                switch dependency.kind {
                case .target(let name) where !targetNames.contains(name):
                    problems.append(.undeclaredTarget(name, dependent: target.name, at: dependency.location))
                case .product(_, let package?) where manifest.toolsVersion >= ToolsVersion(5, 2) && !packageKeys.contains(package.lowercased()):
                    problems.append(.unknownPackage(package, target: target.name, validPackages: validPackages(of: manifest), at: dependency.location))
                case .byName(let name) where !targetNames.contains(name) && manifest.dependencies.isEmpty:
                    // With no package dependencies, no product can answer the name.
                    problems.append(.productNotFound(name, package: packageIdentity, target: target.name, suggestion: suggestion(for: name, among: targetNames), at: dependency.location))
                default:
                    continue
                }
            }
        }
        return problems
    }

    /// The lowercased names a `.product(package:)` argument may give the declared
    /// dependencies, as SwiftPM matches them: each one's resolution name and identity.
    static func declaredDependencyKeys(of manifest: PackageManifest) -> Set<String> {
        Set(manifest.dependencies.flatMap { [$0.nameForModuleDependencyResolution.lowercased(), $0.identity] })
    }

    /// SwiftPM's list of valid packages: `'name' (at 'path')`, `'name' (from 'url')`.
    static func validPackages(of manifest: PackageManifest) -> String {
        manifest.dependencies.map { dependency in
            let name = "'\(dependency.nameForModuleDependencyResolution)'"
            switch dependency.kind {
            case .fileSystem(let path):
                let resolved = PackageIdentity.resolvedLocation(path, relativeTo: manifest.packageDirectory) ?? path
                return "\(name) (at '\(resolved)')"
            case .sourceControl(let url, _):
                if let path = PackageIdentity.resolvedLocation(url, relativeTo: manifest.packageDirectory) { return "\(name) (at '\(path)')" }
                return "\(name) (from '\(url)')"
            case .registry:
                return name
            }
        }.joined(separator: ", ")
    }

    /// SwiftPM's " Did you mean 'X'?" for the closest target name, if one is close
    /// (`NearestName`).
    package static func suggestion(for name: String, among names: Set<String>) -> String {
        NearestName.nearest(to: name, among: names).map { " Did you mean '\($0)'?" } ?? ""
    }
}

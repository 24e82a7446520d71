import Foundation
import MFECore
import MFEManifest
import MFEXcode

extension XcodeRequirement {
    /// The requirement as SwiftPM normalises it; a version that is no semantic version is an
    /// input error at the reference.
    package func requirement(url: String, at location: SourceLocation) throws -> Requirement {
        func version(_ text: String) throws -> Version {
            guard let version = Version(text) else { throw XcodeError.invalidVersion(text, url: url, at: location) }
            return version
        }
        switch self {
        case .upToNextMajor(let minimum): return .upToNextMajor(from: try version(minimum))
        case .upToNextMinor(let minimum): return .upToNextMinor(from: try version(minimum))
        case .exact(let exact): return .exact(try version(exact))
        case .range(let minimum, let maximum): return .range(lowerBound: try version(minimum), upperBound: try version(maximum))
        case .branch(let branch): return .branch(branch)
        case .revision(let revision): return .revision(revision)
        }
    }
}

extension XcodeProject {
    /// The project as a package of the target graph: its targets as targets (frameworks and
    /// libraries regular, test bundles tests, the rest executable), target dependencies as `.target`,
    /// package products as `.product(name:package:)` of its package references, which are its
    /// package dependencies. Paths of local packages are written relative to the
    /// `.xcodeproj` folder, the package's directory in the workspace, so the graph resolves
    /// them as it resolves `.package(path:)`. Every location is a `project.pbxproj` line.
    package func manifest() throws -> PackageManifest {
        var dependencies: [PackageDependency] = []
        var packageNames: [String] = []
        for reference in packageReferences {
            switch reference.kind {
            case .remote(let url, let requirement):
                let dependency = PackageDependency(.sourceControl(url: url, requirement: try requirement.requirement(url: url, at: reference.location)), location: reference.location)
                dependencies.append(dependency)
                packageNames.append(dependency.identity)
            case .local(let relativePath):
                let dependency = PackageDependency(.fileSystem(path: pathFromProject(PathUtilities.absolute(relativePath, relativeTo: rootDirectory))), location: reference.location)
                dependencies.append(dependency)
                packageNames.append(dependency.identity)
            }
        }
        for folder in packageFolders {
            dependencies.append(PackageDependency(.fileSystem(path: pathFromProject(PathUtilities.absolute(folder.path, relativeTo: rootDirectory))), location: folder.location))
        }
        let targets = targets.map { target -> Target in
            var result = Target(name: target.name, kind: target.productType.targetKind, location: target.location)
            for dependency in target.dependencies where dependency.project == nil {
                result.dependencies.append(TargetDependency(.target(dependency.target), location: dependency.location))
            }
            for product in target.packageProducts {
                result.dependencies.append(TargetDependency(.product(name: product.product, package: product.package.map { packageNames[$0] }), location: product.location))
            }
            return result
        }
        return PackageManifest(
            name: name, toolsVersion: ToolsVersion(6, 0), dependencies: dependencies, targets: targets, manifestPath: pbxprojPath, location: SourceLocation(file: pbxprojPath, line: 1, column: 1))
    }

    /// `path` (absolute) relative to the `.xcodeproj` folder, with `..` where needed.
    func pathFromProject(_ path: String) -> String {
        let from = PathUtilities.normalize(self.path).split(separator: "/")
        let to = PathUtilities.normalize(path).split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

extension XcodeProject {
    /// The targets that belong to an application's feature although their names say
    /// otherwise, with that application's stem: applications another application embeds (a
    /// watch app, an App Clip, a helper) and the test bundles that depend on an application.
    /// Without this, the app embedding its watch app would "depend on the shell".
    package func applicationStems(roles: RoleSuffixes) -> [String: String] {
        let applications = Set(targets.filter { $0.productType == .application }.map(\.name))
        var host: [String: String] = [:]
        for target in targets where target.productType == .application {
            for dependency in target.dependencies where dependency.project == nil && applications.contains(dependency.target) && dependency.target != target.name {
                host[dependency.target] = host[dependency.target] ?? target.name
            }
        }
        // Follows embedding to the outermost application, at most once per application.
        func outermost(_ name: String) -> String {
            var current = name
            var seen: Set<String> = [name]
            while let next = host[current], seen.insert(next).inserted { current = next }
            return current
        }
        var stems: [String: String] = [:]
        for target in targets {
            if target.productType == .application {
                stems[target.name] = roles.stem(of: outermost(target.name), kind: .executable)
            } else if target.productType.isTest, let app = target.dependencies.first(where: { $0.project == nil && applications.contains($0.target) }) {
                stems[target.name] = roles.stem(of: outermost(app.target), kind: .executable)
            }
        }
        return stems
    }
}

extension XcodeProductType {
    /// The SwiftPM target kind the graph gives a target of this type.
    /// Only frameworks and libraries are modules other targets import; apps, extensions and
    /// bundles are embedded, so they are executables, which the import rules never expect
    /// to be imported.
    var targetKind: Target.Kind {
        switch self {
        case .framework, .staticLibrary, .dynamicLibrary: return .regular
        case .unitTestBundle, .uiTestBundle: return .test
        default: return .executable
        }
    }
}

import Foundation
import MFECore
import MFEManifest
import MFEXcode

extension XcodeRequirement {
    /// The requirement as SwiftPM normalises it. Xcode reads versions leniently, as SwiftPM
    /// reads tags: `1.2` (XcodeGen writes `exactVersion: 1.2` so) is 1.2.0, `v1.2.3` is 1.2.3;
    /// anything else is an input error at the reference.
    package func requirement(url: String, at location: SourceLocation) throws -> Requirement {
        func version(_ text: String) throws -> Version {
            guard let version = Version(tag: text.trimmingCharacters(in: .whitespaces)) else { throw XcodeError.invalidVersion(text, url: url, at: location) }
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
    /// otherwise, with that application's stem, as Xcode decides: what an application
    /// embeds (copy-files phases) or depends on and ships inside it (extensions, widgets,
    /// watch apps, App Clips, helpers, tools), followed to the outermost application; a test
    /// bundle goes to the application its `TEST_HOST` (or `BUNDLE_LOADER`) names, else to
    /// the application among its dependencies. Without this, the app embedding its
    /// extension would "depend on the shell", and a test bundle would follow its first
    /// dependency.
    package func applicationStems(roles: RoleSuffixes) -> [String: String] {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var host: [String: String] = [:]
        for target in targets where target.productType == .application {
            let local = target.dependencies.filter { $0.project == nil }.map(\.target)
            for other in target.embedded + local where other != target.name && byName[other]?.productType.isEmbeddable == true {
                host[other] = host[other] ?? target.name
            }
        }
        // Follows embedding to the outermost application, at most once per target.
        func outermost(_ name: String) -> String {
            var current = name
            var seen: Set<String> = [name]
            while let next = host[current], seen.insert(next).inserted { current = next }
            return current
        }
        func stem(ofApplication name: String) -> String { roles.stem(of: outermost(name), kind: .executable) }
        var stems: [String: String] = [:]
        for target in targets {
            if target.productType == .application || host[target.name] != nil {
                stems[target.name] = stem(ofApplication: target.name)
            } else if target.productType.isTest {
                // Two apps may build the same product (NetNewsWire's macOS and iOS apps are both
                // NetNewsWire.app): the one the bundle depends on is its host, as Xcode builds it.
                let dependsOn = Set(target.dependencies.filter { $0.project == nil }.map(\.target))
                let hosts = targets.filter { $0.productType == .application && $0.builtProductName == target.testHostProductName }
                if let product = target.testHostProductName,
                    let app = hosts.first(where: { dependsOn.contains($0.name) }) ?? hosts.first
                        ?? targets.first(where: { $0.productType == .application && $0.name == product })
                {
                    stems[target.name] = stem(ofApplication: app.name)
                } else if let app = target.dependencies.first(where: { $0.project == nil && (byName[$0.target]?.productType == .application || host[$0.target] != nil) }) {
                    stems[target.name] = stem(ofApplication: app.target)
                }
            }
        }
        return stems
    }

    /// Command-line tools and aggregate targets no application ships: never the shell, a
    /// feature of their own, each with a note saying so.
    package func standaloneToolNotes(roles: RoleSuffixes) -> [String] {
        let stems = applicationStems(roles: roles)
        return targets.filter { ($0.productType == .commandLineTool || $0.productType == .aggregate) && stems[$0.name] == nil }.map { target in
            let what = target.productType == .aggregate ? "an aggregate target (build phases only)" : "a command-line tool"
            return "'\(target.name)' of \(pbxprojPath) is \(what) that no application embeds: it is never the shell, and is layered as a feature of its own"
        }
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

import Foundation
import MFECore
import MFEManifest
import MFEXcode

extension TuistProjectDefinition {
    /// The project as the graph reads Xcode projects: an `XcodeProject` whose targets have the
    /// products, sources (the static folders of the `sources:` globs) and in-project
    /// dependencies Tuist would generate, located at the `Project.swift` or helper lines.
    package func xcodeProject() -> XcodeProject {
        var project = XcodeProject(path: directory, pbxprojPath: manifestPath, name: name, rootDirectory: directory, objectVersion: 0)
        for target in targets {
            var result = XcodeTarget(name: target.name, productType: Self.productType(target.product), location: target.location)
            for dependency in target.dependencies {
                switch dependency.kind {
                case .target(let name), .macro(let name):
                    result.dependencies.append(XcodeTargetDependency(target: name, location: dependency.location))
                case .project(let name, let path):
                    result.dependencies.append(XcodeTargetDependency(target: name, project: path, location: dependency.location))
                default: continue
                }
            }
            for glob in target.sources {
                let (folder, isGlob) = Self.staticFolder(of: glob)
                let relative = PathUtilities.relative(folder, to: directory)
                if isGlob { result.folders.append(relative) } else { result.files.append(relative) }
            }
            if let productName = target.productName {
                result.productName = productName
                result.builtProductName = productName
            }
            project.targets.append(result)
        }
        return project
    }

    /// The project as a package of the target graph: every target a product of its own name
    /// (what `.project(target:path:)` names), a `.project` dependency a product of the project
    /// in that folder (a path dependency on it), `.external(name:)` a product of the package of
    /// `externals` (`Tuist/Package.swift`'s dependencies) it names, `.package(product:)` one of
    /// `packages:`. SDKs and prebuilt binaries are no module of the workspace.
    package func manifest(externals: [PackageDependency]) throws -> PackageManifest {
        var dependencies: [PackageDependency] = []
        var ownPackages: [String] = []
        for reference in packages {
            let dependency: PackageDependency
            switch reference.kind {
            case .remote(let url, let requirement): dependency = PackageDependency(.sourceControl(url: url, requirement: requirement), location: reference.location)
            case .local(let path): dependency = PackageDependency(.fileSystem(path: Self.path(path, from: directory)), location: reference.location)
            }
            dependencies.append(dependency)
            ownPackages.append(dependency.identity)
        }
        var projectFolders: Set<String> = []
        var usedExternals: Set<String> = []
        var graphTargets: [Target] = []
        for target in targets {
            var result = Target(name: target.name, kind: Self.productType(target.product).graphKind, location: target.location)
            for dependency in target.dependencies {
                let kind: TargetDependency.Kind
                switch dependency.kind {
                case .target(let name), .macro(let name): kind = .target(name)
                case .project(let name, let path):
                    let relative = Self.path(path, from: directory)
                    if projectFolders.insert(relative).inserted, relative != "." {
                        dependencies.append(PackageDependency(.fileSystem(path: relative), location: dependency.location))
                    }
                    kind = relative == "." ? .target(name) : .product(name: name, package: PackageIdentity.identity(forLocation: path))
                case .external(let name):
                    let package = Self.package(vending: name, among: externals)
                    if let package, usedExternals.insert(package.identity).inserted { dependencies.append(package) }
                    kind = .product(name: name, package: package?.identity)
                case .package(let product):
                    kind = .product(
                        name: product, package: ownPackages.count == 1 ? ownPackages[0] : Self.package(vending: product, among: dependencies.filter { ownPackages.contains($0.identity) })?.identity)
                case .sdk, .binary, .other: continue
                }
                result.dependencies.append(TargetDependency(kind, platforms: dependency.condition, location: dependency.location))
            }
            graphTargets.append(result)
        }
        let products = targets.map { Product(name: $0.name, kind: .library, targets: [$0.name], location: $0.location) }
        return PackageManifest(name: name, toolsVersion: ToolsVersion(6, 0), dependencies: dependencies, targets: graphTargets, products: products, manifestPath: manifestPath, location: location)
    }

    /// The package of `candidates` whose name a product most likely comes from: the only one,
    /// else the one whose identity is the product's name (ignoring case, `swift-` and
    /// punctuation); nil when that is not clear.
    static func package(vending product: String, among candidates: [PackageDependency]) -> PackageDependency? {
        if candidates.count == 1 { return candidates[0] }
        func key(_ text: String) -> String {
            var lowered = text.lowercased()
            if lowered.hasPrefix("swift-") { lowered.removeFirst("swift-".count) }
            return String(lowered.filter { $0.isLetter || $0.isNumber })
        }
        let wanted = key(product)
        let exact = candidates.filter { key($0.identity) == wanted }
        if exact.count == 1 { return exact[0] }
        let partial = candidates.filter { key($0.identity).contains(wanted) || wanted.contains(key($0.identity)) }
        return partial.count == 1 ? partial[0] : nil
    }

    /// `path` (absolute) relative to `directory`, with `..` where needed, as a path dependency
    /// is written.
    static func path(_ path: String, from directory: String) -> String {
        let from = PathUtilities.normalize(directory).split(separator: "/")
        let to = PathUtilities.normalize(path).split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The folder before a glob's first wildcard, and whether there was one.
    static func staticFolder(of glob: String) -> (String, Bool) {
        var parts: [Substring] = []
        for part in glob.split(separator: "/", omittingEmptySubsequences: false) {
            if part.contains(where: { "*?[{".contains($0) }) { return ((glob.hasPrefix("/") ? "/" : "") + parts.filter { !$0.isEmpty }.joined(separator: "/"), true) }
            parts.append(part)
        }
        return (glob, false)
    }

    /// The Xcode product type of a ProjectDescription `Product` case.
    static func productType(_ product: String) -> XcodeProductType {
        switch product {
        case "app", "watch2App", "appClip", "messagesApplication": return .application
        case "framework", "staticFramework": return .framework
        case "staticLibrary": return .staticLibrary
        case "dynamicLibrary": return .dynamicLibrary
        case "unitTests": return .unitTestBundle
        case "uiTests": return .uiTestBundle
        case "commandLineTool": return .commandLineTool
        case "appExtension", "watch2Extension", "widgetExtension", "stickerPackExtension", "messagesExtension", "tvTopShelfExtension", "extensionKitExtension":
            return .appExtension
        default: return .other(product)
        }
    }
}

extension XcodeProductType {
    /// The kind the graph gives a target of this type.
    var graphKind: Target.Kind { targetKind }
}

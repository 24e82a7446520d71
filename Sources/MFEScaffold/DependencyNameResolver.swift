import MFECore
import MFEManifest
import MFEWorkspace

/// Resolves `mfe create --dependency NAME` against a workspace: a foundation package's
/// library, or a product feature's `…Interface` — never a product feature's implementation,
/// testing or example target, and never the shell.
struct DependencyNameResolver {
    let workspace: Workspace
    /// The new package's folder relative to the workspace root.
    let newPackageDirectory: String
    /// The new package's layer.
    let layer: Layer
    /// Reads foundation packages' sources for their base dependencies.
    let fileSystem: any FileSystem
    private var resolved: Set<String> = []

    init(workspace: Workspace, newPackageDirectory: String, layer: Layer, fileSystem: any FileSystem = LocalFileSystem()) {
        self.workspace = workspace
        self.newPackageDirectory = newPackageDirectory
        self.layer = layer
        self.fileSystem = fileSystem
    }

    /// Resolves `name`, a package name (`Core`, `Search`) or a library target name
    /// (`SearchInterface`). Naming the same product twice is a problem too.
    mutating func resolve(_ name: String) -> Result<FeatureDependency, ScaffoldError> {
        let result = lookUp(name)
        if case .success(let dependency) = result, !resolved.insert(dependency.product).inserted {
            return .failure(.dependencyGivenTwice(name, product: dependency.product))
        }
        return result
    }

    private func lookUp(_ name: String) -> Result<FeatureDependency, ScaffoldError> {
        if let package = workspace.package(named: name) {
            switch package.layer {
            case .shell:
                return .failure(.dependencyIsShell(name))
            case .product:
                if layer == .foundation {
                    return .failure(.foundationOnProductFeature(name))
                }
                let interface = name + "Interface"
                guard let product = libraryProduct(vending: interface, in: package) else {
                    return .failure(.noInterfaceLibrary(name, interface: interface, directory: package.directory))
                }
                return .success(dependency(requested: name, package: package, product: product, module: interface))
            case .foundation, nil:
                guard let library = mainLibrary(of: package) else {
                    return .failure(.noLibraryProduct(name, directory: package.directory))
                }
                return baseDependencies(of: library.module, in: package).map { base in
                    var found = dependency(requested: name, package: package, product: library.product, module: library.module)
                    found.base = base
                    return found
                }
            }
        }
        for package in workspace.packages {
            guard let target = package.manifest.targets.first(where: { $0.name == name }) else { continue }
            let role = Role(target)
            if package.layer == .shell {
                return .failure(.dependencyIsShellTarget(name))
            }
            if package.layer == .product && role != .interface {
                return .failure(.dependencyOnImplementation(name, role: role, feature: package.name))
            }
            if package.layer == .product && layer == .foundation {
                return .failure(.foundationOnProductTarget(name, feature: package.name))
            }
            guard let product = libraryProduct(vending: name, in: package) else {
                return .failure(.targetNotVended(name, package: package.name, directory: package.directory))
            }
            return .success(dependency(requested: name, package: package, product: product, module: name))
        }
        let available = workspace.packages.filter { $0.layer != .shell }.map { "'\($0.name)'" }.sorted()
        if let near = NearestName.nearest(to: name, among: workspace.packages.filter { $0.layer != .shell }.map(\.name)) {
            return .failure(.unknownDependencyNear(name, near: near))
        }
        return .failure(.unknownDependency(name, available: available))
    }

    private func dependency(requested: String, package: WorkspacePackage, product: String, module: String) -> FeatureDependency {
        let relativePath = Self.relativePath(from: newPackageDirectory, to: package.directory)
        let identity = package.directory == "." ? workspace.root.split(separator: "/").last.map(String.init) ?? package.name : String(package.directory.split(separator: "/").last!)
        return FeatureDependency(
            requested: requested, path: relativePath, package: identity, product: product, module: module, layer: package.layer, release: shellRelease(of: identity), directory: package.directory)
    }

    /// The base dependencies a foundation package's library `module` declares, read from its
    /// sources; nil for any other package or a module that declares none.
    private func baseDependencies(of module: String, in package: WorkspacePackage) -> Result<BaseDependencies?, ScaffoldError> {
        guard package.layer == .foundation, layer == .product, let target = package.manifest.targets.first(where: { $0.name == module }) else { return .success(nil) }
        let sources = swiftSources(of: PathUtilities.join(package.directory, target.path ?? "Sources/\(module)"))
        return BaseDependencies.read(module: module, sources: sources).mapError { .inDependency(package: package.name, $0) }.map { base in
            guard var base else { return nil }
            // The package's testing library, when it vends a test double of the base dependencies.
            let testing = module + "Testing"
            if let product = libraryProduct(vending: testing, in: package), let target = package.manifest.targets.first(where: { $0.name == testing }) {
                base.readTestDouble(module: testing, product: product, sources: swiftSources(of: PathUtilities.join(package.directory, target.path ?? "Sources/\(testing)")))
            }
            return base
        }
    }

    /// The Swift files below `folder` (relative to the workspace root), as `(path, text)`.
    private func swiftSources(of folder: String) -> [(file: String, text: String)] {
        let absolute = PathUtilities.join(workspace.root, folder)
        return ((try? fileSystem.filesBelow(absolute)) ?? []).filter { $0.hasSuffix(".swift") }.compactMap { file in
            (try? fileSystem.contents(of: PathUtilities.join(absolute, file))).map { (PathUtilities.join(folder, file), String(decoding: $0, as: UTF8.self)) }
        }
    }

    /// The release the shell requires of the package `identity` with `from:` (a polyrepo
    /// workspace, where each package is its own git repository): the new package requires the
    /// same by URL, since SwiftPM refuses one package reached both by path and by URL.
    private func shellRelease(of identity: String) -> String? {
        for shell in workspace.packages where shell.layer == .shell {
            for dependency in shell.manifest.dependencies {
                guard case .sourceControl(let url, .range(let lower, let upper)) = dependency.kind,
                    ManifestWiring.identity(ofLocation: url) == identity.lowercased(),
                    upper == Version(lower.major + 1, 0, 0)
                else { continue }
                return "\(lower.major).\(lower.minor).\(lower.patch)"
            }
        }
        return nil
    }

    /// The library product that vends `target`, preferring one named like it.
    private func libraryProduct(vending target: String, in package: WorkspacePackage) -> String? {
        let libraries = package.manifest.products.filter { [.library, .staticLibrary, .dynamicLibrary].contains($0.kind) && $0.targets.contains(target) }
        return (libraries.first { $0.name == target } ?? libraries.first)?.name
    }

    /// A foundation package's main library and the module to import: the product named like the
    /// package, else its only library.
    private func mainLibrary(of package: WorkspacePackage) -> (product: String, module: String)? {
        let libraries = package.manifest.products.filter { [.library, .staticLibrary, .dynamicLibrary].contains($0.kind) }
        guard let product = libraries.first(where: { $0.name == package.name }) ?? (libraries.count == 1 ? libraries.first : nil) else { return nil }
        let module = product.targets.contains(product.name) ? product.name : (product.targets.first ?? product.name)
        return (product.name, module)
    }

    /// The relative path from folder `from` to folder `to`, both relative to the same root.
    static func relativePath(from: String, to: String) -> String {
        let fromParts = PathUtilities.normalize(from).split(separator: "/").filter { $0 != "." }
        let toParts = PathUtilities.normalize(to).split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < fromParts.count, common < toParts.count, fromParts[common] == toParts[common] { common += 1 }
        let parts = Array(repeating: "..", count: fromParts.count - common) + toParts[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// The names already taken in a workspace: package, target and product names, compared
/// case-insensitively (module names become folder names, and file systems may fold case).
struct WorkspaceNames {
    private var owners: [String: String] = [:]

    init(_ workspace: Workspace) {
        for package in workspace.packages {
            let place = package.directory == "." ? "the workspace root" : package.directory
            owners[package.name.lowercased()] = owners[package.name.lowercased()] ?? "package '\(package.name)' (\(place))"
            for target in package.manifest.targets {
                owners[target.name.lowercased()] = owners[target.name.lowercased()] ?? "a target of package '\(package.name)' (\(place))"
            }
            for product in package.manifest.products {
                owners[product.name.lowercased()] = owners[product.name.lowercased()] ?? "a product of package '\(package.name)' (\(place))"
            }
        }
    }

    /// One problem per name in `names` already taken.
    func clashes(with names: [String]) -> [ScaffoldError] {
        names.compactMap { name in
            owners[name.lowercased()].map { .nameTaken(name, owner: $0) }
        }
    }
}

import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// The modules third-party products provide, and which products each workspace target
/// declares, as SwiftPM builds them.
///
/// A library product provides the modules of its targets and of the targets they depend on
/// inside their package, transitively (c99 names; what a C or system target's
/// `module.modulemap` declares, when the package is checked out); it depends on the products
/// of other packages those targets name. Modules of the toolchain and the SDKs (`Foundation`,
/// `XCTest`, `Testing`, `SwiftUI`, …) are never third-party, even when a checkout builds one.
struct ExternalModules: Sendable {
    /// A product of an external package.
    struct Product: Hashable, Comparable, Sendable {
        var identity: String
        var name: String

        static func < (lhs: Product, rhs: Product) -> Bool { (lhs.identity, lhs.name) < (rhs.identity, rhs.name) }
    }

    /// Module → target name, for the modules each product provides.
    private(set) var provided: [Product: [String: String]] = [:]
    /// The modules of each product's own targets (what declaring it names).
    private(set) var own: [Product: Set<String>] = [:]
    /// The external products each product's targets depend on, sorted.
    private(set) var dependencies: [Product: [Product]] = [:]
    /// The modules each product's targets `@_exported import` (in a checkout), and what those
    /// modules' products re-export in turn: declaring the product declares them.
    private(set) var reexports: [Product: Set<String>] = [:]
    /// Module → the products providing it, those listing its target first, then by name.
    private(set) var providers: [String: [Product]] = [:]
    /// `declared[n]`: the external products workspace node `n` names in its dependencies, with
    /// the platforms of a `condition: .when(platforms:)` (nil: every platform).
    private(set) var declared: [Int: [(product: Product, platforms: Set<String>?)]] = [:]
    let packages: [String: ExternalPackage]

    /// The modules of the toolchain and the Apple and Linux SDKs that `import` finds without a
    /// package dependency; never reported.
    static let systemModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "_Differentiation", "Foundation", "FoundationEssentials",
        "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "Dispatch", "XCTest", "Testing",
        "Synchronization", "Observation", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "Darwin", "Glibc", "Musl",
        "Android", "WinSDK", "WASILibc", "ucrt", "os", "ObjectiveC", "CoreFoundation", "Combine", "SwiftUI", "UIKit",
        "AppKit", "WatchKit", "SwiftData", "SwiftOnoneSupport", "Security", "Network", "SystemConfiguration", "System",
    ]

    init(packages external: ExternalPackages, graph: TargetGraph, workspaceModules: Set<String>, fileSystem: any FileSystem, parseTimeLimit: ParseTimeLimit) {
        packages = external.packages
        var reader = WorkspaceImportReader(fileSystem: fileSystem)
        reader.parseTimeLimit = parseTimeLimit
        for identity in external.packages.keys.sorted() {
            guard let package = external.packages[identity] else { continue }
            let manifest = package.manifest
            let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var moduleNames: [String: [String]] = [:]
            var exported: [String: Set<String>] = [:]
            let scanner = ImportScanner(configurations: WorkspaceImportReader.buildConfigurations(for: manifest))
            func exportedModules(of target: Target) -> Set<String> {
                if let known = exported[target.name] { return known }
                let found = package.directory.map { Self.reexports(of: target, inPackage: $0, scanner: scanner, fileSystem: fileSystem, limit: parseTimeLimit) } ?? []
                exported[target.name] = found
                return found
            }
            func names(of target: Target) -> [String] {
                if let known = moduleNames[target.name] { return known }
                let found = package.directory.flatMap { try? reader.moduleNames(of: target, inPackage: $0) } ?? [ModuleName.c99Name(target.name)]
                moduleNames[target.name] = found
                return found
            }
            for product in manifest.products where [.library, .staticLibrary, .dynamicLibrary].contains(product.kind) {
                let key = Product(identity: identity, name: product.name)
                var modules: [String: String] = [:]
                var ownModules: Set<String> = []
                var products: Set<Product> = []
                var reexported: Set<String> = []
                var pending = product.targets.reversed().compactMap { targets[$0] }
                var visited: Set<String> = []
                while let target = pending.popLast() {
                    guard visited.insert(target.name).inserted else { continue }
                    if [.regular, .executable, .system, .binary].contains(target.kind) {
                        for name in names(of: target) where !Self.systemModules.contains(name) && !workspaceModules.contains(name) {
                            modules[name] = modules[name] ?? target.name
                            if product.targets.contains(target.name) { ownModules.insert(name) }
                        }
                        reexported.formUnion(exportedModules(of: target))
                    }
                    for dependency in target.dependencies {
                        if let local = Self.localTarget(dependency, in: targets) {
                            pending.append(local)
                        } else if let other = Self.product(for: dependency, in: manifest, among: external.packages) {
                            products.insert(other)
                        }
                    }
                }
                provided[key] = modules
                own[key] = ownModules
                dependencies[key] = products.sorted()
                reexports[key] = reexported
                for module in modules.keys { providers[module, default: []].append(key) }
            }
        }
        reexports = Self.close(reexports, providers: providers)
        for (module, products) in providers {
            providers[module] = products.sorted { lhs, rhs in
                let lhsOwn = own[lhs]?.contains(module) == true
                let rhsOwn = own[rhs]?.contains(module) == true
                return lhsOwn != rhsOwn ? lhsOwn : lhs < rhs
            }
        }
        guard !external.packages.isEmpty else { return }
        var targetsByPackage: [Int: [String: Target]] = [:]
        for (index, node) in graph.nodes.enumerated() {
            let manifest = graph.packages[node.package].manifest
            let local = targetsByPackage[node.package] ?? Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            targetsByPackage[node.package] = local
            guard let target = local[node.name] else { continue }
            var products: [(product: Product, platforms: Set<String>?)] = []
            for dependency in target.dependencies where Self.localTarget(dependency, in: local) == nil {
                if let product = Self.product(for: dependency, in: manifest, among: external.packages) {
                    products.append((product, dependency.platforms.map(Set.init)))
                }
            }
            if !products.isEmpty { declared[index] = products }
        }
    }

    /// The target of the same package a dependency entry names (`.target`, or a by-name entry
    /// naming one), if any.
    static func localTarget(_ dependency: TargetDependency, in targets: [String: Target]) -> Target? {
        switch dependency.kind {
        case .target(let name), .byName(let name): return targets[name]
        case .product: return nil
        }
    }

    /// The external product a dependency entry of a target of `manifest` names, matching
    /// `.product(package:)` against the identity, `name:` or manifest name of the package's
    /// declared dependencies, as SwiftPM does; a by-name entry against their products.
    static func product(for dependency: TargetDependency, in manifest: PackageManifest, among packages: [String: ExternalPackage]) -> Product? {
        let name: String
        let packageKey: String?
        switch dependency.kind {
        case .target: return nil
        case .byName(let value): (name, packageKey) = (value, nil)
        case .product(let value, let package): (name, packageKey) = (value, package?.lowercased())
        }
        var candidates: [String] = []
        for declared in manifest.dependencies {
            let identity = declared.identity
            guard let package = packages[identity] else { continue }
            if let packageKey, packageKey != identity, packageKey != declared.explicitName?.lowercased(), packageKey != package.manifest.name.lowercased(),
                packageKey != declared.nameForModuleDependencyResolution.lowercased()
            {
                continue
            }
            candidates.append(identity)
        }
        if let packageKey, candidates.isEmpty, packages[packageKey] != nil { candidates = [packageKey] }
        for identity in candidates where packages[identity]?.manifest.products.contains(where: { $0.name == name }) == true {
            return Product(identity: identity, name: name)
        }
        return nil
    }

    /// The modules the Swift files of `target` (in the package folder `directory`)
    /// `@_exported import` in some configuration; only files that contain `@_exported` are
    /// parsed. A file that cannot be read or parsed re-exports nothing.
    static func reexports(of target: Target, inPackage directory: String, scanner: ImportScanner, fileSystem: any FileSystem, limit: ParseTimeLimit) -> Set<String> {
        guard target.kind == .regular || target.kind == .executable,
            let files = try? TargetSourceFiles(fileSystem: fileSystem).swiftFiles(of: target, inPackage: directory)
        else { return [] }
        let marker = Data("@_exported".utf8)
        var modules: Set<String> = []
        for file in files {
            guard let data = try? fileSystem.contents(of: file), data.range(of: marker) != nil,
                let declarations = try? BoundedParsing.runBlocking(
                    file: file, bytes: data.count, limit: limit,
                    {
                        try data.withUnsafeBytes { raw in try scanner.checkedImports(inUTF8: raw.bindMemory(to: UInt8.self), file: file) }
                    })
            else { continue }
            for declaration in declarations where declaration.isActive && declaration.attributes.contains("_exported") {
                modules.insert(declaration.module)
            }
        }
        return modules
    }

    /// Each product's re-exports closed under the re-exports of the products providing them.
    static func close(_ direct: [Product: Set<String>], providers: [String: [Product]]) -> [Product: Set<String>] {
        var closed = direct
        for product in direct.keys.sorted() {
            var pending = Array(closed[product] ?? [])
            var seen = Set(pending)
            while let module = pending.popLast() {
                for provider in providers[module] ?? [] where provider != product {
                    for next in direct[provider] ?? [] where seen.insert(next).inserted { pending.append(next) }
                }
            }
            closed[product] = seen
        }
        return closed
    }

    /// Whether any product provides `module`.
    func isKnown(_ module: String) -> Bool { providers[module] != nil }

    /// The products `node` declares that apply on `platform` (all when nil).
    func declaredProducts(of node: Int, on platform: String?) -> [Product] {
        (declared[node] ?? []).filter { entry in
            guard let platform, let platforms = entry.platforms else { return true }
            return platforms.contains(platform)
        }.map(\.product)
    }
}

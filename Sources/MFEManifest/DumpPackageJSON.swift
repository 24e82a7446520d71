import MFECore

/// A manifest as `swift package dump-package` writes it, for `mfe dump-package`: the same
/// keys and shapes for everything mfe reads (name, tools version, platforms, products,
/// dependencies, targets with their dependencies and conditions, traits). What the reader does
/// not evaluate (settings, resources, language standards, …) is left out rather than guessed.
package enum DumpPackageJSON {
    /// The JSON value of `manifest`, whose relative folder is relative to `currentDirectory`.
    package static func value(of manifest: PackageManifest, currentDirectory: String) -> JSONValue {
        let directory = PathUtilities.absolute(manifest.packageDirectory, relativeTo: currentDirectory)
        let version = manifest.toolsVersion
        return [
            "name": .string(manifest.name),
            "toolsVersion": ["_version": .string("\(version.major).\(version.minor).\(version.patch)")],
            "packageKind": ["root": [.string(directory)]],
            "platforms": .array(
                manifest.platforms.map { platform in
                    ["platformName": .string(platform.name), "version": .string(platform.version), "options": []]
                }),
            "dependencies": .array(manifest.dependencies.map { dependency(of: $0, in: directory) }),
            "targets": .array(manifest.targets.map(target)),
            "products": .array(manifest.products.map(product)),
            "traits": .array(
                manifest.traits.map { trait in
                    var object: [String: JSONValue] = ["name": .string(trait.name), "enabledTraits": .array(trait.enabledTraits.map(JSONValue.string))]
                    if let description = trait.description { object["description"] = .string(description) }
                    return .object(object)
                }),
        ]
    }

    static func dependency(of dependency: PackageDependency, in directory: String) -> JSONValue {
        var body: [String: JSONValue] = [
            "identity": .string(dependency.identity),
            "productFilter": .null,
            "traits": .array(
                dependency.traits.map { trait in
                    var object: [String: JSONValue] = ["name": .string(trait.name)]
                    if let condition = trait.condition { object["condition"] = ["traits": .array(condition.map(JSONValue.string))] }
                    return .object(object)
                }),
        ]
        if let name = dependency.explicitName { body["nameForTargetDependencyResolutionOnly"] = .string(name) }
        let key: String
        switch dependency.kind {
        case .fileSystem(let path):
            key = "fileSystem"
            body["path"] = .string(PathUtilities.absolute(path, relativeTo: directory))
        case .sourceControl(let url, let requirement):
            key = "sourceControl"
            body["requirement"] = self.requirement(requirement)
            body["location"] =
                isRemote(url)
                ? ["remote": [["urlString": .string(url)]]]
                : ["local": [.string(PathUtilities.absolute(url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url, relativeTo: directory))]]
        case .registry(_, let requirement):
            key = "registry"
            body["requirement"] = self.requirement(requirement)
        }
        return [key: [.object(body)]]
    }

    /// Whether SwiftPM keeps `url` as a remote location (a URL or an scp-style address) rather
    /// than a local path.
    package static func isRemote(_ url: String) -> Bool {
        if url.hasPrefix("file://") { return false }
        return url.contains("://") || (url.contains("@") && url.contains(":"))
    }

    static func requirement(_ requirement: Requirement) -> JSONValue {
        switch requirement {
        case .range(let lower, let upper): return ["range": [["lowerBound": .string("\(lower)"), "upperBound": .string("\(upper)")]]]
        case .exact(let version): return ["exact": [.string("\(version)")]]
        case .branch(let name): return ["branch": [.string(name)]]
        case .revision(let name): return ["revision": [.string(name)]]
        }
    }

    static func target(_ target: Target) -> JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(target.name),
            "type": .string(target.kind.rawValue),
            "exclude": .array(target.exclude.map(JSONValue.string)),
            "dependencies": .array(target.dependencies.map(targetDependency)),
        ]
        if let path = target.path { object["path"] = .string(path) }
        if let sources = target.sources { object["sources"] = .array(sources.map(JSONValue.string)) }
        return .object(object)
    }

    static func targetDependency(_ dependency: TargetDependency) -> JSONValue {
        var condition: JSONValue = .null
        if dependency.platforms != nil || dependency.traits != nil {
            var object: [String: JSONValue] = ["platformNames": .array((dependency.platforms ?? []).map(JSONValue.string))]
            if let traits = dependency.traits { object["traits"] = .array(traits.map(JSONValue.string)) }
            condition = .object(object)
        }
        switch dependency.kind {
        case .byName(let name): return ["byName": [.string(name), condition]]
        case .target(let name): return ["target": [.string(name), condition]]
        case .product(let name, let package):
            let aliases: JSONValue = dependency.moduleAliases.map { .object($0.mapValues(JSONValue.string)) } ?? .null
            return ["product": [.string(name), package.map(JSONValue.string) ?? .null, aliases, condition]]
        }
    }

    static func product(_ product: Product) -> JSONValue {
        let type: JSONValue
        switch product.kind {
        case .library: type = ["library": ["automatic"]]
        case .staticLibrary: type = ["library": ["static"]]
        case .dynamicLibrary: type = ["library": ["dynamic"]]
        case .executable, .plugin, .snippet, .macro: type = [product.kind.rawValue: .null]
        }
        return ["name": .string(product.name), "type": type, "targets": .array(product.targets.map(JSONValue.string))]
    }
}

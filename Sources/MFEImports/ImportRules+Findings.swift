import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// The findings of the import rules, with messages that say how to fix them.
extension ImportRules {
    /// `onlyOn`: the platforms (SwiftPM's names) where the module is out of reach, when it is
    /// reached on others (a dependency with `condition: .when(platforms:)`).
    func implicitFinding(from node: Int, to module: Int, at sourceImport: SourceImport, onlyOn platforms: [String] = []) -> Finding {
        let to = graph.nodes[module]
        return implicitFinding(from: node, importing: to.name, target: to.name, package: graph.package(of: module).name, fix: declaration(of: module, in: node), at: sourceImport, onlyOn: platforms)
    }

    /// `implicit-dependency` for an import of `module` (built by `target` of `package`), with
    /// `fix` the entry to declare.
    func implicitFinding(from node: Int, importing module: String, target: String, package: String?, fix: String, at sourceImport: SourceImport, onlyOn platforms: [String]) -> Finding {
        let from = graph.nodes[node]
        let rule = ImplicitDependencyRule.description
        let on = platforms.isEmpty ? "" : " on " + Self.list(platforms.map(Self.displayName))
        return Finding(
            rule: rule.id, severity: rule.severity,
            message:
                "\(from.name) imports \(module) but neither declares it nor reaches it through its dependencies\(on), so it builds only by accident of build order; \(fix)\(platforms.isEmpty ? "" : " for those platforms too"), or remove the import",
            file: sourceImport.file, line: sourceImport.declaration.line, column: sourceImport.declaration.column,
            from: from.name, to: target, fromPackage: graph.package(of: node).name, toPackage: package
        )
    }

    /// `chain` runs from `node` to `module`. The fingerprint leaves the chain out, so a baseline
    /// entry survives a change of the route.
    func transitiveFinding(from node: Int, to module: Int, through chain: [Int], at sourceImport: SourceImport) -> Finding {
        let from = graph.nodes[node]
        let to = graph.nodes[module]
        let path = chain.map { graph.nodes[$0].name }
        let rule = TransitiveDependencyRule.description
        return Finding(
            rule: rule.id, severity: rule.severity,
            message: "\(from.name) imports \(to.name) without declaring it and reaches it only through \(path.joined(separator: " → ")); \(declaration(of: module, in: node))",
            file: sourceImport.file, line: sourceImport.declaration.line, column: sourceImport.declaration.column,
            from: from.name, to: to.name, path: path,
            fromPackage: graph.package(of: node).name, toPackage: graph.package(of: module).name,
            pathPackages: chain.map { graph.package(of: $0).name },
            fingerprint: Finding.fingerprint(rule: rule.id, file: sourceImport.file, from: from.name, to: to.name, path: nil, feature: nil)
        )
    }

    /// How to declare `module` in `node`'s manifest: `add ENTRY to the dependencies of X in FILE`,
    /// with the `.package(path:)` to add when the packages are not yet related.
    func declaration(of module: Int, in node: Int) -> String {
        let from = graph.nodes[node]
        let to = graph.nodes[module]
        let fromPackage = graph.package(of: node)
        let toPackage = graph.package(of: module)
        let entry: String
        var packageHint = ""
        if from.package != to.package, !graph.packageSuccessors[from.package].contains(to.package) {
            packageHint = " (with .package(path: \"\(Self.relativePath(from: fromPackage.directory, to: toPackage.directory))\") in the package's dependencies)"
        }
        if from.package == to.package {
            entry = "\"\(to.name)\""
        } else if let product = toPackage.manifest.products.first(where: { $0.kind != .executable && $0.kind != .plugin && $0.targets.contains(to.name) }) {
            let identity = toPackage.directory == "." ? toPackage.name : String(toPackage.directory.split(separator: "/").last ?? Substring(toPackage.name))
            entry = ".product(name: \"\(product.name)\", package: \"\(identity)\")"
        } else {
            entry = "a product of '\(toPackage.name)' that vends '\(to.name)'"
        }
        return "add \(entry) to the dependencies of \(from.name) in \(PathUtilities.relative(fromPackage.manifest.manifestPath, to: workspaceRoot))\(packageHint)"
    }

    /// How people write a platform: `iOS`, `macOS`, `Mac Catalyst`, `Linux`.
    static func displayName(_ platform: String) -> String {
        platform == "maccatalyst" ? "Mac Catalyst" : HostBuildConfiguration.operatingSystemNames[platform] ?? platform
    }

    /// `A`, `A and B`, `A, B and C`.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }

    /// The path from package folder `from` to package folder `to`, both relative to the
    /// workspace root: `../../Foundation/Env`.
    static func relativePath(from: String, to: String) -> String {
        let source = from == "." ? [] : from.split(separator: "/")
        let target = to == "." ? [] : to.split(separator: "/")
        var common = 0
        while common < source.count, common < target.count, source[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: source.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `stranded`: the modules the target imports that it reaches only through this dependency.
    func unusedFinding(from node: Int, to module: Int, at location: SourceLocation, stranding stranded: [String] = []) -> Finding {
        let from = graph.nodes[node]
        let to = graph.nodes[module]
        let rule = UnusedDependencyRule.description
        let fix =
            stranded.isEmpty
            ? "remove it from the dependencies of \(from.name)"
            : "it is also the only way \(from.name) reaches \(Self.list(stranded)), which it imports: declare \(Self.list(stranded)) first, then remove \(to.name) from the dependencies of \(from.name)"
        return Finding(
            rule: rule.id, severity: rule.severity,
            message: "\(from.name) declares a dependency on \(to.name) but none of its sources imports it; \(fix)",
            file: PathUtilities.relative(location.file, to: workspaceRoot), line: location.line, column: location.column,
            from: from.name, to: to.name, fromPackage: graph.package(of: node).name, toPackage: graph.package(of: module).name
        )
    }
}

import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// The `implicit-dependency` and `unused-dependency` rules: compare what each target's sources
/// import with what its manifest declares, for workspace modules (regular targets of workspace
/// packages). External modules are out of scope.
///
/// - `implicit-dependency` (error): an import, active for the host and not guarded by
///   `#if canImport(M)`, of a workspace module `M` the target does not declare (by name,
///   `.target`, or a `.product` vending `M`). One finding per target and module, at its first
///   import.
/// - `unused-dependency` (warning): a dependency entry none of whose modules any source of the
///   target imports, in any `#if` clause (a dependency used on another platform is used).
///   Targets without Swift sources are skipped.
///
/// Complexity: O(imports + edges) with hashing.
public struct ImportRules: Sendable {
    let graph: TargetGraph
    let workspaceRoot: String

    /// Creates the rules for `graph`, whose files are reported relative to `workspaceRoot`.
    package init(graph: TargetGraph, workspaceRoot: String) {
        self.graph = graph
        self.workspaceRoot = workspaceRoot
    }

    /// The findings for the imports of the workspace's targets, sorted.
    package func findings(for targets: [TargetImports]) -> [Finding] {
        var modules: [String: Int] = [:]
        for (index, node) in graph.nodes.enumerated() where node.kind == .regular && modules[node.name] == nil {
            modules[node.name] = index
        }
        var findings: [Finding] = []
        for target in targets {
            guard let node = graph.nodeIndex(named: target.target, inPackage: target.package) else { continue }
            let declared = Set(graph.successors[node].map { graph.nodes[$0].name })
            var reported: Set<String> = []
            for sourceImport in target.imports {
                let declaration = sourceImport.declaration
                guard declaration.isActive, !declaration.isGuardedByCanImport,
                      let module = modules[declaration.module], declaration.module != target.target,
                      !declared.contains(declaration.module), reported.insert(declaration.module).inserted
                else { continue }
                findings.append(implicitFinding(from: node, to: module, at: sourceImport))
            }
            guard target.fileCount > 0 else { continue }
            let imported = Set(target.imports.map(\.declaration.module))
            var entries: [SourceLocation: [Int]] = [:]
            for successor in graph.successors[node] where graph.nodes[successor].kind == .regular {
                guard let edge = graph.edge(from: node, to: successor) else { continue }
                entries[edge.location, default: []].append(successor)
            }
            for (location, modules) in entries.sorted(by: { $0.key < $1.key }) where !modules.contains(where: { imported.contains(graph.nodes[$0].name) }) {
                let module = modules.min { graph.nodes[$0].name < graph.nodes[$1].name }!
                findings.append(unusedFinding(from: node, to: module, at: location))
            }
        }
        return findings.sorted(by: Finding.ordered)
    }

    private func implicitFinding(from node: Int, to module: Int, at sourceImport: SourceImport) -> Finding {
        let from = graph.nodes[node], to = graph.nodes[module]
        let fromPackage = graph.package(of: node), toPackage = graph.package(of: module)
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
        let rule = LintRule.implicitDependency
        return Finding(
            rule: rule.id, severity: rule.severity,
            message: "\(from.name) imports \(to.name) but does not declare it; add \(entry) to the dependencies of \(from.name) in \(PathUtilities.relative(fromPackage.manifest.manifestPath, to: workspaceRoot))\(packageHint), or remove the import",
            file: sourceImport.file, line: sourceImport.declaration.line, column: sourceImport.declaration.column,
            from: from.name, to: to.name, fromPackage: fromPackage.name, toPackage: toPackage.name
        )
    }

    /// The path from package folder `from` to package folder `to`, both relative to the
    /// workspace root: `../../Foundation/Env`.
    static func relativePath(from: String, to: String) -> String {
        let source = from == "." ? [] : from.split(separator: "/"), target = to == "." ? [] : to.split(separator: "/")
        var common = 0
        while common < source.count, common < target.count, source[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: source.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    private func unusedFinding(from node: Int, to module: Int, at location: SourceLocation) -> Finding {
        let from = graph.nodes[node], to = graph.nodes[module]
        let rule = LintRule.unusedDependency
        return Finding(
            rule: rule.id, severity: rule.severity,
            message: "\(from.name) declares a dependency on \(to.name) but none of its sources imports it; remove it from the dependencies of \(from.name)",
            file: PathUtilities.relative(location.file, to: workspaceRoot), line: location.line, column: location.column,
            from: from.name, to: to.name, fromPackage: graph.package(of: node).name, toPackage: graph.package(of: module).name
        )
    }
}

extension ImportRules {
    /// What `mfe lint-graph --imports` adds: reads the imports of every target of `workspace`
    /// (`#if` evaluated for the host) and applies both rules. Throws an `InputError` when a
    /// source file cannot be read.
    public static func findings(in workspace: Workspace, graph: TargetGraph, fileSystem: any FileSystem = LocalFileSystem()) async throws -> [Finding] {
        let imports = try await WorkspaceImportReader(configuration: HostBuildConfiguration(), fileSystem: fileSystem).read(workspace)
        return ImportRules(graph: graph, workspaceRoot: workspace.root).findings(for: imports)
    }
}

import Foundation
import MFECore
import MFELint
import MFEManifest
import MFEWorkspace

/// The `implicit-dependency`, `transitive-dependency` and `unused-dependency` rules: compare what
/// each target's sources import with what its manifest declares, for workspace modules (regular,
/// executable and system targets of workspace packages, by the module names SwiftPM gives them).
/// Third-party modules (of the checked-out or cached packages, `ExternalPackages`) are checked
/// the same way for `implicit-dependency` and `transitive-dependency`, through the products
/// the targets declare; `unused-dependency` stays about workspace modules.
///
/// - `implicit-dependency` (error): an import, active for the host and not guarded by
///   `#if canImport(M)`, of a workspace module `M` the target neither declares (by name,
///   `.target`, a `.product` vending `M`, a `moduleAliases:` name, or a declared module that
///   `@_exported import`s `M`) nor reaches through the targets it declares, transitively: it
///   builds only when something else happens to build `M` first.
/// - `transitive-dependency` (warning): such an import of a module the target does reach through
///   its declared dependencies; `path` is a shortest chain from the target to the module.
///   One finding of either rule per target and module, at its first import that no
///   `// mfe:ignore` comment covers (plus one at each covered import before it, which the
///   linter suppresses).
/// - `unused-dependency` (warning): a dependency entry none of whose modules (nor what they
///   re-export) any source of the target imports, in any `#if` clause (a dependency used on
///   another platform is used). Targets without Swift sources are skipped. When the entry is
///   the only path to modules the target does import, the message names them to declare first.
///
/// Complexity: O(imports + edges) with hashing, plus one breadth-first search over the
/// target's dependency closure for each target that imports a module it does not declare.
public struct ImportRules: Sendable {
    let graph: TargetGraph
    let workspaceRoot: String
    /// The third-party packages whose modules are checked too.
    let externalPackages: ExternalPackages
    let fileSystem: any FileSystem
    /// How long parsing one of the third-party sources that re-export modules may take.
    let parseTimeLimit: ParseTimeLimit

    /// Creates the rules for `graph`, whose files are reported relative to `workspaceRoot`;
    /// imports of the modules of `externalPackages` are checked as well.
    init(
        graph: TargetGraph, workspaceRoot: String, externalPackages: ExternalPackages = ExternalPackages(), fileSystem: any FileSystem = LocalFileSystem(),
        parseTimeLimit: ParseTimeLimit = .standard
    ) {
        self.graph = graph
        self.workspaceRoot = workspaceRoot
        self.externalPackages = externalPackages
        self.fileSystem = fileSystem
        self.parseTimeLimit = parseTimeLimit
    }

    /// Creates the rules for `graph` and workspace modules only.
    package init(graph: TargetGraph, workspaceRoot: String) {
        self.init(graph: graph, workspaceRoot: workspaceRoot, externalPackages: ExternalPackages())
    }

    /// The findings for the imports of the workspace's targets, sorted.
    package func findings(for targets: [TargetImports]) -> [Finding] {
        let modules = WorkspaceModules(graph: graph, targets: targets)
        let external = ExternalModules(packages: externalPackages, graph: graph, workspaceModules: Set(modules.nodes.keys), fileSystem: fileSystem, parseTimeLimit: parseTimeLimit)
        var findings: [Finding] = []
        for target in targets {
            guard let node = graph.nodeIndex(named: target.target, inPackageAt: target.packageDirectory) else { continue }
            let aliases = modules.aliases(of: node)
            let own = Set(modules.names[node])
            let declaredPlatforms = Set(graph.package(of: node).manifest.platforms.map(\.name))
            var reach = TargetReach(node: node, graph: graph, modules: modules)
            var externalReach = ExternalReach(node: node, graph: graph, modules: modules, external: external)
            var reported: Set<String> = []
            for sourceImport in target.imports {
                let declaration = sourceImport.declaration
                let name = aliases[declaration.module] ?? declaration.module
                guard declaration.isActive, !declaration.isGuardedByCanImport, !own.contains(name), !reported.contains(name) else { continue }
                // The platforms to check: those the package declares that compile the import, or
                // (an import only the host compiles) the host's.
                var platforms: [String?] = [nil]
                if let active = sourceImport.platforms {
                    let declared = active.intersection(declaredPlatforms)
                    platforms = (declared.isEmpty ? active : declared).sorted()
                }
                guard let candidates = modules.nodes[name] else {
                    if external.isKnown(name), let finding = externalFinding(for: sourceImport, module: name, from: node, platforms: platforms, reach: &externalReach, workspaceReach: &reach) {
                        findings.append(finding)
                        if !target.suppressions.contains(where: { $0.suppresses(finding) }) { reported.insert(name) }
                    }
                    continue
                }
                var unreachable: [String] = []
                var chain: [Int]?
                for platform in platforms where !reach.declares(name, on: platform) {
                    if let path = reach.shortestPath(toAnyOf: candidates, on: platform) {
                        chain = chain ?? path
                    } else {
                        unreachable.append(platform ?? "")
                    }
                }
                guard !unreachable.isEmpty || chain != nil else { continue }
                let onlyOn = unreachable.count < platforms.count ? unreachable.compactMap { $0.isEmpty ? nil : $0 } : []
                let finding: Finding
                if !unreachable.isEmpty, let module = candidates.first {
                    finding = implicitFinding(from: node, to: module, at: sourceImport, onlyOn: onlyOn)
                } else if let chain {
                    finding = transitiveFinding(from: node, to: chain[chain.count - 1], through: chain, at: sourceImport)
                } else {
                    continue
                }
                findings.append(finding)
                // A suppressed import does not stand for the others: the next import of the
                // module gets the finding (which the linter then suppresses or reports).
                if !target.suppressions.contains(where: { $0.suppresses(finding) }) { reported.insert(name) }
            }
            // A file that could not be read may import any dependency: none is called unused.
            guard target.fileCount > 0, target.unreadFiles.isEmpty else { continue }
            let imported = Set(target.imports.map { aliases[$0.declaration.module] ?? $0.declaration.module })
            var entries: [SourceLocation: [Int]] = [:]
            // A product's binary targets are its modules too (`JitsiMeet` vends `JitsiMeetSDK`):
            // importing one uses the entry. An entry of binary targets only is not judged: the
            // module of a framework that is not on disk is only guessed from its name.
            for successor in graph.successors[node] where [.regular, .binary].contains(graph.nodes[successor].kind) {
                guard let edge = graph.edge(from: node, to: successor) else { continue }
                entries[edge.location, default: []].append(successor)
            }
            for (location, successors) in entries.sorted(by: { $0.key < $1.key }) where successors.contains(where: { graph.nodes[$0].kind == .regular }) {
                let isUsed = successors.contains { successor in
                    modules.names[successor].contains(where: imported.contains) || !modules.reexports(of: successor).isDisjoint(with: imported)
                }
                guard !isUsed, let module = successors.filter({ graph.nodes[$0].kind == .regular }).min(by: { graph.nodes[$0].name < graph.nodes[$1].name }) else { continue }
                let stranded =
                    (strandedImports(of: node, withoutDependenciesOn: Set(successors), imports: target, modules: modules, aliases: aliases)
                    + strandedExternalImports(of: node, withoutDependenciesOn: Set(successors), imports: target, modules: modules, external: external, aliases: aliases)).sorted()
                findings.append(unusedFinding(from: node, to: module, at: location, stranding: stranded))
            }
        }
        return findings.sorted(by: Finding.ordered)
    }
}

extension ImportRules {
    /// The modules `node` imports and reaches now but would no longer reach without its
    /// dependencies on `removed` (one dependency entry): what to declare before removing it.
    /// Sorted by name.
    func strandedImports(of node: Int, withoutDependenciesOn removed: Set<Int>, imports target: TargetImports, modules: WorkspaceModules, aliases: [String: String]) -> [String] {
        let own = Set(modules.names[node])
        var candidates: [String: [Int]] = [:]
        for sourceImport in target.imports where sourceImport.declaration.isActive && !sourceImport.declaration.isGuardedByCanImport {
            let name = aliases[sourceImport.declaration.module] ?? sourceImport.declaration.module
            if !own.contains(name), let nodes = modules.nodes[name] { candidates[name] = nodes }
        }
        guard !candidates.isEmpty else { return [] }
        let now = DependencyClosure(of: node, in: graph)
        let after = DependencyClosure(of: node, in: graph) { from, to in from != node || !removed.contains(to) }
        var stranded: [String] = []
        for (name, nodes) in candidates where now.shortestPath(toAnyOf: nodes) != nil && after.shortestPath(toAnyOf: nodes) == nil {
            stranded.append(name)
        }
        return stranded.sorted()
    }
}

/// What one target declares and reaches on each platform, computed when first asked: a
/// dependency with `condition: .when(platforms:)` counts only on those platforms (nil: every
/// dependency counts).
struct TargetReach {
    let node: Int
    let graph: TargetGraph
    let modules: WorkspaceModules
    private var declared: [String?: Set<String>] = [:]
    private var closures: [String?: DependencyClosure] = [:]

    init(node: Int, graph: TargetGraph, modules: WorkspaceModules) {
        self.node = node
        self.graph = graph
        self.modules = modules
    }

    /// Whether the target declares module `name` on `platform`: a dependency builds it, or
    /// re-exports it.
    mutating func declares(_ name: String, on platform: String?) -> Bool {
        if let known = declared[platform] { return known.contains(name) }
        var names: Set<String> = []
        for successor in graph.successors[node] where modules.edge(from: node, to: successor, appliesOn: platform) {
            names.formUnion(modules.names[successor])
            names.formUnion(modules.reexports(of: successor))
        }
        declared[platform] = names
        return names.contains(name)
    }

    /// A shortest chain to one of `nodes` through the dependencies that apply on `platform`.
    mutating func shortestPath(toAnyOf nodes: [Int], on platform: String?) -> [Int]? {
        if closures[platform] == nil {
            let modules = self.modules
            closures[platform] = DependencyClosure(of: node, in: graph) { modules.edge(from: $0, to: $1, appliesOn: platform) }
        }
        return closures[platform]?.shortestPath(toAnyOf: nodes)
    }
}

/// The targets one target reaches through its declared dependencies, transitively, as SwiftPM
/// builds and links them (a product dependency reaches every target of the product), with a
/// breadth-first parent for each, so a shortest chain can be read back.
struct DependencyClosure {
    let start: Int
    /// `parent[n]`: the node `n` was first reached from; the start maps to itself.
    private(set) var parent: [Int: Int]
    /// The reached nodes in breadth-first order.
    private(set) var order: [Int]

    /// Searches `graph` from `start`, following the edges `follows` accepts. Complexity:
    /// O(V + E) of the reachable part.
    init(of start: Int, in graph: TargetGraph, following follows: (Int, Int) -> Bool = { _, _ in true }) {
        self.start = start
        var parent = [start: start]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for successor in graph.successors[node] where parent[successor] == nil && follows(node, successor) {
                parent[successor] = node
                queue.append(successor)
            }
        }
        self.parent = parent
        self.order = queue
    }

    /// A shortest chain of nodes from the start to one of `nodes` (both ends included), or nil
    /// when the start reaches none of them.
    func shortestPath(toAnyOf nodes: [Int]) -> [Int]? {
        let candidates = nodes.filter { $0 != start && parent[$0] != nil }
        guard let nearest = candidates.min(by: { depth(of: $0) < depth(of: $1) }) else { return nil }
        var chain = [nearest]
        var current = nearest
        while let previous = parent[current], previous != current {
            chain.append(previous)
            current = previous
        }
        return chain.reversed()
    }

    private func depth(of node: Int) -> Int {
        var depth = 0
        var current = node
        while let previous = parent[current], previous != current {
            depth += 1
            current = previous
        }
        return depth
    }
}

extension ImportRules {
    /// What `mfe lint-graph --imports` adds: reads the imports of every target of `workspace`
    /// (`#if` evaluated for the host and each declared platform, in debug and release) and
    /// applies the rules; manifests are evaluated in an empty environment and files parsed
    /// within the standard time limit. Throws an `InputError` when a
    /// source file cannot be read.
    public static func findings(in workspace: Workspace, graph: TargetGraph, fileSystem: any FileSystem = LocalFileSystem()) async throws -> [Finding] {
        try await check(workspace, graph: graph, fileSystem: fileSystem).findings
    }

    /// The findings of `findings(in:graph:)`, with the `// mfe:ignore` comments of the sources
    /// read, for the linter to apply; third-party manifests read statically, the compose cache
    /// not looked at.
    public static func check(_ workspace: Workspace, graph: TargetGraph, fileSystem: any FileSystem = LocalFileSystem()) async throws -> AdditionalFindings {
        try await analysis(in: workspace, graph: graph, manifestLoader: ManifestReader(fileSystem: fileSystem, environment: [:]), cacheRoot: nil, environment: [:], fileSystem: fileSystem)
    }

    /// The findings with the `// mfe:ignore` comments of the sources read, and notes to print
    /// once: the third-party packages whose modules were not checked and how to check them.
    /// Third-party manifests are read with `manifestLoader` (the workspace's loader, so
    /// `--loader auto` reaches SwiftPM for the ones the static reader refuses); `cacheRoot` is
    /// mfe's compose cache (nil: not looked at; `userCacheRoot(environment:)`); `environment`
    /// is mfe's (cached manifests are evaluated in it, `MFE_PARSE_TIME_LIMIT` bounds each
    /// parse); `progress` is told of the targets read.
    public static func analysis(
        in workspace: Workspace, graph: TargetGraph, manifestLoader: any ManifestLoading, cacheRoot: String?, environment: [String: String], fileSystem: any FileSystem = LocalFileSystem(),
        progress: (any WorkProgress)? = nil
    ) async throws -> AdditionalFindings {
        let parseTimeLimit = ParseTimeLimit(environment: environment)
        var reader = WorkspaceImportReader(fileSystem: fileSystem)
        reader.progress = progress
        reader.parseTimeLimit = parseTimeLimit
        let imports = try await reader.read(workspace)
        let external = await ExternalPackageLocator(fileSystem: fileSystem, manifestLoader: manifestLoader, cacheRoot: cacheRoot, environment: environment).locate(workspace)
        let rules = ImportRules(graph: graph, workspaceRoot: workspace.root, externalPackages: external, fileSystem: fileSystem, parseTimeLimit: parseTimeLimit)
        let unread = imports.flatMap { target in target.unreadFiles.map { (file: $0, target: target.target) } }.sorted { $0.file.file < $1.file.file }
        return AdditionalFindings(
            findings: rules.findings(for: imports), suppressions: imports.flatMap(\.suppressions),
            notes: unread.map { unreadNote($0.file, target: $0.target, strict: false) } + external.notes,
            unchecked: unread.map { unreadNote($0.file, target: $0.target, strict: true) }
        )
    }

    /// What to say about a source file of `target` that could not be parsed in time: a note
    /// (the run goes on without its imports), or under `--strict` the reason the run stops.
    /// Generated code is the usual cause, so the way out is more time, not simpler code.
    static func unreadNote(_ timeout: ParseTimeLimitError, target: String, strict: Bool) -> String {
        let seconds = timeout.seconds == timeout.seconds.rounded() ? String(Int(timeout.seconds)) : String(timeout.seconds)
        let what = "'\(timeout.file)' (target \(target)) was not checked: parsing it took more than \(seconds) seconds of processor time"
        if strict {
            return "\(what), and '--strict' does not pass a check that was not made; allow more time with MFE_PARSE_TIME_LIMIT=SECONDS, or run without '--strict' to go on with a note"
        }
        return "\(what), so its imports were not read and no dependency of \(target) is reported unused; allow more time with MFE_PARSE_TIME_LIMIT=SECONDS"
    }

    /// mfe's compose cache, where `compose-shell` keeps the manifests it read by commit:
    /// `$XDG_CACHE_HOME/mfe`, else `~/.cache/mfe`.
    public static func userCacheRoot(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return PathUtilities.join(xdg, "mfe") }
        return environment["HOME"].map { PathUtilities.join($0, ".cache/mfe") }
    }
}

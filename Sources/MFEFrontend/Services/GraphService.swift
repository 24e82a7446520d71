import MFEAffected
import MFECore
import MFEImports
import MFELint
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe graph`: load the workspace, build the target graph, lint it (with `allow:` and the
/// baseline, as `mfe lint-graph` does) so violations can be drawn, keep what the request asks
/// for, render. Writes nothing.
public struct GraphService: CommandService {
    /// What `mfe graph` was asked to export.
    public struct Request: Sendable, Equatable {
        /// The workspace folder.
        package var path: String
        /// The output format.
        package var format: GraphFormat
        /// `--package`: keep this package and its neighbourhood.
        package var package: String?
        /// `--depth`: how many dependency steps around `package` (both ways); nil: all.
        package var depth: Int?
        /// `--no-tests` turns this off: whether test targets are shown.
        package var includeTests: Bool
        /// `--no-external` turns this off: whether the packages the workspace pins outside itself
        /// are shown, with edges from the targets that link their products.
        package var includeExternal: Bool
        /// `--loader`.
        package var loader: ManifestLoaderKind?
        /// `--base`: mark what the change since the merge base of this revision and HEAD adds
        /// and removes (html only).
        package var base: String?

        /// Creates a request.
        public init(
            path: String = ".", format: GraphFormat = .dot, package: String? = nil, depth: Int? = nil, includeTests: Bool = true, includeExternal: Bool = true,
            loader: ManifestLoaderKind? = nil, base: String? = nil
        ) {
            self.includeExternal = includeExternal
            self.base = base
            self.path = path
            self.format = format
            self.package = package
            self.depth = depth
            self.includeTests = includeTests
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// The graph `request` asks for on standard output, with the notes of loading the
    /// workspace (a `loader:` it did not apply) on standard error before it. Throws an
    /// `InputError` when the workspace or its baseline cannot be loaded or has no package
    /// `request.package`.
    public func run(_ request: Request) async throws -> CommandOutput {
        let workspace = try await environment.loadWorkspace(at: request.path, loader: request.loader)
        let baseline = try BaselineLoader(fileSystem: environment.fileSystem).load(given: nil, workspace: workspace)
        var document = try document(of: workspace, request: request, baseline: baseline)
        var notes: [String] = []
        if request.includeExternal {
            let pinned = await PinnedPackages(fileSystem: environment.fileSystem, cacheRoot: cacheRoot, environment: environment.variables).read(workspace)
            let (externals, guessed) = Self.externals(pinned, workspace: workspace, document: document, onlyLinked: request.package != nil)
            document = document.adding(externals)
            if !guessed.isEmpty {
                notes.append(
                    "the products shown of \(guessed.joined(separator: ", ")) are the ones the workspace links: \(guessed.count == 1 ? "its manifest is" : "their manifests are") not in the compose cache at the pinned revision; 'mfe compose-shell' reads \(guessed.count == 1 ? "it" : "them")"
                )
            }
        }
        var change: GraphChange?
        if let base = request.base {
            change = try await self.change(since: base, workspace: workspace, baseline: baseline)
        }
        let text = try request.format.render((document, change))
        var output = CommandOutput()
        for note in workspace.notes + notes { output.printError("note: \(note)\n") }
        output.print(text)
        return output
    }

    /// The document of `workspace` that `request` asks for, with the findings `mfe lint-graph`
    /// would report.
    func document(of workspace: Workspace, request: Request, baseline: (Baseline, String)?) throws -> GraphDocument {
        let graph = TargetGraph(workspace: workspace)
        let linter = Linter()
        var options = LintOptions(suppressions: workspace.manifestSuppressions)
        if let (baseline, file) = baseline {
            options.baseline = baseline
            options.baselineFile = file
        }
        let report = linter.process(linter.findings(in: workspace, graph: graph), workspace: workspace, graph: graph, options: options)
        let included: (Int) -> Bool = { request.includeTests || graph.nodes[$0].kind != .test }
        var kept: Set<Int>?
        if let package = request.package {
            kept = try GraphDocument.neighbourhood(ofPackage: package, in: graph, depth: request.depth, including: included)
        } else if !request.includeTests {
            kept = Set(graph.nodes.indices.filter(included))
        }
        let name = workspace.configuration?.name ?? PathUtilities.normalize(workspace.root).split(separator: "/").last.map(String.init) ?? "workspace"
        return GraphDocument(graph: graph, name: name, findings: report.findings, keeping: kept)
    }

    /// The compose cache where `compose-shell` keeps the manifests it read, from the
    /// environment's variables.
    var cacheRoot: String? { ImportRules.userCacheRoot(environment: environment.variables) }

    /// The pinned packages as the document's external packages, each with the kept targets
    /// that link its products (`.product(name:package:)` naming its identity or name, or a
    /// product by name), and the names of those whose products are only the ones linked.
    /// Packages nothing links are shown too (the shell pins them), unless `onlyLinked` (a
    /// `--package` neighbourhood).
    static func externals(_ pinned: [ExternalPin], workspace: Workspace, document: GraphDocument, onlyLinked: Bool = false) -> (
        externals: [GraphDocument.External], guessed: [String]
    ) {
        var byKey: [String: Int] = [:]
        for (index, package) in pinned.enumerated() {
            byKey[package.identity] = byKey[package.identity] ?? index
            byKey[package.name.lowercased()] = byKey[package.name.lowercased()] ?? index
        }
        var byProduct: [String: Int] = [:]
        for (index, package) in pinned.enumerated() {
            for product in package.products ?? [] where byProduct[product] == nil { byProduct[product] = index }
        }
        var links = [[(package: Int, target: Int, product: String)]](repeating: [], count: pinned.count)
        let manifests = Dictionary(workspace.packages.map { ($0.directory, $0.manifest) }, uniquingKeysWith: { first, _ in first })
        for (packageIndex, package) in document.packages.enumerated() where !package.isExternal {
            guard let manifest = manifests[package.path] else { continue }
            for (targetIndex, target) in package.targets.enumerated() {
                guard let declared = manifest.targets.first(where: { $0.name == target.name }) else { continue }
                for dependency in declared.dependencies {
                    switch dependency.kind {
                    case .product(let name, let packageName):
                        if let index = byKey[(packageName ?? name).lowercased()] { links[index].append((packageIndex, targetIndex, name)) }
                    case .byName(let name):
                        guard !manifest.targets.contains(where: { $0.name == name }), let index = byProduct[name] else { continue }
                        links[index].append((packageIndex, targetIndex, name))
                    case .target:
                        continue
                    }
                }
            }
        }
        var externals: [GraphDocument.External] = []
        var guessed: [String] = []
        for (index, package) in pinned.enumerated() where !onlyLinked || !links[index].isEmpty {
            if package.products == nil && !links[index].isEmpty { guessed.append(package.name) }
            externals.append(.init(name: package.name, location: package.location, pin: package.state, products: package.products ?? [], links: links[index]))
        }
        return (externals, guessed.sorted())
    }

    /// What changed in the whole graph since the merge base of `base` and HEAD: the workspace
    /// as it was there, read from git (statically: a revision's manifests never run) and linted
    /// with today's baseline, so only what the change did differs.
    func change(since base: String, workspace: Workspace, baseline: (Baseline, String)?) async throws -> GraphChange {
        let repository = GitRepository(directory: workspace.root, runner: environment.processRunner, environment: environment.variables)
        let prefix = try await repository.prefix()
        let baseCommit = try await repository.commit(base)
        let headCommit = try await repository.commit("HEAD")
        let mergeBase = try await repository.mergeBase(baseCommit, headCommit, names: (base, "HEAD"))
        let snapshot = try await RevisionFileSystem.load(repository: repository, revision: mergeBase, prefix: prefix, root: workspace.root)
        let baseWorkspace: Workspace
        do {
            baseWorkspace = try await WorkspaceLoader(manifestLoader: ManifestLoaderKind.static.makeLoader(fileSystem: snapshot, environment: environment.variables), fileSystem: snapshot)
                .loadPackages(at: workspace.root)
        } catch let error as any InputError {
            throw GraphError.baseNotReadable(base: base, mergeBase: mergeBase, reason: error.localizedDescription)
        }
        let whole = Request(path: workspace.root)
        return GraphChange(
            head: try document(of: workspace, request: whole, baseline: baseline), base: try document(of: baseWorkspace, request: whole, baseline: baseline), baseName: base,
            mergeBase: mergeBase)
    }
}

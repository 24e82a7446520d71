import Foundation
import MFECore
import MFEWorkspace

extension FeatureScaffolder {
    /// Plans `request` holding the workspace's lock, when `request` is inside a workspace, and
    /// returns the plan with the lock still held: the caller releases it once the plan is
    /// written, so runs at once plan from the shell the run before them wrote. A failed plan
    /// releases it. `waiting` is told the holder's pid when another run holds the lock.
    package func planLocked(_ request: CreateRequest, waiting: (Int32?) -> Void = { _ in }) async throws -> (plan: ScaffoldPlan, lock: WorkspaceLock?) {
        let base = PathUtilities.absolute(request.path ?? ".", relativeTo: currentDirectory)
        // An unreadable mfe.yml is reported by `plan`, with its file and line.
        let root = (try? WorkspaceLoader.findWorkspaceRoot(from: base, fileSystem: fileSystem)?.directory) ?? nil
        var lock: WorkspaceLock?
        if let root { lock = try await WorkspaceLock.acquire(workspaceRoot: root, fileSystem: fileSystem, clock: clock, waiting: waiting) }
        do {
            let plan = try await plan(request)
            return (plan, lock)
        } catch {
            lock?.release()
            throw error
        }
    }

    /// The plan of `mfe create NAME --wire-only`: the shell edits that wire the existing product
    /// feature `NAME` in, as `mfe create` would have made them, and nothing else. This is how a
    /// create that was stopped after its package was written (or run with `--no-wire`) is
    /// finished; a feature already wired is refused, as there is nothing to do.
    func planWiring(_ request: CreateRequest) async throws -> ScaffoldPlan {
        let base = PathUtilities.absolute(request.path ?? ".", relativeTo: currentDirectory)
        guard let root = try WorkspaceLoader.findWorkspaceRoot(from: base, fileSystem: fileSystem)?.directory else {
            throw ScaffoldError.wireOnlyOutsideWorkspace(base)
        }
        let workspace = try await WorkspaceLoader(manifestLoader: manifestLoader, fileSystem: fileSystem).load(at: root)
        guard let shellFolder = workspace.configuration?.shell?.path.map(PathUtilities.normalize) else {
            throw ScaffoldError.noShellPath(file: workspace.configuration?.file ?? PathUtilities.join(root, "mfe.yml"), name: request.name)
        }
        let candidates = workspace.packages.filter { $0.name == request.name && $0.layer != .shell }
        guard let package = candidates.first(where: { $0.layer == .product }) else {
            if let other = candidates.first {
                throw ScaffoldError.notAProductFeature(request.name, directory: other.directory, layer: other.layer)
            }
            throw ScaffoldError.noFeatureToWire(request.name)
        }
        let specification = try ExistingFeature(package: package, workspace: workspace, fileSystem: fileSystem).specification()
        let feature = WiredFeature(specification)
        let shell = ShellWiring(workspaceRoot: root, shellFolder: shellFolder, fileSystem: fileSystem)
        let featureTypes = Self.swiftFiles(below: PathUtilities.join(PathUtilities.join(root, package.directory), "Sources"), fileSystem: fileSystem)
        let clashes = ShellNames(files: try? shell.files(), workspace: workspace.configuration?.name)
            .clashes(
                name: request.name, targetNames: package.manifest.targets.map(\.name), featureTypes: ShellNames.declaredTypes(in: featureTypes), caseName: feature.caseName, link: feature.link,
                newRoute: false)
        if !clashes.isEmpty { throw InputErrors(clashes) }

        let requirements = Self.requirements(of: specification, folder: package.directory, shellFolder: shellFolder)
        let outcome = shell.wire(feature, featureFolder: package.directory, requirements: requirements)
        if outcome.refusal == nil, outcome.edits.isEmpty {
            throw ScaffoldError.alreadyWired(request.name, directory: package.directory)
        }
        let here = PathUtilities.relative(PathUtilities.normalize(currentDirectory), to: root)
        let shellPath = here.hasPrefix("/") ? PathUtilities.join(root, shellFolder) : DependencyNameResolver.relativePath(from: here, to: shellFolder)
        var plan = ScaffoldPlan(destination: PathUtilities.join(root, package.directory), files: [], edits: outcome.edits)
        plan.createsDestination = false
        if let refusal = outcome.refusal {
            plan.notice = refusal + "\n" + outcome.manualSteps.map { "  - \($0)\n" }.joined().dropLast()
            plan.wiringRefused = true
        } else {
            plan.nextSteps = outcome.steps + ["swift test --package-path \(Self.shellQuoted(shellPath))"]
        }
        return plan
    }

    /// Whether the product feature `name` is in `workspace` and wiring it would change the shell:
    /// its create was stopped before the wiring, or run with `--no-wire`.
    static func needsWiring(_ name: String, in workspace: Workspace, shellFolder: String, fileSystem: any FileSystem) -> Bool {
        guard let package = workspace.packages.first(where: { $0.name == name && $0.layer == .product }),
            let specification = try? ExistingFeature(package: package, workspace: workspace, fileSystem: fileSystem).specification()
        else { return false }
        let shell = ShellWiring(workspaceRoot: workspace.root, shellFolder: shellFolder, fileSystem: fileSystem)
        let outcome = shell.wire(WiredFeature(specification), featureFolder: package.directory, requirements: requirements(of: specification, folder: package.directory, shellFolder: shellFolder))
        return outcome.refusal == nil && !outcome.edits.isEmpty
    }

    /// The Swift files below `folder` (path relative to it, text), for the types they declare.
    static func swiftFiles(below folder: String, fileSystem: any FileSystem) -> [(path: String, text: String)] {
        ((try? fileSystem.filesBelow(folder)) ?? []).filter { $0.hasSuffix(".swift") }.compactMap { file in
            (try? fileSystem.contents(of: PathUtilities.join(folder, file))).map { (file, String(decoding: $0, as: UTF8.self)) }
        }
    }
}

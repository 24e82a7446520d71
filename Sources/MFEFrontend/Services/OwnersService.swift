import Foundation
import MFEAffected
import MFECore
import MFEManifest
import MFEReport
import MFEWorkspace

/// `mfe owners`: load the workspace (checking `owners:` names), list every feature with its
/// owners and folders, render as a table, JSON or a CODEOWNERS block; `--check FILE` compares
/// that block with the one in FILE. Writes nothing.
public struct OwnersService: CommandService {
    /// The output formats of `mfe owners` (registered beside their renderers, in MFEReport).
    public typealias Format = OwnersFormat

    /// What `mfe owners` was asked for.
    public struct Request: Sendable, Equatable {
        /// The workspace folder.
        package var path: String
        /// The output format.
        package var format: Format
        /// `--check FILE`: the CODEOWNERS file whose mfe block must be current.
        package var check: String?
        /// `--loader`.
        package var loader: ManifestLoaderKind?

        /// Creates a request.
        public init(path: String = ".", format: Format = .text, check: String? = nil, loader: ManifestLoaderKind? = nil) {
            self.path = path
            self.format = format
            self.check = check
            self.loader = loader
        }
    }

    let environment: ServiceEnvironment

    /// Creates the service.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    public func run(_ request: Request) async throws -> CommandOutput {
        let fileSystem = environment.fileSystem
        let workspace = try await WorkspaceLoader(manifestLoader: try environment.manifestLoader(flag: request.loader), fileSystem: fileSystem).loadPackages(at: request.path, checkNames: true)
        let features = Self.features(of: TargetGraph(workspace: workspace), root: workspace.root, fileSystem: fileSystem)
        var output = CommandOutput()
        for note in workspace.notes { output.printError("note: \(note)\n") }
        if let check = request.check {
            let prefix = try await repositoryPrefix(of: workspace.root)
            let block = CodeownersRenderer().render((features, prefix))
            let text = String(decoding: try fileSystem.contents(of: PathUtilities.absolute(check)), as: UTF8.self)
            guard let current = CodeownersRenderer.block(in: text) else {
                output.printError(
                    "'\(check)' has no mfe block; add the lines 'mfe owners --format codeowners' prints (from '\(CodeownersRenderer.beginMarker)' to '\(CodeownersRenderer.endMarker)') to it\n")
                output.exitCode = 1
                return output
            }
            let diff = UnifiedDiff.render(old: current, new: block, oldLabel: check, newLabel: "mfe owners --format codeowners")
            if diff.isEmpty { return output }
            output.print(diff)
            output.printError("the mfe block of '\(check)' is stale; replace it with what 'mfe owners --format codeowners' prints\n")
            output.exitCode = 1
            return output
        }
        // Only CODEOWNERS patterns need the repository's layout, which asks git.
        let prefix = request.format.sink == .codeowners ? try await repositoryPrefix(of: workspace.root) : ""
        output.print(try request.format.render((features, prefix)))
        return output
    }

    /// The workspace's folder in its git repository, so CODEOWNERS patterns are relative to
    /// the repository root, where GitHub reads them; `""` outside git.
    func repositoryPrefix(of root: String) async throws -> String {
        (try? await GitRepository(directory: root, runner: environment.processRunner).prefix()) ?? ""
    }

    /// Every feature of `graph` with its owners and folders, sorted by name, then package: a
    /// whole package's folder; each target folder (as SwiftPM finds it) of a monorepo
    /// feature, plus, when the package has owners of its own, the package's folder as a row of
    /// its own so files outside the targets (its `Package.swift`) have owners too.
    static func features(of graph: TargetGraph, root: String, fileSystem: any FileSystem) -> [OwnedFeature] {
        var rows: [OwnedFeature] = []
        for feature in graph.features {
            let package = graph.packages[feature.package]
            if feature.isWholePackage {
                rows.append(OwnedFeature(name: feature.name, package: package.name, owners: feature.owners, paths: [package.directory]))
                continue
            }
            let packageRoot = PathUtilities.join(root, package.directory)
            var paths: [String] = []
            for node in feature.targets {
                guard let target = package.manifest.targets.first(where: { $0.name == graph.nodes[node].name }) else { continue }
                let folder = target.directory { fileSystem.isDirectory(PathUtilities.join(packageRoot, $0)) }
                let path = PathUtilities.normalize(PathUtilities.join(package.directory, folder))
                if !paths.contains(path) { paths.append(path) }
            }
            rows.append(OwnedFeature(name: feature.name, package: package.name, owners: feature.owners, paths: paths.sorted()))
        }
        for package in graph.packages where !package.holdsOneFeature && !package.owners.isEmpty {
            rows.append(OwnedFeature(name: package.name + " (package)", package: package.name, owners: package.owners, paths: [package.directory]))
        }
        return rows.sorted { ($0.name, $0.package, $0.paths.joined(separator: "\n")) < ($1.name, $1.package, $1.paths.joined(separator: "\n")) }
    }
}

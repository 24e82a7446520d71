import Foundation
import MFECore
import MFEWorkspace

/// The options of `mfe compose-shell`, as the command line gives them.
public struct ComposeShellOptions: Sendable {
    /// The summary format.
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    /// A shell package folder or a workspace folder; nil for the current directory.
    package var path: String?
    /// The `Package.resolved` to write, when not the shell package's own.
    package var output: String?
    /// nil: keep pins; empty: move every pin; else move the named packages' pins.
    package var update: [String]?
    /// Write nothing; exit 1 with a diff when the file is stale.
    package var check: Bool
    /// Skip the layer rules on the composed graph.
    package var noLint: Bool
    /// The summary format.
    package var format: Format

    /// Creates options.
    public init(path: String? = nil, output: String? = nil, update: [String]? = nil, check: Bool = false, noLint: Bool = false, format: Format = .text) {
        self.path = path
        self.output = output
        self.update = update
        self.check = check
        self.noLint = noLint
        self.format = format
    }
}

/// Checks the composed graph with the workspace's layer rules; returns the text to print and
/// whether it holds errors.
public protocol CompositionLinting: Sendable {
    /// Lints `workspace`, the shell with the MFEs at their pinned revisions.
    func lint(_ workspace: Workspace) async throws -> (report: String, hasErrors: Bool)
}

/// Where compose-shell prints: the summary to standard output, diagnostics and progress to
/// standard error.
public protocol CompositionOutput: Sendable {
    /// Writes to standard output.
    func standardOutput(_ text: String)
    /// Writes to standard error.
    func standardError(_ text: String)
}

/// Runs compose-shell end to end (find the shell, compose, check or lint, write, report) and
/// returns the exit code: 0 written or up to date, 1 conflict, lint errors or stale with
/// `--check`. Unusable input is thrown as an `InputError` (exit 2); the old file is kept on
/// every failure because nothing is written before the last step.
public struct ComposeShellFrontend: Sendable {
    let parser: any ManifestTextParsing
    let provider: any PackageSourceProvider
    let linter: (any CompositionLinting)?
    let output: any CompositionOutput
    let fileSystem: any FileSystem

    /// Creates a frontend.
    public init(parser: any ManifestTextParsing, provider: any PackageSourceProvider, linter: (any CompositionLinting)?, output: any CompositionOutput, fileSystem: any FileSystem = LocalFileSystem()) {
        self.parser = parser
        self.provider = provider
        self.linter = linter
        self.output = output
        self.fileSystem = fileSystem
    }

    /// Runs with `options`.
    public func run(_ options: ComposeShellOptions) async throws -> Int32 {
        let (request, configuration) = try locate(options)
        let composer = ShellComposer(provider: provider, parser: parser, fileSystem: fileSystem)
        let composition: Composition
        do {
            composition = try await composer.compose(request)
        } catch let conflict as CompositionConflict {
            output.standardError("error: the MFEs' requirements conflict; \(request.outputPath) is unchanged\n" + conflict.message + "\n")
            if options.format == .json { output.standardOutput(render(status: "conflict", composition: nil, path: request.outputPath, conflict: conflict)) }
            return 1
        }
        if let names = options.update, !names.isEmpty {
            let known = Set(composition.packages.map(\.location.identity))
            let unknown = names.filter { !known.contains($0.lowercased()) }
            if !unknown.isEmpty {
                throw PlainInputError("--update names \(unknown.map { "'\($0)'" }.joined(separator: ", ")), which the shell does not depend on; the packages are \(composition.packages.map(\.location.identity).joined(separator: ", "))")
            }
        }
        let label = PathUtilities.relative(request.outputPath, to: FileManager.default.currentDirectoryPath)
        if options.check {
            if composition.isUpToDate {
                output.standardOutput(options.format == .json ? render(status: "up-to-date", composition: composition, path: label) : "\(label) is up to date\n")
                return 0
            }
            let diff = UnifiedDiff.render(
                old: composition.previousBytes.map { String(decoding: $0, as: UTF8.self) } ?? "",
                new: String(decoding: composition.bytes, as: UTF8.self),
                oldLabel: "a/\(label)", newLabel: "b/\(label)"
            )
            if options.format == .json {
                output.standardOutput(render(status: "stale", composition: composition, path: label, diff: diff))
            } else {
                output.standardOutput(diff)
                output.standardError("error: \(label) is stale\(composition.changes.isEmpty ? "" : " (" + composition.changes.map(\.summary).joined(separator: ", ") + ")"); run 'mfe compose-shell' to update it\n")
            }
            return 1
        }
        if !options.noLint, let linter {
            let workspace = try await CompositionWorkspace.make(composition, configuration: configuration, request: request, provider: provider)
            let (report, hasErrors) = try await linter.lint(workspace)
            if hasErrors {
                output.standardError(report)
                output.standardError("error: the composed graph breaks the layer rules; \(label) is unchanged (use --no-lint to write it anyway)\n")
                return 1
            }
        }
        try composer.write(composition, to: request.outputPath)
        if options.format == .json {
            output.standardOutput(render(status: composition.isUpToDate ? "up-to-date" : "written", composition: composition, path: label))
        } else {
            var text = composition.changes.map { $0.summary + "\n" }.joined()
            if composition.isUpToDate {
                text += "\(label) is up to date (\(composition.packages.count) pins)\n"
            } else if composition.file == nil {
                text += "removed \(label): nothing to pin\n"
            } else {
                text += "wrote \(label) (\(composition.packages.count) pins)\n"
            }
            output.standardOutput(text)
        }
        return 0
    }

    /// Finds the shell and the workspace configuration from the options.
    func locate(_ options: ComposeShellOptions) throws -> (CompositionRequest, WorkspaceConfiguration?) {
        let start = PathUtilities.absolute(options.path ?? ".")
        guard fileSystem.isDirectory(start) else {
            throw PlainInputError("'\(options.path ?? ".")' \(fileSystem.exists(start) ? "is not a directory" : "does not exist"); give the shell package's folder or the workspace folder")
        }
        var configuration: WorkspaceConfiguration?
        var workspaceRoot: String?
        if let root = try WorkspaceLoader.findWorkspaceRoot(from: start, fileSystem: fileSystem),
           case .workspace(let value) = try ConfigurationParser().parseFile(at: PathUtilities.join(root, "mfe.yml"), fileSystem: fileSystem) {
            configuration = value
            workspaceRoot = root
        }
        let policy: UpdatePolicy = options.update.map { $0.isEmpty ? .all : .only(Set($0.map { $0.lowercased() })) } ?? .keepPins
        var shellDirectory: String?
        if fileSystem.exists(PathUtilities.join(start, "Package.swift")) && start != workspaceRoot {
            shellDirectory = start
        } else if let workspaceRoot, let shellPath = configuration?.shell?.path {
            shellDirectory = PathUtilities.absolute(shellPath, relativeTo: workspaceRoot)
        } else if fileSystem.exists(PathUtilities.join(start, "Package.swift")), configuration?.shell?.features.isEmpty ?? true {
            shellDirectory = start
        }
        if let shellDirectory {
            let output = options.output.map { PathUtilities.absolute($0) } ?? PathUtilities.join(shellDirectory, "Package.resolved")
            return (CompositionRequest(shell: .package(directory: shellDirectory), outputPath: output, policy: policy), configuration)
        }
        if let configuration, let features = configuration.shell?.features, !features.isEmpty {
            guard let outputPath = options.output else {
                throw PlainInputError("\(configuration.file): the shell is an Xcode project ('shell.features:'); pass --output with its Package.resolved, e.g. --output App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
            }
            return (CompositionRequest(shell: .features(features, configurationFile: configuration.file), outputPath: PathUtilities.absolute(outputPath), policy: policy), configuration)
        }
        throw PlainInputError("no shell found from '\(options.path ?? ".")': give the shell package's folder, or set 'shell.path' (a shell package) or 'shell.features' (an Xcode project) in the workspace mfe.yml")
    }

    struct Summary: Encodable {
        struct Pin: Encodable {
            var identity: String
            var kind: String
            var location: String
            var package: String
            var version: String?
            var branch: String?
            var revision: String
        }
        var status: String
        var file: String
        var changes: [PinChange]
        var pins: [Pin]
        var conflict: String?
        var conflictPackages: [String]?
        var diff: String?
    }

    func render(status: String, composition: Composition?, path: String, conflict: CompositionConflict? = nil, diff: String? = nil) -> String {
        let pins = (composition?.packages ?? []).map { package -> Summary.Pin in
            var pin = Summary.Pin(identity: package.location.identity, kind: package.location.kind.rawValue, location: package.location.location, package: package.manifest.name, revision: package.state.revision)
            switch package.state {
            case .version(let version, _): pin.version = version.description
            case .branch(let branch, _): pin.branch = branch
            case .revision: break
            }
            return pin
        }
        let summary = Summary(status: status, file: path, changes: composition?.changes ?? [], pins: pins, conflict: conflict?.message, conflictPackages: conflict?.packages, diff: diff)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(summary)) ?? Data(), as: UTF8.self) + "\n"
    }
}

/// The composed graph as a `Workspace`: the shell and every pinned MFE at its pinned
/// revision, with layers from each MFE's own `mfe.yml` there or the workspace's `layers:`.
package enum CompositionWorkspace {
    /// Builds the workspace value the lint rules run on.
    package static func make(_ composition: Composition, configuration: WorkspaceConfiguration?, request: CompositionRequest, provider: any PackageSourceProvider) async throws -> Workspace {
        let features = try await withThrowingTaskGroup(of: (String, FeatureConfiguration?).self) { group in
            for package in composition.packages {
                group.addTask {
                    let source = await provider.source(for: package.location)
                    return (package.location.identity, try await source.featureConfiguration(atRevision: package.state.revision))
                }
            }
            var result: [String: FeatureConfiguration?] = [:]
            for try await (identity, feature) in group { result[identity] = feature }
            return result
        }
        var candidates: [WorkspaceLayering.Candidate] = []
        var root = "/"
        if case .package(let directory) = request.shell, let manifest = composition.rootManifest {
            root = (directory as NSString).deletingLastPathComponent
            candidates.append(WorkspaceLayering.Candidate(manifest: manifest, directory: PathUtilities.relative(directory, to: root), isShell: true))
        }
        for local in composition.localPackages {
            let featurePath = PathUtilities.join(local.directory, "mfe.yml")
            var feature: FeatureConfiguration?
            if FileManager.default.fileExists(atPath: featurePath), case .feature(let value) = try ConfigurationParser().parseFile(at: featurePath) { feature = value }
            candidates.append(WorkspaceLayering.Candidate(manifest: local.manifest, directory: PathUtilities.relative(local.directory, to: root), feature: feature))
        }
        for package in composition.packages {
            candidates.append(WorkspaceLayering.Candidate(manifest: package.manifest, directory: package.location.location, feature: features[package.location.identity] ?? nil))
        }
        // The workspace's layers: apply as in lint-graph; names it lists that the composition
        // does not contain are not an error here (the workspace may hold more).
        var packages = WorkspaceLayering(configuration: configuration).assign(candidates).packages
        if case .package = request.shell, composition.rootManifest != nil, !packages.isEmpty {
            packages[0].layer = .shell
            packages[0].featureLayers = [:]
        }
        return Workspace(root: root, configuration: configuration, packages: packages.sorted { $0.directory < $1.directory })
    }
}

import Foundation
import MFECore
import MFEManifest
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
    let loader: ManifestLoaderKind?
    let makeProvider: @Sendable (ManifestLoaderKind) -> any PackageSourceProvider
    let linter: (any CompositionLinting)?
    let output: any CompositionOutput
    let fileSystem: any FileSystem

    /// Creates a frontend reading manifests as `loader` says (nil: the static reader) and
    /// fetching into the user's cache.
    public init(loader: ManifestLoaderKind?, progress: (any CompositionProgress)?, linter: (any CompositionLinting)?, output: any CompositionOutput, fileSystem: any FileSystem = LocalFileSystem()) {
        self.init(loader: loader, linter: linter, output: output, fileSystem: fileSystem) { kind in
            let git = Git()
            return GitPackageSourceProvider(git: git, parser: CommitManifestLoader(kind: kind, git: git), progress: progress)
        }
    }

    /// Creates a frontend whose packages come from `makeProvider` (given the loader kind).
    package init(loader: ManifestLoaderKind?, linter: (any CompositionLinting)?, output: any CompositionOutput, fileSystem: any FileSystem = LocalFileSystem(), makeProvider: @escaping @Sendable (ManifestLoaderKind) -> any PackageSourceProvider) {
        self.loader = loader
        self.makeProvider = makeProvider
        self.linter = linter
        // Credentials in URLs never reach the terminal or a log, in any format.
        self.output = RedactingOutput(base: output)
        self.fileSystem = fileSystem
    }

    /// Runs with `options`. Errors leave without the credentials of any URL they name.
    public func run(_ options: ComposeShellOptions) async throws -> Int32 {
        do {
            let status = try await compose(options)
            return status
        } catch {
            let message = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            let redacted = CredentialRedaction.redact(message)
            if redacted != message { throw PlainInputError(redacted) }
            throw error
        }
    }

    private func compose(_ options: ComposeShellOptions) async throws -> Int32 {
        let (request, configuration) = try locate(options)
        // The command line's loader (`--loader`, `MFE_LOADER`), else the static reader: the
        // workspace's 'loader:' alone never runs manifest code; it is noted.
        let kind = loader ?? .static
        if loader == nil, let configuration, let note = ManifestLoaderKind.notAppliedNote(configured: configuration.loader, at: configuration.loaderLocation.map { "\(PathUtilities.relative($0.file, to: FileManager.default.currentDirectoryPath)):\($0.line)" } ?? configuration.file) {
            output.standardError("note: \(note)\n")
        }
        let provider = makeProvider(kind)
        let composer = ShellComposer(provider: provider, loader: kind.makeLoader(fileSystem: fileSystem), fileSystem: fileSystem)
        let label = PathUtilities.relative(request.outputPath, to: FileManager.default.currentDirectoryPath)
        let composition: Composition
        do {
            composition = try await composer.compose(request)
        } catch let conflict as CompositionConflict {
            output.standardError("error: the MFEs' requirements conflict; \(request.outputPath) is unchanged\n" + conflict.message + "\n")
            if options.format == .json { output.standardOutput(render(status: "conflict", composition: nil, path: request.outputPath, conflict: conflict)) }
            return 1
        } catch var untrusted as UntrustedPins {
            // A pin its repository does not back: `--check` fails as for a stale file; any
            // other run stops with exit 2 and keeps the file, for a person to look at.
            untrusted.file = label
            guard options.check else { throw untrusted }
            output.standardError("error: \(label) is not backed by the repositories it pins, so it is stale:\n" + (untrusted.errorDescription ?? "") + "\n")
            if options.format == .json { output.standardOutput(render(status: "untrusted", composition: nil, path: label, untrusted: untrusted)) }
            return 1
        }
        if let names = options.update, !names.isEmpty {
            try checkUpdateNames(names, composition: composition)
        }
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
                if composition.onlyOriginHashChanged {
                    output.standardError("error: \(label) is stale: only its originHash changed (the shell's Package.swift was edited, no pin moves); run 'mfe compose-shell' to refresh the hash, or 'swift package resolve' re-resolves on every run until it is refreshed\n")
                    return 1
                }
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
            } else if composition.onlyOriginHashChanged {
                text += "refreshed the originHash of \(label) (the shell's Package.swift changed, no pin moved)\n"
            } else if composition.file == nil {
                text += "removed \(label): nothing to pin\n"
            } else {
                text += "wrote \(label) (\(composition.packages.count) pins)\n"
            }
            output.standardOutput(text)
        }
        return 0
    }

    /// The identity `--update NAME` names: NAME is an identity or the last component of a
    /// package's location (`Env`, `env`, `Env.git`), as `swift package update NAME` accepts.
    static func updateIdentity(_ name: String) -> String {
        PackageIdentity.identity(forLocation: name)
    }

    /// Refuses `--update` names that are no package of the composition (or of the old pins),
    /// with the nearest name; SwiftPM ignores them silently, which hides a typo.
    func checkUpdateNames(_ names: [String], composition: Composition) throws {
        var known: [String: String] = [:]
        for pin in composition.previousPins { known[pin.identity] = pin.name ?? PackageLocation(kind: pin.kind, location: pin.location).displayName }
        for package in composition.packages { known[package.location.identity] = package.location.displayName }
        let unknown = names.filter { known[Self.updateIdentity($0)] == nil }
        guard !unknown.isEmpty else { return }
        let listed = known.keys.sorted().map { "'\(known[$0]!)'" }
        var message = "--update names \(unknown.map { "'\($0)'" }.joined(separator: ", ")), which the shell does not depend on"
        if unknown.count == 1, let nearest = known.values.min(by: { editDistance($0.lowercased(), unknown[0].lowercased()) < editDistance($1.lowercased(), unknown[0].lowercased()) }),
           editDistance(nearest.lowercased(), unknown[0].lowercased()) <= max(2, unknown[0].count / 3) {
            message += "; did you mean '\(nearest)'?"
        }
        message += listed.isEmpty ? "; it pins no packages" : "; the packages are \(listed.joined(separator: ", "))"
        if let folder = unknown.first(where: { fileSystem.isDirectory(PathUtilities.absolute($0)) }) {
            message += ". To compose the shell in folder '\(folder)', use --path \(folder) --update"
        }
        throw PlainInputError(message)
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
        let policy: UpdatePolicy = options.update.map { $0.isEmpty ? .all : .only(Set($0.map(Self.updateIdentity))) } ?? .keepPins
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
        var message = "no shell found from '\(options.path ?? ".")': give the shell package's folder, or set 'shell.path' (a shell package) or 'shell.features' (an Xcode project) in the workspace mfe.yml"
        if options.path == nil, let folder = options.update?.first(where: { fileSystem.isDirectory(PathUtilities.absolute($0)) }) {
            message += "; the names after --update are packages, so to compose the shell in folder '\(folder)', use --path \(folder) --update"
        }
        throw PlainInputError(message)
    }

    /// The JSON summary (`--format json`), written like every JSON mfe prints (`"key": value`,
    /// keys sorted, two-space indentation); absent values are left out.
    func render(status: String, composition: Composition?, path: String, conflict: CompositionConflict? = nil, diff: String? = nil, untrusted: UntrustedPins? = nil) -> String {
        let pins = (composition?.packages ?? []).map { package -> JSONValue in
            var pin: [String: JSONValue] = [
                "identity": .string(package.location.identity), "kind": .string(package.location.kind.rawValue),
                "location": .string(package.location.redacted), "package": .string(package.manifest.name),
                "revision": .string(package.state.revision),
            ]
            switch package.state {
            case .version(let version, _): pin["version"] = .string(version.description)
            case .branch(let branch, _): pin["branch"] = .string(branch)
            case .revision: break
            }
            return .object(pin)
        }
        let changes = (composition?.changes ?? []).map { change -> JSONValue in
            var object: [String: JSONValue] = ["package": .string(change.package), "identity": .string(change.identity)]
            if let from = change.from { object["from"] = .string(from) }
            if let to = change.to { object["to"] = .string(to) }
            return .object(object)
        }
        var summary: [String: JSONValue] = ["status": .string(status), "file": .string(path), "changes": .array(changes), "pins": .array(pins)]
        if let conflict {
            summary["conflict"] = .string(conflict.message)
            summary["conflictPackages"] = .array(conflict.packages.map(JSONValue.string))
        }
        if let diff { summary["diff"] = .string(diff) }
        if let untrusted {
            summary["untrustedPins"] = .array(untrusted.pins.map { pin in
                var object: [String: JSONValue] = ["identity": .string(pin.identity), "revision": .string(pin.state.revision), "reason": .string(pin.reason)]
                switch pin.state {
                case .version(let version, _): object["version"] = .string(version.description)
                case .branch(let branch, _): object["branch"] = .string(branch)
                case .revision: break
                }
                return .object(object)
            })
        }
        return JSONValue.object(summary).formatted()
    }
}

/// An output that replaces the credentials of every URL it is given by `***`.
struct RedactingOutput: CompositionOutput {
    let base: any CompositionOutput

    func standardOutput(_ text: String) { base.standardOutput(CredentialRedaction.redact(text)) }
    func standardError(_ text: String) { base.standardError(CredentialRedaction.redact(text)) }
}

/// The composed graph as a `Workspace`: the shell and every pinned MFE at its pinned
/// revision, with layers from each MFE's own `mfe.yml` there or the workspace's `layers:`.
package enum CompositionWorkspace {
    /// Builds the workspace value the lint rules run on.
    package static func make(_ composition: Composition, configuration: WorkspaceConfiguration?, request: CompositionRequest, provider: any PackageSourceProvider) async throws -> Workspace {
        // Fanned out by OrderedConcurrency, which binds each awaited value before it builds a
        // result (its comment says why).
        let pinnedPackages = composition.packages
        let configurations = try await OrderedConcurrency.map(count: pinnedPackages.count) { index in
            let source = await provider.source(for: pinnedPackages[index].location)
            let feature = try await source.featureConfiguration(atRevision: pinnedPackages[index].state.revision)
            return feature
        }
        var features: [String: FeatureConfiguration?] = [:]
        for (package, feature) in zip(pinnedPackages, configurations) { features[package.location.identity] = feature }
        var candidates: [WorkspaceLayering.Candidate] = []
        var root = "/"
        if case .package(let directory) = request.shell, let manifest = composition.rootManifest {
            root = (directory as NSString).deletingLastPathComponent
            candidates.append(WorkspaceLayering.Candidate(manifest: manifest, directory: PathUtilities.relative(directory, to: root), isShell: true))
        }
        for local in composition.localPackages {
            let featurePath = PathUtilities.join(local.directory, "mfe.yml")
            var feature: FeatureConfiguration?
            if LocalFileSystem().exists(featurePath), case .feature(let value) = try ConfigurationParser().parseFile(at: featurePath) { feature = value }
            candidates.append(WorkspaceLayering.Candidate(manifest: local.manifest, directory: PathUtilities.relative(local.directory, to: root), feature: feature))
        }
        for package in composition.packages {
            candidates.append(WorkspaceLayering.Candidate(manifest: package.manifest, directory: package.location.redacted, feature: features[package.location.identity] ?? nil))
        }
        // The workspace's layers: apply as in lint-graph; names it lists that the composition
        // does not contain are not an error here (the workspace may hold more).
        var packages = WorkspaceLayering(configuration: configuration).assign(candidates).packages
        if case .package = request.shell, composition.rootManifest != nil, !packages.isEmpty {
            packages[0].layer = .shell
            packages[0].featureLayers = [:]
        }
        // A pinned package that is no MFE (no mfe.yml at its revision, no layer from the
        // workspace's layers:) is external: DESIGN.md applies no layer rule to it, so it is
        // left out, as lint-graph leaves out what is not in the workspace.
        let pinned = Set(composition.packages.map(\.location.redacted))
        packages.removeAll { pinned.contains($0.directory) && $0.layer == nil && $0.featureConfiguration == nil && $0.featureLayers.isEmpty }
        return Workspace(root: root, configuration: configuration, packages: packages.sorted { $0.directory < $1.directory })
    }
}

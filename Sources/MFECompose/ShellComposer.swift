import Foundation
import MFECore
import MFEManifest
import MFEWorkspace
import MFEXcode

/// What compose-shell is asked to do.
package struct CompositionRequest: Sendable, Equatable {
    /// Where the requirements come from.
    package enum Shell: Sendable, Equatable {
        /// A shell package: its directory holds the `Package.swift` listing the MFEs.
        case package(directory: String)
        /// A shell that is an Xcode project: the `shell.features` of the workspace `mfe.yml`.
        case features([ShellFeature], configurationFile: String)
        /// A shell that is an Xcode project (`.xcodeproj`) or workspace (`.xcworkspace`, every
        /// project it lists), absolute: its package references are the requirements.
        case xcode(path: String)
        /// A Tuist shell: `directory` is its `Tuist/` folder, whose `Package.swift` lists the
        /// external packages; Tuist resolves them there with SwiftPM (`tuist install`), so
        /// they are composed and written as a shell package's are.
        case tuist(directory: String)
    }

    /// The shell.
    package var shell: Shell
    /// The `Package.resolved` to write.
    package var outputPath: String
    /// Which pins may move.
    package var policy: UpdatePolicy

    /// Creates a request.
    package init(shell: Shell, outputPath: String, policy: UpdatePolicy = .keepPins) {
        self.shell = shell
        self.outputPath = outputPath
        self.policy = policy
    }
}

/// A pin that changed, was added or was removed.
package struct PinChange: Sendable, Equatable, Codable {
    /// The package's name (its manifest name when known, else its identity).
    package var package: String
    /// The identity.
    package var identity: String
    /// The old state (`0.3.2`), nil when added.
    package var from: String?
    /// The new state (`0.3.3`), nil when removed.
    package var to: String?

    /// `Env 0.3.2 → 0.3.3`, `Env 0.3.3 (added)`, `Env 0.3.2 (removed)`: one line, the name's
    /// control characters visible (it comes from the package's repository).
    package var summary: String {
        let package = OutputSink.terminal.escape(self.package)
        switch (from, to) {
        case let (from?, to?): return "\(package) \(from) → \(to)"
        case let (nil, to?): return "\(package) \(to) (added)"
        case let (from?, nil): return "\(package) \(from) (removed)"
        default: return package
        }
    }
}

/// A `.package(path:)` package of the shell: not pinned, but its dependencies are resolved.
package struct LocalPackage: Sendable {
    /// Its manifest.
    package var manifest: PackageManifest
    /// Its folder (absolute).
    package var directory: String
    var traits: Set<String>
}

/// The outcome of composing a shell, before anything is written.
package struct Composition: Sendable {
    /// The root's name.
    package var rootName: String
    /// The packages chosen, sorted by identity.
    package var packages: [ChosenPackage]
    /// The file to write, nil when there is nothing to pin (SwiftPM removes the file then).
    package var file: ResolvedFile?
    /// Its bytes (empty when `file` is nil).
    package var bytes: Data
    /// The bytes on disk before the run, nil when there was no file.
    package var previousBytes: Data?
    /// What changed against the previous pins.
    package var changes: [PinChange]
    /// The root manifest (nil for an Xcode-project shell; a Tuist shell's `Tuist/Package.swift`).
    package var rootManifest: PackageManifest?
    /// The root's `.package(path:)` packages, read from disk.
    package var localPackages: [LocalPackage] = []
    /// The pins of the file before the run.
    package var previousPins: [ResolvedPin] = []

    /// Whether the pins on disk are exactly these and only `originHash` differs (the shell's
    /// `Package.swift` changed in a way that moved no pin, such as a comment).
    package var onlyOriginHashChanged: Bool {
        guard !isUpToDate, var stale = file, stale.originHash != nil, let previousBytes,
            let old = try? ResolvedFileReader.parse(previousBytes, path: "Package.resolved"), old.originHash != nil
        else { return false }
        stale.originHash = old.originHash
        return ResolvedFileWriter.render(stale) == previousBytes
    }

    /// Whether the file on disk already has exactly these bytes.
    package var isUpToDate: Bool {
        file == nil ? previousBytes == nil : previousBytes == bytes
    }
}

/// compose-shell's pipeline: read the shell's requirements and the existing pins, resolve
/// against the repositories, and render the `Package.resolved` bytes. It writes nothing: the
/// write is planned by `ComposeShellService` after `--check` and lint, and performed by the
/// frontend's writer.
package struct ShellComposer: Sendable {
    let provider: any PackageSourceProvider
    let loader: any ManifestLoading
    let fileSystem: any FileSystem
    let currentToolsVersion: ToolsVersion

    /// Creates a composer.
    package init(provider: any PackageSourceProvider, loader: any ManifestLoading, fileSystem: any FileSystem = LocalFileSystem(), currentToolsVersion: ToolsVersion = .current) {
        self.provider = provider
        self.loader = loader
        self.fileSystem = fileSystem
        self.currentToolsVersion = currentToolsVersion
    }

    /// Resolves the request; throws `CompositionConflict` when nothing fits and an
    /// `InputError` for unusable input.
    package func compose(_ request: CompositionRequest) async throws -> Composition {
        var previousBytes: Data?
        var previous: ResolvedFile?
        if fileSystem.exists(request.outputPath) {
            let data = try fileSystem.contents(of: request.outputPath)
            previousBytes = data
            previous = try ResolvedFileReader.parse(data, path: request.outputPath)
        }
        let rootName: String
        let requirements: [RootRequirement]
        let formatVersion: Int
        let originHash: String
        var rootManifest: PackageManifest?
        var localPackages: [LocalPackage] = []
        switch request.shell {
        case .package(let directory), .tuist(let directory):
            guard fileSystem.exists(PathUtilities.join(directory, "Package.swift")) else {
                if case .tuist = request.shell { throw ComposeError.noTuistPackages(manifest: PathUtilities.join(directory, "Package.swift")) }
                throw ComposeError.noShellManifest(manifest: PathUtilities.join(directory, "Package.swift"))
            }
            // SwiftPM hashes the manifest it loads, which may be a `Package@swift-X` variant.
            let manifestPath = try ManifestReader.manifestPath(inPackageDirectory: directory, fileSystem: fileSystem)
            let bytes = try fileSystem.contents(of: manifestPath)
            guard String(data: bytes, encoding: .utf8) != nil else {
                throw ComposeError.shellManifestNotUTF8(path: manifestPath)
            }
            let manifest = try await loader.loadManifest(inPackageDirectory: directory)
            rootManifest = manifest
            rootName = manifest.name
            var collected = DependencyRules.requiredDependencies(of: manifest, isRoot: true, enabledTraits: ["default"], baseDirectory: directory).map {
                RootRequirement(location: $0.location, requirement: $0.requirement, traits: $0.traits, declaration: $0.declaration)
            }
            localPackages = try await readLocalPackages(of: manifest, directory: directory)
            for local in localPackages {
                collected += DependencyRules.requiredDependencies(of: local.manifest, isRoot: false, enabledTraits: local.traits, baseDirectory: local.directory).map {
                    RootRequirement(location: $0.location, requirement: $0.requirement, traits: $0.traits, declaration: $0.declaration, requiredBy: local.manifest.name)
                }
            }
            requirements = collected
            formatVersion = ResolvedFile.formatVersion(forToolsVersion: manifest.toolsVersion)
            originHash = SHA256Hex.originHash(rootManifests: [bytes])
        case .features(let features, let configurationFile):
            guard !features.isEmpty else {
                throw ComposeError.noShellFeatures(file: configurationFile)
            }
            let base = (configurationFile as NSString).deletingLastPathComponent
            rootName = "the app (shell.features)"
            requirements = features.map {
                RootRequirement(location: PackageLocation(dependency: $0.url, relativeTo: base), requirement: $0.requirement, declaration: $0.location)
            }
            formatVersion = ResolvedFile.formatVersion(forToolsVersion: currentToolsVersion)
            originHash = SHA256Hex.originHash(rootManifests: [], dependencyLocations: requirements.map(\.location.location))
        case .xcode(let path):
            let projects = try XcodeShell.projects(at: path, fileSystem: fileSystem)
            rootName = (path as NSString).lastPathComponent
            var collected: [RootRequirement] = []
            for project in projects {
                let manifest = try project.manifest()
                // Local package paths are relative to the project's container: the `.xcodeproj`
                // folder, or an XcodeGen spec (whose manifest path is the spec itself).
                let base = project.pbxprojPath == project.path ? project.path : manifest.packageDirectory
                collected += DependencyRules.requiredDependencies(of: manifest, isRoot: true, enabledTraits: ["default"], baseDirectory: base).map {
                    RootRequirement(location: $0.location, requirement: $0.requirement, traits: $0.traits, declaration: $0.declaration)
                }
                let locals = try await readLocalPackages(of: manifest, directory: base)
                for local in locals {
                    collected += DependencyRules.requiredDependencies(of: local.manifest, isRoot: false, enabledTraits: local.traits, baseDirectory: local.directory).map {
                        RootRequirement(location: $0.location, requirement: $0.requirement, traits: $0.traits, declaration: $0.declaration, requiredBy: local.manifest.name)
                    }
                }
                localPackages += locals
            }
            requirements = collected
            // Xcode keeps the version of the file it finds; a new file is written as the Xcode
            // of the project's format writes it.
            formatVersion = previous?.version ?? ResolvedFile.formatVersion(forXcodeObjectVersion: projects.map(\.objectVersion).max() ?? 0)
            originHash = SHA256Hex.originHash(rootManifests: [], dependencyLocations: requirements.map(\.location.location))
        }
        var duplicates: [String: RootRequirement] = [:]
        for requirement in requirements {
            if let other = duplicates[requirement.location.identity], other.location != requirement.location {
                throw ComposeError.sameIdentity(requirement.location.location, other.location.location, identity: requirement.location.identity, at: requirement.declaration)
            }
            duplicates[requirement.location.identity] = requirement
        }

        let resolver = DependencyResolver(provider: provider, currentToolsVersion: currentToolsVersion)
        let chosen: [ChosenPackage]
        let kept = try Self.wellFormedPins(of: previous, file: request.outputPath, policy: request.policy)
        do {
            chosen = try await resolver.resolve(rootName: rootName, requirements: requirements, pins: kept, policy: request.policy)
        } catch let untrusted as UntrustedPin {
            throw UntrustedPins(file: request.outputPath, pins: [untrusted])
        }
        try await verifyReplacedPins(kept, chosen: chosen, policy: request.policy, file: request.outputPath)
        let pins = chosen.map {
            ResolvedPin(identity: $0.location.identity, kind: $0.location.kind, location: $0.location.location, name: $0.manifest.name, state: $0.state)
        }
        let file = pins.isEmpty ? nil : ResolvedFile(version: formatVersion, originHash: formatVersion >= 3 ? originHash : nil, pins: pins)
        return Composition(
            rootName: rootName,
            packages: chosen,
            file: file,
            bytes: file.map(ResolvedFileWriter.render) ?? Data(),
            previousBytes: previousBytes,
            changes: Self.changes(from: previous?.pins ?? [], to: chosen),
            rootManifest: rootManifest,
            localPackages: localPackages,
            previousPins: previous?.pins ?? []
        )
    }

    /// Refuses to replace a pin its repository does not back (a version without a tag, a
    /// commit of elsewhere), as a kept pin is refused: the resolver moves a pin the
    /// requirements no longer admit without reading it, and a tampered file must not be
    /// silently rewritten with exit 0. Pins `--update` may move are not asked about.
    func verifyReplacedPins(_ pins: [ResolvedPin], chosen: [ChosenPackage], policy: UpdatePolicy, file: String) async throws {
        let chosenByIdentity = Dictionary(chosen.map { ($0.location.identity, $0) }, uniquingKeysWith: { first, _ in first })
        var untrusted: [UntrustedPin] = []
        for pin in pins where !policy.mayMove(pin.identity) {
            guard let package = chosenByIdentity[pin.identity], package.state != pin.state else { continue }
            let version: Version?
            if case .version(let pinned, _) = pin.state { version = pinned } else { version = nil }
            let source = await provider.source(for: package.location)
            if let reason = try await source.verifyPin(revision: pin.state.revision, version: version) {
                untrusted.append(UntrustedPin(identity: pin.identity, state: pin.state, reason: reason))
            }
        }
        if !untrusted.isEmpty { throw UntrustedPins(file: file, pins: untrusted) }
    }

    /// The pins the resolver may keep: every revision must be a full commit hash before any
    /// use. A malformed one is refused (`UntrustedPins`, all of them at once) unless the pin
    /// may move anyway (`--update NAME`), in which case it is left out.
    static func wellFormedPins(of file: ResolvedFile?, file path: String, policy: UpdatePolicy) throws -> [ResolvedPin] {
        var kept: [ResolvedPin] = []
        var malformed: [UntrustedPin] = []
        for pin in file?.pins ?? [] {
            if CommitHash(pin.state.revision) != nil {
                kept.append(pin)
            } else if !policy.mayMove(pin.identity) {
                malformed.append(UntrustedPin(identity: pin.identity, state: pin.state, reason: PinProblem.malformedRevision))
            }
        }
        if !malformed.isEmpty { throw UntrustedPins(file: path, pins: malformed) }
        return kept
    }

    /// The root's `.package(path:)` packages, transitively, read from disk: SwiftPM resolves
    /// their source-control dependencies with the root's (they are never pinned themselves).
    func readLocalPackages(of manifest: PackageManifest, directory: String) async throws -> [LocalPackage] {
        var result: [String: LocalPackage] = [:]
        var pending = DependencyRules.requiredLocalPackages(of: manifest, isRoot: true, enabledTraits: ["default"], baseDirectory: directory)
        while let (path, traits) = pending.popLast() {
            if var known = result[path] {
                guard !traits.isSubset(of: known.traits) else { continue }
                known.traits.formUnion(traits)
                result[path] = known
                pending += DependencyRules.requiredLocalPackages(of: known.manifest, isRoot: false, enabledTraits: known.traits, baseDirectory: path)
                continue
            }
            let local = LocalPackage(manifest: try await loader.loadManifest(inPackageDirectory: path), directory: path, traits: traits)
            result[path] = local
            pending += DependencyRules.requiredLocalPackages(of: local.manifest, isRoot: false, enabledTraits: traits, baseDirectory: path)
        }
        return result.keys.sorted().map { result[$0]! }
    }

    /// The pins that moved, were added or were removed, sorted by package name.
    static func changes(from old: [ResolvedPin], to new: [ChosenPackage]) -> [PinChange] {
        var changes: [PinChange] = []
        let oldByIdentity = Dictionary(old.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a })
        let newIdentities = Set(new.map(\.location.identity))
        for package in new {
            let name = package.manifest.name
            if let pin = oldByIdentity[package.location.identity] {
                if pin.state != package.state {
                    changes.append(PinChange(package: name, identity: package.location.identity, from: pin.state.summary, to: package.state.summary))
                }
            } else {
                changes.append(PinChange(package: name, identity: package.location.identity, from: nil, to: package.state.summary))
            }
        }
        for pin in old where !newIdentities.contains(pin.identity) {
            changes.append(PinChange(package: pin.name ?? pin.identity, identity: pin.identity, from: pin.state.summary, to: nil))
        }
        return changes.sorted { ($0.package.lowercased(), $0.identity) < ($1.package.lowercased(), $1.identity) }
    }
}

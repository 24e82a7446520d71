import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// A package outside the workspace whose manifest mfe read: a checkout SwiftPM made
/// (`.build/checkouts/NAME`), a local package outside the workspace, or a manifest in mfe's
/// compose cache at a pinned revision.
struct ExternalPackage: Sendable {
    /// SwiftPM's identity (lowercased last component of the location).
    var identity: String
    var manifest: PackageManifest
    /// The package's folder, where its modulemaps are read; nil for a manifest read from the
    /// compose cache (module names are then the targets' c99 names).
    var directory: String?
    /// The location and version `Package.resolved` pins, for the fix a finding suggests.
    var pin: ResolvedPin?
}

/// The third-party packages of a workspace whose manifests mfe could read, and the declared
/// ones it could not (not resolved, or a manifest the loader refused).
///
/// Where they are looked for, for each workspace package folder `P`: `P/.build/checkouts/*`
/// (what `swift package resolve` checks out), the pins of `P/Package.resolved` (and of an Xcode
/// project's or workspace's `xcshareddata/swiftpm/Package.resolved` in `P`) whose manifests
/// mfe's compose cache holds at the pinned revision, and `.package(path:)` dependencies
/// outside the workspace. The first package found for an identity (in folder order) wins.
struct ExternalPackages: Sendable {
    /// Identity → package.
    var packages: [String: ExternalPackage] = [:]
    /// Identities declared by workspace packages (directly) that mfe found no manifest for,
    /// with the folders (relative to the workspace root) of the packages declaring them.
    var unresolved: [String: Set<String>] = [:]
    /// Why a manifest could not be read.
    enum Unreadable: Sendable, Equatable {
        /// The static reader refused it, at this `file:line:column`.
        case refused(String)
        /// The loader failed, with the first line of its message.
        case failed(String)
    }

    /// Identities whose manifest could not be read, and why.
    var unreadable: [String: Unreadable] = [:]

    /// The notes to print once: which declared packages were not checked, and how to check
    /// them. Sorted, deterministic.
    var notes: [String] {
        var notes: [String] = []
        if !unresolved.isEmpty {
            let names = unresolved.keys.sorted()
            let folders = Set(unresolved.values.flatMap { $0 }).sorted()
            let shown = names.count > 5 ? names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more" : ImportRules.list(names)
            let command: String
            if folders == ["."] {
                command = "'swift package resolve'"
            } else if folders.count == 1 {
                command = "'swift package --package-path \(folders[0]) resolve'"
            } else {
                let named = folders.map { $0 == "." ? "the workspace root" : $0 }
                command = "'swift package resolve' in " + (named.count > 3 ? named.prefix(3).joined(separator: ", ") + " and \(named.count - 3) more" : ImportRules.list(named))
            }
            notes.append("imports of the modules of \(shown) were not checked: \(names.count == 1 ? "it is" : "they are") not resolved; run \(command), then lint again")
        }
        let refused = unreadable.compactMap { entry -> (String, String)? in
            if case .refused(let location) = entry.value { return (entry.key, location) } else { return nil }
        }.sorted { $0.0 < $1.0 }
        if let first = refused.first {
            let names = refused.map(\.0)
            notes.append(
                "imports of the modules of \(ImportRules.list(names)) were not checked: the static reader cannot read \(names.count == 1 ? "its manifest" : "their manifests") (\(first.1)); run with '--loader auto' to read \(names.count == 1 ? "it" : "them") with SwiftPM"
            )
        }
        for (name, reason) in unreadable.sorted(by: { $0.key < $1.key }) {
            if case .failed(let message) = reason { notes.append("imports of the modules of \(name) were not checked: \(message)") }
        }
        return notes
    }
}

/// Finds and reads the third-party packages of a workspace (see `ExternalPackages`).
struct ExternalPackageLocator: Sendable {
    let fileSystem: any FileSystem
    let manifestLoader: any ManifestLoading
    /// mfe's compose cache (`…/mfe`), nil to not look there.
    let cacheRoot: String?

    func locate(_ workspace: Workspace) async -> ExternalPackages {
        var workspaceIdentities: Set<String> = []
        for package in workspace.packages {
            let directory = package.directory == "." ? workspace.root : package.directory
            workspaceIdentities.insert(PackageIdentity.identity(forLocation: directory))
            workspaceIdentities.insert(package.name.lowercased())
        }
        // Candidates: identity → (folder to load, or cached manifest text) in folder order.
        var folders: [(identity: String, directory: String)] = []
        var pins: [String: ResolvedPin] = [:]
        var seen: Set<String> = []
        for package in workspace.packages {
            let directory = PathUtilities.normalize(PathUtilities.join(workspace.root, package.directory))
            for pin in resolvedPins(in: directory) where pins[pin.identity.lowercased()] == nil { pins[pin.identity.lowercased()] = pin }
            let checkouts = PathUtilities.join(directory, ".build/checkouts")
            for name in (try? fileSystem.contentsOfDirectory(checkouts))?.sorted() ?? [] where !name.hasPrefix(".") {
                let folder = PathUtilities.join(checkouts, name)
                let identity = name.lowercased()
                guard !workspaceIdentities.contains(identity), fileSystem.exists(PathUtilities.join(folder, "Package.swift")), seen.insert(identity).inserted else { continue }
                folders.append((identity, folder))
            }
            for dependency in package.manifest.dependencies {
                guard case .fileSystem(let path) = dependency.kind, let absolute = PackageIdentity.resolvedLocation(path, relativeTo: directory) else { continue }
                guard PathUtilities.relative(absolute, to: workspace.root) == absolute, seen.insert(dependency.identity).inserted, !workspaceIdentities.contains(dependency.identity) else { continue }
                folders.append((dependency.identity, absolute))
            }
        }
        var result = ExternalPackages()
        let loaded = await load(folders)
        for (index, entry) in folders.enumerated() {
            switch loaded[index] {
            case .success(let manifest):
                result.packages[entry.identity] = ExternalPackage(identity: entry.identity, manifest: manifest, directory: entry.directory, pin: pins[entry.identity])
            case .failure(let refusal as ManifestRefusal):
                let location = refusal.location
                result.unreadable[entry.identity] = .refused("\(PathUtilities.relative(location.file, to: workspace.root)):\(location.line):\(location.column)")
            case .failure(let error):
                result.unreadable[entry.identity] = .failed(String(error.localizedDescription.split(separator: "\n").first ?? ""))
            }
        }
        if let cacheRoot {
            for (identity, pin) in pins.sorted(by: { $0.key < $1.key })
            where result.packages[identity] == nil && result.unreadable[identity] == nil && !workspaceIdentities.contains(identity) {
                // The cache is keyed by repository and commit (compose-shell's layout): a pin
                // whose revision is no full commit hash names no entry, and no path.
                guard let revision = CommitHash(pin.state.revision) else { continue }
                let path = ComposeCacheLayout.file(root: cacheRoot, repository: RepositoryKey(location: pin.location), commit: revision, kind: .manifest)
                guard let data = try? fileSystem.contents(of: path), !data.isEmpty,
                    let manifest = try? ManifestReader(fileSystem: fileSystem).read(source: String(decoding: data, as: UTF8.self), manifestPath: path)
                else { continue }
                result.packages[identity] = ExternalPackage(identity: identity, manifest: manifest, directory: nil, pin: pin)
            }
        }
        for package in workspace.packages {
            for dependency in package.manifest.dependencies {
                let identity = dependency.identity
                guard !workspaceIdentities.contains(identity), result.packages[identity] == nil, result.unreadable[identity] == nil else { continue }
                if case .fileSystem = dependency.kind { continue }
                result.unresolved[identity, default: []].insert(package.directory)
            }
        }
        return result
    }

    /// The pins of the `Package.resolved` files SwiftPM and Xcode write for the package in
    /// `directory`, in that order: read leniently (`ResolvedFile.Reading`), since a pin only
    /// gives a fix its version and the compose cache its revision.
    func resolvedPins(in directory: String) -> [ResolvedPin] {
        var files = [PathUtilities.join(directory, "Package.resolved")]
        for name in (try? fileSystem.contentsOfDirectory(directory))?.sorted() ?? [] {
            if name.hasSuffix(".xcodeproj") {
                files.append(PathUtilities.join(directory, "\(name)/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"))
            } else if name.hasSuffix(".xcworkspace") {
                files.append(PathUtilities.join(directory, "\(name)/xcshareddata/swiftpm/Package.resolved"))
            }
        }
        return files.flatMap { file in
            (try? fileSystem.contents(of: file)).flatMap { try? ResolvedFile(decoding: $0, reading: .lenient) }?.pins ?? []
        }
    }

    /// Loads the manifests in `folders`, a few at a time, each result at its folder's index
    /// (`OrderedConcurrency` says why the fan-out is written once, there).
    private func load(_ folders: [(identity: String, directory: String)]) async -> [Result<PackageManifest, any Error>] {
        let loader = manifestLoader
        let directories = folders.map(\.directory)
        return await OrderedConcurrency.results(count: directories.count, width: 8) { index in
            try await loader.loadManifest(inPackageDirectory: directories[index])
        }
    }
}

import MFECore
import MFEManifest
import MFEWorkspace

/// A package a workspace pins outside itself (its `Package.resolved`, or an Xcode project's
/// or workspace's), as `mfe graph` draws it: an external node, never linted.
package struct ExternalPin: Sendable, Equatable {
    /// SwiftPM's identity (lowercased last component of the location).
    package var identity: String
    /// The manifest's `name:` when mfe read it, else its location's last component.
    package var name: String
    /// The pinned location (URL or path).
    package var location: String
    /// How the pin reads: `0.3.3`, `main (1a2b3c4)`, `1a2b3c4`.
    package var state: String
    /// The products of its manifest at the pinned revision (a checkout, or the compose
    /// cache); nil when mfe could not read it, and the graph shows the products linked.
    package var products: [String]?

    /// Creates a pinned package.
    package init(identity: String, name: String, location: String, state: String, products: [String]?) {
        self.identity = identity
        self.name = name
        self.location = location
        self.state = state
        self.products = products
    }
}

/// Reads the pinned packages of a workspace (see `ExternalPin`).
package struct PinnedPackages: Sendable {
    let fileSystem: any FileSystem
    /// mfe's compose cache (`…/mfe`, `ImportRules.userCacheRoot(environment:)`), nil to not
    /// look there.
    let cacheRoot: String?
    /// mfe's environment variables, which manifests are read in.
    let environment: [String: String]

    /// Creates a reader of `fileSystem`'s pins and the packages in `cacheRoot`, whose manifests
    /// are read in `environment`.
    package init(fileSystem: any FileSystem, cacheRoot: String?, environment: [String: String]) {
        self.fileSystem = fileSystem
        self.cacheRoot = cacheRoot
        self.environment = environment
    }

    /// The pinned packages of `workspace`'s packages that are not workspace packages, sorted by
    /// identity; the first pin of an identity (in package order) wins, as `--imports` reads them.
    /// Manifests are read statically: nothing runs.
    package func read(_ workspace: Workspace) async -> [ExternalPin] {
        let locator = ExternalPackageLocator(
            fileSystem: fileSystem, manifestLoader: ManifestReader(fileSystem: fileSystem, environment: environment), cacheRoot: cacheRoot, environment: environment)
        let external = await locator.locate(workspace)
        var workspaceIdentities: Set<String> = []
        for package in workspace.packages {
            workspaceIdentities.insert(PackageIdentity.identity(forLocation: package.directory == "." ? workspace.root : package.directory))
            workspaceIdentities.insert(package.name.lowercased())
        }
        var pins: [String: ResolvedPin] = [:]
        for package in workspace.packages {
            let directory = PathUtilities.normalize(PathUtilities.join(workspace.root, package.directory))
            for pin in locator.resolvedPins(in: directory) where pins[pin.identity.lowercased()] == nil { pins[pin.identity.lowercased()] = pin }
        }
        return pins.filter { !workspaceIdentities.contains($0.key) }.sorted { $0.key < $1.key }.map { identity, pin in
            let manifest = external.packages[identity]?.manifest
            return ExternalPin(
                identity: identity, name: manifest?.name ?? Self.displayName(pin), location: pin.location, state: pin.state.summary,
                products: manifest.map { $0.products.filter { $0.kind != .plugin }.map(\.name).sorted() })
        }
    }

    /// The name of a package whose manifest mfe did not read: the last component of its
    /// location without `.git` (`About` for `https://github.com/micro-frontends-mobile/About.git`),
    /// as its repository spells it; the identity when that is empty.
    static func displayName(_ pin: ResolvedPin) -> String {
        var last = pin.location.split(separator: "/").last.map(String.init) ?? ""
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.isEmpty ? pin.identity : last
    }
}

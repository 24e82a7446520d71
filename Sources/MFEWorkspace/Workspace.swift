import MFECore
import MFEManifest
import MFEXcode

/// A loaded workspace: its configuration and its packages with their manifests and layers.
public struct Workspace: Sendable, Equatable {
    /// The workspace root directory (absolute, no trailing slash).
    package var root: String
    /// The root `mfe.yml`, if there is one.
    package var configuration: WorkspaceConfiguration?
    /// The packages, sorted by directory.
    package var packages: [WorkspacePackage]
    /// What loading did not check or apply, for the user to know (JSON `notes`); never
    /// findings.
    package var notes: [String]

    /// Creates a workspace value.
    package init(root: String, configuration: WorkspaceConfiguration?, packages: [WorkspacePackage], notes: [String] = []) {
        self.root = root
        self.configuration = configuration
        self.packages = packages
        self.notes = notes
    }

    /// The first package with manifest name `name`, if any (two packages in different folders
    /// may share a name, as in SwiftPM).
    package func package(named name: String) -> WorkspacePackage? {
        packages.first { $0.name == name }
    }

    /// `path` relative to the workspace root when it lies inside it, else unchanged: the form
    /// findings and messages print.
    package func relativePath(_ path: String) -> String {
        PathUtilities.relative(path, to: root)
    }
}

/// A package of the workspace.
package struct WorkspacePackage: Sendable, Equatable {
    /// The package's manifest.
    package var manifest: PackageManifest
    /// The package directory, relative to the workspace root (`.` for the root itself).
    package var directory: String
    /// The layer of the package's one µFeature; nil for a monorepo package (one feature per
    /// target stem, layered by `featureLayers`), or a package no one has given a layer.
    package var layer: Layer?
    /// The package's own `mfe.yml`, if it has one.
    package var featureConfiguration: FeatureConfiguration?
    /// In a monorepo package (`layer` nil): the layers `layers:` gives its features, by stem.
    package var featureLayers: [String: Layer]
    /// The Xcode project this package stands for (its targets are the project's), nil for a
    /// SwiftPM package.
    package var project: XcodeProject?
    /// The teams that own the package: its own `mfe.yml`'s `owner:`, else the `owners:` entries
    /// naming it; empty when none does.
    package var owners: [String] = []
    /// In a monorepo package: the teams `owners:` gives its features, by stem (a stem no entry
    /// names is owned by `owners`).
    package var featureOwners: [String: [String]] = [:]

    /// Creates a workspace package.
    package init(manifest: PackageManifest, directory: String, layer: Layer?, featureConfiguration: FeatureConfiguration? = nil, featureLayers: [String: Layer] = [:]) {
        self.manifest = manifest
        self.directory = directory
        self.layer = layer
        self.featureConfiguration = featureConfiguration
        self.featureLayers = featureLayers
    }

    /// The package's name (`Package(name:)`).
    package var name: String { manifest.name }

    /// Whether the package holds one µFeature (it has a layer: its own `mfe.yml`, a `layers:`
    /// entry or `shell.path` names it); else each target stem is a feature of its own.
    package var holdsOneFeature: Bool { layer != nil }
}

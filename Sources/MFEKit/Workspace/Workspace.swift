/// A loaded workspace: its configuration and its packages with their manifests and layers.
public struct Workspace: Sendable, Equatable {
    /// The workspace root directory (absolute, no trailing slash).
    public var root: String
    /// The root `mfe.yml`, if there is one.
    public var configuration: WorkspaceConfiguration?
    /// The packages, sorted by directory.
    public var packages: [WorkspacePackage]

    /// Creates a workspace value.
    public init(root: String, configuration: WorkspaceConfiguration?, packages: [WorkspacePackage]) {
        self.root = root
        self.configuration = configuration
        self.packages = packages
    }

    /// The package with manifest name `name`, if any.
    public func package(named name: String) -> WorkspacePackage? {
        packages.first { $0.name == name }
    }

    /// `path` relative to the workspace root when it lies inside it, else unchanged: the form
    /// findings and messages print.
    public func relativePath(_ path: String) -> String {
        PathUtilities.relative(path, to: root)
    }
}

/// A package of the workspace.
public struct WorkspacePackage: Sendable, Equatable {
    /// The package's manifest.
    public var manifest: PackageManifest
    /// The package directory, relative to the workspace root (`.` for the root itself).
    public var directory: String
    /// The package's layer, or nil when unassigned.
    public var layer: Layer?
    /// The package's own `mfe.yml`, if it has one.
    public var featureConfiguration: FeatureConfiguration?

    /// Creates a workspace package.
    public init(manifest: PackageManifest, directory: String, layer: Layer?, featureConfiguration: FeatureConfiguration? = nil) {
        self.manifest = manifest
        self.directory = directory
        self.layer = layer
        self.featureConfiguration = featureConfiguration
    }

    /// The package's name (`Package(name:)`).
    public var name: String { manifest.name }
}

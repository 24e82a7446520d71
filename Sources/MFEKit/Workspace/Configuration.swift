/// The contents of an `mfe.yml`: a workspace root's or a feature package's.
public enum ConfigurationFile: Sendable, Equatable {
    /// An `mfe.yml` with `workspace:` at a workspace root.
    case workspace(WorkspaceConfiguration)
    /// An `mfe.yml` with `feature:` at a feature package's root.
    case feature(FeatureConfiguration)
}

/// A feature package's own `mfe.yml`: `feature:` and `layer:`.
public struct FeatureConfiguration: Sendable, Equatable {
    /// The feature's name.
    public var feature: String
    /// The feature's layer.
    public var layer: Layer
    /// The `mfe.yml` this came from.
    public var file: String
    /// Where `layer:` is written, for configuration-conflict messages.
    public var layerLocation: SourceLocation

    /// Creates a feature configuration.
    public init(feature: String, layer: Layer, file: String, layerLocation: SourceLocation? = nil) {
        self.feature = feature
        self.layer = layer
        self.file = file
        self.layerLocation = layerLocation ?? SourceLocation(file: file, line: 1, column: 1)
    }
}

/// A workspace root's `mfe.yml`.
public struct WorkspaceConfiguration: Sendable, Equatable {
    /// The `workspace:` name.
    public var name: String
    /// `packages:` globs of directories holding a `Package.swift`, relative to the workspace root.
    public var packages: [String]
    /// `layers:`: layers for packages without an `mfe.yml` of their own, keyed by package name.
    public var layers: [String: LayerAssignment]
    /// `allow:` entries: accepted exceptions.
    public var allow: [AllowEntry]
    /// `baseline:`: a baseline file, relative to the workspace root.
    public var baseline: String?
    /// `shell:`.
    public var shell: ShellConfiguration?
    /// The `mfe.yml` this came from.
    public var file: String

    /// Creates a workspace configuration.
    public init(
        name: String,
        packages: [String] = [],
        layers: [String: LayerAssignment] = [:],
        allow: [AllowEntry] = [],
        baseline: String? = nil,
        shell: ShellConfiguration? = nil,
        file: String
    ) {
        self.name = name
        self.packages = packages
        self.layers = layers
        self.allow = allow
        self.baseline = baseline
        self.shell = shell
        self.file = file
    }
}

/// A package's layer as `layers:` assigns it, with where it is written.
public struct LayerAssignment: Sendable, Equatable {
    /// The layer.
    public var layer: Layer
    /// Where the package name is written under `layers:`.
    public var location: SourceLocation

    /// Creates an assignment.
    public init(layer: Layer, location: SourceLocation) {
        self.layer = layer
        self.location = location
    }
}

/// An `allow:` entry: an accepted exception to a rule.
public struct AllowEntry: Sendable, Equatable, Hashable {
    /// The rule id, e.g. `product-to-product`.
    public var rule: String
    /// The depending target or package.
    public var from: String
    /// The target or package depended on.
    public var to: String
    /// Why the exception is accepted (required).
    public var reason: String
    /// Where the entry starts in `mfe.yml`.
    public var location: SourceLocation

    /// Creates an allow entry.
    public init(rule: String, from: String, to: String, reason: String, location: SourceLocation) {
        self.rule = rule
        self.from = from
        self.to = to
        self.reason = reason
        self.location = location
    }
}

/// `shell:` in the workspace `mfe.yml`.
public struct ShellConfiguration: Sendable, Equatable {
    /// `path:`: the shell package's directory, relative to the workspace root.
    public var path: String?
    /// `features:`: the MFEs of a shell that is an Xcode project (no `Package.swift` of its
    /// own), with their requirements.
    public var features: [ShellFeature]

    /// Creates a shell configuration.
    public init(path: String? = nil, features: [ShellFeature] = []) {
        self.path = path
        self.features = features
    }
}

/// One `shell.features` entry: an MFE repository and its requirement, written as in
/// `Package.swift`: `url:` plus exactly one of `from:`, `exact:`, `upToNextMinor:`,
/// `range:` (`"1.0.0..<2.0.0"` or `"1.0.0...1.4.0"`), `branch:`, `revision:`.
public struct ShellFeature: Sendable, Equatable {
    /// The repository URL or local path.
    public var url: String
    /// The requirement.
    public var requirement: Requirement
    /// Where the entry starts in `mfe.yml`.
    public var location: SourceLocation

    /// Creates a shell feature.
    public init(url: String, requirement: Requirement, location: SourceLocation) {
        self.url = url
        self.requirement = requirement
        self.location = location
    }
}

import MFECore
import MFEManifest

/// The contents of an `mfe.yml`: a workspace root's or a feature package's.
package enum ConfigurationFile: Sendable, Equatable {
    /// An `mfe.yml` with `workspace:` at a workspace root.
    case workspace(WorkspaceConfiguration)
    /// An `mfe.yml` with `feature:` at a feature package's root.
    case feature(FeatureConfiguration)
}

/// A feature package's own `mfe.yml`: `feature:`, `layer:` and `owner:`.
public struct FeatureConfiguration: Sendable, Equatable {
    /// The feature's name.
    package var feature: String
    /// The feature's layer.
    package var layer: Layer
    /// `owner:`: the team handles that own the feature (a string or a list); nil when not
    /// given, so the workspace `owners:` decides.
    package var owners: [String]?
    /// The `mfe.yml` this came from.
    package var file: String
    /// Where `layer:` is written, for configuration-conflict messages.
    package var layerLocation: SourceLocation

    /// Creates a feature configuration.
    package init(feature: String, layer: Layer, file: String, layerLocation: SourceLocation? = nil) {
        self.feature = feature
        self.layer = layer
        self.file = file
        self.layerLocation = layerLocation ?? SourceLocation(file: file, line: 1, column: 1)
    }
}

/// A workspace root's `mfe.yml`.
package struct WorkspaceConfiguration: Sendable, Equatable {
    /// The `workspace:` name.
    package var name: String
    /// `packages:` globs of directories holding a `Package.swift`, relative to the workspace root.
    package var packages: [String]
    /// `layers:`: layers for packages without an `mfe.yml` of their own and for the features
    /// of monorepo packages, keyed by the entry as written: a package or feature name, or a
    /// glob (`*`, `?`) over either. `LayerTable` resolves them.
    package var layers: [String: LayerAssignment]
    /// `roles:`: the role suffixes; nil keeps the default suffixes.
    package var roles: RoleSuffixes?
    /// `allow:` entries: accepted exceptions.
    package var allow: [AllowEntry]
    /// `baseline:`: a baseline file, relative to the workspace root.
    package var baseline: String?
    /// `shell:`.
    package var shell: ShellConfiguration?
    /// `projects:` globs of `.xcodeproj` or `.xcworkspace` paths, relative to the workspace
    /// root; with `packages:`, only these projects are read.
    package var projects: [String] = []
    /// Where each `projects:` entry is written.
    package var projectLocations: [SourceLocation] = []
    /// `loader:`: the loader this workspace's manifests need. A loader that runs manifest
    /// code is used only when the command line asks for it (`--loader`, `MFE_LOADER`); this
    /// key alone never runs code, it is reported as a note.
    package var loader: ManifestLoaderKind?
    /// Where `loader:` is written.
    package var loaderLocation: SourceLocation?
    /// `ignore:`: globs of files (relative to the workspace root, read as `.gitignore` reads
    /// them: `PathGlob(ignoring:)`) whose changes affect nothing in `mfe affected`.
    package var ignore: [String] = []
    /// `platforms:`: the platforms and minimum versions `mfe create` gives new packages when no
    /// `--platform` is given; nil for mfe's defaults.
    package var platforms: [PlatformRequirement]?
    /// `owners:`: team handle → the features, packages or globs it owns, one entry per name,
    /// in file order. `OwnerTable` resolves them.
    package var owners: [OwnerEntry] = []
    /// The `mfe.yml` this came from.
    package var file: String

    /// Creates a workspace configuration.
    package init(
        name: String,
        packages: [String] = [],
        layers: [String: LayerAssignment] = [:],
        roles: RoleSuffixes? = nil,
        allow: [AllowEntry] = [],
        baseline: String? = nil,
        shell: ShellConfiguration? = nil,
        file: String
    ) {
        self.name = name
        self.packages = packages
        self.layers = layers
        self.roles = roles
        self.allow = allow
        self.baseline = baseline
        self.shell = shell
        self.file = file
    }
}

extension WorkspaceConfiguration {
    /// The workspace's role suffixes: `roles:`, else the default suffixes.
    package var roleSuffixes: RoleSuffixes { roles ?? .standard }
}

/// A package's or feature's layer as one `layers:` entry assigns it, with where it is written.
package struct LayerAssignment: Sendable, Equatable {
    /// The layer.
    package var layer: Layer
    /// Where the package name is written under `layers:`.
    package var location: SourceLocation

    /// Creates an assignment.
    package init(layer: Layer, location: SourceLocation) {
        self.layer = layer
        self.location = location
    }
}

/// An `allow:` entry: an accepted exception to a rule.
package struct AllowEntry: Sendable, Equatable, Hashable {
    /// The rule id, e.g. `product-to-product`.
    package var rule: String
    /// The depending target, feature or package, or a glob (`*`, `?`) over their names.
    package var from: String
    /// The target, feature or package depended on, or a glob over their names.
    package var to: String
    /// Why the exception is accepted (required).
    package var reason: String
    /// Where the entry starts in `mfe.yml`.
    package var location: SourceLocation
    /// Where `from:`'s value is written (the entry's start when not known).
    package var fromLocation: SourceLocation
    /// Where `to:`'s value is written (the entry's start when not known).
    package var toLocation: SourceLocation

    /// Creates an allow entry.
    package init(rule: String, from: String, to: String, reason: String, location: SourceLocation, fromLocation: SourceLocation? = nil, toLocation: SourceLocation? = nil) {
        self.rule = rule
        self.from = from
        self.to = to
        self.reason = reason
        self.location = location
        self.fromLocation = fromLocation ?? location
        self.toLocation = toLocation ?? location
    }
}

/// `shell:` in the workspace `mfe.yml`.
package struct ShellConfiguration: Sendable, Equatable {
    /// `path:`: the shell package's directory, relative to the workspace root.
    package var path: String?
    /// Where `path:` is written in `mfe.yml`, for messages about it.
    package var pathLocation: SourceLocation?
    /// `features:`: the MFEs of a shell that is an Xcode project (no `Package.swift` of its
    /// own), with their requirements.
    package var features: [ShellFeature]
    /// `project:`: the shell's `.xcodeproj` or `.xcworkspace`, relative to the workspace root;
    /// its package references are the shell's requirements.
    package var project: String?
    /// Where `project:` is written.
    package var projectLocation: SourceLocation?

    /// Creates a shell configuration.
    package init(path: String? = nil, features: [ShellFeature] = []) {
        self.path = path
        self.features = features
    }
}

/// One `shell.features` entry: an MFE repository and its requirement, written as in
/// `Package.swift`: `url:` plus exactly one of `from:`, `exact:`, `upToNextMinor:`,
/// `range:` (`"1.0.0..<2.0.0"` or `"1.0.0...1.4.0"`), `branch:`, `revision:`.
package struct ShellFeature: Sendable, Equatable {
    /// The repository URL or local path.
    package var url: String
    /// The requirement.
    package var requirement: Requirement
    /// Where the entry starts in `mfe.yml`.
    package var location: SourceLocation

    /// Creates a shell feature.
    package init(url: String, requirement: Requirement, location: SourceLocation) {
        self.url = url
        self.requirement = requirement
        self.location = location
    }
}

/// One name under `owners:`: a feature, package or glob (`*`, `?`) and the team that owns it.
package struct OwnerEntry: Sendable, Equatable {
    /// The team handle (`@acme/checkout`), as written.
    package var handle: String
    /// The feature, package or glob, as written.
    package var glob: NameGlob
    /// Where the name is written.
    package var location: SourceLocation

    /// Creates an entry.
    package init(handle: String, glob: NameGlob, location: SourceLocation) {
        self.handle = handle
        self.glob = glob
        self.location = location
    }
}

import MFECore

/// A µFeature of a workspace, as the Design contract article's vocabulary defines it: a whole
/// package that holds one feature (a feature `mfe.yml`, or a package `layers:` or `shell:`
/// names), or, in any other package (a monorepo package), the targets that share a stem:
/// `Search`, `SearchInterface`, `SearchTesting`, `SearchTests` and `SearchExample` form feature
/// `Search`.
///
/// `TargetGraph.features` holds them; `TargetGraph.feature(of:)` gives a target's.
public struct Feature: Sendable, Hashable {
    /// The feature's name: the package's name for a whole package, else the stem.
    package var name: String
    /// The index of the feature's package in `TargetGraph.packages`.
    package var package: Int
    /// The feature's layer; nil when unassigned.
    package var layer: Layer?
    /// Whether the feature is its package's only one (the package holds one µFeature).
    package var isWholePackage: Bool
    /// The feature's targets: node indices of `TargetGraph.nodes`, sorted.
    package var targets: [Int]
    /// Where findings about the feature as a whole point: the package's `name:` for a whole
    /// package; else the declaration of the target named by the stem, or of the feature's
    /// first target.
    package var location: SourceLocation
    /// The team handles that own the feature (`owners:` or its own `owner:`); empty when none.
    package var owners: [String]

    /// Creates a feature.
    package init(name: String, package: Int, layer: Layer?, isWholePackage: Bool, targets: [Int], location: SourceLocation, owners: [String] = []) {
        self.owners = owners
        self.name = name
        self.package = package
        self.layer = layer
        self.isWholePackage = isWholePackage
        self.targets = targets
        self.location = location
    }
}

import MFECore
import MFEManifest

extension Composition {
    /// Refuses `--update` names that are no package of the composition (or of the old pins),
    /// with the nearest name; SwiftPM ignores them silently, which hides a typo. A name is an
    /// identity or the last component of a package's location (`Env`, `env`, `Env.git`), as
    /// `swift package update NAME` accepts; `folders` are the names that are folders.
    package func checkUpdateNames(_ names: [String], folders: [String]) throws {
        var known: [String: String] = [:]
        for pin in previousPins { known[pin.identity] = pin.name ?? PackageLocation(kind: pin.kind, location: pin.location).displayName }
        for package in packages { known[package.location.identity] = package.location.displayName }
        let unknown = names.filter { known[PackageIdentity.identity(forLocation: $0)] == nil }
        guard !unknown.isEmpty else { return }
        var nearest: String?
        if unknown.count == 1, let closest = known.values.min(by: { editDistance($0.lowercased(), unknown[0].lowercased()) < editDistance($1.lowercased(), unknown[0].lowercased()) }),
            editDistance(closest.lowercased(), unknown[0].lowercased()) <= max(2, unknown[0].count / 3)
        {
            nearest = closest
        }
        throw ComposeShellError.unknownUpdateNames(
            unknown: unknown, nearest: nearest, known: known.sorted { $0.key < $1.key }.map(\.value), folder: unknown.first { folders.contains($0) })
    }
}

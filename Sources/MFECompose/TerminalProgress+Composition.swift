import MFECore
import MFEManifest

extension TerminalProgress: CompositionProgress {
    /// Shows the repository among those being fetched.
    public func fetching(_ location: PackageLocation) {
        begin(location.displayName)
    }

    /// Counts the repository as fetched.
    public func fetched(_ location: PackageLocation) {
        end(location.displayName)
    }
}

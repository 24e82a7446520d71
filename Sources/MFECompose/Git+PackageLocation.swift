import MFECore
import MFEManifest

extension Git {
    /// Fetches the refs, commits and trees of `location` into `repository`
    /// (`fetchWithoutBlobs(_:into:)` on its URL, credentials included for git and redacted in
    /// messages).
    func fetchWithoutBlobs(_ location: PackageLocation, into repository: String) async throws -> ProcessResult {
        try await fetchWithoutBlobs(location.gitURL, into: repository)
    }

    /// Fetches `blobs` of `location` into its partial clone `repository` (`objects(_:from:into:)`).
    func objects(_ blobs: [String], from location: PackageLocation, into repository: String) async throws -> ProcessResult {
        try await objects(blobs, from: location.gitURL, into: repository)
    }

    /// Refuses a location git would reach through a transport that runs a command or waits for
    /// ever (`ext::…`, `fd::…`), before git sees it.
    static func refuseUnsafeTransport(_ location: PackageLocation) throws {
        try refuseUnsafeTransport(location.gitURL)
    }
}

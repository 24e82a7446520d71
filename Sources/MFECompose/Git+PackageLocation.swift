import MFECore
import MFEManifest

extension Git {
    /// Fetches every branch and tag of `location` into the bare repository `repository`
    /// (`fetch(_:into:)` on its URL, credentials included for git and redacted in messages).
    func fetch(_ location: PackageLocation, into repository: String) async throws -> ProcessResult {
        try await fetch(location.gitURL, into: repository)
    }

    /// Refuses a location git would reach through a transport that runs a command or waits for
    /// ever (`ext::…`, `fd::…`), before git sees it.
    static func refuseUnsafeTransport(_ location: PackageLocation) throws {
        try refuseUnsafeTransport(location.gitURL)
    }
}

import Foundation
import MFECore

/// Where a source-control package lives, with the identity, kind and location SwiftPM derives
/// from a `.package(url:)` string: absolute paths and `file://` URLs are
/// `localSourceControl` recorded as a normalised path, anything else is
/// `remoteSourceControl` recorded as written.
public struct PackageLocation: Sendable, Hashable, CustomStringConvertible {
    /// The package identity: the last path component, lowercased, without `.git`.
    package var identity: String
    /// Local or remote.
    package var kind: PinKind
    /// The path or URL as `Package.resolved` records it.
    package var location: String

    /// Creates a location from the string of a `.package(url:)` or `shell.features` entry;
    /// relative paths are resolved against `baseDirectory`.
    package init(dependency: String, relativeTo baseDirectory: String) {
        if dependency.hasPrefix("file://") {
            let path = String(dependency.dropFirst("file://".count))
            let decoded = path.removingPercentEncoding ?? path
            self.init(kind: .localSourceControl, location: PathUtilities.normalize(decoded.hasPrefix("/") ? decoded : "/" + decoded))
        } else if dependency.hasPrefix("/") {
            self.init(kind: .localSourceControl, location: PathUtilities.normalize(dependency))
        } else if dependency.hasPrefix("./") || dependency.hasPrefix("../") || dependency == "." || dependency == ".." {
            self.init(kind: .localSourceControl, location: PathUtilities.absolute(dependency, relativeTo: baseDirectory))
        } else {
            self.init(kind: .remoteSourceControl, location: dependency)
        }
    }

    /// Creates a location from its parts.
    package init(kind: PinKind, location: String) {
        self.kind = kind
        self.location = location
        self.identity = PackageIdentity.identity(forLocation: location)
    }

    /// The last path component as written, without `.git`: the package's name in messages
    /// until its manifest is read.
    package var displayName: String {
        let plain = redacted
        var last = plain.split(separator: "/").last.map(String.init) ?? plain
        if last.lowercased().hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last
    }

    /// What git is given to fetch from: the path or the URL, credentials included (git needs
    /// them for the fetch; they go nowhere else).
    package var gitURL: String { location }

    /// The location for messages and every output: credentials replaced by `***`.
    package var redacted: String { CredentialRedaction.redact(location) }

    /// The repository's name in the compose cache.
    package var repositoryKey: RepositoryKey { RepositoryKey(location: location) }

    public var description: String { redacted }
}

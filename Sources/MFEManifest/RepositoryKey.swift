import Foundation
import MFECore

/// The name of a package repository in mfe's compose cache: the SHA-256 of its
/// credential-free, normalised location. Only this hash (and a checked `CommitHash`) ever
/// becomes part of a cache path, so nothing a manifest or a lockfile says can steer a path,
/// and two repositories never share an entry, whatever their last path components.
package struct RepositoryKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lowercase hexadecimal digits.
    package let value: String

    /// The key of the repository at `location` (a URL, an absolute path or a `file://` URL,
    /// as `Package.resolved` records it).
    package init(location: String) {
        value = SHA256Hex.digest(Data(Self.normalizedLocation(location).utf8))
    }

    package var description: String { value }

    /// `location` with what does not name a different repository taken out: credentials,
    /// the case of the scheme and host, a trailing `/` or `.git` of a URL; `file://` URLs as
    /// their paths; scp-style `host:path` as `ssh://host/~/path` (`host:/path` as
    /// `ssh://host/path`). The scheme and port stay: `http://` and `https://` of one host are
    /// kept apart, so a plain-HTTP fetch can never add objects to an HTTPS repository's clone.
    package static func normalizedLocation(_ location: String) -> String {
        if location.hasPrefix("file://") {
            let path = String(location.dropFirst("file://".count))
            let decoded = path.removingPercentEncoding ?? path
            return PathUtilities.normalize(decoded.hasPrefix("/") ? decoded : "/" + decoded)
        }
        if location.hasPrefix("/") { return PathUtilities.normalize(location) }
        let plain = CredentialRedaction.removingCredentials(from: location)
        if let separator = plain.range(of: "://") {
            let scheme = plain[..<separator.lowerBound].lowercased()
            let rest = plain[separator.upperBound...]
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            return scheme + "://" + rest[..<authorityEnd].lowercased() + trimmedPath(rest[authorityEnd...])
        }
        // scp-style `[user@]host:path` (a colon before any slash).
        if let colon = plain.firstIndex(of: ":"), !plain[..<colon].contains("/") {
            let host = plain[..<colon].split(separator: "@").last.map(String.init) ?? ""
            let path = plain[plain.index(after: colon)...]
            return "ssh://" + host.lowercased() + (path.hasPrefix("/") ? "" : "/~/") + trimmedPath(path)
        }
        return plain
    }

    /// A URL path without trailing `/`s and `.git`.
    private static func trimmedPath(_ path: Substring) -> String {
        var path = path
        while path.hasSuffix("/") { path = path.dropLast() }
        if path.lowercased().hasSuffix(".git") { path = path.dropLast(4) }
        return String(path)
    }
}

/// A full git commit hash: exactly 40 lowercase hexadecimal digits, as SwiftPM writes pins and
/// git prints commits. A revision read from a lockfile or a manifest is checked into this type
/// before any use, so a "revision" such as `../../etc` or `-x` never reaches a path or git.
package struct CommitHash: Sendable, Hashable, CustomStringConvertible {
    /// The 40 digits.
    package let value: String

    /// The hash in `text`, nil unless `text` is exactly 40 lowercase hexadecimal digits.
    package init?(_ text: String) {
        guard text.utf8.count == 40, text.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        value = text
    }

    package var description: String { value }
}

/// Lowercase hexadecimal SHA-256.
package enum SHA256Hex {
    /// The digest of `data`.
    package static func digest(_ data: Data) -> String {
        SHA256.hexDigest(data)
    }
}

/// Where compose-shell's cache (`$XDG_CACHE_HOME/mfe`, else `~/.cache/mfe`) keeps what it read
/// from a repository at a commit, and the bare clone of each remote repository. The one
/// description of the layout, for compose-shell, which writes it, and the import rules, which
/// read manifests from it.
package enum ComposeCacheLayout {
    /// What is kept about a commit.
    package enum Kind: String, Sendable {
        /// The manifest SwiftPM loads at the commit.
        case manifest = "swift"
        /// The commit's `mfe.yml` (empty when it has none).
        case featureConfiguration = "mfe.yml"
        /// `swift package dump-package` run on a checkout of the commit.
        case dumpPackage = "dump-package.json"
    }

    /// `<root>/manifests/<repository>/<commit>.<kind>`.
    package static func file(root: String, repository: RepositoryKey, commit: CommitHash, kind: Kind) -> String {
        PathUtilities.join(root, "manifests/\(repository.value)/\(commit.value).\(kind.rawValue)")
    }

    /// `<root>/repositories/<repository>.git`.
    package static func clone(root: String, repository: RepositoryKey) -> String {
        PathUtilities.join(root, "repositories/\(repository.value).git")
    }
}

import Foundation

/// Keeps the credentials of a source-control URL (`https://user:secret@host/…`,
/// `https://token@host/…`) out of everything mfe prints.
///
/// What `Package.resolved` holds is SwiftPM's choice, not this type's: SwiftPM 6.3.1 writes a
/// pin's `location` as the URL was written (`SourceControlURL.absoluteString`, credentials
/// included; only its canonical location, used to compare identities, drops the userinfo), and
/// `swift package resolve` must leave mfe's file unchanged, so the file keeps the URL as
/// written. Every message, diff and `--format json` value is redacted instead.
package enum CredentialRedaction {
    /// What replaces the userinfo of a URL: `https://***@host/…`.
    package static let mask = "***"

    /// `text` with the userinfo of every `scheme://userinfo@host` URL in it replaced by `***`,
    /// as git's own `transport_anonymize_url` drops it: a user name alone can be a token, so
    /// every userinfo goes. The rest of the text is kept byte for byte.
    package static func redact(_ text: String) -> String {
        guard text.contains("@"), text.contains("://") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            let authorityEnd = rest[separator.upperBound...].firstIndex { Self.endsAuthority($0) } ?? rest.endIndex
            let authority = rest[separator.upperBound..<authorityEnd]
            if Self.hasScheme(before: separator.lowerBound, in: rest), let at = authority.lastIndex(of: "@"), at != authority.startIndex {
                result += mask
                result += authority[at...]
            } else {
                result += authority
            }
            rest = rest[authorityEnd...]
        }
        result += rest
        return result
    }

    /// `location` without its userinfo (`https://host/…`): the form repository keys are made
    /// of. Paths and scp-style `user@host:path` locations are returned unchanged.
    package static func removingCredentials(from location: String) -> String {
        guard let separator = location.range(of: "://"), hasScheme(before: separator.lowerBound, in: Substring(location)) else { return location }
        let authorityEnd = location[separator.upperBound...].firstIndex { endsAuthority($0) } ?? location.endIndex
        guard let at = location[separator.upperBound..<authorityEnd].lastIndex(of: "@") else { return location }
        return String(location[..<separator.upperBound]) + String(location[location.index(after: at)...])
    }

    /// Whether the text just before `index` is a URL scheme (`https`, `git+ssh`).
    private static func hasScheme(before index: Substring.Index, in text: Substring) -> Bool {
        let scheme = text[..<index].reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return scheme.last?.isLetter ?? false
    }

    /// Whether `character` ends a URL's authority (`user@host:port`): a path, query or
    /// fragment, or the end of the URL in prose (space, quote, bracket).
    private static func endsAuthority(_ character: Character) -> Bool {
        "/?#".contains(character) || character.isWhitespace || "'\"`<>()[]{},;".contains(character)
    }
}

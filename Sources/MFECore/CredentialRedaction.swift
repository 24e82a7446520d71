import Foundation

/// Keeps the credentials of a source-control URL (`https://user:secret@host/…`,
/// `https://token@host/…`, `…?token=…`, `…#…`) out of everything mfe prints.
///
/// What `Package.resolved` holds is SwiftPM's choice, not this type's: SwiftPM 6.3.1 writes a
/// pin's `location` as the URL was written (`SourceControlURL.absoluteString`, credentials
/// included; only its canonical location, used to compare identities, drops the userinfo), and
/// `swift package resolve` must leave mfe's file unchanged, so the file keeps the URL as
/// written. Every message, diff and `--format json` value is redacted instead.
///
/// URLs are parsed, not matched: a userinfo ends at its last `@`, whatever it holds (RFC 3986
/// allows `;` `,` `'` `(` `)` unencoded, and git passes malformed ones with `/` or a space on),
/// and the URLs mfe gave git are redacted in what git answers by their parts, since git
/// quotes them in pieces (`unable to look up user:secret@host`).
package enum CredentialRedaction {
    /// What replaces the userinfo, query or fragment of a URL: `https://***@host/…`.
    package static let mask = "***"

    /// `url`, one whole URL, without its secrets: userinfo, query and fragment replaced by
    /// `***`. Paths and scp-style `user@host:path` locations are returned unchanged.
    package static func redactingURL(_ url: String) -> String {
        guard let parts = URLParts(url) else { return url }
        return parts.redacted
    }

    /// `text` with the secrets of every URL in it replaced by `***`, and first those of
    /// `urls` (the URLs mfe passed to a tool whose answer `text` is) wherever they appear,
    /// whole or in part. The rest of the text is kept byte for byte.
    package static func redact(_ text: String, urls: [String] = []) -> String {
        var result = text
        for url in urls {
            guard let parts = URLParts(url), !parts.secrets.isEmpty else { continue }
            if result.contains(url) { result = result.replacingOccurrences(of: url, with: parts.redacted) }
            for secret in parts.secrets where result.contains(secret) {
                result = result.replacingOccurrences(of: secret, with: mask)
            }
        }
        return redactingProse(result)
    }

    /// `location` without its userinfo (`https://host/…`): the form repository keys are made
    /// of. Paths and scp-style `user@host:path` locations are returned unchanged.
    package static func removingCredentials(from location: String) -> String {
        guard let parts = URLParts(location), let userinfo = parts.userinfo else { return location }
        return String(location[..<userinfo.lowerBound]) + String(location[location.index(after: userinfo.upperBound)...])
    }

    /// The URLs of free text redacted, each found by its `scheme://`.
    private static func redactingProse(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            let after = rest[separator.upperBound...]
            guard hasScheme(before: separator.lowerBound, in: rest) else {
                rest = after
                continue
            }
            let end = after.firstIndex { endsURLInProse($0) } ?? after.endIndex
            var token = after[..<end]
            var tokenEnd = end
            // A malformed userinfo with a space (`user:pa ss@host`): what precedes the space
            // cannot be a host and port, so the URL goes on to the `@` on the same line.
            if !token.contains("@"), looksLikeUserAndPassword(token), let at = after[end...].prefix(while: { !$0.isNewline }).firstIndex(of: "@"),
                !after[end..<at].contains("://")
            {
                tokenEnd = after[at...].firstIndex { endsURLInProse($0) } ?? after.endIndex
                token = after[..<tokenEnd]
            }
            // A markdown link's `)` closes the link, not the URL: unbalanced closing
            // parentheses at the end are left out, as CommonMark's autolinks leave them.
            while token.last == ")", token.count(where: { $0 == ")" }) > token.count(where: { $0 == "(" }) {
                token = token.dropLast()
                tokenEnd = token.endIndex
            }
            result += URLParts(prose: token).redactedRest
            rest = after[tokenEnd...]
        }
        result += rest
        return result
    }

    /// Whether `token` (the start of a URL after `://`) begins with `user:password` rather than
    /// a host and port: the text before its first `/` has a `:` followed by more than digits.
    fileprivate static func looksLikeUserAndPassword(_ token: Substring) -> Bool {
        let authority = token.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.hasPrefix("["), let colon = authority.firstIndex(of: ":") else { return false }
        let port = authority[authority.index(after: colon)...]
        return !port.allSatisfy(\.isASCII) || !port.allSatisfy(\.isNumber)
    }

    /// Whether the text just before `index` is a URL scheme (`https`, `git+ssh`).
    private static func hasScheme(before index: Substring.Index, in text: Substring) -> Bool {
        let scheme = text[..<index].reversed().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        return scheme.last?.isLetter ?? false
    }

    /// Whether `character` ends a URL in prose: a space or line break, or a quote that cannot
    /// be part of one (`'` can: RFC 3986 allows it in a userinfo).
    private static func endsURLInProse(_ character: Character) -> Bool {
        character.isWhitespace || "\"`<>".contains(character)
    }
}

/// The parts of one URL that hold secrets, found as git and curl find them.
private struct URLParts {
    /// The text after `scheme://`.
    let rest: Substring
    /// The userinfo (before the `@` that ends it), when there is one.
    let userinfo: Range<Substring.Index>?
    /// The query (after `?`, up to `#`), when there is one.
    let query: Range<Substring.Index>?
    /// The fragment (after `#`), when there is one.
    let fragment: Range<Substring.Index>?
    /// The text before `rest`: `scheme://`.
    let head: Substring

    /// Parses `url`; nil when it has no `scheme://`.
    init?(_ url: String) {
        guard let separator = url.range(of: "://") else { return nil }
        let scheme = url[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCII, first.isLetter, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        self.init(head: url[..<separator.upperBound], rest: url[separator.upperBound...])
    }

    /// Parses `rest`, the text after a `scheme://` found in prose.
    init(prose rest: Substring) {
        self.init(head: rest[rest.startIndex..<rest.startIndex], rest: rest, prose: true)
    }

    private init(head: Substring, rest: Substring, prose: Bool = false) {
        self.head = head
        self.rest = rest
        // RFC 3986: the authority ends at `/`, `?` or `#`; its userinfo at its last `@`. A
        // malformed userinfo with a `/` (`user:pa/ss@host`) goes on to the last `@` before
        // the query, since what precedes the `/` cannot be a host and port.
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        var at = rest[..<authorityEnd].lastIndex(of: "@")
        if at == nil, CredentialRedaction.looksLikeUserAndPassword(rest) {
            let queryStart = rest.firstIndex { "?#".contains($0) } ?? rest.endIndex
            at = rest[..<queryStart].lastIndex(of: "@")
        }
        userinfo = at.flatMap { $0 == rest.startIndex ? nil : rest.startIndex..<$0 }
        let hostStart = at.map { rest.index(after: $0) } ?? rest.startIndex
        // In prose, a quote ends the query and the fragment (`'https://host/x?token=…': fatal`).
        let end = prose ? (rest[hostStart...].firstIndex(of: "'") ?? rest.endIndex) : rest.endIndex
        let hash = rest[hostStart..<end].firstIndex(of: "#")
        let questionMark = rest[hostStart..<(hash ?? end)].firstIndex(of: "?")
        query = questionMark.map { rest.index(after: $0)..<(hash ?? end) }
        // A line anchor (`#L38`, `#L10-L20`, `#L4C2`) is where a link points, never a secret:
        // the links mfe writes to source files end in one.
        fragment = hash.map { rest.index(after: $0)..<end }.flatMap { Self.isLineAnchor(rest[$0]) ? nil : $0 }
    }

    /// Whether `fragment` is a line anchor as GitHub and GitLab write them: `L12`, `L12C3`,
    /// `L12-L20`, `L12-20`.
    private static func isLineAnchor(_ fragment: Substring) -> Bool {
        func isLine(_ part: Substring, letterOptional: Bool) -> Bool {
            var part = part
            if part.first == "L" { part = part.dropFirst() } else if !letterOptional { return false }
            let digits = part.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return false }
            let column = part.dropFirst(digits.count)
            guard let c = column.first else { return true }
            return c == "C" && column.count > 1 && column.dropFirst().allSatisfy { $0.isASCII && $0.isNumber }
        }
        let ends = fragment.split(separator: "-", omittingEmptySubsequences: false)
        switch ends.count {
        case 1: return isLine(ends[0], letterOptional: false)
        case 2: return isLine(ends[0], letterOptional: false) && isLine(ends[1], letterOptional: true)
        default: return false
        }
    }

    /// The text after `scheme://` with its secrets masked.
    var redactedRest: String {
        var result = ""
        var index = rest.startIndex
        for range in [userinfo, query, fragment].compactMap({ $0 }) where !range.isEmpty {
            result += rest[index..<range.lowerBound]
            result += CredentialRedaction.mask
            index = range.upperBound
        }
        result += rest[index...]
        return result
    }

    /// The whole URL with its secrets masked.
    var redacted: String { String(head) + redactedRest }

    /// The secrets, longest first, as a tool may quote them apart from the URL: the userinfo,
    /// the password alone, the query and the fragment, also percent-decoded. Parts shorter
    /// than three characters are left, since replacing them everywhere would mangle the text.
    var secrets: [String] {
        var parts: [Substring] = []
        if let userinfo {
            parts.append(rest[userinfo])
            if let colon = rest[userinfo].firstIndex(of: ":") { parts.append(rest[rest.index(after: colon)..<userinfo.upperBound]) }
        }
        if let query { parts.append(rest[query]) }
        if let fragment { parts.append(rest[fragment]) }
        var secrets = Set<String>()
        for part in parts {
            secrets.insert(String(part))
            if let decoded = part.removingPercentEncoding { secrets.insert(decoded) }
        }
        return secrets.filter { $0.count >= 3 }.sorted { ($0.count, $0) > ($1.count, $1) }
    }
}

import MFEManifest

/// SwiftPM's rules for which versions a requirement admits and how a tag becomes a version.
extension Requirement {
    /// Whether `version` satisfies this requirement as SwiftPM decides
    /// (`Range<Version>.contains(version:)`): a pre-release is admitted only when a bound of
    /// the range is itself a pre-release, and never `2.0.0-beta` for an upper bound `2.0.0`.
    package func admits(_ version: Version) -> Bool {
        switch self {
        case .exact(let exact):
            return exact == version
        case .range(let lower, let upper):
            if !version.prereleaseIdentifiers.isEmpty {
                if lower.prereleaseIdentifiers.isEmpty && upper.prereleaseIdentifiers.isEmpty { return false }
                if upper.prereleaseIdentifiers.isEmpty && (upper.major, upper.minor, upper.patch) == (version.major, version.minor, version.patch) {
                    return false
                }
            }
            if lower == version { return true }
            return version >= lower && version < upper
        case .branch, .revision:
            return false
        }
    }

    /// Whether this is a `branch:` or `revision:` requirement.
    package var isUnversioned: Bool {
        switch self {
        case .branch, .revision: return true
        case .exact, .range: return false
        }
    }

    /// How the requirement reads in messages: `0.3.0..<1.0.0`, `exactly 1.2.0`, `branch 'main'`.
    package var summary: String {
        switch self {
        case .exact(let version): return "exactly \(version)"
        case .range(let lower, let upper): return "\(lower)..<\(upper)"
        case .branch(let branch): return "branch '\(branch)'"
        case .revision(let revision): return "revision '\(revision)'"
        }
    }
}

/// Turns git tags into versions as SwiftPM does (`Git.convertTagsToVersionMap` and
/// `Version(tag:)`): an optional leading `v`, then `MAJOR.MINOR.PATCH` or the lenient
/// `MAJOR.MINOR`, with pre-release and build identifiers. When several tags name the same
/// version (`v1.0.0`, `1.0.0`, `1.0`), the most specific wins, and between equally specific
/// ones the tag without `v`.
package enum TagVersions {
    /// The version a tag names, or nil when SwiftPM ignores the tag.
    package static func version(ofTag tag: String) -> Version? {
        var text = Substring(tag)
        if text.first == "v" { text = text.dropFirst() }
        guard text.allSatisfy(\.isASCII) else { return nil }
        let plus = text.firstIndex(of: "+")
        let dash = text[..<(plus ?? text.endIndex)].firstIndex(of: "-")
        let core = text[..<(dash ?? plus ?? text.endIndex)]
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 2,
            let major = Int(parts[0]), let minor = Int(parts[1]),
            let patch = parts.count == 2 ? 0 : Int(parts[2])
        else { return nil }
        func identifiers(_ slice: Substring) -> [String]? {
            let items = slice.split(separator: ".", omittingEmptySubsequences: false)
            guard items.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } }) else { return nil }
            return items.map(String.init)
        }
        var pre: [String] = []
        if let dash {
            guard let items = identifiers(text[text.index(after: dash)..<(plus ?? text.endIndex)]) else { return nil }
            pre = items
        }
        var build: [String] = []
        if let plus {
            guard let items = identifiers(text[text.index(after: plus)...]) else { return nil }
            build = items
        }
        return Version(major, minor, patch, prereleaseIdentifiers: pre, buildMetadataIdentifiers: build)
    }

    /// Maps `tags` (tag name → commit) to versions → (tag, commit), choosing among tags that
    /// name the same version as SwiftPM does.
    package static func versions(fromTags tags: [String: String]) -> [Version: (tag: String, revision: String)] {
        var grouped: [Version: [String]] = [:]
        for tag in tags.keys {
            if let version = version(ofTag: tag) { grouped[version, default: []].append(tag) }
        }
        var result: [Version: (tag: String, revision: String)] = [:]
        for (version, names) in grouped {
            let best = names.max { lhs, rhs in
                let (l, r) = (lhs.split(separator: ".", omittingEmptySubsequences: false).count, rhs.split(separator: ".", omittingEmptySubsequences: false).count)
                if l != r { return l < r }
                if lhs.hasPrefix("v") != rhs.hasPrefix("v") { return lhs.hasPrefix("v") }
                return lhs > rhs
            }!
            result[version] = (best, tags[best]!)
        }
        return result
    }
}

/// A semantic version (SemVer 2.0) with SwiftPM's ordering: pre-releases sort before the
/// release, build metadata is ignored when comparing.
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Version components.
    package var major: Int, minor: Int, patch: Int
    /// Pre-release identifiers (`1.0.0-beta.2` → `["beta", "2"]`).
    package var prereleaseIdentifiers: [String]
    /// Build metadata identifiers (`1.0.0+abc` → `["abc"]`).
    package var buildMetadataIdentifiers: [String]

    /// Creates a version.
    package init(_ major: Int, _ minor: Int, _ patch: Int, prereleaseIdentifiers: [String] = [], buildMetadataIdentifiers: [String] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.prereleaseIdentifiers = prereleaseIdentifiers
        self.buildMetadataIdentifiers = buildMetadataIdentifiers
    }

    /// Parses `1.2.3`, `1.2.3-beta.1`, `1.2.3+build`; nil when not a full SemVer version.
    package init?(_ string: String) {
        var rest = Substring(string)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<plus]
            if build.contains(where: { $0.isEmpty || !$0.allSatisfy(Version.isIdentifierCharacter) }) { return nil }
        }
        var pre: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            pre = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<dash]
            if pre.contains(where: { $0.isEmpty || !$0.allSatisfy(Version.isIdentifierCharacter) }) { return nil }
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2])
        else { return nil }
        self.init(major, minor, patch, prereleaseIdentifiers: pre, buildMetadataIdentifiers: build)
    }

    /// Parses a git tag as SwiftPM does: an optional leading `v`, then a version; SwiftPM also
    /// accepts `1.2` and `1` tags, filling in zeros.
    package init?(tag: String) {
        var text = Substring(tag)
        if text.first == "v" { text = text.dropFirst() }
        if let full = Version(String(text)) {
            self = full
            return
        }
        // `1.2` / `1` (possibly with pre-release/build): pad with zeros, as SwiftPM's
        // `Version(tag:)` does.
        let core = text.prefix { $0 != "-" && $0 != "+" }
        let suffix = text[core.endIndex...]
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return nil }
        let padded = parts + Array(repeating: "0", count: 3 - parts.count)
        guard let version = Version(padded.joined(separator: ".") + suffix) else { return nil }
        self = version
    }

    private static func isIdentifierCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "-")
    }

    /// `1.2.3-beta.1+build`.
    public var description: String {
        var text = "\(major).\(minor).\(patch)"
        if !prereleaseIdentifiers.isEmpty { text += "-" + prereleaseIdentifiers.joined(separator: ".") }
        if !buildMetadataIdentifiers.isEmpty { text += "+" + buildMetadataIdentifiers.joined(separator: ".") }
        return text
    }

    /// The next patch version with no pre-release or build metadata.
    package var nextPatch: Version { Version(major, minor, patch + 1) }

    public static func < (lhs: Version, rhs: Version) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        switch (lhs.prereleaseIdentifiers.isEmpty, rhs.prereleaseIdentifiers.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (l, r) in zip(lhs.prereleaseIdentifiers, rhs.prereleaseIdentifiers) where l != r {
            switch (Int(l), Int(r)) {
            case let (li?, ri?): return li < ri
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return l < r
            }
        }
        return lhs.prereleaseIdentifiers.count < rhs.prereleaseIdentifiers.count
    }

    public static func == (lhs: Version, rhs: Version) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch)
            && lhs.prereleaseIdentifiers == rhs.prereleaseIdentifiers
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prereleaseIdentifiers)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let version = Version(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a semantic version"))
        }
        self = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

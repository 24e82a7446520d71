import Foundation

/// How a pin's package is fetched, as `Package.resolved` names it (`kind`).
package enum PinKind: String, Sendable, Hashable, Codable {
    /// A git repository on this machine: an absolute path or a `file://` URL.
    case localSourceControl
    /// A git repository at a remote URL.
    case remoteSourceControl
    /// A package-registry release.
    case registry
}

/// What a pin records: a version with its revision, a branch with its revision, or a bare
/// revision.
package enum PinState: Sendable, Hashable {
    /// A tagged version; SwiftPM writes the version and the tag's commit.
    case version(Version, revision: String)
    /// A branch at a commit.
    case branch(String, revision: String)
    /// A commit.
    case revision(String)

    /// The pinned commit.
    package var revision: String {
        switch self {
        case .version(_, let revision), .branch(_, let revision), .revision(let revision): return revision
        }
    }

    /// The pinned version, for a pin of one.
    package var version: Version? {
        if case .version(let version, _) = self { return version }
        return nil
    }

    /// How the state reads in messages: `0.3.3`, `main (1a2b3c4)`, `1a2b3c4`.
    package var summary: String {
        switch self {
        case .version(let version, _): return version.description
        case .branch(let branch, let revision): return "\(branch) (\(revision.prefix(7)))"
        case .revision(let revision): return String(revision.prefix(7))
        }
    }
}

/// One entry of `Package.resolved`.
package struct ResolvedPin: Sendable, Hashable {
    /// The package identity (`env`).
    package var identity: String
    /// Local or remote source control.
    package var kind: PinKind
    /// The path (local) or URL (remote) as SwiftPM writes it.
    package var location: String
    /// The package's manifest name, which only file version 1 records (`package`).
    package var name: String?
    /// The pinned state.
    package var state: PinState

    /// Creates a pin.
    package init(identity: String, kind: PinKind, location: String, name: String? = nil, state: PinState) {
        self.identity = identity
        self.kind = kind
        self.location = location
        self.name = name
        self.state = state
    }
}

/// The contents of a `Package.resolved` file, of every format version SwiftPM and Xcode write
/// (1, 2 and 3): the one model of the file, decoded by `ResolvedFile+Decoding.swift` for every
/// reader (compose-shell strictly, the import checks leniently) and written byte for byte as
/// SwiftPM writes it by MFECompose's `ResolvedFileWriter`.
package struct ResolvedFile: Sendable, Equatable {
    /// The file format version: 1, 2 or 3.
    package var version: Int
    /// Version 3's `originHash`: the SHA-256 of the root manifest.
    package var originHash: String?
    /// The pins, sorted by identity when written.
    package var pins: [ResolvedPin]

    /// Creates a file value.
    package init(version: Int, originHash: String? = nil, pins: [ResolvedPin]) {
        self.version = version
        self.originHash = originHash
        self.pins = pins
    }

    /// The file format SwiftPM writes for a root package of `toolsVersion`: 3 above 5.9, 2 from
    /// 5.6, else 1 (`ResolvedPackagesStorage.save`).
    package static func formatVersion(forToolsVersion toolsVersion: ToolsVersion) -> Int {
        if toolsVersion > ToolsVersion(5, 9) { return 3 }
        if toolsVersion >= ToolsVersion(5, 6) { return 2 }
        return 1
    }

    /// The version Xcode writes for a project of `objectVersion`: 3 (with `originHash`) from
    /// Xcode 16 (object version 70 and later, whose SwiftPM is 6), 2 from Xcode 13 (55, the
    /// format of Xcode 13.3's SwiftPM 5.6 and of Xcode 14 and 15), 1 before.
    package static func formatVersion(forXcodeObjectVersion objectVersion: Int) -> Int {
        if objectVersion >= 70 { return 3 }
        if objectVersion >= 55 { return 2 }
        return 1
    }

    /// The pin for `identity`, if any.
    package func pin(for identity: String) -> ResolvedPin? {
        pins.first { $0.identity == identity }
    }
}

import Foundation
import MFECore
import MFEManifest

/// What is wrong with a pin its repository does not back, in words for messages.
package enum PinProblem {
    /// The reason for a revision that is no full commit hash.
    package static let malformedRevision = "is no commit hash (a revision is 40 lowercase hexadecimal digits)"

    /// `text` as it may appear in a message: control characters, quotes and non-ASCII escaped
    /// (a lockfile must not be able to rewrite the terminal), cut after 80 characters.
    package static func display(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(80) {
            shown += scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F && scalar != "'" ? String(scalar) : scalar.escaped(asASCII: true)
        }
        return text.unicodeScalars.count > 80 ? shown + "…" : shown
    }
}

/// A pin of the existing `Package.resolved` that its package's repository does not back: its
/// revision is no commit hash, or no commit of that repository, or (for a version) not the
/// commit the version's tag names. Such a pin is never used: the file may have been edited
/// by hand or tampered with in a pull request.
package struct UntrustedPin: InputError, Equatable {
    /// The pin's identity.
    package var identity: String
    /// The pinned state.
    package var state: PinState
    /// What is wrong (`is not a commit of 'https://…'`).
    package var reason: String

    /// Creates the finding.
    package init(identity: String, state: PinState, reason: String) {
        self.identity = identity
        self.state = state
        self.reason = reason
    }

    /// `env (version 1.0.0, revision 'abc…')`.
    package var pinDescription: String {
        let revision = "revision '\(PinProblem.display(state.revision))'"
        switch state {
        case .version(let version, _): return "'\(PinProblem.display(identity))' (version \(version), \(revision))"
        case .branch(let branch, _): return "'\(PinProblem.display(identity))' (branch '\(PinProblem.display(branch))', \(revision))"
        case .revision: return "'\(PinProblem.display(identity))' (\(revision))"
        }
    }

    /// What to do.
    package var advice: String {
        "run 'mfe compose-shell --update \(PinProblem.display(identity))' to pin a commit of its repository, and find out who changed the file"
    }

    package var errorDescription: String? { "the pin of \(pinDescription) \(reason); \(advice)" }
}

/// The untrusted pins of one `Package.resolved`: `--check` exits 1 with them, any other run
/// exits 2 and writes nothing.
package struct UntrustedPins: InputError, Equatable {
    /// The file, as messages name it.
    package var file: String
    /// The pins, in file order.
    package var pins: [UntrustedPin]

    /// Creates the error.
    package init(file: String, pins: [UntrustedPin]) {
        self.file = file
        self.pins = pins
    }

    package var errorDescription: String? {
        pins.map { "'\(file)': the pin of \($0.pinDescription) \($0.reason); \($0.advice)" }.joined(separator: "\n")
    }
}

extension PinProblem {
    /// What is wrong with a pin of `revision` (and `version`) given what the repository at
    /// `location` says: the commit `revision` names there (nil: none) and, needed only for a
    /// version whose commit exists, its tagged versions. Nil when the repository backs the pin.
    package static func problem(revision: String, version: Version?, commitThere: String?, tags: [Version: (tag: String, revision: String)], location: PackageLocation) -> String? {
        guard commitThere == revision else { return "is not a commit of '\(location.redacted)'" }
        guard let version else { return nil }
        guard let tagged = tags[version] else {
            return "is not backed by a tag: version \(version) has no tag in '\(location.redacted)'"
        }
        return tagged.revision == revision ? nil : "is not the commit tag '\(PinProblem.display(tagged.tag))' of '\(location.redacted)' names ('\(tagged.revision)')"
    }
}

extension PackageSource {
    /// Checks a pin with the protocol's own questions (its commits and its tags), for sources
    /// with nothing better; `GitPackageSource` asks its clone first, without fetching.
    public func verifyPin(revision: String, version: Version?) async throws -> String? {
        guard CommitHash(revision) != nil else { return PinProblem.malformedRevision }
        let commitThere = try? await resolveRevision(revision)
        let tags = version != nil && commitThere == revision ? try await versions() : [:]
        return PinProblem.problem(revision: revision, version: version, commitThere: commitThere, tags: tags, location: location)
    }
}

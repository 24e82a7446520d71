import Foundation

extension CodingUserInfoKey {
    /// How strictly `ResolvedFile` decodes (a `ResolvedFile.Reading`; strict when absent).
    package static let resolvedFileReading = CodingUserInfoKey(rawValue: "mfe.resolvedFileReading")!
}

extension ResolvedFile: Decodable {
    /// How strictly a `Package.resolved` is read. compose-shell writes the file, so it refuses
    /// one SwiftPM would refuse (`strict`); the import checks only take hints from it (a pin's
    /// version for a fix, its revision for the compose cache), so they keep the pins they can
    /// read and pass over the rest (`lenient`).
    package enum Reading: Sendable {
        /// Any problem fails the file.
        case strict
        /// Pins that cannot be read are left out, and the format version is not checked.
        case lenient
    }

    /// What makes data no `Package.resolved`, in words an error message quotes (`'pins' is
    /// missing`); the reader's error names the file.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        /// What is wrong.
        package var description: String

        /// Creates a problem.
        package init(_ description: String) {
            self.description = description
        }
    }

    /// Decodes the bytes of a `Package.resolved` (a `JSONDecoder` with the `reading` option).
    package init(decoding data: Data, reading: Reading = .strict) throws(Problem) {
        let decoder = JSONDecoder()
        decoder.userInfo[.resolvedFileReading] = reading
        do {
            self = try decoder.decode(ResolvedFile.self, from: data)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem("it is not a JSON object")
        }
    }

    private enum Key: String, CodingKey {
        case version, originHash, pins, object
    }

    /// Decodes versions 1 (`object.pins`, each with `repositoryURL`, `package` and `null` for
    /// absent state fields), 2 and 3 (`pins`, each with `identity`, `kind` and `location`;
    /// 3 with `originHash`).
    package init(from decoder: any Decoder) throws {
        let reading = decoder.userInfo[.resolvedFileReading] as? Reading ?? .strict
        let container: KeyedDecodingContainer<Key>
        do {
            container = try decoder.container(keyedBy: Key.self)
        } catch {
            throw Problem("it is not a JSON object")
        }
        let version = try? container.decode(Int.self, forKey: .version)
        let entries: [Lossy<PinFields>]?
        switch (version, reading) {
        case (nil, .strict):
            throw Problem("'version' is missing")
        case (1, _):
            entries = try? container.nestedContainer(keyedBy: Key.self, forKey: .object).decode([Lossy<PinFields>].self, forKey: .pins)
            if entries == nil && reading == .strict { throw Problem("'object.pins' is missing") }
        case (2, _), (3, _):
            entries = try? container.decode([Lossy<PinFields>].self, forKey: .pins)
            if entries == nil && reading == .strict { throw Problem("'pins' is missing") }
        case (let version?, .strict):
            throw Problem("unknown version '\(version)'")
        case (_, .lenient):
            // An unknown or missing version: the pins wherever a known version keeps them.
            entries =
                (try? container.decode([Lossy<PinFields>].self, forKey: .pins))
                ?? (try? container.nestedContainer(keyedBy: Key.self, forKey: .object).decode([Lossy<PinFields>].self, forKey: .pins))
        }
        var pins: [ResolvedPin] = []
        for entry in entries ?? [] {
            do {
                guard let fields = entry.value else { throw Problem("a pin is not a JSON object") }
                pins.append(try fields.pin(formatVersion: version))
            } catch  where reading == .lenient {
                continue
            }
        }
        self.init(version: version ?? 0, originHash: try? container.decodeIfPresent(String.self, forKey: .originHash), pins: pins)
    }
}

/// A value decoded where one is possible, nil where not, so one bad element does not lose the
/// array around it (the lenient reading keeps the pins it can read).
private struct Lossy<Value: Decodable>: Decodable {
    var value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

/// The fields of one pin as any format version writes them: a version 1 pin has
/// `repositoryURL` and `package`, a later one `identity`, `kind` and `location`.
private struct PinFields: Decodable {
    struct State: Decodable {
        var version: String?
        var branch: String?
        var revision: String?
    }

    var identity: String?
    var kind: String?
    var location: String?
    var repositoryURL: String?
    var package: String?
    var state: State?

    /// The pin of a file of `formatVersion` (nil or unknown: as its fields say), or the problem
    /// that keeps it from being one.
    func pin(formatVersion: Int?) throws(ResolvedFile.Problem) -> ResolvedPin {
        guard let state else { throw ResolvedFile.Problem("a pin has no 'state'") }
        let pinState: PinState
        if let text = state.version {
            guard let version = Version(text), let revision = state.revision else {
                throw ResolvedFile.Problem("a pin has the version '\(text)' but no valid revision")
            }
            pinState = .version(version, revision: revision)
        } else if let branch = state.branch, let revision = state.revision {
            pinState = .branch(branch, revision: revision)
        } else if let revision = state.revision {
            pinState = .revision(revision)
        } else {
            throw ResolvedFile.Problem("a pin has no revision")
        }
        if formatVersion == 1 || (formatVersion != 2 && formatVersion != 3 && repositoryURL != nil) {
            // Version 1 records no identity or kind: SwiftPM derives both from the URL.
            guard let repositoryURL else { throw ResolvedFile.Problem("a pin has no 'repositoryURL'") }
            let location = PackageLocation(dependency: repositoryURL, relativeTo: "/")
            return ResolvedPin(identity: location.identity, kind: location.kind, location: location.location, name: package, state: pinState)
        }
        guard let identity, let kind = kind.flatMap(PinKind.init(rawValue:)), let location else {
            throw ResolvedFile.Problem("a pin lacks 'identity', 'kind' or 'location'")
        }
        return ResolvedPin(identity: identity, kind: kind, location: location, state: pinState)
    }
}

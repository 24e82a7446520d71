import Foundation
import MFECore
import MFEManifest

/// Renders a `ResolvedFile` to exactly the bytes SwiftPM writes: versions 2 and 3 as
/// Foundation's `JSONEncoder` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes` (`" : "` between key and value), version 1 as TSCBasic's pretty
/// JSON (`": "`, `null` for absent fields); pins sorted by identity; a trailing newline.
package enum ResolvedFileWriter {
    /// The file's bytes.
    package static func render(_ file: ResolvedFile) -> Data {
        let pins = file.pins.sorted { $0.identity < $1.identity }
        var out = ""
        switch file.version {
        case 1:
            out += "{\n  \"object\": {\n    \"pins\": [\n"
            out += pins.map { pin -> String in
                var state: [String] = []
                switch pin.state {
                case .version(let version, let revision):
                    state = ["\"branch\": null", "\"revision\": \(quote(revision))", "\"version\": \(quote(version.description))"]
                case .branch(let branch, let revision):
                    state = ["\"branch\": \(quote(branch))", "\"revision\": \(quote(revision))", "\"version\": null"]
                case .revision(let revision):
                    state = ["\"branch\": null", "\"revision\": \(quote(revision))", "\"version\": null"]
                }
                let name = pin.name.map(quote) ?? "null"
                return "      {\n        \"package\": \(name),\n        \"repositoryURL\": \(quote(pin.location)),\n        \"state\": {\n"
                    + state.map { "          " + $0 }.joined(separator: ",\n")
                    + "\n        }\n      }"
            }.joined(separator: ",\n")
            out += "\n    ]\n  },\n  \"version\": 1\n}\n"
        default:
            out += "{\n"
            if file.version >= 3, let originHash = file.originHash {
                out += "  \"originHash\" : \(quote(originHash)),\n"
            }
            out += "  \"pins\" : [\n"
            out += pins.map { pin -> String in
                var state: [String] = []
                switch pin.state {
                case .version(let version, let revision):
                    state = ["\"revision\" : \(quote(revision))", "\"version\" : \(quote(version.description))"]
                case .branch(let branch, let revision):
                    state = ["\"branch\" : \(quote(branch))", "\"revision\" : \(quote(revision))"]
                case .revision(let revision):
                    state = ["\"revision\" : \(quote(revision))"]
                }
                return "    {\n      \"identity\" : \(quote(pin.identity)),\n      \"kind\" : \(quote(pin.kind.rawValue)),\n      \"location\" : \(quote(pin.location)),\n      \"state\" : {\n"
                    + state.map { "        " + $0 }.joined(separator: ",\n")
                    + "\n      }\n    }"
            }.joined(separator: ",\n")
            out += "\n  ],\n  \"version\" : \(file.version)\n}\n"
        }
        return Data(out.utf8)
    }

    /// A JSON string literal escaped as Foundation's encoder does with unescaped slashes.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// Reads `Package.resolved` files of every version SwiftPM writes.
package enum ResolvedFileReader {
    /// Parses `data` read from `path`; throws an `InputError` naming the file when it is not a
    /// `Package.resolved` SwiftPM could read.
    package static func parse(_ data: Data, path: String) throws -> ResolvedFile {
        func fail(_ why: String) -> ComposeError {
            .invalidResolvedFile(path: path, problem: why)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw fail("it is not a JSON object")
        }
        guard let version = object["version"] as? Int else { throw fail("'version' is missing") }
        let rawPins: [[String: Any]]
        switch version {
        case 1:
            guard let container = object["object"] as? [String: Any], let pins = container["pins"] as? [[String: Any]] else {
                throw fail("'object.pins' is missing")
            }
            rawPins = pins
        case 2, 3:
            guard let pins = object["pins"] as? [[String: Any]] else { throw fail("'pins' is missing") }
            rawPins = pins
        default:
            throw fail("unknown version '\(version)'")
        }
        var pins: [ResolvedPin] = []
        for raw in rawPins {
            guard let state = raw["state"] as? [String: Any] else { throw fail("a pin has no 'state'") }
            let revision = state["revision"] as? String
            let pinState: PinState
            if let text = state["version"] as? String {
                guard let version = Version(text), let revision else { throw fail("a pin has the version '\(text)' but no valid revision") }
                pinState = .version(version, revision: revision)
            } else if let branch = state["branch"] as? String, let revision {
                pinState = .branch(branch, revision: revision)
            } else if let revision {
                pinState = .revision(revision)
            } else {
                throw fail("a pin has no revision")
            }
            if version == 1 {
                guard let url = raw["repositoryURL"] as? String else { throw fail("a pin has no 'repositoryURL'") }
                let location = PackageLocation(dependency: url, relativeTo: "/")
                pins.append(ResolvedPin(identity: location.identity, kind: location.kind, location: location.location, name: raw["package"] as? String, state: pinState))
            } else {
                guard let identity = raw["identity"] as? String, let kindText = raw["kind"] as? String, let kind = PinKind(rawValue: kindText),
                    let location = raw["location"] as? String
                else { throw fail("a pin lacks 'identity', 'kind' or 'location'") }
                pins.append(ResolvedPin(identity: identity, kind: kind, location: location, state: pinState))
            }
        }
        return ResolvedFile(version: version, originHash: object["originHash"] as? String, pins: pins)
    }
}

import Foundation
import MFECore
import MFEManifest

/// Renders a `ResolvedFile` to exactly the bytes SwiftPM writes: versions 2 and 3 as
/// Foundation's `JSONEncoder` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes` (`" : "` between key and value), version 1 as TSCBasic's pretty
/// JSON (`": "`, `null` for absent fields); pins sorted by identity; a trailing newline.
/// Strings are escaped as Foundation's encoder does with unescaped slashes, which is how
/// `JSONValue` escapes them.
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
                    state = ["\"branch\": null", "\"revision\": \(JSONValue.quoted(revision))", "\"version\": \(JSONValue.quoted(version.description))"]
                case .branch(let branch, let revision):
                    state = ["\"branch\": \(JSONValue.quoted(branch))", "\"revision\": \(JSONValue.quoted(revision))", "\"version\": null"]
                case .revision(let revision):
                    state = ["\"branch\": null", "\"revision\": \(JSONValue.quoted(revision))", "\"version\": null"]
                }
                let name = pin.name.map(JSONValue.quoted) ?? "null"
                return "      {\n        \"package\": \(name),\n        \"repositoryURL\": \(JSONValue.quoted(pin.location)),\n        \"state\": {\n"
                    + state.map { "          " + $0 }.joined(separator: ",\n")
                    + "\n        }\n      }"
            }.joined(separator: ",\n")
            out += "\n    ]\n  },\n  \"version\": 1\n}\n"
        default:
            out += "{\n"
            if file.version >= 3, let originHash = file.originHash {
                out += "  \"originHash\" : \(JSONValue.quoted(originHash)),\n"
            }
            out += "  \"pins\" : [\n"
            out += pins.map { pin -> String in
                var state: [String] = []
                switch pin.state {
                case .version(let version, let revision):
                    state = ["\"revision\" : \(JSONValue.quoted(revision))", "\"version\" : \(JSONValue.quoted(version.description))"]
                case .branch(let branch, let revision):
                    state = ["\"branch\" : \(JSONValue.quoted(branch))", "\"revision\" : \(JSONValue.quoted(revision))"]
                case .revision(let revision):
                    state = ["\"revision\" : \(JSONValue.quoted(revision))"]
                }
                return
                    "    {\n      \"identity\" : \(JSONValue.quoted(pin.identity)),\n      \"kind\" : \(JSONValue.quoted(pin.kind.rawValue)),\n      \"location\" : \(JSONValue.quoted(pin.location)),\n      \"state\" : {\n"
                    + state.map { "        " + $0 }.joined(separator: ",\n")
                    + "\n      }\n    }"
            }.joined(separator: ",\n")
            out += "\n  ],\n  \"version\" : \(file.version)\n}\n"
        }
        return Data(out.utf8)
    }
}

/// Reads `Package.resolved` files for compose-shell: strictly, since it writes them back.
package enum ResolvedFileReader {
    /// Parses `data` read from `path`; throws an `InputError` naming the file when it is not a
    /// `Package.resolved` SwiftPM could read.
    package static func parse(_ data: Data, path: String) throws(ComposeError) -> ResolvedFile {
        do {
            return try ResolvedFile(decoding: data, reading: .strict)
        } catch {
            throw .invalidResolvedFile(path: path, problem: error.description)
        }
    }
}

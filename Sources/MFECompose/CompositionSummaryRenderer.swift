import MFECore

/// Renders compose-shell's JSON summary (`--format json`), written like every JSON mfe prints
/// (`"key": value`, keys sorted, two-space indentation); absent values are left out. Pure:
/// values in, text out.
package struct CompositionSummaryRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The summary of a run that ended with `status` (`written`, `up-to-date`, `stale`,
    /// `conflict`, `untrusted`) for the file shown as `path`.
    package func render(status: String, composition: Composition?, path: String, conflict: CompositionConflict? = nil, diff: String? = nil, untrusted: UntrustedPins? = nil) -> String {
        let pins = (composition?.packages ?? []).map { package -> JSONValue in
            var pin: [String: JSONValue] = [
                "identity": .string(package.location.identity), "kind": .string(package.location.kind.rawValue),
                "location": .string(package.location.redacted), "package": .string(package.manifest.name),
                "revision": .string(package.state.revision),
            ]
            switch package.state {
            case .version(let version, _): pin["version"] = .string(version.description)
            case .branch(let branch, _): pin["branch"] = .string(branch)
            case .revision: break
            }
            return .object(pin)
        }
        let changes = (composition?.changes ?? []).map { change -> JSONValue in
            var object: [String: JSONValue] = ["package": .string(change.package), "identity": .string(change.identity)]
            if let from = change.from { object["from"] = .string(from) }
            if let to = change.to { object["to"] = .string(to) }
            return .object(object)
        }
        var summary: [String: JSONValue] = ["status": .string(status), "file": .string(path), "changes": .array(changes), "pins": .array(pins)]
        if let conflict {
            summary["conflict"] = .string(conflict.message)
            summary["conflictPackages"] = .array(conflict.packages.map(JSONValue.string))
        }
        if let diff { summary["diff"] = .string(diff) }
        if let untrusted {
            summary["untrustedPins"] = .array(
                untrusted.pins.map { pin in
                    var object: [String: JSONValue] = ["identity": .string(pin.identity), "revision": .string(pin.state.revision), "reason": .string(pin.reason)]
                    switch pin.state {
                    case .version(let version, _): object["version"] = .string(version.description)
                    case .branch(let branch, _): object["branch"] = .string(branch)
                    case .revision: break
                    }
                    return .object(object)
                })
        }
        return JSONValue.object(summary).formatted()
    }
}

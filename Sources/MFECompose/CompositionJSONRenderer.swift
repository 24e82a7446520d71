import MFECore

/// Renders a compose-shell outcome as its JSON summary (`--format json`), written like every
/// JSON mfe prints (`"key": value`, keys sorted, two-space indentation; absent values left
/// out). The summary is a contract: its bytes are kept exactly. Pure: values in, text out.
package struct CompositionJSONRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The summary for standard output; empty when the run has none (a failed lint).
    package func render(_ outcome: CompositionOutcome, context: CompositionRenderContext) -> String {
        switch outcome {
        case .written(let composition, let file, _), .originHashRefreshed(let composition, let file, _), .removed(let composition, let file, _):
            return summary("written", composition: composition, file: context.label(file))
        case .upToDate(let composition, let file, _), .checked(let composition, let file):
            return summary("up-to-date", composition: composition, file: context.label(file))
        case .stale(let composition, let file, _):
            let label = context.label(file)
            return summary("stale", composition: composition, file: label, diff: CompositionMessages.diff(from: composition.previousBytes, to: composition, label: label))
        case .mirrorsDisagree(let composition, _, let disagreeing):
            // The first file Xcode reads that holds other pins is the stale one.
            guard let mirror = disagreeing.first else { return "" }
            let label = context.label(mirror.path)
            return summary("stale", composition: composition, file: label, diff: CompositionMessages.diff(from: mirror.bytes, to: composition, label: label))
        case .conflict(let conflict, let file):
            // Named by its absolute path, as the conflict's error line names it.
            return summary("conflict", composition: nil, file: file, conflict: conflict)
        case .untrusted(let untrusted, let file):
            return summary("untrusted", composition: nil, file: context.label(file), untrusted: untrusted)
        case .lintFailed:
            return ""
        }
    }

    /// The errors for standard error: the text format's, but that the summary says a file is
    /// stale (its `status`), so only the mirrors that disagree are named.
    package func diagnostics(_ outcome: CompositionOutcome, context: CompositionRenderContext) -> String {
        if case .stale(_, let file, let disagreeing) = outcome {
            return disagreeing.map { CompositionMessages.disagreement(context.label(file), mirror: context.label($0.path)) }.joined()
        }
        return CompositionTextRenderer().diagnostics(outcome, context: context)
    }

    /// The summary of a run that ended with `status` (`written`, `up-to-date`, `stale`,
    /// `conflict`, `untrusted`) for the file shown as `file`.
    private func summary(_ status: String, composition: Composition?, file: String, conflict: CompositionConflict? = nil, diff: String? = nil, untrusted: UntrustedPins? = nil) -> String {
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
        var summary: [String: JSONValue] = ["status": .string(status), "file": .string(file), "changes": .array(changes), "pins": .array(pins)]
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

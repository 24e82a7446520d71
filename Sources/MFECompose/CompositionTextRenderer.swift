import Foundation
import MFECore

/// What compose-shell's renderers need besides the outcome.
package struct CompositionRenderContext: Sendable, Equatable {
    /// The folder mfe runs in: files are named relative to it.
    package var currentDirectory: String

    /// Creates a context.
    package init(currentDirectory: String) {
        self.currentDirectory = currentDirectory
    }

    /// `path` as messages name it.
    package func label(_ path: String) -> String {
        PathUtilities.relative(path, to: currentDirectory)
    }

    /// `path` as a line of text names it: its label with control characters visible, so a
    /// folder name with a line break cannot start a line of its own.
    package func shown(_ path: String) -> String {
        OutputSink.terminal.escape(label(path))
    }
}

/// What every renderer of compose-shell is given: the outcome, and the folder its files are
/// named relative to.
package typealias CompositionInput = (outcome: CompositionOutcome, context: CompositionRenderContext)

/// A renderer of compose-shell's outcome: the summary for standard output (`render`) and, since
/// a failed composition explains itself on standard error, the errors for it.
package protocol CompositionRenderer: OutputRenderer where Input == CompositionInput {
    /// The errors for standard error: why the run failed and what to do; empty on success.
    func diagnostics(_ input: CompositionInput) -> String
}

extension CompositionRenderer {
    /// The summary for standard output.
    package func render(_ outcome: CompositionOutcome, context: CompositionRenderContext) -> String {
        render((outcome: outcome, context: context))
    }

    /// The errors for standard error.
    package func diagnostics(_ outcome: CompositionOutcome, context: CompositionRenderContext) -> String {
        diagnostics((outcome: outcome, context: context))
    }
}

/// Renders a compose-shell outcome for a person (`--format text`): what changed and what was
/// written on standard output, with a diff for a stale file, and the errors on standard
/// error. Pure: values in, text out.
package struct CompositionTextRenderer: CompositionRenderer {
    package static let summary = "what changed and what was written, a diff when stale"
    package static let sink = OutputSink.terminal

    /// Creates a renderer.
    package init() {}

    /// The text for standard output.
    package func render(_ input: CompositionInput) -> String {
        let (outcome, context) = input
        switch outcome {
        case .written(let composition, let file, let mirrors), .upToDate(let composition, let file, let mirrors), .originHashRefreshed(let composition, let file, let mirrors),
            .removed(let composition, let file, let mirrors):
            let label = context.shown(file)
            var text = composition.changes.map { $0.summary + "\n" }.joined()
            switch outcome {
            case .upToDate: text += "\(label) is up to date (\(composition.packages.count) pins)\n"
            case .originHashRefreshed: text += "refreshed the originHash of \(label) (the shell's Package.swift changed, no pin moved)\n"
            case .removed: text += "removed \(label): nothing to pin\n"
            default: text += "wrote \(label) (\(composition.packages.count) pins)\n"
            }
            return text + mirrors.map { "wrote \(context.shown($0)), the same pins for Xcode\n" }.joined()
        case .checked(_, let file):
            return "\(context.shown(file)) is up to date\n"
        case .stale(let composition, let file, let disagreeing):
            let label = context.shown(file)
            let diff = CompositionMessages.diff(from: composition.previousBytes, to: composition, label: label)
            // A refreshed hash is the whole story: the mirrors are named once it is written.
            if composition.onlyOriginHashChanged { return diff }
            return diff + mirrorDiffs(disagreeing, composition: composition, context: context)
        case .mirrorsDisagree(let composition, _, let disagreeing):
            return mirrorDiffs(disagreeing, composition: composition, context: context)
        case .conflict, .untrusted, .lintFailed:
            return ""
        }
    }

    /// The errors for standard error: why the run failed and what to do.
    package func diagnostics(_ input: CompositionInput) -> String {
        let (outcome, context) = input
        switch outcome {
        case .written, .upToDate, .originHashRefreshed, .removed, .checked:
            return ""
        case .stale(let composition, let file, let disagreeing):
            let label = context.shown(file)
            if composition.onlyOriginHashChanged {
                return
                    "error: \(label) is stale: only its originHash changed (the shell's Package.swift was edited, no pin moves); run 'mfe compose-shell' to refresh the hash, or 'swift package resolve' re-resolves on every run until it is refreshed\n"
            }
            let changes = composition.changes.isEmpty ? "" : " (" + composition.changes.map(\.summary).joined(separator: ", ") + ")"
            return "error: \(label) is stale\(changes); run 'mfe compose-shell' to update it\n" + disagreements(disagreeing, file: file, context: context)
        case .mirrorsDisagree(_, let file, let disagreeing):
            return disagreements(disagreeing, file: file, context: context)
        case .conflict(let conflict, let file):
            return "error: the MFEs' requirements conflict; \(OutputSink.terminal.escape(file)) is unchanged\n" + conflict.message + "\n"
        case .untrusted(let untrusted, let file):
            return "error: \(context.shown(file)) is not backed by the repositories it pins, so it is stale:\n" + (untrusted.errorDescription ?? "") + "\n"
        case .lintFailed(let file, let findings):
            return findings + "error: the composed graph breaks the layer rules; \(context.shown(file)) is unchanged (use --no-lint to write it anyway)\n"
        }
    }

    private func mirrorDiffs(_ mirrors: [ResolvedFileState], composition: Composition, context: CompositionRenderContext) -> String {
        mirrors.map { CompositionMessages.diff(from: $0.bytes, to: composition, label: context.shown($0.path)) }.joined()
    }

    private func disagreements(_ mirrors: [ResolvedFileState], file: String, context: CompositionRenderContext) -> String {
        mirrors.map { CompositionMessages.disagreement(context.shown(file), mirror: context.shown($0.path)) }.joined()
    }
}

/// The lines both formats share.
enum CompositionMessages {
    /// The unified diff from `old` to the composed bytes, for the file shown as `label`.
    static func diff(from old: Data?, to composition: Composition, label: String) -> String {
        UnifiedDiff.render(
            old: old.map { String(decoding: $0, as: UTF8.self) } ?? "", new: String(decoding: composition.bytes, as: UTF8.self), oldLabel: "a/\(label)", newLabel: "b/\(label)")
    }

    /// The error naming a Xcode `Package.resolved` that holds other pins than the shell's.
    static func disagreement(_ label: String, mirror: String) -> String {
        "error: \(label) and \(mirror) disagree: Xcode builds the app with the pins of \(mirror); run 'mfe compose-shell' to write the same pins to both\n"
    }
}

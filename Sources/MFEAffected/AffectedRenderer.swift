import MFECore
import MFEManifest

/// What every renderer of `mfe affected` is given: the result, and `--explain`.
package typealias AffectedInput = (result: AffectedPackages, explain: Bool)

/// Renders the result of `mfe affected` (through its formats' renderers) and the notes that
/// go with it. Pure: value in, text out; `text` of nothing affected is empty, `matrix` of
/// nothing affected is `{"include": []}`.
public struct AffectedRenderer: Sendable {
    /// The output formats, each registering its renderer (the renderers say what they are
    /// for); the first is the default.
    public enum Format: String, OutputFormat {
        /// One affected package name per line, sorted.
        case text
        /// `{"affected", "changed", "features", "targets", …}`, sorted.
        case json
        /// `{"include": [{"package", "path", "targets", "filter"}]}` on one line, for a GitHub
        /// Actions `strategy.matrix`.
        case matrix
        /// The teams owning the features a changed file lies in, one per line: the reviewers
        /// to request.
        case reviewers

        package var renderer: any OutputRenderer<AffectedInput>.Type {
            switch self {
            case .text: AffectedTextRenderer.self
            case .json: AffectedJSONRenderer.self
            case .matrix: AffectedMatrixRenderer.self
            case .reviewers: AffectedReviewersRenderer.self
            }
        }
    }

    /// Creates a renderer.
    public init() {}

    /// The `swift test --filter` regular expression selecting the tests of `testTargets` (test
    /// identifiers start with the test module's name and a dot: `SearchTests.SearchTests/testX`,
    /// `SearchTests.Suite/test()`); empty when there are none, which the CI step checks, since
    /// an empty filter would select every test. Module names (`Target.c99Name`) hold only
    /// letters, digits and `_`, so they need no escaping.
    static func testFilter(_ testTargets: [String]) -> String {
        guard !testTargets.isEmpty else { return "" }
        return "^(" + testTargets.map(Target.c99Name).joined(separator: "|") + ")\\."
    }

    /// `{"target", "package", "reason", "path", "file"}` of one explanation.
    static func because(_ explanation: AffectedExplanation) -> JSONValue {
        var object: [String: JSONValue] = [
            "target": .string(explanation.target), "package": .string(explanation.package), "reason": .string(explanation.cause.text),
            "path": .array(explanation.path.map(JSONValue.string)),
        ]
        if let file = explanation.cause.file { object["file"] = .string(file) }
        return .object(object)
    }

    /// Notes for standard error, first the base when it was chosen by default, then why more
    /// is affected than the changed targets (files outside every package, or in a package but
    /// outside its targets), what the shell's folder and `ignore:` took, and that the packages
    /// were read from the work tree when `--head` is not checked out; nil when there is nothing
    /// to say.
    public func note(for result: AffectedPackages) -> String? {
        var notes = result.loadingNotes.map { "note: \(OutputSink.terminal.escape($0))\n" }.joined()
        if let revisions = result.revisions, revisions.baseIsDefault {
            notes += "note: comparing with '\(revisions.base)' (merge base \(revisions.mergeBase.prefix(12))), chosen by default; pass --base to compare with another revision\n"
        }
        if !result.workspaceFiles.isEmpty {
            notes += "note: \(Self.list(result.workspaceFiles)) changed outside every package, so every package is affected\n"
        }
        if !result.packageFiles.isEmpty {
            notes +=
                "note: \(Self.list(result.packageFiles)) changed in a package but outside its targets' folders, so every target of that package is affected (add a glob under 'ignore:' in mfe.yml for files that cannot change a build)\n"
        }
        if !result.shellFiles.isEmpty {
            notes += "note: \(Self.list(result.shellFiles)) changed in the shell's folder, which affects the shell app only\n"
        }
        if !result.ignoredFiles.isEmpty {
            let (verb, pronoun) = result.ignoredFiles.count == 1 ? ("matches", "it affects") : ("match", "they affect")
            notes += "note: \(Self.list(result.ignoredFiles)) changed but \(verb) 'ignore:' in mfe.yml, so \(pronoun) nothing\n"
        }
        if !result.xcodeStateFiles.isEmpty {
            let pronoun = result.xcodeStateFiles.count == 1 ? "it affects" : "they affect"
            notes += "note: \(Self.list(result.xcodeStateFiles)) changed in Xcode's schemes or user state, which build nothing, so \(pronoun) nothing\n"
        }
        if let head = result.headNotCheckedOut {
            notes += "note: '\(head)' is not checked out; the packages and their dependencies were read from the work tree (check out '\(head)' for an exact answer)\n"
        }
        return notes.isEmpty ? nil : notes
    }

    /// Up to three quoted files, then how many more.
    private static func list(_ files: [String]) -> String {
        let shown = files.prefix(3).map { "'\(OutputSink.terminal.escape($0))'" }.joined(separator: ", ")
        return shown + (files.count > 3 ? " and \(files.count - 3) more" : "")
    }
}

/// One affected package name per line, sorted; with `--explain`, each affected target with
/// the changed file and the dependency path that affect it.
struct AffectedTextRenderer: OutputRenderer {
    typealias Input = AffectedInput

    static let summary = "one package per line; with --explain, why each target is affected"
    static let sink = OutputSink.terminal

    func render(_ input: AffectedInput) -> String {
        let escape = Self.sink.escape
        guard input.explain else { return input.result.affected.map { escape($0) + "\n" }.joined() }
        return input.result.explanations.map { explanation in
            let path = explanation.path.count > 1 ? ": " + explanation.path.map(escape).joined(separator: " ← ") : ""
            return "\(escape(explanation.target)) (\(escape(explanation.package))): \(escape(explanation.cause.text))\(path)\n"
        }.joined()
    }
}

/// `{"affected", "changed", "features", "targets", "ignored", "outsidePackages", "shell"}`
/// (with `"because"` for `--explain`, `"base"` and `"mergeBase"` when git was asked).
struct AffectedJSONRenderer: OutputRenderer {
    typealias Input = AffectedInput

    static let summary = "{\"changed\", \"affected\", \"features\", \"targets\", …}"
    static let sink = OutputSink.json

    func render(_ input: AffectedInput) -> String {
        let result = input.result
        var value: [String: JSONValue] = [
            "changed": .array(result.changed.map(JSONValue.string)),
            "affected": .array(result.affected.map(JSONValue.string)),
            "features": .array(result.features.map(JSONValue.string)),
            "targets": .array(result.targets.map(JSONValue.string)),
            "ignored": .array((result.ignoredFiles + result.xcodeStateFiles).sorted().map(JSONValue.string)),
            "outsidePackages": .array(result.workspaceFiles.map(JSONValue.string)),
            "shell": .bool(result.shellAffected),
        ]
        if input.explain { value["because"] = .array(result.explanations.map(AffectedRenderer.because)) }
        if let revisions = result.revisions {
            value["base"] = .string(revisions.base)
            value["mergeBase"] = .string(revisions.mergeBase)
        }
        return JSONValue.object(value).formatted()
    }
}

/// `{"include": [{"package", "path", "targets", "filter"}]}` on one line.
struct AffectedMatrixRenderer: OutputRenderer {
    typealias Input = AffectedInput

    static let summary = "a GitHub Actions strategy.matrix on one line: {\"include\": [{\"package\", \"path\", \"targets\", \"filter\"}]}"
    static let sink = OutputSink.json

    func render(_ input: AffectedInput) -> String {
        let include = input.result.packages.map { package -> JSONValue in
            [
                "package": .string(package.name),
                "path": .string(package.path),
                "targets": .array(package.targets.map(JSONValue.string)),
                "filter": .string(AffectedRenderer.testFilter(package.testTargets)),
            ]
        }
        return JSONValue.object(["include": .array(include)]).formatted(inlineDepth: 0)
    }
}

/// The teams owning the features a change touches, one per line.
struct AffectedReviewersRenderer: OutputRenderer {
    typealias Input = AffectedInput

    static let summary = "the owners of the features a change touches, one per line"
    static let sink = OutputSink.terminal

    func render(_ input: AffectedInput) -> String {
        input.result.reviewers.map { Self.sink.escape($0) + "\n" }.joined()
    }
}

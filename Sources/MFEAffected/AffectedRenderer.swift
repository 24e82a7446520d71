import MFECore
import MFEManifest

/// Renders the result of `mfe affected`. Pure: value in, text out.
public struct AffectedRenderer: Sendable {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
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
    }

    /// Creates a renderer.
    public init() {}

    /// The text of `result` in `format`; `text` of nothing affected is empty, `matrix` of
    /// nothing affected is `{"include": []}`.
    public func render(_ result: AffectedPackages, format: Format, explain: Bool = false) -> String {
        switch format {
        case .text where explain:
            return result.explanations.map { explanation in
                let path = explanation.path.count > 1 ? ": " + explanation.path.joined(separator: " ← ") : ""
                return "\(explanation.target) (\(explanation.package)): \(explanation.cause.text)\(path)\n"
            }.joined()
        case .text:
            return result.affected.map { $0 + "\n" }.joined()
        case .reviewers:
            return result.reviewers.map { $0 + "\n" }.joined()
        case .json:
            var value: [String: JSONValue] = [
                "changed": strings(result.changed),
                "affected": strings(result.affected),
                "features": strings(result.features),
                "targets": strings(result.targets),
                "ignored": strings(result.ignoredFiles),
                "outsidePackages": strings(result.workspaceFiles),
                "shell": .bool(result.shellAffected),
            ]
            if explain { value["because"] = .array(result.explanations.map(Self.because)) }
            if let revisions = result.revisions {
                value["base"] = .string(revisions.base)
                value["mergeBase"] = .string(revisions.mergeBase)
            }
            return JSONValue.object(value).formatted()
        case .matrix:
            let include = result.packages.map { package -> JSONValue in
                [
                    "package": .string(package.name),
                    "path": .string(package.path),
                    "targets": strings(package.targets),
                    "filter": .string(Self.testFilter(package.testTargets)),
                ]
            }
            return JSONValue.object(["include": .array(include)]).formatted(inlineDepth: 0)
        }
    }

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

    private func strings(_ values: [String]) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// Notes for standard error, first the base when it was chosen by default, then why more
    /// is affected than the changed targets (files outside every package, or in a package but
    /// outside its targets), what the shell's folder and `ignore:` took, and that the packages
    /// were read from the work tree when `--head` is not checked out; nil when there is nothing
    /// to say.
    public func note(for result: AffectedPackages) -> String? {
        var notes = result.loadingNotes.map { "note: \($0)\n" }.joined()
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
        if let head = result.headNotCheckedOut {
            notes += "note: '\(head)' is not checked out; the packages and their dependencies were read from the work tree (check out '\(head)' for an exact answer)\n"
        }
        return notes.isEmpty ? nil : notes
    }

    /// Up to three quoted files, then how many more.
    private static func list(_ files: [String]) -> String {
        let shown = files.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        return shown + (files.count > 3 ? " and \(files.count - 3) more" : "")
    }
}

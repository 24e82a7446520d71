import MFECore

/// Renders the result of `mfe affected`. Pure: value in, text out.
public struct AffectedRenderer: Sendable {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        /// One affected package name per line, sorted.
        case text
        /// `{"affected": […], "changed": […]}`, sorted.
        case json
    }

    /// Creates a renderer.
    public init() {}

    /// The text of `result` in `format`; `text` of nothing affected is empty.
    public func render(_ result: AffectedPackages, format: Format) -> String {
        switch format {
        case .text:
            return result.affected.map { $0 + "\n" }.joined()
        case .json:
            let value: JSONValue = [
                "changed": .array(result.changed.map(JSONValue.string)),
                "affected": .array(result.affected.map(JSONValue.string)),
            ]
            return value.formatted()
        }
    }

    /// Notes for standard error: why every package is affected (naming up to three of the
    /// files that changed outside every package), and that the packages were read from the work
    /// tree when `--head` is not checked out; nil when there is nothing to say.
    public func note(for result: AffectedPackages) -> String? {
        var notes = ""
        if !result.workspaceFiles.isEmpty {
            let shown = result.workspaceFiles.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
            let more = result.workspaceFiles.count > 3 ? " and \(result.workspaceFiles.count - 3) more" : ""
            notes += "note: \(shown)\(more) changed outside every package, so every package is affected\n"
        }
        if let head = result.headNotCheckedOut {
            notes += "note: '\(head)' is not checked out; the packages and their dependencies were read from the work tree (check out '\(head)' for an exact answer)\n"
        }
        return notes.isEmpty ? nil : notes
    }
}

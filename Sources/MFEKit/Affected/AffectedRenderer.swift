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

    /// The note for standard error explaining why every package is affected, naming up to
    /// three of the files that changed outside every package; nil when none did.
    public func note(for result: AffectedPackages) -> String? {
        guard !result.workspaceFiles.isEmpty else { return nil }
        let shown = result.workspaceFiles.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        let more = result.workspaceFiles.count > 3 ? " and \(result.workspaceFiles.count - 3) more" : ""
        return "note: \(shown)\(more) changed outside every package, so every package is affected\n"
    }
}

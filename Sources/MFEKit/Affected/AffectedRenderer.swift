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
}

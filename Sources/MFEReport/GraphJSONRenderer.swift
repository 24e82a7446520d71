import MFECore

/// Renders a `GraphDocument` as DESIGN's `{"packages": [{"layer", "name", "path", "targets":
/// [{"dependencies", "name", "role"}]}]}`: keys sorted, two-space indentation, dependency lists
/// on one line, a trailing newline; the same bytes for the same graph. Pure: value in, text out.
package struct GraphJSONRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The JSON text of `document`.
    package func render(_ document: GraphDocument) -> String {
        let packages: [JSONValue] = document.packages.map { package in
            [
                "name": .string(package.name),
                "layer": package.layer.map { .string($0.rawValue) } ?? .null,
                "path": .string(package.path),
                "targets": .array(package.targets.map { target in
                    [
                        "name": .string(target.name),
                        "role": .string(target.role.rawValue),
                        "dependencies": .array(target.dependencies.map(JSONValue.string)),
                    ]
                }),
            ]
        }
        let value: JSONValue = ["packages": .array(packages)]
        return value.formatted(inlineDepth: 5)
    }
}

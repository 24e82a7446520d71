import MFECore

/// Renders a `GraphDocument` as the contract's `{"packages": [{"layer", "name", "path", "targets":
/// [{"dependencies", "name", "role"}]}]}`, plus, on each target, its `"feature"` (the
/// package's, or its stem in a monorepo package), that feature's `"layer"`, and `"edges"`:
/// every dependency as `{"package", "path", "target", "findings"}` (the package and path tell
/// same-named targets apart; `findings` are the lint findings on that edge, as `mfe lint-graph
/// --format json` writes them). Keys sorted, two-space indentation, each target's lists on one line, a
/// trailing newline; the same bytes for the same graph. A package the workspace pins outside
/// itself also has `"external": true` and its `"pin"`, layer null, its products as targets.
/// Pure: value in, text out.
package struct GraphJSONRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The JSON text of `document`.
    package func render(_ document: GraphDocument) -> String {
        let packages: [JSONValue] = document.packages.map { package in
            var object: [String: JSONValue] = [
                "name": .string(package.name),
                "layer": package.layer.map { .string($0.rawValue) } ?? .null,
                "path": .string(package.path),
                "targets": .array(
                    package.targets.map { target in
                        var names: [String] = []
                        for dependency in target.dependencies where !names.contains(document.target(dependency).name) {
                            names.append(document.target(dependency).name)
                        }
                        let feature = document.features.indices.contains(target.feature) ? document.features[target.feature] : nil
                        return [
                            "name": .string(target.name),
                            "role": .string(target.role.rawValue),
                            "feature": feature.map { .string($0.name) } ?? .null,
                            "layer": feature?.layer.map { .string($0.rawValue) } ?? .null,
                            "dependencies": .array(names.sorted().map(JSONValue.string)),
                            "edges": .array(
                                target.dependencies.map { dependency in
                                    [
                                        "package": .string(document.packages[dependency.package].name),
                                        "path": .string(document.packages[dependency.package].path),
                                        "target": .string(document.target(dependency).name),
                                        "findings": .array(dependency.findings.map(JSONReportRenderer.object)),
                                    ]
                                }),
                        ]
                    }),
            ]
            if package.isExternal {
                object["external"] = .bool(true)
                object["pin"] = package.pin.map(JSONValue.string) ?? .null
            }
            return .object(object)
        }
        let value: JSONValue = ["packages": .array(packages)]
        return value.formatted(inlineDepth: 5)
    }
}

extension GraphJSONRenderer: OutputRenderer {
    package typealias Input = GraphInput

    package static let summary = "packages, targets and their dependencies as one JSON document"
    package static let sink = OutputSink.json

    package func render(_ input: GraphInput) -> String { render(input.document) }
}

import MFECore
import MFELint
import MFEWorkspace

/// Renders a `GraphDocument` as one self-contained HTML page: the page template (script and
/// style inline, nothing loaded from anywhere) with the graph as JSON data (version 1, below)
/// in its only substitution point, `{{{graphJSON}}}`. Pure: value in, text out; the same graph
/// gives the same bytes.
///
/// The data names everything by index, so same-named targets of two packages stay apart:
/// `{"version": 1, "workspace", "packages": [{"name", "path", "layer"}], "features": [{"name",
/// "package", "layer"}], "targets": [{"name", "package", "feature", "role", "layer", "test"}],
/// "edges": [[from, to]], "findings": [{"rule", "severity", "message", "file", "line",
/// "column", "edge"?, "from"?, "to"?, "path"?, "packagePath"?, "feature"?, "package"?}]}`.
package struct GraphHTMLRenderer: Sendable {
    /// The substitution point of the template.
    package static let placeholder = "{{{graphJSON}}}"
    /// The version of the data the page reads.
    package static let dataVersion = 1

    /// The page before the data.
    let prefix: String
    /// The page after the data.
    let suffix: String

    /// Creates a renderer filling `template`. Throws an `InputError` when the template does not
    /// hold the placeholder exactly once.
    package init(template: String, name: String = "the graph page template") throws {
        let parts = template.components(separatedBy: Self.placeholder)
        guard parts.count == 2 else {
            throw GraphError.placeholderCount(template: name, placeholder: Self.placeholder, count: parts.count - 1)
        }
        prefix = parts[0]
        suffix = parts[1]
    }

    /// The page of `document`, marking what `change` adds and removes when given.
    package func render(_ document: GraphDocument, change: GraphChange? = nil) -> String {
        prefix + Self.embeddable(Self.data(document, change: change).formatted(inlineDepth: 1)) + suffix
    }

    /// `json` made safe inside a `<script>` element: every `<` written as `\u003c`. In JSON a
    /// `<` can only be inside a string, where the escape is the same character, so the data is
    /// unchanged for `JSON.parse`, and the element can never contain `</script`, `<!--` or
    /// `<script`, whatever names and messages hold.
    package static func embeddable(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The page's data (version 1) for `document`; with `change`, also `"change": {"base",
    /// "mergeBase", "addedTargets", "addedEdges", "addedFindings"` (indices into the data's own
    /// lists) `, "removedTargets"` (`Package/Target`), `"removedEdges"` (pairs of them)`,
    /// "removedFindings"` (findings)`}`.
    package static func data(_ document: GraphDocument, change: GraphChange? = nil) -> JSONValue {
        var targetIndex: [[Int]] = []
        var targets: [JSONValue] = []
        var byName: [String: [Int]] = [:]
        var targetPackage: [Int] = []
        for (packageIndex, package) in document.packages.enumerated() {
            var indices: [Int] = []
            for target in package.targets {
                let feature = document.features.indices.contains(target.feature) ? document.features[target.feature] : nil
                byName[target.name, default: []].append(targets.count)
                indices.append(targets.count)
                targetPackage.append(packageIndex)
                targets.append([
                    "name": .string(target.name),
                    "package": .int(packageIndex),
                    "feature": .int(target.feature),
                    "role": .string(target.role.rawValue),
                    "layer": package.isExternal ? .string(Self.externalBand) : layer(feature?.layer),
                    "test": .bool(target.isTest),
                ])
            }
            targetIndex.append(indices)
        }
        var edgePairs: [(from: Int, to: Int)] = []
        var findingEdge: [Finding: (from: Int, to: Int)] = [:]
        for (packageIndex, package) in document.packages.enumerated() {
            for (index, target) in package.targets.enumerated() {
                let from = targetIndex[packageIndex][index]
                for dependency in target.dependencies {
                    let to = targetIndex[dependency.package][dependency.target]
                    edgePairs.append((from, to))
                    for finding in dependency.findings where findingEdge[finding] == nil { findingEdge[finding] = (from, to) }
                }
            }
        }
        edgePairs.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        var edgeIndex: [Int64: Int] = [:]
        for (index, edge) in edgePairs.enumerated() { edgeIndex[Int64(edge.from) << 32 | Int64(edge.to)] = index }

        func target(_ name: String?, package: String?) -> Int? {
            guard let name, let candidates = byName[name] else { return nil }
            return candidates.first { package == nil || document.packages[targetPackage[$0]].name == package } ?? candidates.first
        }
        let findings: [JSONValue] = document.findings.map { finding in
            var object = JSONReportRenderer.commonMembers(finding)
            object["column"] = .int(finding.column)
            if let edge = findingEdge[finding], finding.from != nil {
                object["edge"] = edgeIndex[Int64(edge.from) << 32 | Int64(edge.to)].map(JSONValue.int)
                object["from"] = .int(edge.from)
                object["to"] = .int(edge.to)
            } else if let from = target(finding.from, package: finding.fromPackage), let to = target(finding.to, package: finding.toPackage) {
                object["from"] = .int(from)
                object["to"] = .int(to)
            }
            if let path = finding.path {
                if finding.rule == PackageCycleRule.id {
                    let indices = path.compactMap { name in document.packages.firstIndex { $0.name == name } }
                    if indices.count == path.count { object["packagePath"] = .array(indices.map(JSONValue.int)) }
                } else {
                    let packages: [String?] = finding.pathPackages?.map(Optional.some) ?? Array(repeating: nil, count: path.count)
                    let indices = zip(path, packages).compactMap { target($0, package: $1) }
                    if indices.count == path.count { object["path"] = .array(indices.map(JSONValue.int)) }
                }
            }
            if let name = finding.feature {
                if let feature = document.feature(named: name, declaredIn: finding.file) {
                    object["feature"] = .int(feature)
                    object["package"] = .int(document.features[feature].package)
                } else {
                    // A package-level finding about a package that holds several features.
                    let candidates = document.packages.indices.filter { document.packages[$0].name == (finding.fromPackage ?? name) }
                    let package = candidates.first { document.packages[$0].path == GraphDocument.folder(of: finding.file) } ?? candidates.first
                    object["package"] = package.map(JSONValue.int)
                }
            }
            return .object(object)
        }
        var value: JSONValue = [
            "version": .int(dataVersion),
            "workspace": .string(document.name),
            "packages": .array(
                document.packages.map { package in
                    package.isExternal
                        ? ["name": .string(package.name), "path": .string(package.path), "layer": .string(Self.externalBand), "external": .bool(true)]
                        : ["name": .string(package.name), "path": .string(package.path), "layer": layer(package.layer)]
                }),
            "features": .array(
                document.features.map { feature in
                    ["name": .string(feature.name), "package": .int(feature.package), "layer": document.packages[feature.package].isExternal ? .string(Self.externalBand) : layer(feature.layer)]
                }),
            "targets": .array(targets),
            "edges": .array(edgePairs.map { [.int($0.from), .int($0.to)] }),
            "findings": .array(findings),
        ]
        if let change, case .object(var members) = value {
            var keys: [String] = []
            for package in document.packages { for target in package.targets { keys.append(GraphChange.key(package, target)) } }
            let addedTargets = keys.indices.filter { change.addedTargets.contains(keys[$0]) }
            let addedEdges = edgePairs.indices.filter { change.addedEdges.contains(keys[edgePairs[$0].from] + "\u{1F}\u{1F}" + keys[edgePairs[$0].to]) }
            let addedFindings = document.findings.indices.filter { change.addedFindings.contains(document.findings[$0].fingerprint) }
            members["change"] = [
                "base": .string(change.base), "mergeBase": .string(change.mergeBase),
                "addedTargets": .array(addedTargets.map(JSONValue.int)), "addedEdges": .array(addedEdges.map(JSONValue.int)),
                "addedFindings": .array(addedFindings.map(JSONValue.int)),
                "removedTargets": .array(change.removedTargets.map(JSONValue.string)),
                "removedEdges": .array(change.removedEdges.map { .array($0.map(JSONValue.string)) }),
                "removedFindings": .array(change.removedFindings.map { .object(JSONReportRenderer.commonMembers($0)) }),
            ]
            value = .object(members)
        }
        return value
    }

    /// The page's band for packages the workspace pins outside itself, below the layers.
    static let externalBand = "external"

    private static func layer(_ layer: Layer?) -> JSONValue {
        layer.map { .string($0.rawValue) } ?? .null
    }
}

extension GraphHTMLRenderer: OutputRenderer {
    package typealias Input = GraphInput

    package static let summary = "one self-contained interactive page; with --base, what a change adds and removes"
    package static let sink = OutputSink.html

    /// Creates a renderer filling the built-in page (`GraphPageTemplate`); throws when this
    /// build left it out.
    package init() throws {
        guard let template = GraphPageTemplate.builtin else { throw GraphError.pageMissing(path: GraphPageTemplate.path) }
        try self.init(template: template)
    }

    package func render(_ input: GraphInput) -> String { render(input.document, change: input.change) }
}

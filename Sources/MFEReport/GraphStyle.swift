import MFELint
import MFEWorkspace

/// The colours and shapes the graph renderers give layers and roles, shared so dot and Mermaid
/// output look alike.
package enum GraphStyle {
    /// A layer's colours: the package box's fill and border, and its targets' fill.
    package struct LayerColors: Sendable, Equatable {
        /// The fill of the package's box.
        package var packageFill: String
        /// The border of the package's box and its targets.
        package var stroke: String
        /// The fill of the package's targets.
        package var targetFill: String
    }

    /// The colours of `layer` (nil: unassigned).
    package static func colors(of layer: Layer?) -> LayerColors {
        switch layer {
        case .foundation: return LayerColors(packageFill: "#eff6ff", stroke: "#2563eb", targetFill: "#bfdbfe")
        case .product: return LayerColors(packageFill: "#f0fdf4", stroke: "#16a34a", targetFill: "#bbf7d0")
        case .shell: return LayerColors(packageFill: "#fffbeb", stroke: "#d97706", targetFill: "#fde68a")
        case nil: return LayerColors(packageFill: "#f9fafb", stroke: "#6b7280", targetFill: "#e5e7eb")
        }
    }

    /// How an edge carrying lint findings is drawn: in its worst severity's colour (error red,
    /// warning orange, notice grey), dashed unless an error edge rule is among them (a cycle
    /// alone, or warnings), labelled with the rule ids, with the messages as a tooltip.
    package struct Violation: Sendable, Equatable {
        /// The stroke and label colour.
        package var color: String
        /// Whether the line is dashed.
        package var dashed: Bool
        /// The rule ids, in report order, without repeats, comma-separated.
        package var label: String
        /// The messages, one per line.
        package var tooltip: String
    }

    /// The violation style of an edge carrying `findings`; nil when there are none.
    package static func violation(_ findings: [Finding]) -> Violation? {
        guard let worst = findings.map(\.severity).min() else { return nil }
        var rules: [String] = []
        for finding in findings where !rules.contains(finding.rule.rawValue) { rules.append(finding.rule.rawValue) }
        let solid = findings.contains { $0.severity == .error && $0.rule != CycleRule.id }
        let color: String
        switch worst {
        case .error: color = "#b91c1c"
        case .warning: color = "#c2410c"
        case .notice: color = "#6b7280"
        }
        return Violation(color: color, dashed: !solid, label: rules.joined(separator: ", "), tooltip: findings.map(\.message).joined(separator: "\n"))
    }

    /// The colours of a package the workspace pins outside itself: grey on white, drawn
    /// dashed, so what the workspace composes stands apart from what it layers.
    package static let externalColors = LayerColors(packageFill: "#ffffff", stroke: "#9ca3af", targetFill: "#f3f4f6")

    /// The colours of `package`: its layer's, or the external ones.
    package static func colors(of package: GraphDocument.Package) -> LayerColors {
        package.isExternal ? externalColors : colors(of: package.layer)
    }

    /// What a package's label says after its name: its layer, or `external` with its pin.
    package static func kind(of package: GraphDocument.Package) -> String {
        package.isExternal ? "external" + (package.pin.map { " \($0)" } ?? "") : name(of: package.layer)
    }

    /// The layer's name as labels show it.
    package static func name(of layer: Layer?) -> String {
        layer?.rawValue ?? "unassigned"
    }

    /// The Graphviz shape of a role: implementations are boxes, interfaces ellipses, testing
    /// notes, tests folders, examples houses.
    package static func dotShape(of role: Role) -> String {
        switch role {
        case .source: return "box"
        case .interface: return "ellipse"
        case .testing: return "note"
        case .tests: return "folder"
        case .example: return "house"
        }
    }

    /// The Mermaid node shape of a role around an already quoted `label`: rectangle, stadium,
    /// parallelogram, subroutine, hexagon.
    package static func mermaidNode(_ label: String, role: Role) -> String {
        switch role {
        case .source: return "[\(label)]"
        case .interface: return "([\(label)])"
        case .testing: return "[/\(label)/]"
        case .tests: return "[[\(label)]]"
        case .example: return "{{\(label)}}"
        }
    }
}

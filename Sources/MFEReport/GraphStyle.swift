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

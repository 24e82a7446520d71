/// The layers of a µFeature workspace, bottom to top.
public enum Layer: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Shared tools: UI kit, networking, Env/router.
    case foundation
    /// User-facing features; their interfaces form the dependency-inversion layer.
    case product
    /// The app that composes product MFEs and is the only thing released.
    case shell

    private var rank: Int {
        switch self {
        case .foundation: return 0
        case .product: return 1
        case .shell: return 2
        }
    }

    public static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rank < rhs.rank }
}

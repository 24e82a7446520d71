import MFEManifest

/// The part a target plays in its µFeature, derived from its name and kind as the Design
/// contract article's vocabulary says: test target → tests; executable ending in `Example` →
/// example; name ending in `Interface` → interface; ending in `Testing` → testing; anything
/// else → source. The suffixes are configurable (`RoleSuffixes`, `roles:` in mfe.yml).
package enum Role: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// `X`: the feature's implementation.
    case source
    /// `XInterface`: the feature's public protocols and models.
    case interface
    /// `XTesting`: mocks and fixture data.
    case testing
    /// `XTests`: the test target.
    case tests
    /// `XExample`: the runnable example app.
    case example

    /// The role of a target named `name` of kind `kind` under the default suffixes.
    package init(targetName name: String, kind: Target.Kind) {
        self = RoleSuffixes.standard.role(of: name, kind: kind)
    }

    /// The role of `target`.
    package init(_ target: Target) {
        self.init(targetName: target.name, kind: target.kind)
    }

    /// The suffix the role's naming convention adds to the feature name (`""` for source).
    package var suffix: String {
        switch self {
        case .source: return ""
        case .interface: return "Interface"
        case .testing: return "Testing"
        case .tests: return "Tests"
        case .example: return "Example"
        }
    }

    private var rank: Int {
        switch self {
        case .source: return 0
        case .interface: return 1
        case .testing: return 2
        case .tests: return 3
        case .example: return 4
        }
    }

    package static func < (lhs: Role, rhs: Role) -> Bool { lhs.rank < rhs.rank }
}

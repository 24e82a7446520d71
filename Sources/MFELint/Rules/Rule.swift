import MFECore
import MFEWorkspace

/// A rule of `mfe lint-graph`: one type per rule, with its description (id, severity, the
/// texts SARIF viewers and the docs show). `BuiltInRules` lists them.
package protocol Rule: Sendable {
    /// The rule's id, severity and texts.
    static var description: LintRule { get }
}

extension Rule {
    /// The rule's id, as its description declares it: what findings, `allow:` entries and
    /// baselines name the rule by.
    package static var id: RuleID { description.id }
}

/// A rule that judges one dependency `a → b` of the target graph on its own.
package protocol EdgeRule: Rule {
    /// The message of the finding when `edge` breaks the rule, else nil.
    static func message(for edge: EdgeContext) -> String?
}

/// A rule that looks at the whole graph (cycles, the package graph, features).
package protocol GraphRule: Rule {
    /// Every finding of the rule in `graph`, unsorted.
    static func findings(in graph: GraphContext) -> [Finding]
}

/// A rule whose findings come from elsewhere: the `--imports` analysis, or the linter's
/// own bookkeeping of `allow:`, baselines and `mfe:ignore` comments.
package protocol ReportedRule: Rule {}

/// A rule whose findings only the `--imports` analysis (`MFEImports`) produces, so a run
/// without `--imports` neither reports nor judges them stale.
package protocol ImportRule: ReportedRule {}

/// A rule about `allow:` entries, baselines and `mfe:ignore` comments themselves, which none
/// of them can suppress and a baseline never accepts.
package protocol BookkeepingRule: ReportedRule {}

/// One edge with what the edge rules ask of it: its ends, their roles and features.
package struct EdgeContext {
    /// The target graph.
    package let graph: TargetGraph
    /// The edge.
    package let edge: TargetGraph.Edge
    /// The depending target.
    package let a: TargetGraph.Node
    /// The target depended on.
    package let b: TargetGraph.Node
    /// The features of `a` and `b` ("Vocabulary" in the Design contract article: a whole
    /// package, or a stem in a monorepo package).
    package let aFeature: Feature
    /// The feature of `b`.
    package let bFeature: Feature

    /// Creates the context of `edge` in `graph`.
    package init(graph: TargetGraph, edge: TargetGraph.Edge) {
        self.graph = graph
        self.edge = edge
        a = graph.nodes[edge.from]
        b = graph.nodes[edge.to]
        aFeature = graph.feature(of: edge.from)
        bFeature = graph.feature(of: edge.to)
    }

    /// Whether both ends belong to one feature.
    package var sameFeature: Bool { a.feature == b.feature }

    /// A feature's name as messages print it: a whole package's display name (with its
    /// folder when another package shares the name), else the stem.
    package func name(of feature: Feature) -> String {
        feature.isWholePackage ? graph.displayName(ofPackage: feature.package) : feature.name
    }
}

/// The graph a graph rule looks at, with how findings print their files.
package struct GraphContext {
    /// The target graph.
    package let graph: TargetGraph
    /// Turns a location's file into the workspace-relative form findings print.
    package let relativePath: (String) -> String

    /// Creates a context.
    package init(graph: TargetGraph, relativePath: @escaping (String) -> String) {
        self.graph = graph
        self.relativePath = relativePath
    }

    /// A finding of `rule` at `location`.
    package func finding(_ rule: LintRule, severity: Severity? = nil, message: String, at location: SourceLocation, subject: Finding.Subject) -> Finding {
        Finding(rule: rule.id, severity: severity ?? rule.severity, message: message, file: relativePath(location.file), line: location.line, column: location.column, subject: subject)
    }

    /// `A, B, C` — or the first five and a count.
    package static func list(_ names: [String]) -> String {
        names.count <= 5 ? names.joined(separator: ", ") : names.prefix(5).joined(separator: ", ") + " and \(names.count - 5) more"
    }
}

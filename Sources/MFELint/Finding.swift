import Foundation
import MFECore

/// One problem `mfe lint-graph` reports, with everything every output format needs.
public struct Finding: Sendable, Hashable {
    /// One end of what a finding is about: a target (or a package, for `package-cycle`), with
    /// its package and feature, so `allow:` entries may name either.
    package struct Endpoint: Sendable, Hashable {
        /// The target's (or package's) name.
        package var name: String
        /// Its package's name; nil for a module outside the workspace.
        package var package: String?
        /// Its feature's name ("Vocabulary" in the Design contract article); nil where there is
        /// none.
        package var feature: String?

        /// Creates an endpoint.
        package init(name: String, package: String?, feature: String?) {
            self.name = name
            self.package = package
            self.feature = feature
        }
    }

    /// The teams that own a finding's two ends (`owners:`, `owner:`), so CI can route it.
    package struct Owners: Sendable, Hashable {
        /// The owners of the depending end (of a feature-level finding's feature, of a cycle's
        /// first element).
        package var from: [String]
        /// The owners of the end depended on (of a cycle's other elements).
        package var to: [String]

        /// Creates owners.
        package init(from: [String], to: [String]) {
            self.from = from
            self.to = to
        }

        /// Every team of both ends, sorted, without repeats.
        package var all: [String] { Array(Set(from + to)).sorted() }
    }

    /// What a finding is about.
    package enum Subject: Sendable, Hashable {
        /// A dependency `from → to` (the edge rules, the `--imports` rules); `chain`, for
        /// `transitive-dependency`, the targets from `from` to `to` it is reached through.
        case edge(from: Endpoint, to: Endpoint, chain: [Endpoint]?)
        /// A closed path (first == last) of targets (`cycle`) or packages (`package-cycle`).
        case path([Endpoint])
        /// A feature (`missing-interface`, `unassigned-layer`): a whole package's, or a stem
        /// in a monorepo package.
        case feature(Endpoint)
        /// An entry of a configuration or baseline file, or a comment (`unused-allow`,
        /// `stale-baseline`): only the file and line.
        case entry
    }

    /// The rule.
    package var rule: RuleID
    /// How serious it is (after `--strict`).
    package var severity: Severity
    /// What is wrong and how to fix it.
    package var message: String
    /// The file of the declaration that causes it, relative to the workspace root.
    package var file: String
    /// 1-based line.
    package var line: Int
    /// 1-based column.
    package var column: Int
    /// What it is about.
    package var subject: Subject
    /// A fingerprint that identifies the finding across runs and line moves: it hashes the
    /// rule, file and names, never the line. Baselines and SARIF `partialFingerprints` use it.
    package var fingerprint: String
    /// The owners of its ends; nil when the workspace names no owners (`FindingOwnership`).
    package var owners: Owners?

    /// Creates a finding; `fingerprint` defaults to `Finding.fingerprint(...)` of its fields.
    package init(rule: RuleID, severity: Severity, message: String, file: String, line: Int, column: Int, subject: Subject, fingerprint: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.subject = subject
        self.fingerprint = ""
        self.fingerprint = fingerprint ?? Finding.fingerprint(rule: rule, file: file, from: from, to: to, path: path, feature: feature)
    }

    /// Creates a finding from the names the output formats print: `from`/`to` make an edge
    /// (with `path` its chain), else `path` a path, else `feature` a feature.
    package init(
        rule: RuleID,
        severity: Severity,
        message: String,
        file: String,
        line: Int,
        column: Int,
        from: String? = nil,
        to: String? = nil,
        path: [String]? = nil,
        feature: String? = nil,
        fromPackage: String? = nil,
        toPackage: String? = nil,
        pathPackages: [String]? = nil,
        fromFeature: String? = nil,
        toFeature: String? = nil,
        pathFeatures: [String]? = nil,
        fingerprint: String? = nil
    ) {
        let chain = path.map { names in
            names.indices.map { Endpoint(name: names[$0], package: pathPackages?[$0], feature: pathFeatures?[$0]) }
        }
        let subject: Subject
        if from != nil || to != nil {
            subject = .edge(from: Endpoint(name: from ?? "", package: fromPackage, feature: fromFeature), to: Endpoint(name: to ?? "", package: toPackage, feature: toFeature), chain: chain)
        } else if let chain {
            subject = .path(chain)
        } else if let feature {
            subject = .feature(Endpoint(name: feature, package: fromPackage, feature: fromFeature))
        } else {
            subject = .entry
        }
        self.init(rule: rule, severity: severity, message: message, file: file, line: line, column: column, subject: subject, fingerprint: fingerprint)
    }

    /// The depending target, for edge rules and the `--imports` rules.
    package var from: String? {
        if case .edge(let from, _, _) = subject { return from.name }
        return nil
    }

    /// The target depended on, for edge rules and the `--imports` rules.
    package var to: String? {
        if case .edge(_, let to, _) = subject { return to.name }
        return nil
    }

    /// A closed path (first == last) of targets (`cycle`) or packages (`package-cycle`), or
    /// the chain of a `transitive-dependency`.
    package var path: [String]? { pathEndpoints?.map(\.name) }

    /// The feature a feature-level finding is about (`missing-interface`, `unassigned-layer`).
    package var feature: String? {
        if case .feature(let feature) = subject { return feature.name }
        return nil
    }

    /// The package of `from` (or of the feature). Not printed.
    package var fromPackage: String? {
        switch subject {
        case .edge(let from, _, _): return from.package
        case .feature(let feature): return feature.package
        case .path, .entry: return nil
        }
    }

    /// The package of `to`. Not printed.
    package var toPackage: String? {
        if case .edge(_, let to, _) = subject { return to.package }
        return nil
    }

    /// The package of each `path` element, when every one has one. Not printed.
    package var pathPackages: [String]? { Self.all(pathEndpoints?.map(\.package)) }

    /// The feature of `from` (or the feature itself). Not printed.
    package var fromFeature: String? {
        switch subject {
        case .edge(let from, _, _): return from.feature
        case .feature(let feature): return feature.feature
        case .path, .entry: return nil
        }
    }

    /// The feature of `to`. Not printed.
    package var toFeature: String? {
        if case .edge(_, let to, _) = subject { return to.feature }
        return nil
    }

    /// The feature of each `path` element, when every one has one. Not printed.
    package var pathFeatures: [String]? { Self.all(pathEndpoints?.map(\.feature)) }

    /// The ends of the finding: `from` and `to` of an edge, a path's elements, the feature.
    package var endpoints: [Endpoint] {
        switch subject {
        case .edge(let from, let to, _): return [from, to]
        case .path(let path): return path
        case .feature(let feature): return [feature]
        case .entry: return []
        }
    }

    private var pathEndpoints: [Endpoint]? {
        switch subject {
        case .path(let path): return path
        case .edge(_, _, let chain): return chain
        case .feature, .entry: return nil
        }
    }

    private static func all(_ values: [String?]?) -> [String]? {
        guard let values else { return nil }
        let present = values.compactMap { $0 }
        return present.count == values.count ? present : nil
    }

    /// The stable fingerprint of a finding: the first 32 hex digits of the SHA-256 of its rule,
    /// file and names. Lines and messages are left out, so moving a declaration or rewording a
    /// message keeps it.
    package static func fingerprint(rule: RuleID, file: String, from: String?, to: String?, path: [String]?, feature: String?) -> String {
        let key = ["mfe-finding-v1", rule.rawValue, file, from ?? "", to ?? "", path?.joined(separator: " -> ") ?? "", feature ?? ""].joined(separator: "\u{1F}")
        return SHA256.hexadecimal(SHA256.hash(Data(key.utf8)).prefix(16))
    }

    /// The order findings are printed in: file, line, column, then rule and names.
    package static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if (lhs.from ?? "") != (rhs.from ?? "") { return (lhs.from ?? "") < (rhs.from ?? "") }
        if (lhs.to ?? "") != (rhs.to ?? "") { return (lhs.to ?? "") < (rhs.to ?? "") }
        let lhsPath = lhs.path?.joined(separator: "\u{1F}") ?? ""
        let rhsPath = rhs.path?.joined(separator: "\u{1F}") ?? ""
        if lhsPath != rhsPath { return lhsPath < rhsPath }
        if (lhs.feature ?? "") != (rhs.feature ?? "") { return (lhs.feature ?? "") < (rhs.feature ?? "") }
        return lhs.message < rhs.message
    }
}

import Crypto
import Foundation

/// One problem `mfe lint-graph` reports, with everything every output format needs.
public struct Finding: Sendable, Hashable {
    /// The rule id, e.g. `product-to-product`.
    package var rule: String
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
    /// The depending target, for edge rules.
    package var from: String?
    /// The target depended on, for edge rules.
    package var to: String?
    /// A closed path (first == last) of targets (`cycle`) or packages (`package-cycle`).
    package var path: [String]?
    /// The feature a feature-level finding is about (`missing-interface`, `unassigned-layer`):
    /// the package's name, or the stem in a monorepo package.
    package var feature: String?
    /// The packages of `from` and `to` (or of each `path` element for `cycle`), so `allow:`
    /// entries may name packages as well as targets. Not printed.
    package var fromPackage: String?
    /// The package of `to`. Not printed.
    package var toPackage: String?
    /// The package of each `path` element. Not printed.
    package var pathPackages: [String]?
    /// The features of `from` and `to` (or of each `path` element), so `allow:` entries may
    /// name features. Not printed.
    package var fromFeature: String?
    /// The feature of `to`. Not printed.
    package var toFeature: String?
    /// The feature of each `path` element. Not printed.
    package var pathFeatures: [String]?
    /// A fingerprint that identifies the finding across runs and line moves: it hashes the
    /// rule, file and names, never the line. Baselines and SARIF `partialFingerprints` use it.
    package var fingerprint: String

    /// Creates a finding; `fingerprint` defaults to `Finding.fingerprint(...)` of its fields.
    package init(
        rule: String,
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
        self.rule = rule
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.from = from
        self.to = to
        self.path = path
        self.feature = feature
        self.fromPackage = fromPackage
        self.toPackage = toPackage
        self.pathPackages = pathPackages
        self.fromFeature = fromFeature
        self.toFeature = toFeature
        self.pathFeatures = pathFeatures
        self.fingerprint = fingerprint ?? Finding.fingerprint(rule: rule, file: file, from: from, to: to, path: path, feature: feature)
    }

    /// The stable fingerprint of a finding: the first 32 hex digits of the SHA-256 of its rule,
    /// file and names. Lines and messages are left out, so moving a declaration or rewording a
    /// message keeps it.
    package static func fingerprint(rule: String, file: String, from: String?, to: String?, path: [String]?, feature: String?) -> String {
        let key = ["mfe-finding-v1", rule, file, from ?? "", to ?? "", path?.joined(separator: " -> ") ?? "", feature ?? ""].joined(separator: "\u{1F}")
        let digest = SHA256.hash(data: Data(key.utf8))
        return digest.prefix(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The order findings are printed in: file, line, column, then rule and names.
    package static func ordered(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if (lhs.from ?? "") != (rhs.from ?? "") { return (lhs.from ?? "") < (rhs.from ?? "") }
        if (lhs.to ?? "") != (rhs.to ?? "") { return (lhs.to ?? "") < (rhs.to ?? "") }
        let lhsPath = lhs.path?.joined(separator: "\u{1F}") ?? "", rhsPath = rhs.path?.joined(separator: "\u{1F}") ?? ""
        if lhsPath != rhsPath { return lhsPath < rhsPath }
        if (lhs.feature ?? "") != (rhs.feature ?? "") { return (lhs.feature ?? "") < (rhs.feature ?? "") }
        return lhs.message < rhs.message
    }
}

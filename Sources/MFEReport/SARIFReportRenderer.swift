import MFECore
import MFELint

/// Renders a report as SARIF 2.1.0 that GitHub code scanning accepts: every rule in
/// `tool.driver.rules` (with descriptions, help and default level), each result with its rule
/// index, level, message, a location at the declaration's line and column (a path relative to
/// the repository root, with `uriBaseId`), and `partialFingerprints` that stay the same across
/// runs and line moves.
package struct SARIFReportRenderer: Sendable {
    /// The SARIF schema URI.
    package static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    /// Where users read about mfe's rules.
    package static let informationURI = "https://github.com/mfe-tools/mfe#lint-graph"
    /// The `uriBaseId` of every location: the root of the checked-out repository.
    package static let sourceRoot = "%SRCROOT%"
    /// The `partialFingerprints` key mfe's fingerprints are stored under.
    package static let fingerprintKey = "mfeFindingHash/v1"

    /// Creates a renderer.
    package init() {}

    /// The SARIF text for `report`, with a trailing newline.
    package func render(_ report: LintReport, context: ReportContext) -> String {
        document(report, context: context).formatted()
    }

    /// The SARIF log for `report`.
    package func document(_ report: LintReport, context: ReportContext) -> JSONValue {
        // Every finding's rule is one of mfe's (`RuleID`), so every rule is listed.
        let rules = LintRule.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let driver: JSONValue = [
            "name": "mfe",
            "fullName": "mfe lint-graph",
            "informationUri": .string(Self.informationURI),
            "version": .string(context.toolVersion),
            "semanticVersion": .string(context.toolVersion),
            "rules": .array(rules.map(Self.descriptor)),
        ]
        let results: [JSONValue] = report.findings.map { finding in
            var result: [String: JSONValue] = [
                "ruleId": .string(finding.rule.rawValue),
                "ruleIndex": .int(ruleIndex[finding.rule] ?? 0),
                "level": .string(Self.level(finding.severity)),
                "message": ["text": .string(finding.message)],
                "locations": [
                    [
                        "physicalLocation": [
                            "artifactLocation": ["uri": .string(Self.uri(context.repositoryPath(finding.file))), "uriBaseId": .string(Self.sourceRoot)],
                            "region": ["startLine": .int(max(finding.line, 1)), "startColumn": .int(max(finding.column, 1))],
                        ]
                    ]
                ],
                "partialFingerprints": .object([Self.fingerprintKey: .string(finding.fingerprint)]),
            ]
            if let owners = finding.owners { result["properties"] = ["owners": JSONReportRenderer.ownersValue(owners)] }
            return .object(result)
        }
        var run: [String: JSONValue] = [
            "tool": ["driver": driver],
            "columnKind": "unicodeCodePoints",
            "results": .array(results),
        ]
        // Notes (what could not be checked) as the run's tool notifications, only when present.
        if !report.notes.isEmpty {
            run["invocations"] = [
                [
                    "executionSuccessful": true,
                    "toolExecutionNotifications": .array(report.notes.map { ["level": "note", "message": ["text": .string($0)]] }),
                ]
            ]
        }
        return [
            "$schema": .string(Self.schema),
            "version": "2.1.0",
            "runs": [.object(run)],
        ]
    }

    /// SARIF's level for a severity: `error`, `warning`, `note`.
    package static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .notice: return "note"
        }
    }

    private static func descriptor(_ rule: LintRule) -> JSONValue {
        [
            "id": .string(rule.id.rawValue),
            "name": .string(rule.id.rawValue.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()),
            "shortDescription": ["text": .string(rule.shortDescription)],
            "fullDescription": ["text": .string(rule.fullDescription)],
            "help": ["text": .string(rule.help), "markdown": .string("**\(rule.shortDescription).** \(rule.help)")],
            "helpUri": .string(informationURI),
            "defaultConfiguration": ["level": .string(level(rule.severity))],
            "properties": [
                "tags": ["architecture", "dependencies", "mfe"], "precision": "very-high", "problem.severity": .string(rule.severity == .notice ? "recommendation" : rule.severity.rawValue),
            ],
        ]
    }

    /// A relative path as a URI reference: each segment percent-encoded where RFC 3986
    /// requires.
    static func uri(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/".unicodeScalars)
        var result = ""
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && allowed.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (byte < 16 ? "0" + hex : hex)
            }
        }
        return result
    }
}

extension SARIFReportRenderer: OutputRenderer {
    package typealias Input = LintReportInput

    package static let summary = "SARIF 2.1.0 for GitHub code scanning"
    package static let sink = OutputSink.json

    package func render(_ input: LintReportInput) -> String { render(input.report, context: input.context) }
}

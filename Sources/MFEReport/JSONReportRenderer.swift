import MFECore
import MFELint

/// Renders a report as the JSON document of the Output formats article:
/// `{"findings": [...], "summary": {...}, "version": 1}` with sorted keys, findings in report
/// order, and nothing that varies between runs (no timing), so the same input gives the same
/// bytes.
package struct JSONReportRenderer: Sendable {
    /// The JSON document's format version.
    package static let formatVersion = 1

    /// Creates a renderer.
    package init() {}

    /// The JSON text for `report`, with a trailing newline.
    package func render(_ report: LintReport) -> String {
        document(report).formatted()
    }

    /// The JSON value for `report`.
    package func document(_ report: LintReport) -> JSONValue {
        let summary = report.summary
        var document: JSONValue = [
            "version": .int(Self.formatVersion),
            "findings": .array(report.findings.map(Self.object)),
            "summary": [
                "errors": .int(summary.errors),
                "warnings": .int(summary.warnings),
                "notices": .int(summary.notices),
                "packages": .int(summary.packages),
                "targets": .int(summary.targets),
                "dependencies": .int(summary.dependencies),
            ],
        ]
        // `notes` only when there are some, so every other report keeps its exact shape.
        if !report.notes.isEmpty, case .object(var members) = document {
            members["notes"] = .array(report.notes.map(JSONValue.string))
            document = .object(members)
        }
        return document
    }

    /// One finding: `rule`, `severity`, `message`, `file`, `line`, and `from`/`to`, `path` or
    /// `feature` when the finding has them.
    package static func object(_ finding: Finding) -> JSONValue {
        var object = commonMembers(finding)
        if let from = finding.from { object["from"] = .string(from) }
        if let to = finding.to { object["to"] = .string(to) }
        if let path = finding.path { object["path"] = .array(path.map(JSONValue.string)) }
        if let feature = finding.feature { object["feature"] = .string(feature) }
        if let owners = finding.owners { object["owners"] = ownersValue(owners) }
        return .object(object)
    }

    /// `{"from": [...], "to": [...]}`.
    package static func ownersValue(_ owners: Finding.Owners) -> JSONValue {
        ["from": .array(owners.from.map(JSONValue.string)), "to": .array(owners.to.map(JSONValue.string))]
    }

    /// What every JSON form of a finding has: `rule`, `severity`, `message`, `file`, `line`.
    package static func commonMembers(_ finding: Finding) -> [String: JSONValue] {
        [
            "rule": .string(finding.rule.rawValue),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "file": .string(finding.file),
            "line": .int(finding.line),
        ]
    }
}

extension JSONReportRenderer: OutputRenderer {
    package typealias Input = LintReportInput

    package static let summary = "the findings and their counts as one JSON document"
    package static let sink = OutputSink.json

    package func render(_ input: LintReportInput) -> String { render(input.report) }
}

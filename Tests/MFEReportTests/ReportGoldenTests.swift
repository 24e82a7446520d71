import Foundation
import MFECore
import MFELint
import MFEManifest
import MFETestSupport
import Testing

@testable import MFEReport

/// Golden-file tests of the renderers: each format of one report is compared with a file
/// under `Tests/Goldens/LintGraph/`. Run with `MFE_RECORD_GOLDENS=1` to re-record them after an intended
/// change, and review the diff.
@Suite("report renderers")
struct ReportGoldenTests {
    /// A report with one finding of most rules.
    static var report: LintReport {
        var fixture = WorkspaceFixture.feedMe(browse: ["Browse": ["Order/Order"], "BrowseTesting": ["Browse"]])
        fixture.add("Search", layer: .product, targets: [.init("Search", .regular, ["SearchKit"]), .init("SearchKit", .regular, ["Search"])])
        fixture.add("Tools", layer: nil, tools: ToolsVersion(5, 9), dependsOn: ["Lint"], targets: [.init("Tools")])
        fixture.add("Lint", layer: nil, dependsOn: ["Tools"], targets: [.init("Lint")])
        fixture.allow("depends-on-shell", from: "Browse", to: "Shell, 100% \"sure\"", line: 14)
        return fixture.lint()
    }

    static let context = ReportContext(color: false, elapsed: .milliseconds(250), toolVersion: "1.2.3")

    @Test func text() throws {
        try Golden.check(TextReportRenderer().render(Self.report, context: Self.context), named: "report.txt")
    }

    @Test func coloredText() throws {
        var context = Self.context
        context.color = true
        try Golden.check(TextReportRenderer().render(Self.report, context: context), named: "report-color.txt")
    }

    @Test func json() throws {
        try Golden.check(JSONReportRenderer().render(Self.report), named: "report.json")
    }

    @Test func sarif() throws {
        try Golden.check(SARIFReportRenderer().render(Self.report, context: Self.context), named: "report.sarif")
    }

    @Test func github() throws {
        try Golden.check(GitHubReportRenderer().render(Self.report, context: Self.context), named: "report-github.txt")
    }

    @Test func githubStepSummary() throws {
        try Golden.check(GitHubReportRenderer().stepSummary(Self.report, context: Self.context), named: "report-step-summary.md")
    }

    @Test func aCleanReport() throws {
        let report = WorkspaceFixture.feedMe().lint()
        try Golden.check(TextReportRenderer().render(report, context: Self.context), named: "clean.txt")
        try Golden.check(JSONReportRenderer().render(report), named: "clean.json")
    }

    @Test func jsonIsByteIdenticalAcrossRunsAndParses() throws {
        let first = JSONReportRenderer().render(Self.report)
        #expect(first == JSONReportRenderer().render(Self.report))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["version", "findings", "summary"])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(Set(summary.keys) == ["errors", "warnings", "notices", "packages", "targets", "dependencies"])
    }

    @Test func sarifListsEveryRuleAndIndexesResults() throws {
        let text = SARIFReportRenderer().render(Self.report, context: Self.context)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == LintRule.all.map(\.id.rawValue))
        for rule in rules {
            for key in ["shortDescription", "fullDescription", "help", "defaultConfiguration"] {
                #expect(rule[key] != nil, "rule \(rule["id"] ?? "?") lacks \(key)")
            }
        }
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == Self.report.findings.count)
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == id)
            #expect((result["partialFingerprints"] as? [String: String])?.isEmpty == false)
        }
    }

    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("100% sure", "100%25 sure", "100%25 sure"),
        ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
        ("Package.swift:12, col", "Package.swift:12, col", "Package.swift%3A12%2C col"),
    ])
    func githubEscapingMatchesTheActionsToolkit(value: String, data: String, property: String) {
        #expect(GitHubReportRenderer.escapeData(value) == data)
        #expect(GitHubReportRenderer.escapeProperty(value) == property)
    }

    @Test func githubAndSarifPathsArePrefixedInsideARepository() {
        #expect(ReportContext.repositoryPathPrefix(workspaceRoot: "/repo/apps/ios", repositoryRoot: "/repo", currentDirectory: "/") == "apps/ios/")
        #expect(ReportContext.repositoryPathPrefix(workspaceRoot: "/repo", repositoryRoot: "/repo", currentDirectory: "/") == "")
        #expect(ReportContext.repositoryPathPrefix(workspaceRoot: "/elsewhere", repositoryRoot: "/repo", currentDirectory: "/") == "")
        #expect(ReportContext.repositoryPathPrefix(workspaceRoot: "/repo", repositoryRoot: nil, currentDirectory: "/") == "")
        var context = Self.context
        context.repositoryPathPrefix = "apps/ios/"
        #expect(GitHubReportRenderer().render(Self.report, context: context).contains("file=apps/ios/Browse/Package.swift,"))
    }
}

/// Compares rendered output with a golden file in `Tests/Goldens/LintGraph` (outside the test
/// target's folder, so SwiftPM does not take the files for unhandled resources).
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens/LintGraph")

    static func check(_ actual: String, named name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["MFE_RECORD_GOLDENS"] != nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("golden file \(name) is missing; run the tests with MFE_RECORD_GOLDENS=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record("\(name) differs from its golden file (re-record with MFE_RECORD_GOLDENS=1 if intended):\n\(diff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
        }
    }

    /// A line diff: `-` lines only in the golden file, `+` lines only in the output, with
    /// line numbers.
    static func diff(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence table; golden files are small.
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                i += 1
                j += 1
            } else if j < new.count, i == old.count || table[i][j + 1] >= table[i + 1][j] {
                lines.append("+\(j + 1): \(new[j])")
                j += 1
            } else {
                lines.append("-\(i + 1): \(old[i])")
                i += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}

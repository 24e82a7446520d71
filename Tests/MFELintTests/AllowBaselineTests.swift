import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFELint

@Suite("allow, baseline and strict")
struct AllowBaselineTests {
    static func violating() -> WorkspaceFixture {
        WorkspaceFixture.feedMe(browse: ["Browse": ["Order/Order"], "BrowseTesting": ["Browse"]])
    }

    @Test func allowEntriesMatchTargetOrPackageNames() {
        for (from, to) in [("Browse", "Order"), ("Browse", "*")] {
            var fixture = Self.violating()
            fixture.allow("product-to-product", from: from, to: to)
            let report = fixture.lint()
            #expect(report.keys == ["testing-to-implementation BrowseTesting->Browse"])
            #expect(report.summary.allowed == 1)
            #expect(report.exitCode == 0)
        }
    }

    @Test func allowEntriesNamingPackagesCoverEveryTarget() {
        var fixture = WorkspaceFixture.feedMe(browse: ["Browse": ["Order/Order"], "BrowseTests": ["Order/OrderExample"]])
        fixture.allow("product-to-product", from: "Browse", to: "Order")
        #expect(fixture.lint().findings.isEmpty)
    }

    @Test func anAllowEntryThatMatchesNothingIsUnused() {
        var fixture = WorkspaceFixture.feedMe()
        fixture.allow("product-to-product", from: "Browse", to: "Order", line: 12)
        fixture.allow("product-to-prodcut", from: "Browse", to: "Order", line: 16)
        fixture.allow("implicit-dependency", from: "Browse", to: "Order", line: 20)
        let report = fixture.lint()
        #expect(report.keys == ["unused-allow", "unused-allow"])
        #expect(report.findings.map(\.file) == ["mfe.yml", "mfe.yml"])
        #expect(report.findings.map(\.line) == [12, 16])
        #expect(report.findings[1].message.contains("did you mean 'product-to-product'?"))
        #expect(report.findings.allSatisfy { $0.severity == .warning })
        #expect(report.exitCode == 0)
        // With --imports, an unused entry for an imports rule is reported too.
        #expect(fixture.lint(LintOptions(importsChecked: true)).findings.count == 3)
    }

    @Test func allowMatchesAStepOfACyclePath() {
        var fixture = WorkspaceFixture()
        fixture.add("Core", layer: .foundation, targets: [.init("A", .regular, ["B"]), .init("B", .regular, ["A"])])
        fixture.allow("cycle", from: "B", to: "A")
        #expect(fixture.lint().findings.isEmpty)
    }

    @Test func additionalFindingsGoThroughAllow() {
        var fixture = WorkspaceFixture.feedMe()
        fixture.allow("implicit-dependency", from: "Browse", to: "Env")
        let extra = [
            Finding(
                rule: ImplicitDependencyRule.id, severity: .error, message: "Browse imports Env", file: "Browse/Sources/Browse/A.swift", line: 1, column: 1, from: "Browse", to: "Env",
                fromPackage: "Browse",
                toPackage: "Env"),
            Finding(rule: ImplicitDependencyRule.id, severity: .error, message: "Order imports Env", file: "Order/Sources/Order/A.swift", line: 1, column: 1, from: "Order", to: "Env"),
        ]
        let report = fixture.lint(LintOptions(importsChecked: true), additionalFindings: extra)
        #expect(report.keys == ["implicit-dependency Order->Env"])
    }

    @Test func strictTurnsWarningsIntoErrors() {
        var fixture = WorkspaceFixture.feedMe(browse: ["BrowseTesting": ["Browse"]])
        fixture.add("Tools", layer: nil, targets: [.init("Tools")])
        let relaxed = fixture.lint()
        #expect(relaxed.findings.map(\.severity) == [.warning, .notice])
        #expect(relaxed.exitCode == 0)
        let strict = fixture.lint(LintOptions(strict: true))
        #expect(strict.findings.map(\.severity) == [.error, .notice])
        #expect(strict.summary.errors == 1)
        #expect(strict.exitCode == 1)
    }

    @Test func aBaselineSuppressesKnownFindingsAndReportsStaleEntries() throws {
        let report = Self.violating().lint()
        #expect(report.findings.count == 2)
        var baseline = Baseline(accepting: report.baselineCandidates)
        baseline.entries.append(Baseline.Entry(fingerprint: "0123", rule: "cycle", file: "X/Package.swift", path: ["X", "Y", "X"], line: 9))
        let suppressed = Self.violating().lint(LintOptions(baseline: baseline, baselineFile: "mfe-baseline.json"))
        #expect(suppressed.keys == ["stale-baseline"])
        #expect(suppressed.findings[0].file == "mfe-baseline.json")
        #expect(suppressed.findings[0].line == 9)
        #expect(suppressed.findings[0].message.contains("'cycle' X -> Y -> X"))
        #expect(suppressed.summary.baselined == 2)
        #expect(suppressed.exitCode == 0)
    }

    @Test func fingerprintsSurviveMovedLines() {
        let before = Self.violating().lint()
        var moved = Self.violating()
        for index in moved.packages.indices {
            for target in moved.packages[index].manifest.targets.indices {
                for dependency in moved.packages[index].manifest.targets[target].dependencies.indices {
                    moved.packages[index].manifest.targets[target].dependencies[dependency].location.line += 30
                }
            }
        }
        let after = moved.lint()
        #expect(before.findings.map(\.line) != after.findings.map(\.line))
        #expect(before.findings.map(\.fingerprint) == after.findings.map(\.fingerprint))
        #expect(Set(before.findings.map(\.fingerprint)).count == 2)
    }

    @Test func baselineFilesAreDeterministicOneEntryPerLineAndRoundTrip() throws {
        let report = Self.violating().lint()
        let baseline = Baseline(accepting: report.baselineCandidates.reversed())
        let data = baseline.encoded()
        #expect(data == Baseline(accepting: report.baselineCandidates).encoded())
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[0] == "{")
        #expect(lines[1] == "  \"findings\": [")
        #expect(lines[2].hasPrefix("    {\"file\": \"Browse/Package.swift\", \"fingerprint\": "))
        #expect(lines[6] == "}")
        let decoded = try Baseline.decode(data, file: "b.json")
        #expect(decoded.entries.map(\.fingerprint) == baseline.entries.map(\.fingerprint))
        #expect(decoded.entries.map(\.line) == [3, 4])
    }

    @Test func aMalformedBaselineIsAnInputErrorWithItsFile() throws {
        for text in ["{\"version\": 1, \"findings\": [{]}", "{\"findings\": [{\"rule\": \"cycle\"}], \"version\": 1}"] {
            let error = try #require(throws: BaselineError.self) { try Baseline.decode(Data(text.utf8), file: "b.json") }
            guard case .notABaseline(file: "b.json", problem: _, at: let location) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(location.file == "b.json")
        }
        #expect(throws: BaselineError.unsupportedVersion(2, file: "b.json", at: SourceLocation(file: "b.json", line: 1, column: 1))) {
            try Baseline.decode(Data("{\"version\": 2, \"findings\": []}".utf8), file: "b.json")
        }
    }

    @Test func anEmptyBaselineIsWrittenAsAnEmptyList() {
        #expect(String(decoding: Baseline(entries: []).encoded(), as: UTF8.self) == "{\n  \"findings\": [],\n  \"version\": 1\n}\n")
    }
}

/// `--write-baseline` replaces only a file shaped as a baseline, of any format version.
@Suite("baseline file shape")
struct BaselineShapeTests {
    @Test(arguments: [
        (#"{"version": 1, "findings": []}"#, true),
        (#"{"findings": [{"rule": "cycle"}], "version": 2}"#, true),
        (#"{"version": 1.5, "findings": []}"#, true),
        (#"{"version": 1}"#, false),
        (#"{"version": 1, "findings": [], "extra": true}"#, false),
        (#"{"version": "1", "findings": []}"#, false),
        (#"{"version": 1, "findings": {}}"#, false),
        ("workspace: App\npackages: ['*']\n", false),
        ("[]", false),
    ])
    func onlyABaselinesShapeIsABaseline(_ text: String, _ isBaseline: Bool) {
        #expect(Baseline.isBaselineFile(Data(text.utf8)) == isBaseline)
    }

    @Test func whatIsWrittenIsABaselineAndReadsBack() throws {
        let baseline = Baseline(entries: [Baseline.Entry(fingerprint: "f", rule: "cycle", file: "A/Package.swift", path: ["A", "B", "A"])])
        #expect(Baseline.isBaselineFile(baseline.encoded()))
        #expect(try Baseline.decode(baseline.encoded(), file: "b.json").entries.map(\.path) == [["A", "B", "A"]])
    }
}

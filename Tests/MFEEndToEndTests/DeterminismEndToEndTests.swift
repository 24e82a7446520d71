import Foundation
import MFEKit
import MFETestSupport
import Testing

/// What the binary users install says, and that it says it every time: CI runs this suite
/// against the release build (`MFE_BINARY`), where a miscompiled task group once made mfe read
/// 1 of 5 packages and answer differently from run to run (`OrderedConcurrency`).
@Suite("the same answer on every run, from every package", .serialized)
struct DeterminismEndToEndTests {
    /// 30 runs of the binary under test when it is the release build CI points `MFE_BINARY`
    /// at; 5 of the debug build, which is slower and not the product.
    static let runs = ProcessInfo.processInfo.environment["MFE_BINARY"].map { $0.isEmpty ? 5 : 30 } ?? 5

    /// The summary counts of a `--format json` report.
    static func summary(_ json: String) throws -> [String: Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        return summary.compactMapValues { $0 as? Int }
    }

    /// `(rule, from, to)` of each finding of a `--format json` report, sorted.
    static func findings(_ json: String) throws -> [GeneratedWorkspace.Violation] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        return findings.map { GeneratedWorkspace.Violation(rule: $0["rule"] as? String ?? "", from: $0["from"] as? String ?? "", to: $0["to"] as? String ?? "") }.sorted()
    }

    /// Runs `lint-graph --format json` `runs` times in `directory`; every run must exit with
    /// `status` and print the first run's bytes.
    static func lintRepeatedly(in directory: String, status: Int32) async throws -> String {
        let first = try await MFEBinary.run(["lint-graph", "--format", "json"], in: directory)
        #expect(first.status == status, "\(first.standardError)")
        for run in 2...runs {
            let again = try await MFEBinary.run(["lint-graph", "--format", "json"], in: directory)
            #expect(again.status == first.status, "run \(run): \(again.standardError)")
            #expect(again.standardOutput == first.standardOutput, "run \(run) printed other bytes than run 1")
            if again.standardOutput != first.standardOutput || again.status != first.status { break }
        }
        return first.standardOutput
    }

    @Test(.timeLimit(.minutes(10)))
    func feedMeReadsEveryPackageOnEveryRun() async throws {
        let folder = try TemporaryDirectory()
        let created = try await MFEBinary.run(["init", "FeedMe", "--example", "feedme"], in: folder.path)
        #expect(created.status == 0, "\(created.standardError)")
        let workspace = PathUtilities.join(folder.path, "FeedMe")
        let json = try await Self.lintRepeatedly(in: workspace, status: 0)
        let summary = try Self.summary(json)
        #expect(summary["packages"] == 5)
        #expect(summary["targets"] == 21)
        #expect(summary["dependencies"] == 37, "AboutTests depends on AboutInterface, whose site it tests")
        #expect(summary["errors"] == 0)
    }

    /// 200 packages with known violations: every run finds exactly the edges the generator put
    /// in (the oracle), in every one of the 200 packages.
    @Test(.timeLimit(.minutes(10)))
    func aGeneratedWorkspaceGivesTheOraclesFindingsOnEveryRun() async throws {
        let folder = try TemporaryDirectory()
        let generated = try GeneratedWorkspace.write(at: folder.path, foundations: 20, products: 179, violations: true)
        #expect(generated.packageDirectories.count == 200)
        #expect(generated.violations.count >= 5)
        let json = try await Self.lintRepeatedly(in: folder.path, status: 1)
        let summary = try Self.summary(json)
        #expect(summary["packages"] == generated.packageDirectories.count)
        #expect(summary["targets"] == generated.targets)
        #expect(summary["dependencies"] == generated.dependencies)
        #expect(try Self.findings(json) == generated.violations)
    }

    /// The same workspace found without an `mfe.yml` (discovery): every folder with a
    /// `Package.swift` is a package of the summary.
    @Test(.timeLimit(.minutes(5)))
    func discoveryCountsEveryPackageFolder() async throws {
        let folder = try TemporaryDirectory()
        let generated = try GeneratedWorkspace.write(at: folder.path, foundations: 8, products: 40)
        try FileManager.default.removeItem(atPath: PathUtilities.join(folder.path, "mfe.yml"))
        let json = try await Self.lintRepeatedly(in: folder.path, status: 0)
        #expect(try Self.summary(json)["packages"] == generated.packageDirectories.count)
    }

    /// The second shape: a feature made to depend on another's implementation is an
    /// error on every run, and `mfe create` inside the workspace neither traps nor misses.
    @Test(.timeLimit(.minutes(10)))
    func demoFindsTheImplementationDependencyOnEveryRun() async throws {
        let folder = try TemporaryDirectory()
        let initialised = try await MFEBinary.run(["init", "Demo"], in: folder.path)
        #expect(initialised.status == 0, "\(initialised.standardError)")
        let demo = PathUtilities.join(folder.path, "Demo")
        for arguments in [["create", "Core", "--layer", "foundation"], ["create", "Search", "--dependency", "Core"], ["create", "Home", "--dependency", "Search"]] {
            let result = try await MFEBinary.run(arguments, in: demo)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
        }
        let dryRun = try await MFEBinary.run(["create", "Profile", "--dry-run"], in: demo)
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        let manifestPath = PathUtilities.join(demo, "Features/Home/Package.swift")
        let manifest = try String(contentsOfFile: manifestPath, encoding: .utf8)
        let edited = manifest.replacingOccurrences(of: ".product(name: \"SearchInterface\", package: \"Search\")", with: ".product(name: \"Search\", package: \"Search\")")
        #expect(edited != manifest, "Home's manifest no longer names SearchInterface:\n\(manifest)")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: manifestPath))
        let json = try await Self.lintRepeatedly(in: demo, status: 1)
        let findings = try Self.findings(json)
        #expect(findings.contains(GeneratedWorkspace.Violation(rule: "product-to-product", from: "Home", to: "Search")), "\(findings)")
        #expect(try Self.summary(json)["packages"] == 4)
    }
}

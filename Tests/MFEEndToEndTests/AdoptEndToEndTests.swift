import Foundation
import MFEKit
import MFETestSupport
import Testing

/// `mfe init --adopt` as a team adopting mfe would run it: on a legacy app, then
/// `mfe lint-graph` green on day one, and red on the first new violation.
@Suite("mfe init --adopt")
struct AdoptEndToEndTests {
    @Test func theFirstLintIsGreenAndANewViolationFails() async throws {
        let repository = try TemporaryDirectory()
        try LegacyAppFixture.write(to: repository)

        let adopt = try await MFEBinary.run(["init", "--adopt", repository.path])
        #expect(adopt.status == 0, "\(adopt.standardError)")
        #expect(adopt.standardOutput.contains("    - \"*Feature\""))
        #expect(adopt.standardOutput.contains("wrote mfe.yml and mfe-baseline.json"))
        let configuration = try String(contentsOfFile: repository.path + "/mfe.yml", encoding: .utf8)
        #expect(adopt.standardOutput.hasPrefix(configuration), "it prints what it wrote")

        let first = try await MFEBinary.run(["lint-graph", repository.path])
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        #expect(first.standardOutput.contains("4 in the baseline"), "\(first.standardOutput)")

        // A new product-to-product dependency inside the one Package.swift fails the run.
        try repository.write(LegacyAppFixture.manifest(extraSettingsDependencies: ["HomeFeature"]), to: "Package.swift")
        let second = try await MFEBinary.run(["lint-graph", repository.path])
        #expect(second.status == 1)
        #expect(
            second.standardOutput.contains("error: SettingsFeature depends on HomeFeature, the implementation of another product feature; depend on HomeFeatureInterface [product-to-product]"),
            "\(second.standardOutput)")
        #expect(!second.standardOutput.contains("HomeFeature depends on SearchFeature"), "the known violation stays accepted")
    }

    @Test func itNeverOverwritesAnExistingMfeYml() async throws {
        let repository = try TemporaryDirectory()
        try LegacyAppFixture.write(to: repository)
        try repository.write("workspace: Mine\n", to: "mfe.yml")
        let result = try await MFEBinary.run(["init", "--adopt"], in: repository.path)
        #expect(result.status == 2)
        #expect(result.standardError.contains("mfe.yml' already exists; 'mfe init --adopt' never overwrites it"))
        #expect(try String(contentsOfFile: repository.path + "/mfe.yml", encoding: .utf8) == "workspace: Mine\n")
        #expect(!FileManager.default.fileExists(atPath: repository.path + "/mfe-baseline.json"))
    }

    @Test func aDryRunWritesNothingAndInitStillNeedsAName() async throws {
        let repository = try TemporaryDirectory()
        try LegacyAppFixture.write(to: repository)
        let dry = try await MFEBinary.run(["init", "--adopt", "--dry-run", repository.path])
        #expect(dry.status == 0)
        #expect(dry.standardOutput.contains("dry run: nothing written"))
        #expect(!FileManager.default.fileExists(atPath: repository.path + "/mfe.yml"))
        let missing = try await MFEBinary.run(["init"], in: repository.path)
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("missing the workspace NAME"))
    }
}

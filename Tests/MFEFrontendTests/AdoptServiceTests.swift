import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe init --adopt` as a team adopting mfe would run it: on a legacy app, then
/// `mfe lint-graph` green on day one, and red on the first new violation: in process, in memory.
@Suite("init --adopt in process")
struct AdoptServiceTests {
    @Test func theFirstLintIsGreenAndANewViolationFails() async throws {
        let repository = try InMemoryFolder.workspace("Legacy")
        try LegacyAppFixture.write(to: repository)

        let adopt = await repository.mfe().initialize(.init(name: repository.path, adopt: true))
        #expect(adopt.status == 0, "\(adopt.standardError)")
        #expect(adopt.standardOutput.contains("    - \"*Feature\""))
        #expect(adopt.standardOutput.contains("wrote mfe.yml and mfe-baseline.json"))
        let configuration = try repository.read("mfe.yml")
        #expect(adopt.standardOutput.hasPrefix(configuration), "it prints what it wrote")

        let first = await repository.mfe().lintGraph(.init(path: repository.path))
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        #expect(first.standardOutput.contains("4 in the baseline"), "\(first.standardOutput)")

        // A new product-to-product dependency inside the one Package.swift fails the run.
        try repository.write(LegacyAppFixture.manifest(extraSettingsDependencies: ["HomeFeature"]), to: "Package.swift")
        let second = await repository.mfe().lintGraph(.init(path: repository.path))
        #expect(second.status == 1)
        #expect(
            second.standardOutput.contains("error: SettingsFeature depends on HomeFeature, the implementation of another product feature; depend on HomeFeatureInterface [product-to-product]"),
            "\(second.standardOutput)")
        #expect(!second.standardOutput.contains("HomeFeature depends on SearchFeature"), "the known violation stays accepted")
    }

    @Test func itNeverOverwritesAnExistingMfeYml() async throws {
        let repository = try InMemoryFolder.workspace("Legacy")
        try LegacyAppFixture.write(to: repository)
        try repository.write("workspace: Mine\n", to: "mfe.yml")
        let result = await repository.mfe().initialize(.init(adopt: true))
        #expect(result.status == 2)
        #expect(result.standardError.contains("mfe.yml' already exists; 'mfe init --adopt' never overwrites it"))
        #expect(try repository.read("mfe.yml") == "workspace: Mine\n")
        #expect(!repository.fileSystem.exists(repository.path + "/mfe-baseline.json"))
    }

    @Test func aDryRunWritesNothing() async throws {
        let repository = try InMemoryFolder.workspace("Legacy")
        try LegacyAppFixture.write(to: repository)
        let dry = await repository.mfe().initialize(.init(name: repository.path, adopt: true, dryRun: true))
        #expect(dry.status == 0)
        #expect(dry.standardOutput.contains("dry run: nothing written"))
        #expect(!repository.fileSystem.exists(repository.path + "/mfe.yml"))
    }
}

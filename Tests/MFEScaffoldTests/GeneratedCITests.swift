import Foundation
import MFECore
import Testing
import Yams

@testable import MFEScaffold

/// The CI mfe generates, parsed as YAML: one workflow at a workspace's root (GitHub never runs
/// nested `.github` folders), a package's own only when it has its own repository, and mfe
/// always installed from a pinned, cached release.
@Suite("generated CI")
struct GeneratedCITests {
    typealias Mapping = [String: Any]

    static func yaml(_ path: String, in files: [PlannedFile]) throws -> Mapping {
        let text = try XcodeAppProjectTests.contents(path, in: files)
        return try #require(try Yams.load(yaml: text) as? Mapping, "\(path) is not a YAML mapping")
    }

    static func steps(_ job: Any?) -> [Mapping] {
        (job as? Mapping)?["steps"] as? [Mapping] ?? []
    }

    static func runs(_ job: Any?) -> String {
        steps(job).compactMap { $0["run"] as? String }.joined(separator: "\n")
    }

    @Test func aWorkspaceHasOneWorkflowThatLintsTestsWhatIsAffectedAndBuildsTheIOSApps() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let workflows = plan.files.map(\.path).filter { $0.contains(".github/") }
        #expect(workflows == [".github/actions/install-mfe/action.yml", ".github/workflows/ci.yml"], "nested .github folders never run")
        let workflow = try Self.yaml(".github/workflows/ci.yml", in: plan.files)
        let env = try #require(workflow["env"] as? Mapping)
        #expect(env["MFE_VERSION"] as? String == GeneratedCI.mfeVersion)
        #expect((env["MFE_REPOSITORY"] as? String)?.isEmpty == false)
        let jobs = try #require(workflow["jobs"] as? Mapping)
        #expect(Set(jobs.keys) == ["lint-graph", "affected", "test", "ios-apps"])

        let lint = jobs["lint-graph"] as? Mapping
        #expect((lint?["runs-on"] as? String)?.hasPrefix("ubuntu") == true)
        #expect(Self.steps(lint).contains { $0["uses"] as? String == "./.github/actions/install-mfe" })
        #expect(Self.runs(lint).contains("mfe lint-graph --imports --format github"))

        let affected = jobs["affected"] as? Mapping
        #expect(Self.runs(affected).contains("mfe affected --base \"$base\" --format matrix"))
        #expect((Self.steps(affected).first?["with"] as? Mapping)?["fetch-depth"] as? Int == 0)

        let test = try #require(jobs["test"] as? Mapping)
        #expect(test["needs"] as? String == "affected")
        #expect((test["strategy"] as? Mapping)?["matrix"] as? String == "${{ fromJSON(needs.affected.outputs.matrix) }}")
        #expect(Self.runs(test).contains("swift test --skip-build --package-path \"${{ matrix.path }}\" --filter \"${{ matrix.filter }}\""))

        let ios = try #require(jobs["ios-apps"] as? Mapping)
        #expect((ios["runs-on"] as? String)?.hasPrefix("macos") == true)
        #expect(Self.runs(ios).contains("xcodebuild build -project \"$project\""))
        #expect(Self.runs(ios).contains("-destination 'generic/platform=iOS Simulator'"))
        #expect(plan.files.contains { $0.path == "Shell/FeedMe.xcodeproj/xcshareddata/xcschemes/FeedMe.xcscheme" })
    }

    @Test func installingMfeDownloadsThePinnedReleaseBundleCheckedAndCached() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        let action = try Self.yaml(".github/actions/install-mfe/action.yml", in: plan.files)
        let runs = try #require(action["runs"] as? Mapping)
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [Mapping])
        let cache = try #require(steps.first { $0["uses"] as? String == "actions/cache@v4" })
        #expect((cache["with"] as? Mapping)?["key"] as? String == "mfe-bundle-${{ runner.os }}-${{ runner.arch }}-${{ inputs.version }}")
        let script = steps.compactMap { $0["run"] as? String }.joined()
        #expect(script.contains("if [ -z \"$MFE_VERSION\" ] || [ -z \"$MFE_REPOSITORY\" ]; then"))
        #expect(script.contains("url=\"${MFE_REPOSITORY%/}/releases/download/$MFE_VERSION\""))
        #expect(script.contains("sha256sum -c mfe.artifactbundle.zip.sha256"))
        #expect(script.contains(".artifacts.mfe.variants[] | select(.supportedTriples | index($triple)) | .path"))
        #expect(!script.contains("swift build") && !script.contains("git clone"), "a cold runner builds no mfe")
        #expect(!script.contains("vars."), "never from an unset repository variable")
    }

    @Test func theRepositoryToDownloadFromIsInitsFlagOrTheDefault() throws {
        func repository(_ flag: String?) throws -> String? {
            let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo", mfeRepository: flag))
            return (try Self.yaml(".github/workflows/ci.yml", in: plan.files)["env"] as? Mapping)?["MFE_REPOSITORY"] as? String
        }
        #expect(try repository(nil) == GeneratedCI.mfeRepository)
        #expect(!GeneratedCI.mfeRepository.contains("your-org"), "never a placeholder that fails the first push")
        #expect(try repository("acme/mfe") == "https://github.com/acme/mfe")
        #expect(try repository("https://ghe.acme.com/tools/mfe.git/") == "https://ghe.acme.com/tools/mfe")
        for bad in ["acme", "acme/mfe/extra", "git@github.com:acme/mfe", "http://github.com/acme/mfe", "acme/m fe", "../mfe", ""] {
            #expect(throws: InputErrors.self, "'\(bad)'") { try repository(bad) }
        }
        #expect(
            ScaffoldError.badMFERepository("acme").localizedDescription
                == "'--mfe-repository acme' is not a repository to download mfe's release bundle from; give 'OWNER/NAME' on GitHub, or the repository's https:// URL (GitHub Enterprise)")
    }

    @Test func aPackageInItsOwnRepositoryGetsItsOwnWorkflowAndOneInAWorkspaceDoesNot() throws {
        for ownRepository in [true, false] {
            let specification = FeatureSpecification(name: "Home", layer: .product, template: TemplateName.feature, example: true, ownRepository: ownRepository)
            let files = try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: TemplateName.feature), context: specification.templateContext)
            #expect(files.contains { $0.path == ".github/workflows/ci.yml" } == ownRepository)
            guard ownRepository else { continue }
            let workflow = try Self.yaml(".github/workflows/ci.yml", in: files)
            let jobs = try #require(workflow["jobs"] as? Mapping)
            #expect(Set(jobs.keys) == ["build-and-test", "ios-app"])
            #expect(Self.runs(jobs["build-and-test"]).contains("swift test --skip-build"))
            #expect(Self.runs(jobs["ios-app"]).contains("xcodebuild build -project HomeExample.xcodeproj -scheme HomeExampleApp"))
            #expect(files.contains { $0.path == ".github/actions/install-mfe/action.yml" })
        }
        let foundation = FeatureSpecification(name: "Core", layer: .foundation, template: TemplateName.foundation, example: true, ownRepository: true)
        let files = try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: TemplateName.foundation), context: foundation.templateContext)
        let jobs = try #require(try Self.yaml(".github/workflows/ci.yml", in: files)["jobs"] as? Mapping)
        #expect(Set(jobs.keys) == ["build-and-test"], "a foundation package has no iOS app")
    }
}

import Foundation
import MFECore
import MFEWorkspace
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

    static func jobs(_ workflow: Mapping) -> Mapping {
        workflow["jobs"] as? Mapping ?? [:]
    }

    static func runs(_ job: Any?) -> String {
        steps(job).compactMap { $0["run"] as? String }.joined(separator: "\n")
    }

    /// What every generated workflow has: read-only contents, one run per ref, a time limit on
    /// every job, and mfe installed by the one delimited step.
    static func expectWellBehaved(_ workflow: Mapping, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect((workflow["permissions"] as? Mapping)?["contents"] as? String == "read", sourceLocation: sourceLocation)
        let concurrency = try #require(workflow["concurrency"] as? Mapping, sourceLocation: sourceLocation)
        #expect(concurrency["group"] as? String == "${{ github.workflow }}-${{ github.ref }}" && concurrency["cancel-in-progress"] as? Bool == true, sourceLocation: sourceLocation)
        let jobs = try #require(workflow["jobs"] as? Mapping, sourceLocation: sourceLocation)
        for (name, job) in jobs {
            #expect(((job as? Mapping)?["timeout-minutes"] as? Int ?? 0) > 0, "job '\(name)' has no timeout", sourceLocation: sourceLocation)
            for step in steps(job) where (step["uses"] as? String)?.hasSuffix("install-mfe") == true {
                #expect(step["name"] as? String == "Install mfe", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aWorkspaceInOneRepositoryLintsTestsWhatIsAffectedAndBuildsOnMacOS() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        let workflows = plan.files.map(\.path).filter { $0.contains(".github/") }
        #expect(workflows == [".github/actions/install-mfe/action.yml", ".github/workflows/ci.yml"], "nested .github folders never run")
        let workflow = try Self.yaml(".github/workflows/ci.yml", in: plan.files)
        try Self.expectWellBehaved(workflow)
        let env = try #require(workflow["env"] as? Mapping)
        #expect(env["MFE_VERSION"] as? String == GeneratedCI.mfeVersion)
        #expect(env["MFE_SHA256"] as? String == GeneratedCI.mfeSHA256, "the bundle's checksum is pinned in the workflow")
        #expect(Self.steps(Self.jobs(workflow)["lint-graph"]).contains { ($0["with"] as? Mapping)?["sha256"] as? String == "${{ env.MFE_SHA256 }}" })
        #expect((env["MFE_REPOSITORY"] as? String)?.isEmpty == false)
        let jobs = try #require(workflow["jobs"] as? Mapping)
        #expect(Set(jobs.keys) == ["lint-graph", "affected", "test", "macos"])

        let lint = jobs["lint-graph"] as? Mapping
        #expect((lint?["runs-on"] as? String)?.hasPrefix("ubuntu") == true)
        #expect(Self.steps(lint).contains { $0["uses"] as? String == "./.github/actions/install-mfe" })
        #expect(Self.runs(lint).contains("mfe lint-graph --imports --format github"))

        let affected = jobs["affected"] as? Mapping
        #expect(Self.runs(affected).contains("mfe affected --base \"$base\" --format matrix"))
        #expect(Self.runs(affected).contains("mfe graph --format json | jq -c '{include: [.packages[] | {package: .name, path: .path, filter: \".\"}]}'"), "the first push has no HEAD~1")
        #expect((Self.steps(affected).first?["with"] as? Mapping)?["fetch-depth"] as? Int == 0)

        let test = try #require(jobs["test"] as? Mapping)
        #expect(test["needs"] as? String == "affected")
        #expect((test["strategy"] as? Mapping)?["matrix"] as? String == "${{ fromJSON(needs.affected.outputs.matrix) }}")
        #expect(Self.runs(test).contains("swift test --skip-build --package-path \"${{ matrix.path }}\" --filter \"${{ matrix.filter }}\""))

        #expect(test["container"] as? String == GeneratedCI.swiftImage, "the Linux toolchain is pinned")
        let cache = try #require(Self.steps(test).first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true })
        #expect((cache["with"] as? Mapping)?["path"] as? String == "${{ matrix.path }}/.build", "SwiftPM's build is cached per package")

        let macos = try #require(jobs["macos"] as? Mapping)
        #expect(macos["runs-on"] as? String == GeneratedCI.macOSRunner)
        #expect((macos["env"] as? Mapping)?["DEVELOPER_DIR"] as? String == "/Applications/Xcode_\(GeneratedCI.xcodeVersion).app/Contents/Developer", "Xcode is pinned")
        let script = Self.runs(macos)
        #expect(script.contains("swift test --skip-build --package-path \"$package\""))
        #expect(script.contains("for project in \"$package\"/*/*.xcodeproj; do"))
        #expect(script.contains("xcodebuild test -project \"$project\""), "the app tests run, not only build")
        #expect(script.contains("-destination '\(GeneratedCI.simulatorDestination)'"))
        #expect(GeneratedCI.simulatorDestination.hasPrefix("platform=iOS Simulator,name="))
        #expect(plan.files.contains { $0.path == "Shell/Demo/Demo.xcodeproj/xcshareddata/xcschemes/Demo.xcscheme" }, "where the glob finds it")
        #expect(!plan.files.contains { $0.path.contains("checkout-packages") })
    }

    @Test func feedMesPackagesAreRepositoriesSideBySideNeverGitlinks() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let folders = ["Foundation/Env", "Features/Browse", "Features/RestaurantOrder", "Features/About"]
        #expect(plan.releases.map(\.folder) == folders, "each its own repository")
        let ignored = try XcodeAppProjectTests.contents(".gitignore", in: plan.files).split(separator: "\n").map(String.init)
        for folder in folders {
            #expect(ignored.contains("/\(folder)/"), "'\(folder)' would be recorded as a gitlink")
        }
        let checkout = try Self.yaml(".github/actions/checkout-packages/action.yml", in: plan.files)
        let steps = try #require((checkout["runs"] as? Mapping)?["steps"] as? [Mapping])
        #expect(steps.map { ($0["with"] as? Mapping)?["path"] as? String } == folders)
        #expect(steps.allSatisfy { $0["uses"] as? String == "actions/checkout@\(GeneratedCI.checkout.commit)" && ($0["with"] as? Mapping)?["fetch-depth"] as? Int == 0 })
        #expect(steps.map { ($0["with"] as? Mapping)?["repository"] as? String } == folders.map { "${{ github.repository_owner }}/" + ($0.split(separator: "/").last ?? "") })

        let workflow = try Self.yaml(".github/workflows/ci.yml", in: plan.files)
        try Self.expectWellBehaved(workflow)
        let jobs = try #require(workflow["jobs"] as? Mapping)
        #expect(Set(jobs.keys) == ["lint-graph", "test", "macos"], "changes in the packages' own repositories are not in this one's history")
        for name in ["lint-graph", "test", "macos"] {
            let uses = Self.steps(jobs[name]).compactMap { $0["uses"] as? String }
            #expect(uses.prefix(2) == ["actions/checkout@\(GeneratedCI.checkout.commit)", "./.github/actions/checkout-packages"], "\(name) checks the packages out first")
        }
        let include = try #require(((jobs["test"] as? Mapping)?["strategy"] as? Mapping)?["matrix"] as? Mapping)["include"] as? [Mapping]
        #expect(include?.compactMap { $0["path"] as? String } == folders + ["Shell"])
        let macos = try #require(jobs["macos"] as? Mapping)
        #expect((macos["steps"] as? [Mapping])?.last.flatMap { ($0["env"] as? Mapping)?["PACKAGES"] as? String } == (folders + ["Shell"]).joined(separator: " "))
        for project in ["Shell/FeedMe/FeedMe", "Features/Browse/BrowseExample/BrowseExample", "Features/About/AboutExample/AboutExample"] {
            #expect(plan.files.contains { $0.path == project + ".xcodeproj/project.pbxproj" }, "the macOS job's glob finds \(project)")
        }
    }

    @Test func installingMfeDownloadsThePinnedReleaseBundleCheckedAndCached() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        let action = try Self.yaml(".github/actions/install-mfe/action.yml", in: plan.files)
        let runs = try #require(action["runs"] as? Mapping)
        #expect(runs["using"] as? String == "composite")
        let steps = try #require(runs["steps"] as? [Mapping])
        let cache = try #require(steps.first { $0["uses"] as? String == "actions/cache@\(GeneratedCI.cache.commit)" })
        #expect((cache["with"] as? Mapping)?["key"] as? String == "mfe-bundle-${{ runner.os }}-${{ runner.arch }}-${{ inputs.version }}-${{ inputs.sha256 }}")
        let script = steps.compactMap { $0["run"] as? String }.joined()
        #expect(script.contains("if [ -z \"$MFE_VERSION\" ] || [ -z \"$MFE_REPOSITORY\" ]; then"))
        #expect(script.contains("url=\"${MFE_REPOSITORY%/}/releases/download/$MFE_VERSION\""))
        #expect(script.contains("echo \"$MFE_SHA256  mfe.artifactbundle.zip\" > expected.sha256"), "the pinned checksum, not the release's own")
        #expect(script.contains("::warning::MFE_SHA256 is not pinned"), "unpinned, it says so")
        #expect(script.contains("check=(sha256sum -c expected.sha256)"))
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
            try Self.expectWellBehaved(workflow)
            #expect(Set(jobs.keys) == ["build-and-test", "lint-graph", "macos"])
            #expect(Self.runs(jobs["build-and-test"]).contains("swift test --skip-build"))
            #expect((jobs["build-and-test"] as? Mapping)?["container"] as? String == GeneratedCI.swiftImage)
            #expect(Self.runs(jobs["lint-graph"]).contains("mfe lint-graph --imports --format github ."))
            #expect(Self.runs(jobs["macos"]).contains("swift test --skip-build"))
            #expect(Self.runs(jobs["macos"]).contains("xcodebuild test -project HomeExample/HomeExample.xcodeproj -scheme HomeExampleApp"))
            #expect(files.contains { $0.path == ".github/actions/install-mfe/action.yml" })
        }
        let foundation = FeatureSpecification(name: "Core", layer: .foundation, template: TemplateName.foundation, example: true, ownRepository: true)
        let files = try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: TemplateName.foundation), context: foundation.templateContext)
        let jobs = try #require(try Self.yaml(".github/workflows/ci.yml", in: files)["jobs"] as? Mapping)
        #expect(Set(jobs.keys) == ["build-and-test", "lint-graph", "macos"])
        #expect(!Self.runs(jobs["macos"]).contains("xcodebuild"), "a foundation package has no iOS app")
    }

    /// Every file of generated CI, for every kind of package and workspace.
    static func ciFiles() throws -> [PlannedFile] {
        var files: [PlannedFile] = []
        for request in [InitRequest(name: "Demo"), InitRequest(name: "FeedMe", example: "feedme")] {
            files += try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(request).files
        }
        for (name, template, layer, web) in [("Home", TemplateName.feature, Layer.product, false), ("About", TemplateName.web, .product, true), ("Core", TemplateName.foundation, .foundation, false)] {
            let specification = FeatureSpecification(
                name: name, layer: layer, template: template, example: true, webURL: web ? "https://example.com/about" : nil, ownRepository: true)
            files += try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: template), context: specification.templateContext, prefix: name)
        }
        return files.filter { $0.path.contains(".github/") }
    }

    @Test func everyActionIsPinnedToTheCommitOfAReleaseTag() throws {
        let files = try Self.ciFiles()
        #expect(files.count == 11)
        let pinned = try Regex(#"^\s*(- )?uses: [\w.-]+/[\w.-]+@[0-9a-f]{40}  # v\d+\.\d+\.\d+$"#)
        var external = 0
        for file in files {
            for line in file.contents.split(separator: "\n") where line.contains("uses:") && !line.contains("uses: ./") {
                external += 1
                #expect(line.wholeMatch(of: pinned) != nil, "\(file.path): \(line)")
            }
        }
        #expect(external > 20)
        for action in [GeneratedCI.checkout, GeneratedCI.cache] {
            #expect(action.commit.count == 40 && action.commit.allSatisfy(\.isHexDigit))
        }
    }

    @Test func theBundlesChecksumIsTheOneThisMfeKnowsForItsVersion() {
        #expect(GeneratedCI.mfeSHA256 == (GeneratedCI.bundleChecksums[GeneratedCI.mfeVersion] ?? ""))
        for (version, checksum) in GeneratedCI.bundleChecksums {
            #expect(checksum.count == 64 && checksum.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(version): \(checksum)")
        }
    }
}

import Foundation
import MFEKit
import MFETestSupport
import Testing

/// The release bundle `.github/bundle.sh` packs, installed as a fresh machine and generated CI
/// install it: checked against its checksum, the binary for this triple picked from
/// `info.json`, needing no Swift runtime beside it, and running the Feed Me quick start. The
/// bundle takes a release build, so this runs where one was made: `.ci/run` packs it and sets
/// `MFE_BUNDLE` to the zip.
@Suite("release bundle", .enabled(if: ProcessInfo.processInfo.environment["MFE_BUNDLE"]?.isEmpty == false))
struct ReleaseBundleTests {
    static var bundle: String { PathUtilities.absolute(ProcessInfo.processInfo.environment["MFE_BUNDLE"] ?? "", relativeTo: FileManager.default.currentDirectoryPath) }

    static func run(_ command: String, in directory: String? = nil, environment: [String: String?] = [:]) async throws -> ProcessResult {
        try await SubprocessRunner().run("/bin/bash", ["-c", command], workingDirectory: directory, environment: environment, timeLimit: .seconds(600))
    }

    @Test(.hangGuard()) func aFreshMachineInstallsItAsGeneratedCIDoesAndRunsTheQuickStart() async throws {
        let machine = try TemporaryDirectory()
        // The release's download folder, served by file:// as GitHub serves a release's assets.
        let release = PathUtilities.join(machine.path, "releases/download/\(MFEKitVersion.current)")
        try FileManager.default.createDirectory(atPath: release, withIntermediateDirectories: true)
        for file in [Self.bundle, Self.bundle + ".sha256"] {
            try FileManager.default.copyItem(atPath: file, toPath: PathUtilities.join(release, (file as NSString).lastPathComponent))
        }
        // The install step of the workflow `mfe init` writes, run as the runner runs it.
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: machine.path).plan(InitRequest(name: "Demo"))
        let action = try #require(plan.files.first { $0.path == ".github/actions/install-mfe/action.yml" }?.contents)
        let download = try #require(action.components(separatedBy: "    - name: Download mfe\n").last?.components(separatedBy: "    - name: Put mfe on the PATH").first)
        let script = download.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.contains("run: |") }.dropFirst()
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
        let home = PathUtilities.join(machine.path, "home")
        let runner = PathUtilities.join(machine.path, "runner")
        try FileManager.default.createDirectory(atPath: runner, withIntermediateDirectories: true)
        let started = ContinuousClock.now
        // The action always sets MFE_SHA256 (the workflow's pin, empty when unpinned): pinned
        // here to the checksum the release publishes beside the bundle.
        let pinned = try String(contentsOfFile: Self.bundle + ".sha256", encoding: .utf8).split(separator: " ").first.map(String.init) ?? ""
        let installed = try await Self.run(
            script,
            environment: ["HOME": home, "RUNNER_TEMP": runner, "MFE_VERSION": MFEKitVersion.current, "MFE_REPOSITORY": "file://" + machine.path, "MFE_SHA256": pinned])
        let installTime = ContinuousClock.now - started
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardOutput.contains("mfe.artifactbundle.zip: OK"), "the checksum is checked")
        let mfe = PathUtilities.join(home, ".mfe/\(MFEKitVersion.current)/mfe")
        #expect(FileManager.default.isExecutableFile(atPath: mfe))
        // Installing is fetching, checking and unpacking, never building: it takes a small
        // multiple of unpacking and checking the bundle by hand on the same machine now.
        let scratch = PathUtilities.join(machine.path, "by-hand")
        let byHandStarted = ContinuousClock.now
        let byHand = try await Self.run("mkdir -p '\(scratch)' && sha256sum '\(Self.bundle)' >/dev/null && unzip -q -o '\(Self.bundle)' -d '\(scratch)'")
        let byHandTime = ContinuousClock.now - byHandStarted
        #expect(byHand.status == 0, "\(byHand.standardError)")
        #expect(installTime < byHandTime * 20, "installed in \(installTime); unpacking and checking by hand took \(byHandTime)")

        // info.json: schema 1.0, one executable artifact, variants by triple.
        let info = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: PathUtilities.join(runner, "mfe-bundle/mfe.artifactbundle/info.json")))) as? [String: Any]
        #expect(info?["schemaVersion"] as? String == "1.0")
        let artifact = (info?["artifacts"] as? [String: Any])?["mfe"] as? [String: Any]
        #expect(artifact?["type"] as? String == "executable")
        #expect(artifact?["version"] as? String == MFEKitVersion.current)
        let triples = (artifact?["variants"] as? [[String: Any]])?.flatMap { $0["supportedTriples"] as? [String] ?? [] } ?? []
        #expect(triples.contains { $0.hasSuffix("-unknown-linux-gnu") })

        // No Swift runtime beside it: only the C library and the system's own libraries.
        let ldd = try await Self.run("ldd '\(mfe)'")
        #expect(ldd.status == 0)
        #expect(!ldd.standardOutput.lowercased().contains("swift") && !ldd.standardOutput.contains("not found"), "\(ldd.standardOutput)")

        // The quick start, with the installed binary only.
        let quickStart = try await Self.run(
            "set -e; '\(mfe)' --version; '\(mfe)' init FeedMe --example feedme --path .; cd FeedMe; '\(mfe)' lint-graph; '\(mfe)' compose-shell; '\(mfe)' compose-shell --check",
            in: machine.path, environment: ["NO_COLOR": "1", "HOME": home])
        #expect(quickStart.status == 0, "\(quickStart.standardError)")
        #expect(quickStart.standardOutput.hasPrefix(MFEKitVersion.current + " (commit "))
        #expect(quickStart.standardOutput.contains("0 errors, 0 warnings, 0 notices in 5 packages"))
        #expect(quickStart.standardOutput.contains("wrote Shell/Package.resolved (4 pins)"))
    }
}

/// The SwiftPM command plugins, driven by the real `swift package` in a package that depends
/// on mfe: the verbs run mfe on that package's folder, pass its exit status on, and only
/// compose-shell asks for write permission. Builds mfe from source in its own scratch folder
/// (kept under `.build/`, so later runs are incremental); `MFE_SKIP_INTEGRATION=1` skips it.
@Suite(
    "command plugins",
    .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil && FileManager.default.fileExists(atPath: MFEBinaryTests.packageRoot + "/Package.swift")))
struct CommandPluginIntegrationTests {
    static let scratch = PathUtilities.join(MFEBinaryTests.packageRoot, ".build/plugin-integration")

    static func swiftPackage(_ arguments: [String], in package: String) async throws -> ProcessResult {
        try await SubprocessRunner().run(
            "swift", ["package", "--package-path", package, "--scratch-path", scratch, "--disable-sandbox"] + arguments, workingDirectory: package,
            environment: ["NO_COLOR": "1"], timeLimit: .seconds(1_800))
    }

    @Test(.timeLimit(.minutes(30))) func lintGraphAffectedAndComposeShellRunMfeOnThePackagesFolder() async throws {
        let package = try TemporaryDirectory()
        try package.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Search",
                dependencies: [.package(path: "\(MFEBinaryTests.packageRoot)")],
                targets: [
                    .target(name: "SearchInterface"),
                    .target(name: "Search", dependencies: ["SearchInterface", "SearchTesting"]),
                    .target(name: "SearchTesting", dependencies: ["SearchInterface"]),
                ]
            )

            """, to: "Package.swift")
        try package.write("feature: Search\nlayer: product\n", to: "mfe.yml")
        for target in ["Search", "SearchInterface", "SearchTesting"] {
            try package.write("public enum \(target)Marker {}\n", to: "Sources/\(target)/\(target).swift")
        }

        let lint = try await Self.swiftPackage(["lint-graph"], in: package.path)
        #expect(lint.status != 0, "the finding fails the command")
        #expect(lint.standardOutput.contains("Package.swift:9:67: error: Search depends on SearchTesting, a testing target"), "\(lint.standardOutput)\n\(lint.standardError)")
        #expect(lint.standardOutput.contains("[production-to-testing]"))

        let refused = try await Self.swiftPackage(["lint-graph", "--write-baseline", "mfe-baseline.json"], in: package.path)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("'--write-baseline' writes the baseline, and this plugin has no write permission"), "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: PathUtilities.join(package.path, "mfe-baseline.json")))

        let git = "git -c user.name=t -c user.email=t@t -c commit.gpgsign=false"
        let committed = try await SubprocessRunner().run(
            "/bin/bash", ["-c", "git init -q && \(git) add -A && \(git) commit -qm one && echo '// more' >> Sources/SearchInterface/SearchInterface.swift"],
            workingDirectory: package.path, environment: [:])
        #expect(committed.status == 0, "\(committed.standardError)")
        let affected = try await Self.swiftPackage(["affected", "--base", "HEAD", "--format", "json"], in: package.path)
        #expect(affected.status == 0, "\(affected.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(affected.standardOutput.utf8)) as? [String: Any]
        #expect(json?["changed"] as? [String] == ["Search"], "\(affected.standardOutput)")
        #expect(json?["targets"] as? [String] == ["Search", "SearchInterface", "SearchTesting"])

        // compose-shell writes Package.resolved: without the permission SwiftPM refuses to run it.
        let unpermitted = try await Self.swiftPackage(["compose-shell", "--check"], in: package.path)
        #expect(unpermitted.status != 0)
        #expect(unpermitted.standardError.contains("Plugin ‘ComposeShellPlugin’ wants permission to write to the package directory"), "\(unpermitted.standardError)")
    }
}

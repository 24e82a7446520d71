import Foundation
import MFEKit
import MFETestSupport
import Testing

/// The plugins package `.github/bundle.sh` writes beside the release bundle, used by the real
/// `swift build` and `swift package` in a package that depends on it: its plugins run the
/// bundle's mfe (here a bundle packed from the mfe under test, the debug build in a plain
/// `swift test`), so nothing of mfe compiles. The build-tool plugin prints lint-graph's findings
/// as diagnostics with absolute paths, fails the build on an error finding, and reruns only
/// when one of its inputs changes. `MFE_SKIP_INTEGRATION=1` skips it.
@Suite(
    "plugins on the binary",
    .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil && FileManager.default.fileExists(atPath: MFEBinaryTests.packageRoot + "/.github/bundle.sh")))
struct BinaryPluginsIntegrationTests {
    static func run(_ executable: String, _ arguments: [String], in directory: String? = nil, environment: [String: String?] = [:]) async throws -> ProcessResult {
        try await SubprocessRunner().run(executable, arguments, workingDirectory: directory, environment: environment.merging(["NO_COLOR": "1"]) { $1 }, timeLimit: .seconds(900))
    }

    /// The one file of `name` under `folder`, searched recursively.
    static func find(_ name: String, under folder: String) -> String? {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            if (relative as NSString).lastPathComponent == name { return PathUtilities.join(folder, relative) }
        }
        return nil
    }

    static func modified(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    static func manifest(testingDependency: Bool, plugin: String) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Search",
            dependencies: [.package(path: "../bundle/mfe-plugins")],
            targets: [
                .target(name: "SearchInterface"),
                .target(name: "Search", dependencies: ["SearchInterface"\(testingDependency ? ", \"SearchTesting\"" : "")], plugins: [.plugin(name: "\(plugin)", package: "mfe-plugins")]),
                .target(name: "SearchTesting", dependencies: ["SearchInterface"]),
            ]
        )

        """
    }

    @Test(.timeLimit(.minutes(30))) func buildToolPluginReportsFindingsAsDiagnosticsAndFailsTheBuild() async throws {
        let work = try TemporaryDirectory()
        let bundle = PathUtilities.join(work.path, "bundle")
        let script = PathUtilities.join(MFEBinaryTests.packageRoot, ".github/bundle.sh")

        // The release's plugins package: the zip's URL and checksum in a binaryTarget.
        let released = try await Self.run(
            "/bin/bash", [script, bundle], in: MFEBinaryTests.packageRoot, environment: ["MFE_BINARY": MFEBinary.path, "MFE_RELEASE_URL": "https://example.com/mfe/releases/download"])
        try #require(released.status == 0, "\(released.standardError)")
        let checksum = try String(contentsOfFile: PathUtilities.join(bundle, "mfe.artifactbundle.zip.sha256"), encoding: .utf8).prefix(64)
        let releasedManifest = try String(contentsOfFile: PathUtilities.join(bundle, "mfe-plugins/Package.swift"), encoding: .utf8)
        #expect(
            releasedManifest.contains(
                ".binaryTarget(name: \"mfe\", url: \"https://example.com/mfe/releases/download/\(MFEKitVersion.current)/mfe.artifactbundle.zip\", checksum: \"\(checksum)\")"),
            "\(releasedManifest)")
        #expect(FileManager.default.fileExists(atPath: PathUtilities.join(bundle, "mfe-plugins.zip")))

        // The plugins declare what mfe's own plugins declare: verbs, descriptions, permissions
        // (mfe's manifest read by mfe: `swift package` would wait for the lock of the build
        // folder this test runs from).
        let ours = try await MFEBinary.run(["dump-package", MFEBinaryTests.packageRoot])
        let theirs = try await Self.run("swift", ["package", "--package-path", PathUtilities.join(bundle, "mfe-plugins"), "dump-package"])
        try #require(ours.status == 0 && theirs.status == 0, "\(ours.standardError)\(theirs.standardError)")
        func capabilities(_ dump: String) throws -> [String: String] {
            let json = try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any]
            var capabilities: [String: String] = [:]
            for target in json?["targets"] as? [[String: Any]] ?? [] where target["type"] as? String == "plugin" {
                let capability = try JSONSerialization.data(withJSONObject: target["pluginCapability"] ?? NSNull(), options: [.sortedKeys])
                capabilities[target["name"] as? String ?? ""] = String(decoding: capability, as: UTF8.self)
            }
            return capabilities
        }
        let shipped = try capabilities(theirs.standardOutput)
        #expect(shipped.keys.sorted() == ["AffectedPlugin", "ComposeShellPlugin", "LintGraphBuildToolPlugin", "LintGraphImportsBuildToolPlugin", "LintGraphPlugin"])
        // mfe's own package has the same command plugins (which build mfe when they run); the
        // lint-graph build-tool plugins ship on the binary only (its own build-tool plugins
        // embed the templates and the commit).
        let own = try capabilities(ours.standardOutput).filter { !$0.key.hasPrefix("Embed") }
        #expect(own.keys.sorted() == ["AffectedPlugin", "ComposeShellPlugin", "LintGraphPlugin"])
        #expect(shipped.filter { own[$0.key] != nil } == own)

        // The same package on the local bundle (binaryTarget(path:)), used by a package whose
        // Search target applies the build-tool plugin and depends on a testing target.
        let local = try await Self.run("/bin/bash", [script, "--pack-only", bundle], in: MFEBinaryTests.packageRoot, environment: ["MFE_PLUGINS_LOCAL": "1"])
        try #require(local.status == 0, "\(local.standardError)")
        let package = PathUtilities.join(work.path, "Search")
        try work.write(Self.manifest(testingDependency: true, plugin: "LintGraphBuildToolPlugin"), to: "Search/Package.swift")
        try work.write("feature: Search\nlayer: product\n", to: "Search/mfe.yml")
        for target in ["Search", "SearchInterface", "SearchTesting"] {
            try work.write("public enum \(target)Marker {}\n", to: "Search/Sources/\(target)/\(target).swift")
        }
        let scratch = PathUtilities.join(work.path, "scratch")
        let build = { try await Self.run("swift", ["build", "--package-path", package, "--scratch-path", scratch]) }

        let failed = try await build()
        let output = failed.standardOutput + failed.standardError
        #expect(failed.status != 0, "an error finding fails the build: \(output)")
        let diagnostic = "/Package.swift:9:\(Self.column): error: Search depends on SearchTesting, a testing target"
        let line = output.split(separator: "\n").first { $0.contains(diagnostic) }
        #expect(line != nil, "\(output)")
        #expect(line?.hasPrefix("/") == true && line?.contains("[production-to-testing]") == true, "an absolute path, as Xcode links it: \(line ?? "")")

        // Fixed, it builds; built again with nothing changed, the check does not rerun.
        try work.write(Self.manifest(testingDependency: false, plugin: "LintGraphBuildToolPlugin"), to: "Search/Package.swift")
        let fixed = try await build()
        #expect(fixed.status == 0, "\(fixed.standardOutput)\(fixed.standardError)")
        let stamp = try #require(Self.find("mfe-lint-graph-Search.swift", under: scratch), "the check's output is compiled into the target")
        let first = try Self.modified(stamp)
        try await Task.sleep(for: .seconds(1.1))
        let again = try await build()
        #expect(again.status == 0)
        #expect(try Self.modified(stamp) == first, "no input changed, so the check did not run")
        // mfe.yml is an input: changing it runs the check again.
        try work.write("feature: Search\nlayer: product\nowner: '@search-team'\n", to: "Search/mfe.yml")
        let changed = try await build()
        #expect(changed.status == 0, "\(changed.standardOutput)\(changed.standardError)")
        #expect(try Self.modified(stamp) > first, "mfe.yml changed, so the check ran")

        // The command plugin on the same binary: `swift package lint-graph` runs it too.
        try work.write(Self.manifest(testingDependency: true, plugin: "LintGraphBuildToolPlugin"), to: "Search/Package.swift")
        let lint = try await Self.run("swift", ["package", "--package-path", package, "--scratch-path", scratch, "lint-graph"])
        #expect(lint.status != 0, "the finding fails the command")
        #expect(lint.standardOutput.contains("Package.swift:9:\(Self.column): error: Search depends on SearchTesting"), "\(lint.standardOutput)\(lint.standardError)")
    }

    /// The column of `"SearchTesting"` in the manifest's Search line.
    static let column: Int = {
        let line = manifest(testingDependency: true, plugin: "LintGraphBuildToolPlugin").split(separator: "\n", omittingEmptySubsequences: false)[8]
        return line.distance(from: line.startIndex, to: line.range(of: "\"SearchTesting\"")!.lowerBound) + 1
    }()
}

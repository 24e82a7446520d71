import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// Manifest code runs only when the person running mfe asks on the command line: `loader:` in
/// `mfe.yml` comes with the workspace — with an untrusted pull request, too. In process; SwiftPM
/// runs for real.
@Suite("manifest code runs only when the command line asks, in process")
struct LoaderSafetyServiceTests {
    /// A workspace whose one manifest, when run, creates `MARKER` beside the workspace's
    /// `mfe.yml`, and whose `mfe.yml` asks for `loader`.
    static func workspace(loader: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("workspace: W\nloader: \(loader)\nlayers:\n  product: [A]\n", to: "mfe.yml")
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            import Foundation

            let marker = FileManager.default.createFile(atPath: Context.packageDirectory + "/../MARKER", contents: nil)
            let package = Package(name: "A", products: [.library(name: "A", targets: ["A"])], targets: [.target(name: "A"), .target(name: "AInterface")])

            """, to: "A/Package.swift")
        try directory.write("public let a = 1\n", to: "A/Sources/A/A.swift")
        try directory.write("public let b = 1\n", to: "A/Sources/AInterface/AInterface.swift")
        return directory
    }

    static func ranManifestCode(in directory: TemporaryDirectory) -> Bool {
        FileManager.default.fileExists(atPath: PathUtilities.join(directory.path, "MARKER"))
    }

    @Test(.hangGuard(processes: 4), arguments: ["swiftpm", "auto"])
    func loaderInMfeYmlAloneRunsNoCode(loader: String) async throws {
        let directory = try Self.workspace(loader: loader)
        let note =
            "mfe.yml:2: 'loader: \(loader)' was not applied: it runs manifest code, which mfe does only when asked on the command line; manifests were read statically. Pass '--loader \(loader)' (or set MFE_LOADER=\(loader) in CI) where the workspace is trusted"
        let lint = await InProcessMFE(in: directory.path).lintGraph(.init(format: .json))
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(lint.standardOutput.contains("\"notes\" : [\n    \"\(note)\"") || lint.standardOutput.contains("\"notes\": [\n    \"\(note)\""), "\(lint.standardOutput)")
        let text = await InProcessMFE(in: directory.path).lintGraph(.init())
        #expect(text.standardOutput.contains("note: \(note)\n"), "\(text.standardOutput)")
        let graph = await InProcessMFE(in: directory.path).graph(.init(format: .json))
        #expect(graph.status == 0)
        #expect(graph.standardError == "note: \(note)\n")
        let dump = await InProcessMFE(in: directory.path).dumpPackage(.init(path: "A"))
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(!Self.ranManifestCode(in: directory))
    }

    /// The opt-ins do run it: the test above could fail.
    @Test(.hangGuard(processes: 4))
    func theCommandLineOptInsRunIt() async throws {
        let flagged = try Self.workspace(loader: "static")
        let lint = await InProcessMFE(in: flagged.path).lintGraph(.init(loader: .swiftpm))
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(Self.ranManifestCode(in: flagged))
        let fromEnvironment = try Self.workspace(loader: "static")
        let viaEnvironment = await InProcessMFE(in: fromEnvironment.path, variables: ["MFE_LOADER": "swiftpm"]).lintGraph(.init())
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.standardError)")
        #expect(Self.ranManifestCode(in: fromEnvironment))
    }

    @Test func anUnknownMFELoaderIsExitTwo() async throws {
        let directory = try Self.workspace(loader: "static")
        let result = await InProcessMFE(in: directory.path, variables: ["MFE_LOADER": "dynamic"]).lintGraph(.init())
        #expect(result.status == 2)
        #expect(result.standardError == "error: MFE_LOADER='dynamic' is not a manifest loader; set it to 'static', 'swiftpm' or 'auto', or unset it\n")
        #expect(!Self.ranManifestCode(in: directory))
    }

    /// `init --adopt` without `--loader` reads statically and lists what needs the opt-in.
    @Test(.hangGuard(processes: 2))
    func adoptReadsStaticallyUnlessAsked() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            // swift-tools-version: 6.0
            import PackageDescription
            import Foundation

            let marker = FileManager.default.createFile(atPath: Context.packageDirectory + "/MARKER", contents: nil)
            var targets: [Target] = [.target(name: "A")]
            if ProcessInfo.processInfo.arguments.count > 99 { targets.append(.target(name: "B")) }
            let package = Package(name: "A", targets: targets)

            """, to: "A/Package.swift")
        try directory.write("public let a = 1\n", to: "A/Sources/A/A.swift")
        let adopted = await InProcessMFE(in: directory.path).initialize(.init(adopt: true, dryRun: true))
        #expect(!FileManager.default.fileExists(atPath: PathUtilities.join(directory.path, "A/MARKER")))
        #expect((adopted.standardOutput + adopted.standardError).contains("--loader auto"), "\(adopted.standardOutput)\n\(adopted.standardError)")
    }
}

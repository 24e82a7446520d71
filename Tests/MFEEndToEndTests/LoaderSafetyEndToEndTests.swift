import Foundation
import MFEKit
import MFETestSupport
import Testing

/// Manifest code runs only when the person running mfe asks on the command line: `loader:` in
/// `mfe.yml` comes with the workspace — with an untrusted pull request, too.
@Suite("manifest code runs only when the command line asks")
struct LoaderSafetyEndToEndTests {
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

    @Test(.timeLimit(.minutes(20)), arguments: ["swiftpm", "auto"])
    func loaderInMfeYmlAloneRunsNoCode(loader: String) async throws {
        let directory = try Self.workspace(loader: loader)
        let note =
            "mfe.yml:2: 'loader: \(loader)' was not applied: it runs manifest code, which mfe does only when asked on the command line; manifests were read statically. Pass '--loader \(loader)' (or set MFE_LOADER=\(loader) in CI) where the workspace is trusted"
        let lint = try await MFEBinary.run(["lint-graph", "--format", "json"], in: directory.path, environment: ["MFE_LOADER": nil])
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(lint.standardOutput.contains("\"notes\" : [\n    \"\(note)\"") || lint.standardOutput.contains("\"notes\": [\n    \"\(note)\""), "\(lint.standardOutput)")
        let text = try await MFEBinary.run(["lint-graph"], in: directory.path, environment: ["MFE_LOADER": nil])
        #expect(text.standardOutput.contains("note: \(note)\n"), "\(text.standardOutput)")
        let graph = try await MFEBinary.run(["graph", "--format", "json"], in: directory.path, environment: ["MFE_LOADER": nil])
        #expect(graph.status == 0)
        #expect(graph.standardError == "note: \(note)\n")
        let dump = try await MFEBinary.run(["dump-package", "A"], in: directory.path, environment: ["MFE_LOADER": nil])
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(!Self.ranManifestCode(in: directory))
    }

    /// The opt-ins do run it: the test above could fail.
    @Test(.timeLimit(.minutes(20)))
    func theCommandLineOptInsRunIt() async throws {
        let flagged = try Self.workspace(loader: "static")
        let lint = try await MFEBinary.run(["lint-graph", "--loader", "swiftpm"], in: flagged.path)
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(Self.ranManifestCode(in: flagged))
        let fromEnvironment = try Self.workspace(loader: "static")
        let viaEnvironment = try await MFEBinary.run(["lint-graph"], in: fromEnvironment.path, environment: ["MFE_LOADER": "swiftpm"])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment.standardError)")
        #expect(Self.ranManifestCode(in: fromEnvironment))
    }

    @Test func anUnknownMFELoaderIsExitTwo() async throws {
        let directory = try Self.workspace(loader: "static")
        let result = try await MFEBinary.run(["lint-graph"], in: directory.path, environment: ["MFE_LOADER": "dynamic"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: MFE_LOADER='dynamic' is not a manifest loader; set it to 'static', 'swiftpm' or 'auto', or unset it\n")
        #expect(!Self.ranManifestCode(in: directory))
    }

    /// `init --adopt` without `--loader` reads statically and lists what needs the opt-in.
    @Test(.timeLimit(.minutes(20)))
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
        let adopted = try await MFEBinary.run(["init", "--adopt", "--dry-run"], in: directory.path, environment: ["MFE_LOADER": nil])
        #expect(!FileManager.default.fileExists(atPath: PathUtilities.join(directory.path, "A/MARKER")))
        #expect((adopted.standardOutput + adopted.standardError).contains("--loader auto"), "\(adopted.standardOutput)\n\(adopted.standardError)")
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest
@testable import MFEWorkspace

/// Refuses every manifest at line `line`, after a delay that makes later packages finish
/// first, so a report built in completion order would come out reversed.
struct SlowRefusingLoader: ManifestLoading {
    func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        let name = URL(fileURLWithPath: packageDirectory).lastPathComponent
        let delay = UInt64(max(0, 5 - Int(name.unicodeScalars.first!.value - 65))) * 20_000_000
        try await Task.sleep(nanoseconds: delay)
        throw ManifestRefusal("the function call 'f\(name)()'", at: SourceLocation(file: packageDirectory + "/Package.swift", line: 3, column: 1))
    }
}

/// Records which loader the workspace asked for.
struct KindReportingLoader: ManifestLoading {
    let kind: String
    func loadManifest(inPackageDirectory packageDirectory: String) async throws -> PackageManifest {
        PackageManifest(name: kind, toolsVersion: ToolsVersion(6, 0), manifestPath: packageDirectory + "/Package.swift")
    }
}

@Suite("workspace loading: every refusal, and the loader mfe.yml picks")
struct WorkspaceManifestLoadingTests {
    /// A manifest whose targets depend on the host name: no static reader can know it.
    static let refusing = """
        // swift-tools-version: 6.0
        import PackageDescription
        import Foundation
        let package = Package(name: NAME, targets: ProcessInfo.processInfo.hostName.isEmpty ? [] : [.target(name: "T")])
        """

    @Test func everyRefusalIsReportedSortedAndTheSameOnEveryRun() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        for name in ["A", "B", "C", "D"] {
            try directory.write("// swift-tools-version: 6.0\n", to: "\(name)/Package.swift")
        }
        var reports: [[ManifestRefusal]] = []
        for _ in 0..<2 {
            do {
                _ = try await WorkspaceLoader(manifestLoader: SlowRefusingLoader(), fileSystem: files).load(at: directory.path)
                Issue.record("expected the refusals to be reported")
            } catch let error as InputErrors {
                reports.append(error.errors.compactMap { $0 as? ManifestRefusal })
            }
        }
        #expect(reports.count == 2 && reports[0] == reports[1])
        #expect(
            reports.first
                == ["A", "B", "C", "D"].map {
                    ManifestRefusal("the function call 'f\($0)()'", at: SourceLocation(file: directory.path + "/\($0)/Package.swift", line: 3, column: 1))
                })
    }

    @Test func realRefusalsOfTheStaticReaderAreAllReported() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        for name in ["Zeta", "Alpha", "Mid"] {
            try directory.write(Self.refusing.replacingOccurrences(of: "NAME", with: "\"\(name)\""), to: "\(name)/Package.swift")
        }
        try directory.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Fine\")\n", to: "Fine/Package.swift")
        let first = await refusals(at: directory.path, fileSystem: files)
        let second = await refusals(at: directory.path, fileSystem: files)
        #expect(first == second)
        #expect(first.map(\.location.file) == ["Alpha", "Mid", "Zeta"].map { directory.path + "/\($0)/Package.swift" })
        #expect(first.allSatisfy { $0.location.line == 4 })
    }

    /// The refusals loading the workspace at `path` reports together, in their order.
    func refusals(at path: String, fileSystem: any FileSystem) async -> [ManifestRefusal] {
        do {
            _ = try await WorkspaceLoader(manifestLoader: ManifestReader(fileSystem: fileSystem, environment: [:]), fileSystem: fileSystem).load(at: path)
            return []
        } catch {
            return (error as? InputErrors)?.errors.compactMap { $0 as? ManifestRefusal } ?? []
        }
    }

    @Test func oneFailureKeepsItsOwnType() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        try directory.write("// swift-tools-version: 6.0\n", to: "A/Package.swift")
        await #expect(throws: ManifestRefusal.self) {
            try await WorkspaceLoader(manifestLoader: SlowRefusingLoader(), fileSystem: files).load(at: directory.path)
        }
    }

    /// `loader:` comes with the workspace — with an untrusted pull request too — so by itself
    /// it never makes mfe run manifest code: the static reader reads, and a note says how to
    /// opt in.
    @Test(arguments: ["static", "swiftpm", "auto"])
    func loaderInMfeYmlAloneNeverRunsManifestCode(value: String) throws {
        let configuration = try ConfigurationParser().parse("workspace: W\nloader: \(value)\n", file: "mfe.yml")
        guard case .workspace(let workspace) = configuration else {
            Issue.record("not a workspace")
            return
        }
        #expect(workspace.loader?.rawValue == value)
        #expect(workspace.loaderLocation?.line == 2)
        let loader = try ManifestLoaderKind.loader(flag: nil, environment: [:])
        #expect(loader.respecting(configuredLoader: workspace.loader) is ManifestReader)
        let note = loader.noteOnConfiguredLoader(workspace.loader, at: "mfe.yml:2")
        if value == "static" {
            #expect(note == nil)
        } else {
            #expect(
                note
                    == "mfe.yml:2: 'loader: \(value)' was not applied: it runs manifest code, which mfe does only when asked on the command line; manifests were read statically. Pass '--loader \(value)' (or set MFE_LOADER=\(value) in CI) where the workspace is trusted"
            )
        }
    }

    /// The command line chooses: `--loader`, else `MFE_LOADER`; either beats `loader:`.
    @Test(arguments: [("static", "ManifestReader"), ("swiftpm", "DumpPackageManifestLoader"), ("auto", "FallbackManifestLoader")])
    func theCommandLineChoosesTheLoader(value: String, type: String) throws {
        let kind = try #require(ManifestLoaderKind(rawValue: value))
        let flagged = try ManifestLoaderKind.loader(flag: kind, environment: ["MFE_LOADER": "static"]).respecting(configuredLoader: .static)
        #expect(String(describing: Swift.type(of: flagged)) == type)
        let fromEnvironment = try ManifestLoaderKind.loader(flag: nil, environment: ["MFE_LOADER": value]).respecting(configuredLoader: .static)
        #expect(String(describing: Swift.type(of: fromEnvironment)) == type)
        #expect(fromEnvironment.noteOnConfiguredLoader(.auto, at: "mfe.yml:2") == nil)
    }

    @Test func anUnknownMFELoaderIsAnInputError() {
        #expect(throws: ManifestError.unknownLoaderVariable(value: "dynamic")) {
            try ManifestLoaderKind.loader(flag: nil, environment: ["MFE_LOADER": "dynamic"])
        }
    }

    @Test func withoutLoaderInMfeYmlTheStaticReaderReads() throws {
        #expect(try ManifestLoaderKind.loader(flag: nil, environment: [:]).respecting(configuredLoader: nil) is ManifestReader)
    }

    @Test func anUnknownLoaderIsAnErrorWithItsLine() {
        #expect(throws: WorkspaceError.unknownLoader("dynamic", at: SourceLocation(file: "mfe.yml", line: 2, column: 9))) {
            try ConfigurationParser().parse("workspace: W\nloader: dynamic\n", file: "mfe.yml")
        }
    }
}

@Suite("manifest loaders: auto and bounded SwiftPM")
struct ManifestLoaderSelectionTests {
    /// Answers `dump-package` with a fixed manifest after a pause, counting how many run at once.
    final class CountingRunner: ProcessRunning, @unchecked Sendable {
        let lock = NSLock()
        var running = 0
        var most = 0
        var calls = 0

        func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?]) async throws -> ProcessResult {
            lock.withLock {
                running += 1
                calls += 1
                most = max(most, running)
            }
            try await Task.sleep(nanoseconds: 30_000_000)
            lock.withLock { running -= 1 }
            let directory = arguments.firstIndex(of: "--package-path").map { arguments[$0 + 1] } ?? ""
            let name = "SwiftPM" + URL(fileURLWithPath: directory).lastPathComponent
            return ProcessResult(status: 0, standardOutput: #"{"name": "\#(name)", "toolsVersion": {"_version": "6.0.0"}, "targets": [], "products": [], "dependencies": []}"#, standardError: "")
        }
    }

    @Test func swiftPMRunsAtMostTheBoundAtOnce() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        for index in 0..<8 { try directory.write("// swift-tools-version: 6.0\n", to: "P\(index)/Package.swift") }
        let runner = CountingRunner()
        let loader = ManifestLoaderKind.swiftpm.makeLoader(fileSystem: files, processRunner: runner, environment: [:])
        let workspace = try await WorkspaceLoader(manifestLoader: loader, fileSystem: files).load(at: directory.path)
        #expect(workspace.packages.count == 8)
        #expect(runner.calls == 8)
        #expect(runner.most <= DumpPackageManifestLoader.defaultConcurrency)
        #expect(DumpPackageManifestLoader.defaultConcurrency >= 2 && DumpPackageManifestLoader.defaultConcurrency <= 3)
    }

    @Test func autoHandsOnlyRefusedManifestsToSwiftPM() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        try directory.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Static\")\n", to: "Plain/Package.swift")
        try directory.write(WorkspaceManifestLoadingTests.refusing.replacingOccurrences(of: "NAME", with: "\"Dynamic\""), to: "Dynamic/Package.swift")
        let runner = CountingRunner()
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestLoaderKind.auto.makeLoader(fileSystem: files, processRunner: runner, environment: [:]), fileSystem: files).load(
            at: directory.path)
        #expect(workspace.packages.map(\.name) == ["SwiftPMDynamic", "Static"])
        #expect(runner.calls == 1)
    }

    @Test func autoReportsErrorsThatAreNotRefusalsAsTheyAre() async throws {
        let files = InMemoryFileSystem()
        let directory = try files.folder("/ws")
        try directory.write("// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Broken\"\n", to: "Broken/Package.swift")
        let runner = CountingRunner()
        let error = try await #require(throws: ManifestError.self) {
            try await WorkspaceLoader(manifestLoader: ManifestLoaderKind.auto.makeLoader(fileSystem: files, processRunner: runner, environment: [:]), fileSystem: files).load(at: directory.path)
        }
        guard case .syntaxError = error else {
            Issue.record("\(error)")
            return
        }
        #expect(runner.calls == 0)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// A process runner that starts nothing: it records what it was asked to run and fails it, as
/// a machine without git would.
private final class NoProcesses: ProcessRunning, @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [String] = []

    /// The executables asked for, in order.
    var executables: [String] { lock.withLock { asked } }

    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?]) async throws -> ProcessResult {
        lock.withLock { asked.append(executable) }
        throw PlainInputError("no processes in this test: \(executable)")
    }

    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?], timeLimit: Duration) async throws -> ProcessResult {
        try await run(executable, arguments, workingDirectory: workingDirectory, environment: environment)
    }
}

/// Every service that needs neither git nor SwiftPM runs in process on a file system in
/// memory, in a folder, environment and time the test chooses: `init`, `create`,
/// `templates`, `lint-graph`, `graph`, `owners` and `dump-package` on one workspace, and the
/// disk is never touched.
@Suite("services in memory")
struct InMemoryServicesTests {
    @Test func aWorkspaceIsCreatedLintedAndDescribedWithoutTheDisk() async throws {
        let files = InMemoryFileSystem(currentDirectory: "/home/me/work", homeDirectory: "/home/me")
        let processes = NoProcesses()
        let mfe = InProcessMFE(fileSystem: files, processRunner: processes)
        let created = await mfe.initialize(.init(name: "Demo"))
        #expect(created.status == 0, "\(created.standardError)")
        #expect(files.isDirectory("/home/me/work/Demo/Shell") && files.exists("Demo/mfe.yml"), "relative to the working directory")
        #expect(!FileManager.default.fileExists(atPath: "/home/me/work/Demo"), "nothing on the disk")

        files.changeDirectory(to: "Demo")
        let inWorkspace = InProcessMFE(fileSystem: files, processRunner: processes)
        let search = await inWorkspace.create(.init(name: "Search", path: "Features", example: false))
        #expect(search.status == 0, "\(search.standardError)")
        #expect(try String(decoding: files.contents(of: "/home/me/work/Demo/Shell/Package.swift"), as: UTF8.self).contains(".package(path: \"../Features/Search\")"))
        #expect(!files.exists("/home/me/work/Demo/.mfe-create.lock"), "the lock went with the run")

        let templates = await inWorkspace.templates(.init())
        #expect(templates.status == 0 && templates.standardOutput.contains("feature"), "\(templates.standardOutput)")

        var lint = inWorkspace
        lint.environment.clock = ManualClock(advancesOnRead: .milliseconds(250))
        let report = await lint.lintGraph(.init())
        #expect(report.status == 0, "\(report.standardOutput)\(report.standardError)")
        #expect(report.standardOutput.hasSuffix(" (0.25s)\n"), "\(report.standardOutput)")

        let graph = await inWorkspace.graph(.init(format: .json))
        #expect(graph.status == 0, "\(graph.standardError)")
        #expect(graph.standardOutput.contains("\"path\": \"Features/Search\""))

        let owners = await inWorkspace.owners(.init())
        #expect(owners.status == 0, "\(owners.standardError)")
        #expect(owners.standardOutput.split(separator: "\n").map { $0.split(separator: " ") } == [["Search", "-", "Features/Search/"], ["Shell", "-", "Shell/"]])

        let manifest = await inWorkspace.dumpPackage(.init(path: "Features/Search"))
        #expect(manifest.status == 0, "\(manifest.standardError)")
        #expect(manifest.standardOutput.contains("\"root\" : [\n      \"/home/me/work/Demo/Features/Search\""), "\(manifest.standardOutput.prefix(400))")

        #expect(Set(processes.executables).isSubset(of: ["git"]), "only owners asks git for the repository's prefix: \(processes.executables)")
    }
}

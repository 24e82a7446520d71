import Foundation
import MFECore
import MFEScaffold
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `CommandOutputWriter`, the one writer of every command's planned writes.
@Suite("the one writer", .hangGuard(processes: 1))
struct CommandOutputWriterTests {
    @Test func replacesAtomicallyAndMakesFoldersOnlyWhenAsked() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("old\n", to: "file.txt")
        let path = directory.path + "/file.txt"
        try await CommandOutputWriter().perform(CommandOutput(writes: [.replace(path: path, data: Data("new\n".utf8), createsFolder: false)]))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")

        let nested = directory.path + "/a/b/Package.resolved"
        await #expect(throws: FileOperationError.self) {
            try await CommandOutputWriter().perform(CommandOutput(writes: [.replace(path: nested, data: Data("{}".utf8), createsFolder: false)]))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/a"))
        try await CommandOutputWriter().perform(CommandOutput(writes: [.replace(path: nested, data: Data("{}".utf8), createsFolder: true)]))
        #expect(try String(contentsOfFile: nested, encoding: .utf8) == "{}")
    }

    @Test func createsNeverReplaceAndAFailureRemovesWhatThisOutputCreated() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("mine\n", to: "second")
        let output = CommandOutput(writes: [
            .create(path: directory.path + "/first", data: Data("1".utf8), activity: "testing"),
            .create(path: directory.path + "/second", data: Data("2".utf8), activity: "testing"),
        ])
        await #expect(throws: FrontendError.appearedWhileWriting(path: directory.path + "/second", activity: "testing")) {
            try await CommandOutputWriter().perform(output)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/first"), "what this output created is removed again")
        #expect(try String(contentsOfFile: directory.path + "/second", encoding: .utf8) == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["second"], "no temporary file is left")
    }

    @Test func appendsAndNamesTheOperationWhenItFails() async throws {
        let directory = try TemporaryDirectory()
        let summary = directory.path + "/summary.md"
        let append = PlannedWrite.append(path: summary, data: Data("# one\n".utf8), operation: "append the job summary (GITHUB_STEP_SUMMARY) to")
        try await CommandOutputWriter().perform(CommandOutput(writes: [append, append]))
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == "# one\n# one\n")
        await #expect {
            try await CommandOutputWriter().perform(CommandOutput(writes: [.append(path: directory.path, data: Data(), operation: "append the job summary (GITHUB_STEP_SUMMARY) to")]))
        } throws: { error in
            (error as? FileOperationError)?.operation == "append the job summary (GITHUB_STEP_SUMMARY) to"
        }
    }

    @Test func removesOnlyWhatIsThere() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("{}", to: "Package.resolved")
        let remove = PlannedWrite.remove(path: directory.path + "/Package.resolved")
        try await CommandOutputWriter().perform(CommandOutput(writes: [remove]))
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/Package.resolved"))
        try await CommandOutputWriter().perform(CommandOutput(writes: [remove]))
    }

    /// The lock `mfe create` plans under is released once the writes are done, and when one
    /// fails.
    @Test func theLockIsReleasedAfterTheWritesEvenWhenOneFails() async throws {
        let directory = try TemporaryDirectory()
        var output = CommandOutput(writes: [.replace(path: directory.path + "/missing/file", data: Data(), createsFolder: false)])
        output.lock = try await WorkspaceLock.acquire(workspaceRoot: directory.path, clock: SystemClock())
        #expect(FileManager.default.fileExists(atPath: directory.path + "/" + WorkspaceLock.fileName))
        await #expect(throws: FileOperationError.self) { try await CommandOutputWriter().perform(output) }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/" + WorkspaceLock.fileName))
        let again = try await WorkspaceLock.acquire(workspaceRoot: directory.path, timeout: 0.5, clock: SystemClock())
        again.release()
    }
}

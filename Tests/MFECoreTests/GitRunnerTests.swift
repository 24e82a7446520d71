import Foundation
import MFETestSupport
import Testing

@testable import MFECore

/// Records each git run instead of running it, answering `status` (and throwing `failure` from
/// time-limited runs when set).
final class RecordingRunner: ProcessRunning, @unchecked Sendable {
    struct Run: Sendable {
        var arguments: [String]
        var directory: String?
        var environment: [String: String?]
        var timeLimit: Duration?
    }

    private let lock = NSLock()
    private var recorded: [Run] = []
    let status: Int32
    let failure: (any Error & Sendable)?

    init(status: Int32 = 0, failure: (any Error & Sendable)? = nil) {
        self.status = status
        self.failure = failure
    }

    var runs: [Run] { lock.withLock { recorded } }

    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?]) async throws -> ProcessResult {
        lock.withLock { recorded.append(Run(arguments: arguments, directory: workingDirectory, environment: environment, timeLimit: nil)) }
        return ProcessResult(status: status, standardOutput: "", standardError: "")
    }

    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?], timeLimit: Duration) async throws -> ProcessResult {
        lock.withLock { recorded.append(Run(arguments: arguments, directory: workingDirectory, environment: environment, timeLimit: timeLimit)) }
        if let failure, arguments.contains("fetch") { throw failure }
        return ProcessResult(status: status, standardOutput: "", standardError: "")
    }
}

/// The one git runner every area uses: the same hook-free, prompt-free environment for all,
/// network bounds only where compose-shell fetches.
@Suite("the hardened git runner", .hangGuard(processes: 3))
struct GitRunnerTests {
    @Test func localCommandsGetTheHardenedEnvironmentAndTheirOwnSettingsButNoTimeLimit() async throws {
        let runner = RecordingRunner()
        let git = Git(runner: runner, environment: [:], options: .local(configuration: ["core.quotePath=false"]))
        _ = try await git.run(["diff", "--name-only"], in: "/ws")
        let run = try #require(runner.runs.first)
        #expect(run.arguments == Git.configuration + ["-c", "core.quotePath=false", "diff", "--name-only"])
        #expect(run.arguments.contains("core.hooksPath=/dev/null"))
        #expect(run.directory == "/ws")
        #expect(run.timeLimit == nil)
        #expect(run.environment["GIT_TERMINAL_PROMPT"] == "0")
        #expect(run.environment["GIT_OPTIONAL_LOCKS"] == "0")
        #expect(run.environment["LC_ALL"] == "C")
        #expect(run.environment.keys.contains("GIT_DIR") && run.environment["GIT_DIR"] == .some(nil), "an inherited GIT_DIR is removed, not kept")
        #expect(run.environment["GIT_SSH_COMMAND"] == nil)
    }

    @Test func composeFetchesAreBoundedInTimeAndOverSSH() async throws {
        let runner = RecordingRunner(status: 1)
        let git = Git(runner: runner, environment: ["MFE_GIT_TIMEOUT": "7"])
        _ = try await git.fetch("https://user:secret@example.com/acme/Env.git", into: "/cache/env.git")
        let fetch = try #require(runner.runs.last)
        #expect(fetch.timeLimit == .seconds(7))
        #expect(fetch.arguments.suffix(3) == ["https://user:secret@example.com/acme/Env.git", "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"], "git is given the URL as written")
        #expect(fetch.environment["GIT_SSH_COMMAND"] == .some(.some("ssh -o ConnectTimeout=30 -o BatchMode=yes -o ServerAliveInterval=15 -o ServerAliveCountMax=4")))
        #expect(fetch.environment["GIT_HTTP_LOW_SPEED_LIMIT"] == "1000")
    }

    /// A partial fetch names the remote `mfe` and gives its URL with `-c` only, so git writes
    /// the promisor settings and never the URL; blobs come in one process per thousand.
    @Test func partialFetchesGiveTheURLOnTheCommandLineOnly() async throws {
        let runner = RecordingRunner()
        let git = Git(runner: runner, environment: [:])
        let url = "https://user:secret@example.com/acme/Env.git"
        _ = try await git.fetchWithoutBlobs(url, into: "/cache/env.git")
        let fetch = try #require(runner.runs.last)
        #expect(
            fetch.arguments.suffix(11) == [
                "-c", "remote.mfe.url=\(url)", "fetch", "--quiet", "--force", "--prune", "--filter=blob:none", "--", "mfe", "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*",
            ])
        #expect(fetch.environment["GIT_NO_LAZY_FETCH"] == "1", "a fetch never starts fetches of its own")
        let blobs = (0..<1500).map { String(format: "%040x", $0) }
        _ = try await git.objects(blobs, from: url, into: "/cache/env.git")
        let blobFetches = runner.runs.filter { $0.arguments.contains("fetch.negotiationAlgorithm=noop") }
        #expect(blobFetches.map { $0.arguments.suffix(1500).filter { $0.count == 40 }.count } == [1000, 500])
        #expect(Git.serverIgnoredFilter(ProcessResult(status: 0, standardOutput: "", standardError: "warning: filtering not recognized by server, ignoring\n")))
    }

    @Test func aFetchThatTakesTooLongIsNamedWithoutCredentials() async {
        let runner = RecordingRunner(failure: ProcessTimeLimitExceeded(executable: "git", timeLimit: .milliseconds(1500)))
        let git = Git(runner: runner, environment: [:])
        await #expect(
            throws: GitError.fetchTimedOut(repository: "https://***@example.com/acme/Env.git", limit: .milliseconds(1500))
        ) {
            try await git.fetch("https://user:secret@example.com/acme/Env.git", into: "/cache/env.git")
        }
    }

    /// With real git: a repository's hooks never run, whoever made the repository.
    @Test func hooksOfTheRepositoryNeverRun() async throws {
        let directory = try TemporaryDirectory()
        let git = Git(environment: [:], options: .local(configuration: ["user.name=mfe tests", "user.email=tests@mfe.invalid", "commit.gpgSign=false"]))
        #expect(try await git.run(["init", "--quiet", "-b", "main"], in: directory.path).status == 0)
        let marker = directory.path + "/hook-ran"
        try directory.write("#!/bin/sh\ntouch '\(marker)'\n", to: ".git/hooks/pre-commit")
        #expect(chmod(directory.path + "/.git/hooks/pre-commit", 0o755) == 0)
        try directory.write("x\n", to: "file.txt")
        #expect(try await git.run(["add", "-A"], in: directory.path).status == 0)
        let commit = try await git.run(["commit", "--quiet", "-m", "first"], in: directory.path)
        #expect(commit.status == 0, "\(commit.standardError)")
        #expect(!LocalFileSystem().exists(marker))
    }
}

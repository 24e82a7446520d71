import Foundation
import MFEKit
import MFETestSupport
import Testing

/// Output mfe cannot write — a full device, a closed stream — is exit 2 with a message naming
/// the stream and where it goes, never a trap.
@Suite("output that cannot be written")
struct OutputFailureEndToEndTests {
    static let commands: [[String]] = [
        ["--help"], ["--version"], ["templates"], ["lint-graph"], ["lint-graph", "--format", "json"],
        ["lint-graph", "--format", "sarif"], ["lint-graph", "--imports"], ["graph"], ["graph", "--format", "mermaid"],
        ["create", "Search", "--dry-run"], ["init", "Other", "--dry-run", "--path", "/tmp"], ["lint-graph", "--help"],
    ]

    @Test(arguments: commands)
    func aFullStandardOutputIsExitTwoNamingTheDevice(arguments: [String]) async throws {
        let fixture = try HostileInputFixture()
        let result = try await HostileInputFixture.run(arguments, redirections: ">/dev/full", in: fixture.path)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError == "error: cannot write standard output to '/dev/full': no space left on device; free some disk space (or raise the quota) and run mfe again\n")
    }

    @Test(arguments: commands)
    func aClosedStandardOutputIsExitTwo(arguments: [String]) async throws {
        let fixture = try HostileInputFixture()
        let result = try await HostileInputFixture.run(arguments, redirections: ">&-", in: fixture.path)
        #expect(result.status == 2, "\(arguments): \(result.standardError)")
        #expect(result.standardError.hasPrefix("error: cannot write standard output: it is closed; "))
    }

    /// With standard error unusable too, mfe still ends with exit 2 rather than a trap.
    @Test func anErrorThatCannotBePrintedIsStillExitTwo() async throws {
        let full = try await HostileInputFixture.run(["lint-graph", "/nonexistent/workspace"], redirections: "2>/dev/full")
        #expect(full.status == 2)
        let closed = try await HostileInputFixture.run(["lint-graph", "/nonexistent/workspace"], redirections: ">&- 2>&-")
        #expect(closed.status == 2)
        let usage = try await HostileInputFixture.run(["--no-such-flag"], redirections: "2>/dev/full")
        #expect(usage.status == 2)
    }

    @Test(.hangGuard(processes: 3)) func aJobSummaryThatCannotBeWrittenIsExitTwoNamingIt() async throws {
        let fixture = try HostileInputFixture()
        let result = try await HostileInputFixture.run(["lint-graph", "--format", "github"], redirections: ">/dev/null", in: fixture.path, environment: ["GITHUB_STEP_SUMMARY": "/dev/full"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: cannot append the job summary (GITHUB_STEP_SUMMARY) to '/dev/full': it is not a regular file (a device, pipe or socket); give the path of a file\n")
        // A FIFO with no reader: refused at once, never a wait for ever.
        let fifo = fixture.path + "/summary.fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        let piped = try await HostileInputFixture.run(["lint-graph", "--format", "github"], redirections: ">/dev/null", in: fixture.path, environment: ["GITHUB_STEP_SUMMARY": fifo])
        #expect(piped.status == 2)
        #expect(piped.standardError == "error: cannot append the job summary (GITHUB_STEP_SUMMARY) to '\(fifo)': it is not a regular file (a device, pipe or socket); give the path of a file\n")
        let missing = try await HostileInputFixture.run(
            ["lint-graph", "--format", "github"], redirections: ">/dev/null", in: fixture.path, environment: ["GITHUB_STEP_SUMMARY": fixture.path + "/no/such/folder/summary.md"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("no/such/folder/summary.md': no such file or directory"))
    }

    /// A reader that goes away early is a write error like any other, not death by SIGPIPE.
    @Test func aClosedPipeIsNotDeathBySignal() async throws {
        let fixture = try HostileInputFixture()
        let script = "{ \"$0\" graph --format json; echo \"status $?\" >&2; } | { exec 0<&-; sleep 1; }"
        let result = try await SubprocessRunner().run("/bin/sh", ["-c", script, MFEBinary.path], workingDirectory: fixture.path, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.standardError.hasSuffix("status 2\n") || result.standardError.hasSuffix("status 0\n"), "\(result.standardError)")
        if result.standardError.hasSuffix("status 2\n") {
            #expect(result.standardError.hasPrefix("error: cannot write standard output: the program reading the pipe closed it; "))
        }
    }
}

import Foundation
import MFEKit
import MFETestSupport
import Testing

/// git's `git://` transport against mfe's bounds: no low-speed limit in git, so mfe stops a
/// fetch that receives nothing; and git's own messages, which quote a URL in pieces, are
/// redacted by the URL mfe gave it.
@Suite("git transports", .hangGuard())
struct GitTransportSafetyTests {
    /// A `git://` server that accepts and never answers: stopped after the stall limit (not the
    /// 600 s wall clock), naming the URL.
    @Test func aSilentGitDaemonIsStoppedWhenNothingArrives() async throws {
        let listener = try SilentListener()
        defer { listener.close() }
        let directory = try TemporaryDirectory()
        let repository = directory.path + "/clone.git"
        let git = Git(environment: ProcessInfo.processInfo.environment, options: Git.Options(timeLimited: true, stallLimit: .seconds(3)))
        #expect(try await git.run(["init", "--bare", "--quiet", "--", repository]).status == 0)
        let url = "git://127.0.0.1:\(listener.port)/x.git"
        let start = ContinuousClock.now
        await #expect(throws: GitError.fetchStalled(repository: url, limit: .seconds(3))) {
            try await git.fetch(url, into: repository)
        }
        // Far below the 600 s wall clock, with room for a loaded machine's scheduling.
        #expect(ContinuousClock.now - start < .seconds(240))
        #expect(
            GitError.fetchStalled(repository: "git://h/x", limit: .seconds(30)).errorDescription
                == "fetching 'git://h/x' received nothing for 30 s, so mfe stopped git; check that the server answers (for example with 'git ls-remote git://h/x'), or give the package an https or ssh URL"
        )
    }

    /// git reports a `git://` host it cannot look up as `user:secret@host`, with no scheme:
    /// only the URL mfe passed finds it.
    @Test func gitsOwnMessageNeverCarriesTheCredentials() async throws {
        let directory = try TemporaryDirectory()
        let repository = directory.path + "/clone.git"
        let git = Git(environment: ProcessInfo.processInfo.environment, options: .remote)
        #expect(try await git.run(["init", "--bare", "--quiet", "--", repository]).status == 0)
        for url in ["git://user:SECRET43@127.0.0.1:1/x.git", "http://user:pa;ss-SECRET42@127.0.0.1:1/nothere.git", "https://user:pa/ss-SECRET44@127.0.0.1:1/x.git?token=SECRET46#SECRET47"] {
            let result = try await git.fetch(url, into: repository)
            #expect(result.status != 0)
            #expect(!(result.standardError + result.standardOutput).contains("SECRET"), "\(result.standardError)")
            #expect(!Git.reason(result).contains("SECRET"))
        }
    }
}

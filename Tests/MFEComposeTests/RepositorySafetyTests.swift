import Foundation
import MFECore
import MFEManifest
import Testing

@testable import MFECompose

/// What may be printed and what may become a path: credentials redacted in any text, cache
/// keys made of credential-free locations, revisions checked to be commit hashes, and the
/// `MFE_GIT_TIMEOUT` and `ext::`/`fd::` refusals of the git runner.
@Suite("repository safety")
struct RepositorySafetyTests {
    @Test(arguments: [
        ("cannot fetch 'https://user:s3cret@example.com/acme/Env.git': fatal", "cannot fetch 'https://***@example.com/acme/Env.git': fatal"),
        ("https://ghp_token@github.com/acme/Env", "https://***@github.com/acme/Env"),
        ("\"location\" : \"https://u:p@h:8443/x.git\"", "\"location\" : \"https://***@h:8443/x.git\""),
        ("two: http://a:b@one/x and ssh://git@two/y", "two: http://***@one/x and ssh://***@two/y"),
        ("https://user:p@ss@example.com/x", "https://***@example.com/x"),
        ("https://example.com/a@b and git@github.com:acme/env.git", "https://example.com/a@b and git@github.com:acme/env.git"),
        ("no url here @ all :// really", "no url here @ all :// really"),
    ])
    func redactsTheUserinfoOfEveryURL(text: String, expected: String) {
        #expect(CredentialRedaction.redact(text) == expected)
    }

    @Test func aLocationWithCredentialsIsRedactedEverywhereItIsShown() {
        let location = PackageLocation(dependency: "https://user:s3cret@example.com/acme/Env.git", relativeTo: "/")
        #expect(location.redacted == "https://***@example.com/acme/Env.git")
        #expect(location.description == location.redacted)
        #expect(location.displayName == "Env")
        #expect(location.gitURL == "https://user:s3cret@example.com/acme/Env.git")
        #expect(PackageLocation(dependency: "https://token@example.com", relativeTo: "/").displayName == "***@example.com")
    }

    @Test func repositoryKeysIgnoreCredentialsAndSpellingButKeepSchemeHostAndPort() {
        let key = RepositoryKey(location: "https://example.com/acme/Env.git")
        #expect(key.value.count == 64)
        #expect(RepositoryKey(location: "https://user:s3cret@Example.COM/acme/Env") == key)
        #expect(RepositoryKey(location: "HTTPS://token@example.com/acme/Env.git/") == key)
        #expect(RepositoryKey(location: "http://example.com/acme/Env.git") != key)
        #expect(RepositoryKey(location: "https://example.com:8443/acme/Env.git") != key)
        #expect(RepositoryKey(location: "https://example.com/acme/env.git") != key)
        #expect(RepositoryKey(location: "file:///repos/Env") == RepositoryKey(location: "/repos/Env/"))
        #expect(RepositoryKey(location: "/repos/Env.git") != RepositoryKey(location: "/repos/Env"))
        #expect(RepositoryKey.normalizedLocation("git@github.com:acme/env.git") == "ssh://github.com/~/acme/env")
        #expect(RepositoryKey.normalizedLocation("git@github.com:/srv/env.git") == "ssh://github.com/srv/env")
        #expect(RepositoryKey.normalizedLocation("ssh://git@GitHub.com/acme/env.git") == "ssh://github.com/acme/env")
    }

    @Test(arguments: [
        "../../etc/passwd", "/etc/hostname", "-x", "HEAD", "ABCDEF0123456789ABCDEF0123456789ABCDEF01", "0123456789abcdef0123456789abcdef0123456", "0123456789abcdef0123456789abcdef012345678",
        "0123456789abcdef0123456789abcdef0123456g", "",
    ])
    func onlyFortyLowercaseHexDigitsAreACommitHash(revision: String) {
        #expect(CommitHash(revision) == nil)
    }

    @Test func cachePathsAreMadeOfTheKeyAndTheCommitOnly() throws {
        let commit = try #require(CommitHash("0123456789abcdef0123456789abcdef01234567"))
        let key = RepositoryKey(location: "https://example.com/../../etc")
        let path = ComposeCacheLayout.file(root: "/cache/mfe", repository: key, commit: commit, kind: .manifest)
        #expect(path == "/cache/mfe/manifests/\(key.value)/\(commit.value).swift")
        #expect(ComposeCacheLayout.clone(root: "/cache/mfe", repository: key) == "/cache/mfe/repositories/\(key.value).git")
    }

    @Test func messagesShowHostileTextEscaped() {
        #expect(PinProblem.display("../../etc") == "../../etc")
        #expect(PinProblem.display("a'b\u{1B}[2Jc\n") == "a\\'b\\u{1B}[2Jc\\n")
        #expect(PinProblem.display(String(repeating: "a", count: 100)) == String(repeating: "a", count: 80) + "…")
    }

    @Test func theGitTimeLimitComesFromTheEnvironment() throws {
        #expect(try Git(environment: [:]).timeLimit() == .seconds(600))
        #expect(try Git(environment: ["MFE_GIT_TIMEOUT": "2.5"]).timeLimit() == .milliseconds(2500))
        for bad in ["0", "-3", "soon", "", "nan"] {
            #expect(throws: GitError.invalidTimeLimit(bad)) {
                try Git(environment: ["MFE_GIT_TIMEOUT": bad]).timeLimit()
            }
        }
    }

    @Test(arguments: [("ext::sh -c touch% /tmp/pwned", "ext"), ("fd::0", "fd"), ("FD::3,4", "fd")])
    func transportsThatRunCommandsOrBlockAreRefused(url: String, transport: String) {
        let location = PackageLocation(dependency: url, relativeTo: "/")
        #expect(throws: GitError.unsafeTransport(repository: location.redacted, transport: transport)) { try Git.refuseUnsafeTransport(location) }
    }

    @Test func gitIsConfiguredToUseOnlySafeTransportsAndNoHooks() {
        let options = Git.configuration
        #expect(options.contains("core.hooksPath=/dev/null"))
        #expect(options.contains("protocol.allow=never"))
        #expect(options.contains("protocol.ext.allow=never"))
        #expect(options.contains("protocol.fd.allow=never"))
        #expect(options.contains("protocol.https.allow=always"))
    }
}

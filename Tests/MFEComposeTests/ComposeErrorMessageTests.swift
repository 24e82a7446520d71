import MFECore
import Testing

@testable import MFECompose

/// The exact text of compose-shell errors: messages are contract, so unit tests compare error
/// values and this table pins the prose of each kind once.
@Suite("compose error messages")
struct ComposeErrorMessageTests {
    static let cases: [(error: ComposeError, text: String)] = [
        (.noShellManifest(manifest: "Shell/Package.swift"), "'Shell/Package.swift' does not exist; give the shell package's folder, or set 'shell.path' in the workspace mfe.yml"),
        (.noShellFeatures(file: "/w/mfe.yml"), "/w/mfe.yml: 'shell.features:' is empty; list the MFEs the app ships, each with 'url:' and a requirement"),
        (
            .sameIdentity("https://a/Env.git", "https://b/Env.git", identity: "env", at: SourceLocation(file: "Shell/Package.swift", line: 9, column: 9)),
            "Shell/Package.swift:9:9: 'https://a/Env.git' and 'https://b/Env.git' have the same package identity 'env'; SwiftPM cannot tell them apart, keep one"
        ),
        (
            .sameIdentity("https://a/Env.git", "https://b/Env.git", identity: "env", at: nil),
            "'https://a/Env.git' and 'https://b/Env.git' have the same package identity 'env'; SwiftPM cannot tell them apart, keep one"
        ),
        (.notARepository(path: "/r/Env", gitSays: "fatal: not a git repository"), "cannot read the repository '/r/Env': fatal: not a git repository; it must be a git repository"),
        (.fetchFailed(repository: "https://***@host/Env.git", gitSays: "fatal: could not read"), "cannot fetch 'https://***@host/Env.git': fatal: could not read; check the URL and your access to it"),
        (.noBranch("dev", repository: "https://host/Env.git"), "'https://host/Env.git' has no branch 'dev'; fix the branch name in the requirement"),
        (
            .pinNotACommit("a'b\n", repository: "https://host/Env.git", identity: "env"),
            "'a\\'b\\n' is not a commit of 'https://host/Env.git' (a commit is 40 lowercase hexadecimal digits); run 'mfe compose-shell --update env' to pin an existing one"
        ),
        (.noManifestAtCommit(repository: "https://host/Env.git", commit: "0123456789abcdef"), "'https://host/Env.git' has no Package.swift at 0123456789; every MFE repository needs one at its root"),
        (.manifestRevisionNotACommit("main", label: "Env@main:Package.swift"), "'Env@main:Package.swift': 'main' is no commit hash; mfe reads manifests at full commits only"),
        (
            .invalidResolvedFile(path: "Shell/Package.resolved", problem: "'pins' is missing"),
            "'Shell/Package.resolved' is not a valid Package.resolved: 'pins' is missing; fix it or delete it and run 'mfe compose-shell' again"
        ),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}

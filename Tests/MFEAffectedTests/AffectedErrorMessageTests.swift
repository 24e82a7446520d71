import Testing

@testable import MFEAffected

/// The exact text of `mfe affected` errors: messages are contract, so unit tests compare error
/// values and this table pins the prose once.
@Suite("affected error messages")
struct AffectedErrorMessageTests {
    static let cases: [(error: AffectedError, text: String)] = [
        (
            .notAWorkTree(directory: "/w", gitSays: "fatal: not a git repository (or any of the parent directories): .git"),
            "'/w' is not inside a git work tree; run 'mfe affected' in a clone of the repository (fatal: not a git repository (or any of the parent directories): .git)"
        ),
        (
            .unknownRevision("no-such-branch", directory: "/w"),
            "unknown revision 'no-such-branch' in '/w'; give a branch, tag or commit the clone has (on CI, fetch it first, e.g. 'git fetch origin main' or 'fetch-depth: 0' in actions/checkout)"
        ),
        (
            .noDefaultBase(directory: "/w"),
            "no --base given, and '/w' has none of origin/HEAD, origin/main, origin/master, main, master to compare with; pass --base REV (on CI, fetch the base branch first, e.g. 'fetch-depth: 0' in actions/checkout)"
        ),
        (
            .noCommonAncestor("main", "HEAD", directory: "/w"),
            "'main' and 'HEAD' have no common ancestor in '/w'; give a base revision on the same history (on CI, fetch enough history, e.g. 'fetch-depth: 0')"
        ),
        (.gitFailed(command: "diff --name-only", directory: "/w", gitSays: "fatal: bad object"), "'git diff --name-only' failed in '/w': fatal: bad object"),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}

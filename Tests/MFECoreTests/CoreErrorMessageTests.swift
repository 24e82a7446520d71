import Foundation
import Testing

@testable import MFECore

/// The exact text of each support error: messages are contract (scripts and the end-to-end
/// tests match them), so unit tests compare error values and these pin the prose once.
@Suite("support error messages")
struct CoreErrorMessageTests {
    static let cases: [(error: any InputError, text: String)] = [
        (FileOperationError("read", "/w/Package.swift", code: ENOENT), "cannot read '/w/Package.swift': no such file or directory; check that the path and its folders exist"),
        (FileOperationError("write", "/w/out.json", code: ENOENT), "cannot write '/w/out.json': no such file or directory; check that the path and its folders exist"),
        (
            FileOperationError("read", "/w/secret.yml", code: EACCES),
            "cannot read '/w/secret.yml': permission denied; check its permissions and those of its folders, or run mfe as a user who may use it"
        ),
        (FileOperationError("append to", "/w/summary.md", code: ENOSPC), "cannot append to '/w/summary.md': no space left on device; free some disk space (or raise the quota) and run mfe again"),
        (FileOperationError("create the folder", "/x", code: EROFS), "cannot create the folder '/x': read-only file system; choose a folder on a writable file system"),
        (FileOperationError.notRegularFile("append to", "/dev/null"), "cannot append to '/dev/null': it is not a regular file (a device, pipe or socket); give the path of a file"),
        (
            FolderLimitError.tooManyFolders(boundary: "/w", limit: 3, purpose: "looking for packages"),
            "'/w' holds more than 3 folders; mfe stopped looking for packages there. Run mfe in the workspace's own folder, or list the package folders under 'packages:' in its mfe.yml"
        ),
        (
            FolderLimitError.tooDeep(path: "/w/a/b/c", boundary: "/w", limit: 2, purpose: "matching 'Features/**'"),
            "'/w/a/b/c' is nested more than 2 folders deep below '/w'; mfe stopped matching 'Features/**' there. Run mfe in the workspace's own folder, or list the package folders under 'packages:' in its mfe.yml"
        ),
        (ProcessLaunchError(executable: "git", reason: "no such file"), "cannot run 'git': no such file; check that it is installed and on PATH"),
        (
            NestingLimitError(file: "A.swift", excess: .init(line: 3, column: 7, limit: 64, isSquare: true)),
            "A.swift:3:7: nested deeper than 64 levels of square brackets; mfe does not parse files nested this deeply (the Swift parser would take minutes or overflow its stack): flatten the nesting, e.g. with named constants"
        ),
        (
            ParseTimeLimitError(file: "Big.swift", seconds: 20),
            "'Big.swift': reading it took more than 20 seconds, so mfe gave up; the file is built in a way the Swift parser can only read slowly (e.g. a long chain of '<' or of trailing closures): simplify it"
        ),
        (
            GitError.unsafeTransport(repository: "ext::sh", transport: "ext"),
            "'ext::sh' names git's 'ext' transport, which runs a command; mfe never uses it. Give the package an https, ssh or file URL"
        ),
        (
            GitError.unsafeTransport(repository: "fd::0", transport: "fd"),
            "'fd::0' names git's 'fd' transport, which waits on a file descriptor and can block for ever; mfe never uses it. Give the package an https, ssh or file URL"
        ),
        (GitError.invalidTimeLimit("soon"), "MFE_GIT_TIMEOUT is 'soon'; set it to the most seconds one git command may take (for example 600), or unset it"),
        (
            GitError.timedOut(command: "fetch", directory: "/c/env", limit: .milliseconds(1500)),
            "'git fetch' in '/c/env' ran longer than 1.5 s, so mfe stopped it; if the repository is that large, raise MFE_GIT_TIMEOUT (seconds)"
        ),
        (
            GitError.fetchTimedOut(repository: "https://host/Env.git", limit: .seconds(600)),
            "fetching 'https://host/Env.git' took longer than 600 s, so mfe stopped git; check that the server answers (for example with 'git ls-remote https://host/Env.git'), or raise MFE_GIT_TIMEOUT (seconds) for a slow connection"
        ),
        (
            InputErrors([FolderLimitError.tooManyFolders(boundary: "/w", limit: 3, purpose: "p"), ProcessLaunchError(executable: "swift", reason: "r")]),
            "'/w' holds more than 3 folders; mfe stopped p there. Run mfe in the workspace's own folder, or list the package folders under 'packages:' in its mfe.yml\ncannot run 'swift': r; check that it is installed and on PATH"
        ),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}

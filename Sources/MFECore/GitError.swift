/// What stops a git process mfe runs: a URL through a transport mfe never uses, an invalid
/// time limit, or git running longer than it. Exit 2; the messages are contract, byte for
/// byte. Repository URLs are held redacted, never with credentials.
package enum GitError: InputError, Equatable {
    /// A URL with git's `ext::` or `fd::` transport.
    case unsafeTransport(repository: String, transport: String)
    /// `MFE_GIT_TIMEOUT` is no number of seconds.
    case invalidTimeLimit(String)
    /// `git COMMAND` in `directory` ran longer than `limit`.
    case timedOut(command: String, directory: String, limit: Duration)
    /// Fetching `repository` ran longer than `limit`.
    case fetchTimedOut(repository: String, limit: Duration)
    /// Fetching `repository` (over `git://`, which has no low-speed limit) received nothing
    /// for `limit`.
    case fetchStalled(repository: String, limit: Duration)

    package var errorDescription: String? {
        switch self {
        case .unsafeTransport(let repository, let transport):
            return
                "'\(repository)' names git's '\(transport)' transport, which \(transport == "ext" ? "runs a command" : "waits on a file descriptor and can block for ever"); mfe never uses it. Give the package an https, ssh or file URL"
        case .invalidTimeLimit(let text):
            return "\(Git.timeLimitVariable) is '\(text)'; set it to the most seconds one git command may take (for example \(Git.defaultTimeLimitSeconds)), or unset it"
        case .timedOut(let command, let directory, let limit):
            return "'git \(command)' in '\(directory)' ran longer than \(Git.describe(limit)), so mfe stopped it; if the repository is that large, raise \(Git.timeLimitVariable) (seconds)"
        case .fetchTimedOut(let repository, let limit):
            return
                "fetching '\(repository)' took longer than \(Git.describe(limit)), so mfe stopped git; check that the server answers (for example with 'git ls-remote \(repository)'), or raise \(Git.timeLimitVariable) (seconds) for a slow connection"
        case .fetchStalled(let repository, let limit):
            return
                "fetching '\(repository)' received nothing for \(Git.describe(limit)), so mfe stopped git; check that the server answers (for example with 'git ls-remote \(repository)'), or give the package an https or ssh URL"
        }
    }
}

import MFECore

/// What stops `mfe affected` from comparing revisions: no git work tree, a revision the clone
/// does not have, no base, unrelated histories, or git failing. Exit 2; the messages are
/// contract, byte for byte.
package enum AffectedError: InputError, Equatable {
    /// `directory` is not in a git work tree; `gitSays` is the first line git printed.
    case notAWorkTree(directory: String, gitSays: String)
    /// git knows no commit `revision` in `directory`.
    case unknownRevision(String, directory: String)
    /// No `--base`, and none of the default bases exists in `directory`.
    case noDefaultBase(directory: String)
    /// The two revisions share no history.
    case noCommonAncestor(String, String, directory: String)
    /// `git COMMAND` failed in `directory`; `gitSays` is the first line git printed.
    case gitFailed(command: String, directory: String, gitSays: String)

    package var errorDescription: String? {
        switch self {
        case .notAWorkTree(let directory, let gitSays):
            return "'\(directory)' is not inside a git work tree; run 'mfe affected' in a clone of the repository (\(gitSays))"
        case .unknownRevision(let revision, let directory):
            return
                "unknown revision '\(revision)' in '\(directory)'; give a branch, tag or commit the clone has (on CI, fetch it first, e.g. 'git fetch origin main' or 'fetch-depth: 0' in actions/checkout)"
        case .noDefaultBase(let directory):
            return
                "no --base given, and '\(directory)' has none of origin/HEAD, \(GitRepository.defaultBaseCandidates.joined(separator: ", ")) to compare with; pass --base REV (on CI, fetch the base branch first, e.g. 'fetch-depth: 0' in actions/checkout)"
        case .noCommonAncestor(let first, let second, let directory):
            return "'\(first)' and '\(second)' have no common ancestor in '\(directory)'; give a base revision on the same history (on CI, fetch enough history, e.g. 'fetch-depth: 0')"
        case .gitFailed(let command, let directory, let gitSays):
            return "'git \(command)' failed in '\(directory)': \(gitSays)"
        }
    }
}

import MFECore

/// The git queries `mfe affected` needs, run through the hardened `Git` runner (no hooks, no
/// prompts, no optional locks), so it is safe on CI and on untrusted checkouts. Local queries
/// only: no time limit.
package struct GitRepository: Sendable {
    /// The directory git runs in (the workspace root).
    package var directory: String
    let gitRunner: Git

    /// Creates a repository handle for `directory`, running git in `environment` (mfe's own).
    package init(directory: String, runner: any ProcessRunning = SubprocessRunner(), environment: [String: String]) {
        self.directory = directory
        // Paths with non-ASCII characters as they are, not quoted and escaped.
        gitRunner = Git(runner: runner, environment: environment, options: .local(configuration: ["core.quotePath=false"]))
    }

    /// The path of `directory` relative to the repository's top level (`""` at the top), as
    /// `git rev-parse --show-prefix` gives it. Throws an `InputError` when `directory` is not in
    /// a git work tree.
    package func prefix() async throws -> String {
        let result = try await git(["rev-parse", "--is-inside-work-tree", "--show-prefix"])
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        guard result.status == 0, lines.first == "true" else {
            throw AffectedError.notAWorkTree(directory: directory, gitSays: Self.firstLine(of: result.standardError))
        }
        var prefix = lines.count > 1 ? String(lines[1]) : ""
        while prefix.hasSuffix("/") { prefix.removeLast() }
        return prefix
    }

    /// The commit `revision` names. Throws an `InputError` naming it when git does not know it.
    package func commit(_ revision: String) async throws -> String {
        let result = try await git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        let commit = Self.trimmed(result.standardOutput)
        guard result.status == 0, !commit.isEmpty, !revision.hasPrefix("-") else {
            throw AffectedError.unknownRevision(revision, directory: directory)
        }
        return commit
    }

    /// The revisions tried, in order, when no `--base` is given, after `origin/HEAD`.
    package static let defaultBaseCandidates = ["origin/main", "origin/master", "main", "master"]

    /// The base to compare with when none is given: the remote default branch (the branch
    /// `origin/HEAD` points at), else the first of `defaultBaseCandidates` that exists. Throws
    /// an `InputError` when none does.
    package func defaultBase() async throws -> String {
        let remoteHead = try await git(["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"])
        let remoteDefault = Self.trimmed(remoteHead.standardOutput)
        if remoteHead.status == 0, !remoteDefault.isEmpty, try await exists(remoteDefault) { return remoteDefault }
        for candidate in Self.defaultBaseCandidates where try await exists(candidate) { return candidate }
        throw AffectedError.noDefaultBase(directory: directory)
    }

    /// Whether `revision` names a commit.
    private func exists(_ revision: String) async throws -> Bool {
        try await git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]).status == 0
    }

    /// The best common ancestor of two commits. Throws when they share no history.
    package func mergeBase(_ first: String, _ second: String, names: (String, String)) async throws -> String {
        let result = try await git(["merge-base", first, second])
        let base = Self.trimmed(result.standardOutput)
        guard result.status == 0, !base.isEmpty else {
            throw AffectedError.noCommonAncestor(names.0, names.1, directory: directory)
        }
        return base
    }

    /// The files that differ between `base` and `head`, or between `base` and the work tree
    /// (staged, unstaged and untracked files) when `head` is nil; paths relative to the
    /// repository's top level, renames split into their old and new paths, sorted.
    package func changedFiles(from base: String, to head: String?) async throws -> [String] {
        var arguments = ["diff", "--name-only", "--no-renames", "--no-ext-diff", "--no-textconv", "-z", base]
        if let head { arguments.append(head) }
        arguments.append("--")
        var files = Set(nullSeparated(try await checked(arguments)))
        if head == nil {
            files.formUnion(nullSeparated(try await checked(["ls-files", "--others", "--exclude-standard", "--full-name", "-z"])))
        }
        return files.sorted()
    }

    /// The contents of `path` (relative to the top level) at `revision`, or nil when it does not
    /// exist there.
    package func contents(of path: String, at revision: String) async throws -> String? {
        let result = try await git(["show", "--no-textconv", "\(revision):\(path)"])
        return result.status == 0 ? result.standardOutput : nil
    }

    /// Runs git in `directory` through the hardened runner.
    func git(_ arguments: [String]) async throws -> ProcessResult {
        try await gitRunner.run(arguments, in: directory)
    }

    private func checked(_ arguments: [String]) async throws -> String {
        let result = try await git(arguments)
        guard result.status == 0 else {
            throw AffectedError.gitFailed(command: arguments.prefix(2).joined(separator: " "), directory: directory, gitSays: Self.firstLine(of: result.standardError))
        }
        return result.standardOutput
    }

    private func nullSeparated(_ output: String) -> [String] {
        output.split(separator: "\0").map(String.init).filter { !$0.isEmpty }
    }

    static func firstLine(of text: String) -> String {
        text.split(separator: "\n").first.map { trimmed(String($0)) } ?? "no message"
    }

    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

import Foundation
import MFECore

/// Makes each release folder of a written plan its own git repository: `git init`, one commit
/// of everything in it, and the release tag — how the Feed Me article ships every MFE, so the
/// shell can require them by URL and version and `mfe compose-shell` can pin them.
public struct ScaffoldReleaser: Sendable {
    let runner: any ProcessRunning
    let fileSystem: any FileSystem
    /// mfe's environment, git's.
    let environment: [String: String]

    /// Creates a releaser running git through `runner` in `environment` (mfe's own).
    public init(runner: any ProcessRunning = SubprocessRunner(), fileSystem: any FileSystem = LocalFileSystem(), environment: [String: String]) {
        self.runner = runner
        self.fileSystem = fileSystem
        self.environment = environment
    }

    /// Creates the repositories of `plan`, already written. When git fails, the written plan is
    /// removed again (it holds only what mfe just made), so nothing is left behind.
    public func release(_ plan: ScaffoldPlan) async throws {
        for release in plan.releases {
            let folder = PathUtilities.join(plan.destination, release.folder)
            do {
                try await git(["init", "-q", "-b", "main"], in: folder)
                try await git(["add", "-A"], in: folder)
                let identity = try await gitRunner.run(["config", "--get", "user.email"], in: folder)
                // A machine without a git identity (a CI runner, a fresh container) still gets
                // its commits; a configured identity is used as is.
                let author = identity.status == 0 ? [] : ["-c", "user.name=mfe", "-c", "user.email=mfe@localhost"]
                try await git(author + ["commit", "-q", "-m", release.message], in: folder)
                try await git(["tag", release.tag], in: folder)
            } catch {
                try? fileSystem.remove(plan.destination)
                throw ScaffoldError.cannotMakeRepository(folder: release.folder, reason: error.localizedDescription)
            }
        }
    }

    /// The hardened git runner (no hooks, no prompts) with signing off, for local commands.
    private var gitRunner: Git {
        Git(runner: runner, environment: environment, options: .local(configuration: ["commit.gpgSign=false", "tag.gpgSign=false", "init.defaultBranch=main"]))
    }

    /// Runs git without hooks, prompts or signing, failing with git's own complaint.
    private func git(_ arguments: [String], in folder: String) async throws {
        let result = try await gitRunner.run(arguments, in: folder)
        guard result.status == 0 else {
            let complaint = result.standardError.split(separator: "\n").first.map(String.init) ?? "git exited with status \(result.status)"
            throw ScaffoldError.gitFailed(arguments: arguments, complaint: complaint)
        }
    }
}

import Foundation

/// The one way mfe runs git, hardened for repositories and URLs mfe does not trust: hooks
/// disabled, no prompts, no inherited `GIT_DIR`, only transports that neither run commands nor
/// block (`ext::` and `fd::` are refused), and the user's git configuration otherwise respected
/// (`url.<base>.insteadOf` mirrors, credential helpers, their own ssh command). compose-shell
/// adds time limits on the network and on every process (`Options.remote`); `affected`,
/// `init --example` and the benchmarks run local commands with the same environment and no
/// limits (`Options.local`).
public struct Git: Sendable {
    /// What a runner adds to the hardened defaults.
    public struct Options: Sendable, Equatable {
        /// `-c NAME=VALUE` settings of every run, after the hardened ones (`["core.quotePath=false"]`).
        package var configuration: [String]
        /// Whether every process has a wall-clock limit (`MFE_GIT_TIMEOUT`) and a process group
        /// of its own, which the limit ends: for fetches from servers mfe does not control.
        package var timeLimited: Bool
        /// How long a `git://` fetch may receive nothing before it is stopped: git's low-speed
        /// limit covers http only and ssh has its keep-alive, `git://` has neither.
        package var stallLimit: Duration

        /// Creates options.
        package init(configuration: [String] = [], timeLimited: Bool, stallLimit: Duration = Git.defaultStallLimit) {
            self.configuration = configuration
            self.timeLimited = timeLimited
            self.stallLimit = stallLimit
        }

        /// compose-shell's: every process bounded in time.
        public static let remote = Options(timeLimited: true)

        /// Local commands on the user's own repository: no time limit, `configuration` added.
        package static func local(configuration: [String] = []) -> Options {
            Options(configuration: configuration, timeLimited: false)
        }
    }

    let runner: any ProcessRunning
    /// mfe's own environment, where the user's overrides of the limits are read.
    let environment: [String: String]
    /// What this runner adds to the defaults.
    package let options: Options
    private let sshCommand: SSHCommandChoice

    /// The wall-clock limit of one git process unless `MFE_GIT_TIMEOUT` says otherwise: long
    /// enough for a large clone on a slow line; a stalled transfer ends much sooner through
    /// git's low-speed limit.
    package static let defaultTimeLimitSeconds = 600
    /// How long a `git://` fetch may receive nothing: as long as http's low-speed limit lets
    /// a transfer crawl (`GIT_HTTP_LOW_SPEED_TIME`).
    package static let defaultStallLimit = Duration.seconds(30)
    /// The environment variable with the wall-clock limit of one git process, in seconds.
    package static let timeLimitVariable = "MFE_GIT_TIMEOUT"
    /// The transports git may use: SwiftPM's (local paths, `file://`, `https://`, `ssh://`
    /// and `git@host:path`) plus `http://` and `git://`. Others (`ext::` runs a command,
    /// `fd::` waits on a file descriptor for ever) are refused unless the user's own git
    /// configuration allows one (`protocol.NAME.allow`), as git's documentation recommends for
    /// tools that fetch URLs they did not choose.
    package static let allowedTransports = ["file", "git", "http", "https", "ssh"]

    /// Creates a git runner on `runner`, with limits read from `environment`.
    public init(runner: any ProcessRunning = SubprocessRunner(), environment: [String: String], options: Options = .remote) {
        self.runner = runner
        self.environment = environment
        self.options = options
        sshCommand = SSHCommandChoice()
    }

    /// The `-c` options of every run.
    package static var configuration: [String] {
        var options = ["-c", "core.hooksPath=/dev/null", "-c", "credential.interactive=never", "-c", "protocol.allow=never"]
        for transport in allowedTransports { options += ["-c", "protocol.\(transport).allow=always"] }
        // Named too, so that not even the user's configuration lets a manifest use them.
        options += ["-c", "protocol.ext.allow=never", "-c", "protocol.fd.allow=never"]
        return options
    }

    /// The wall-clock limit of one git process: `MFE_GIT_TIMEOUT` seconds, else the default.
    package func timeLimit() throws -> Duration {
        guard let text = environment[Self.timeLimitVariable] else { return .seconds(Self.defaultTimeLimitSeconds) }
        guard let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds > 0 else {
            throw GitError.invalidTimeLimit(text)
        }
        return .milliseconds(Int64(min(seconds, 86_400 * 365) * 1000))
    }

    /// The environment of every run: no prompts, no optional locks (a read-only query must not
    /// fight an editor's `git status`), git's low-speed limit for HTTP and, for a `network` run,
    /// a connect timeout for ssh, unless the user set their own.
    package func processEnvironment(network: Bool) async -> [String: String?] {
        var values: [String: String?] = [
            "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "echo", "SSH_ASKPASS": "echo", "GIT_SSH_VARIANT": nil,
            "GIT_DIR": nil, "GIT_WORK_TREE": nil, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C",
        ]
        // A transfer slower than 1000 bytes/s for 30 s ends (curl's low-speed limit).
        if environment["GIT_HTTP_LOW_SPEED_LIMIT"] == nil { values["GIT_HTTP_LOW_SPEED_LIMIT"] = "1000" }
        if environment["GIT_HTTP_LOW_SPEED_TIME"] == nil { values["GIT_HTTP_LOW_SPEED_TIME"] = "30" }
        if network, let command = await sshCommand.command(environment: environment, probe: { try await probeSSHCommand() }) {
            values["GIT_SSH_COMMAND"] = command
        }
        return values
    }

    /// Whether the user's git configuration names an ssh command (`core.sshCommand`), which
    /// `GIT_SSH_COMMAND` would override.
    private func probeSSHCommand() async throws -> Bool {
        let result = try await runner.run(
            "git", ["config", "--get", "core.sshCommand"], workingDirectory: nil,
            environment: ["GIT_DIR": nil, "GIT_WORK_TREE": nil], timeLimit: try timeLimit()
        )
        return result.status == 0 && !result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Runs `git arguments…` in `directory`, a command that reads or writes local repositories
    /// only. Never throws for git's own failure: the status and output are the caller's.
    /// Without `lazyFetch`, an object missing from a partial clone is an error instead of a
    /// fetch from its promisor remote (`GIT_NO_LAZY_FETCH`): compose-shell's clones name no
    /// URL, and fetch what they read themselves, in batches.
    package func run(_ arguments: [String], in directory: String? = nil, lazyFetch: Bool = true) async throws -> ProcessResult {
        do {
            var environment = await processEnvironment(network: false)
            if !lazyFetch { environment["GIT_NO_LAZY_FETCH"] = "1" }
            let result = try await execute(arguments, in: directory, environment: environment)
            return result
        } catch let exceeded as ProcessTimeLimitExceeded {
            throw GitError.timedOut(command: arguments.first ?? "", directory: directory ?? ".", limit: exceeded.timeLimit)
        }
    }

    /// Fetches every branch and tag of `url` into the bare repository `repository`, mirroring
    /// them (`--prune`). The URL is given on the command line only: nothing of it (credentials
    /// included) is written to the repository's configuration, and messages show it redacted.
    ///
    /// What git answers is redacted by the URL's parts (`redact(_:urls:)`): git quotes a URL
    /// in pieces (`unable to look up user:secret@host`), which no pattern finds. A `git://`
    /// fetch is watched: when nothing arrives in the repository for `stallLimit`, git is
    /// stopped, as curl's low-speed limit stops an http one.
    package func fetch(_ url: String, into repository: String) async throws -> ProcessResult {
        let arguments = ["fetch", "--quiet", "--force", "--prune", "--", url, "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"]
        let result = try await networkFetch(arguments, url: url, into: repository)
        return result
    }

    /// The name of the remote a partial clone fetches from. Only its promisor settings are
    /// written to the repository (git writes them); its URL is given with `-c` on every run,
    /// so credentials in it are never stored.
    package static let promisorRemote = "mfe"

    /// What git warns when the server does not filter: the fetch then got every object.
    package static let filterIgnoredWarning = "filtering not recognized by server"

    /// Fetches every branch and tag of `url` like `fetch(_:into:)`, but only commits, trees and
    /// tags (`--filter=blob:none`), making `repository` a partial clone of `promisorRemote`;
    /// `objects(_:from:into:)` fetches the blobs read later. A server that does not filter
    /// sends everything and git says so (`serverIgnoredFilter`).
    package func fetchWithoutBlobs(_ url: String, into repository: String) async throws -> ProcessResult {
        let remote = Self.promisorRemote
        let arguments = [
            "-c", "remote.\(remote).url=\(url)", "fetch", "--quiet", "--force", "--prune", "--filter=blob:none", "--", remote,
            "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*",
        ]
        let result = try await networkFetch(arguments, url: url, into: repository)
        return result
    }

    /// Fetches the objects `objects` (hashes, blobs in practice) of `url` into the partial
    /// clone `repository`, in one process per thousand, without negotiating: the objects are
    /// named, so the server sends exactly them.
    package func objects(_ objects: [String], from url: String, into repository: String) async throws -> ProcessResult {
        var last = ProcessResult(status: 0, standardOutput: "", standardError: "")
        var start = 0
        while start < objects.count {
            let chunk = Array(objects[start..<min(start + 1000, objects.count)])
            start += chunk.count
            let arguments =
                [
                    "-c", "remote.\(Self.promisorRemote).url=\(url)", "-c", "fetch.negotiationAlgorithm=noop", "fetch", "--quiet", "--no-tags", "--no-write-fetch-head",
                    "--recurse-submodules=no", "--", Self.promisorRemote,
                ] + chunk
            last = try await networkFetch(arguments, url: url, into: repository)
            if last.status != 0 { break }
        }
        return last
    }

    /// Whether the fetch's server ignored `--filter` (it sent every object).
    package static func serverIgnoredFilter(_ result: ProcessResult) -> Bool {
        result.standardError.contains(filterIgnoredWarning)
    }

    /// Runs a fetch from `url`: network bounds, the stall watch for `git://`, and git's
    /// answer redacted by the URL's parts.
    private func networkFetch(_ arguments: [String], url: String, into repository: String) async throws -> ProcessResult {
        do {
            var variables = await processEnvironment(network: true)
            // A fetch never fetches what it finds missing on its own: over the dumb HTTP
            // protocol, git's object walk in a partial clone would start a fetch for each
            // object it checks, each of them doing the same.
            variables["GIT_NO_LAZY_FETCH"] = "1"
            let environment = variables
            var result: ProcessResult
            if url.lowercased().hasPrefix("git://") {
                result = try await StallWatch(folder: repository, limit: options.stallLimit).run {
                    let result = try await execute(arguments, in: repository, environment: environment)
                    return result
                }
            } else {
                result = try await execute(arguments, in: repository, environment: environment)
            }
            result.standardError = CredentialRedaction.redact(result.standardError, urls: [url])
            result.standardOutput = CredentialRedaction.redact(result.standardOutput, urls: [url])
            return result
        } catch let exceeded as ProcessTimeLimitExceeded {
            throw GitError.fetchTimedOut(repository: CredentialRedaction.redactingURL(url), limit: exceeded.timeLimit)
        } catch let stalled as FetchStalled {
            throw GitError.fetchStalled(repository: CredentialRedaction.redactingURL(url), limit: stalled.limit)
        }
    }

    /// Runs git with the hardened and the runner's own `-c` settings, bounded in time when the
    /// options say so.
    private func execute(_ arguments: [String], in directory: String?, environment: [String: String?]) async throws -> ProcessResult {
        let all = Self.configuration + options.configuration.flatMap { ["-c", $0] } + arguments
        guard options.timeLimited else {
            let result = try await runner.run("git", all, workingDirectory: directory, environment: environment)
            return result
        }
        let result = try await runner.run("git", all, workingDirectory: directory, environment: environment, timeLimit: try timeLimit())
        return result
    }

    /// `12 s`, `1.5 s`.
    package static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds) s" : "\(seconds).\(tenths) s"
    }

    /// Refuses a URL git would reach through a transport that runs a command or waits for ever
    /// (`ext::…`, `fd::…`), before git sees it.
    package static func refuseUnsafeTransport(_ url: String) throws {
        guard let separator = url.range(of: "::") else { return }
        let transport = url[..<separator.lowerBound].lowercased()
        guard ["ext", "fd"].contains(transport) else { return }
        throw GitError.unsafeTransport(repository: CredentialRedaction.redactingURL(url), transport: transport)
    }

    /// The first line of git's complaint, for messages, without credentials.
    package static func reason(_ result: ProcessResult) -> String {
        let lines: [String] = result.standardError.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let line = lines.first { $0.hasPrefix("fatal:") || $0.hasPrefix("error:") } ?? lines.first ?? "git exited with status \(result.status)"
        return CredentialRedaction.redact(line)
    }
}

/// Whether mfe sets `GIT_SSH_COMMAND` (`ssh` with a connect timeout and no prompts), decided
/// once per run: not when the user chose an ssh command (`GIT_SSH_COMMAND`, `GIT_SSH` or
/// `core.sshCommand`), which mfe leaves alone.
private actor SSHCommandChoice {
    /// Fails fast when the host does not answer or needs a password; gives up on a
    /// connection whose server stops answering for about a minute.
    static let command = "ssh -o ConnectTimeout=30 -o BatchMode=yes -o ServerAliveInterval=15 -o ServerAliveCountMax=4"
    private var decided: Task<String?, Never>?

    func command(environment: [String: String], probe: @escaping @Sendable () async throws -> Bool) async -> String? {
        if environment["GIT_SSH_COMMAND"] != nil || environment["GIT_SSH"] != nil { return nil }
        if let decided { return await decided.value }
        let task = Task<String?, Never> {
            let userHasOne = (try? await probe()) ?? false
            return userHasOne ? nil : Self.command
        }
        decided = task
        return await task.value
    }
}

/// A fetch that received nothing for `limit`.
struct FetchStalled: Error {
    let limit: Duration
}

/// Watches what a fetch writes into its repository (git writes the pack it receives as it
/// arrives, in `objects/`): when nothing changes for `limit`, the fetch is cancelled, which
/// ends git's process group.
struct StallWatch {
    let folder: String
    let limit: Duration

    /// Runs `body`, cancelling it and throwing `FetchStalled` when the folder stops changing.
    func run(_ body: @escaping @Sendable () async throws -> ProcessResult) async throws -> ProcessResult {
        let folder = folder
        let limit = limit
        return try await withThrowingTaskGroup(of: ProcessResult?.self) { group in
            group.addTask {
                let result = try await body()
                return result
            }
            group.addTask {
                // A real git process stalls in real time: the system clock, as the process
                // runner's wall-clock limit uses.
                let clock = SystemClock()
                var last = Self.fingerprint(of: folder)
                var unchangedSince = clock.now
                let interval = min(Duration.seconds(1), limit / 4)
                while true {
                    try await Task.sleep(for: interval)
                    let now = Self.fingerprint(of: folder)
                    if now != last {
                        last = now
                        unchangedSince = clock.now
                    } else if clock.now - unchangedSince >= limit {
                        return nil
                    }
                }
            }
            defer { group.cancelAll() }
            let first = try await group.next()
            guard let finished = first, let result = finished else { throw FetchStalled(limit: limit) }
            return result
        }
    }

    /// The number and total size of the files below `folder`'s `objects`: what grows while
    /// a pack arrives.
    static func fingerprint(of folder: String) -> [Int] {
        let objects = PathUtilities.join(folder, "objects")
        let disk = LocalFileSystem()
        let files = (try? disk.filesBelow(objects)) ?? []
        return [files.count, files.reduce(0) { $0 + (disk.status(of: PathUtilities.join(objects, $1))?.size ?? 0) }]
    }
}

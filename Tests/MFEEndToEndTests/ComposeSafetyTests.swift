import Foundation
import MFEKit
import MFETestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mfe compose-shell` on a pull request an attacker wrote: a tampered `Package.resolved` is
/// refused naming the pin, nothing from a lockfile becomes a path, credentials in URLs are
/// never printed or stored, and a server that never answers costs a bounded time. Real git
/// repositories and real local servers, each test bounded in time.
@Suite("mfe compose-shell safety")
struct ComposeSafetyTests {
    /// Env 1.0.0 and 1.1.0, Browse 1.0.0, and a shell requiring both through remote URLs that
    /// git's `insteadOf` maps to the local repositories (so the cache's clones are used).
    struct World {
        let fixture: ComposeFixture
        let shell: String
        let remote: [String: String?]
        let env100: String
        let env110: String
        let browse: String

        var resolved: String { shell + "/Package.resolved" }

        init(envRequirement: String = "exact: \"1.0.0\"", tools: String = "6.0") async throws {
            fixture = try ComposeFixture()
            env100 = try await fixture.release("Env", manifest: fixture.manifest("Env"), tags: ["1.0.0"], layer: "foundation")
            env110 = try await fixture.release("Env", manifest: fixture.manifest("Env"), tags: ["1.1.0"], layer: "foundation")
            browse = try await fixture.release("Browse", manifest: fixture.manifest("Browse"), tags: ["1.0.0"], layer: "product")
            let base = "https://mfe.example.com/\((fixture.root as NSString).lastPathComponent)/"
            remote = ["GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "url.\(fixture.root)/repos/.insteadOf", "GIT_CONFIG_VALUE_0": base]
            shell = try fixture.shell(tools: tools, dependencies: [(base + "Env", envRequirement, "Env"), (base + "Browse", "from: \"1.0.0\"", "Browse")])
        }

        func mfe(_ arguments: [String]) async throws -> ProcessResult {
            try await fixture.mfe(["compose-shell", "--path", "Shell", "--no-lint"] + arguments, environment: remote)
        }

        /// Replaces the revision `from` with `to` in the shell's `Package.resolved`.
        func tamper(_ from: String, with to: String) throws {
            let text = try #require(fixture.contents(resolved))
            #expect(text.contains(from))
            try fixture.write(text.replacingOccurrences(of: from, with: to), to: resolved)
        }
    }

    /// The three kinds of tampering: `--check` exits 1 and a plain run exits 2, each naming the
    /// pin and what to do, keeping the file; `--update env` repairs it.
    @Test(.hangGuard(processes: 6), arguments: ["another package's commit", "another version's commit", "a path", "an absolute path"])
    func aTamperedLockfileIsRefusedNamingThePin(tampering: String) async throws {
        let world = try await World(envRequirement: "from: \"1.0.0\"")
        #expect(try await world.mfe([]).status == 0)
        // Pinned at 1.1.0 (the newest); the pin is then pointed elsewhere.
        let replacement: String
        switch tampering {
        case "another package's commit": replacement = world.browse
        case "another version's commit": replacement = world.env100
        case "a path": replacement = "../../../../../../../../decoy"
        default: replacement = world.fixture.root + "/decoy"
        }
        // A manifest where the old cache layout would have looked for the path-shaped
        // revision: were it read, its dependency would be fetched and the run would fail on it.
        try world.fixture.write(world.fixture.manifest("Env", dependencies: [("http://127.0.0.1:1/evil.git", "from: \"1.0.0\"", "Evil")]), to: world.fixture.root + "/decoy.swift")
        try world.tamper(world.env110, with: replacement)
        let tampered = world.fixture.contents(world.resolved)

        let reason: String
        switch tampering {
        case "another package's commit": reason = "is not a commit of 'https://mfe.example.com/\((world.fixture.root as NSString).lastPathComponent)/Env'"
        case "another version's commit": reason = "is not the commit tag '1.1.0' of 'https://mfe.example.com/\((world.fixture.root as NSString).lastPathComponent)/Env' names ('\(world.env110)')"
        default: reason = "is no commit hash (a revision is 40 lowercase hexadecimal digits)"
        }
        let pin = "the pin of 'env' (version 1.1.0, revision '\(replacement)') \(reason); run 'mfe compose-shell --update env' to pin a commit of its repository, and find out who changed the file"

        let check = try await world.mfe(["--check"])
        #expect(check.status == 1)
        #expect(check.standardError == "error: Shell/Package.resolved is not backed by the repositories it pins, so it is stale:\n'Shell/Package.resolved': \(pin)\n")
        let json = try await world.mfe(["--check", "--format", "json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "untrusted")
        let untrusted = try #require(object["untrustedPins"] as? [[String: String]])
        #expect(untrusted == [["identity": "env", "version": "1.1.0", "revision": replacement, "reason": reason]])

        let plain = try await world.mfe([])
        #expect(plain.status == 2)
        #expect(plain.standardError == "error: 'Shell/Package.resolved': \(pin)\n")
        #expect(world.fixture.contents(world.resolved) == tampered)

        let repaired = try await world.mfe(["--update", "env"])
        #expect(repaired.status == 0, "\(repaired.standardError)")
        #expect(try #require(world.fixture.contents(world.resolved)).contains("\"revision\" : \"\(world.env110)\""))
        #expect(try await world.mfe(["--check"]).status == 0)
    }

    /// Files of format 1 (`repositoryURL`, `object.pins`) and 2 are verified as format 3 is.
    @Test(.hangGuard(processes: 3), arguments: ["5.5", "5.9"])
    func olderFormatsAreVerifiedToo(tools: String) async throws {
        let world = try await World(tools: tools)
        #expect(try await world.mfe([]).status == 0)
        #expect(try #require(world.fixture.contents(world.resolved)).contains(tools == "5.5" ? "\"repositoryURL\"" : "\"version\" : 2"))
        try world.tamper(world.env100, with: world.browse)
        let check = try await world.mfe(["--check"])
        #expect(check.status == 1)
        #expect(check.standardError.contains("the pin of 'env' (version 1.0.0, revision '\(world.browse)') is not a commit of "), "\(check.standardError)")
        #expect(try await world.mfe([]).status == 2)
    }

    /// The manifest cache is keyed by repository and commit: a cached manifest of one
    /// repository is never read for another repository's pin of the same commit.
    @Test(.hangGuard(processes: 1)) func theManifestCacheIsKeyedByRepositoryAndCommit() async throws {
        let world = try await World()
        #expect(try await world.mfe([]).status == 0)
        let manifests = try FileManager.default.contentsOfDirectory(atPath: world.fixture.cache + "/mfe/manifests").sorted()
        let base = "https://mfe.example.com/\((world.fixture.root as NSString).lastPathComponent)/"
        #expect(manifests == [RepositoryKey(location: base + "Env").value, RepositoryKey(location: base + "Browse").value].sorted())
        let envEntries = try FileManager.default.contentsOfDirectory(atPath: world.fixture.cache + "/mfe/manifests/" + RepositoryKey(location: base + "Env").value)
        #expect(envEntries == ["\(world.env100).swift"])
    }

    /// A URL with credentials that cannot be reached: the message (text and with
    /// `--format json`) names it with the credentials replaced by `***`.
    @Test(.hangGuard(processes: 2), arguments: ["http://user:s3cret-pw@127.0.0.1:1/acme/Env.git", "https://ghp_s3cret-token@127.0.0.1:1/acme/Env.git"])
    func credentialsOfAnUnreachableURLAreNeverPrinted(url: String) async throws {
        let fixture = try ComposeFixture()
        try fixture.shell(tools: "6.0", dependencies: [(url, "from: \"1.0.0\"", "Env")])
        for format in ["text", "json"] {
            let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint", "--format", format])
            #expect(result.status == 2)
            #expect(result.standardError.hasPrefix("error: cannot fetch '\(CredentialRedaction.redact(url))': "), "\(result.standardError)")
            #expect(result.standardError.contains("***@127.0.0.1:1"))
            #expect(!(result.standardOutput + result.standardError).contains("s3cret"))
        }
        #expect(try Self.filesContaining("s3cret", below: fixture.cache) == [])
    }

    /// A repository fetched through a URL with credentials (a local HTTP server): the pins are
    /// written as SwiftPM writes them (the URL as written), but what mfe prints redacts them
    /// and its cache (clone configuration, keys, manifests) holds no trace of them.
    @Test(.hangGuard(processes: 9), .enabled(if: PathUtilities.firstExecutable(among: ["python3"], environment: ProcessInfo.processInfo.environment) != nil, "needs python3 for a local HTTP server"))
    func credentialsAreUsedForTheFetchOnlyAndNeverStored() async throws {
        let fixture = try ComposeFixture()
        try await fixture.release("Env", manifest: fixture.manifest("Env"), tags: ["1.0.0"], layer: "foundation")
        let served = fixture.root + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        try await fixture.git(["clone", "-q", "--bare", fixture.path("Env"), served + "/Env.git"], in: fixture.root)
        try await fixture.git(["update-server-info"], in: served + "/Env.git")
        let server = try LocalHTTPServer(serving: served)
        defer { server.stop() }
        let url = "http://mfe-user:s3cret-pw@127.0.0.1:\(server.port)/Env.git"
        let shell = try fixture.shell(tools: "6.0", dependencies: [(url, "from: \"1.0.0\"", "Env")])

        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!(result.standardOutput + result.standardError).contains("s3cret"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let pins = try #require(object["pins"] as? [[String: String]])
        #expect(pins.map { $0["location"] } == ["http://***@127.0.0.1:\(server.port)/Env.git"])
        // SwiftPM 6.3.1 records the location as written; `swift package resolve` must find it so.
        #expect(try #require(fixture.contents(shell + "/Package.resolved")).contains("\"location\" : \"\(url)\""))
        #expect(try Self.filesContaining("s3cret", below: fixture.cache).isEmpty)
        #expect(try Self.filesContaining("mfe-user", below: fixture.cache).isEmpty)

        // A second run fetches into the existing clone: still nothing stored.
        try FileManager.default.removeItem(atPath: shell + "/Package.resolved")
        let again = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try Self.filesContaining("s3cret", below: fixture.cache).isEmpty)
    }

    /// A server that accepts the connection and never answers: with the time limit lowered,
    /// compose-shell stops git within the bound and exits 2 naming the URL and the way out.
    /// The bound is the work's: the limit plus what the same run costs when the server refuses
    /// at once (measured here, so a loaded machine raises both), twice over.
    @Test(.hangGuard(processes: 2)) func aServerThatNeverAnswersCostsABoundedTime() async throws {
        let (listener, fixture, url) = try Self.shellOnASilentServer()
        defer { listener.close() }
        let refusing = try ComposeFixture()
        try refusing.shell(tools: "6.0", dependencies: [("http://127.0.0.1:1/x.git", "from: \"1.0.0\"", "X")])
        let baselineStart = ContinuousClock.now
        let refused = try await refusing.mfe(["compose-shell", "Shell", "--no-lint"], environment: ["MFE_GIT_TIMEOUT": "6"])
        let overhead = ContinuousClock.now - baselineStart
        #expect(refused.status == 2, "\(refused.standardError)")
        let start = ContinuousClock.now
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"], environment: ["MFE_GIT_TIMEOUT": "6"])
        let elapsed = ContinuousClock.now - start
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: fetching '\(url)' took longer than 6 s, so mfe stopped git; check that the server answers (for example with 'git ls-remote \(url)'), or raise MFE_GIT_TIMEOUT (seconds) for a slow connection\n"
        )
        #expect(elapsed < (.seconds(6) + overhead) * 2, "took \(elapsed); a run the server refuses at once took \(overhead)")
        // Nothing half-fetched is left in the cache, and git's helper (git-remote-http, in
        // git's process group) went with git.
        let repositories = (try? FileManager.default.contentsOfDirectory(atPath: fixture.cache + "/mfe/repositories")) ?? []
        #expect(repositories.filter { !$0.hasSuffix(".lock") } == [])
        #expect(try await Self.processes(mentioning: "127.0.0.1:\(listener.port)/") == [])
    }

    /// An interrupt of mfe (Ctrl-C) ends the git it started in a process group of its own,
    /// as the terminal would have if git were in mfe's group. No step waits a fixed time: the
    /// interrupt is sent once git has connected to the server (mfe's handlers are installed
    /// long before), mfe is waited for until it exits, however loaded the machine, and no
    /// other limit (git's low-speed limit) can end git first.
    @Test(.hangGuard(processes: 2)) func anInterruptEndsGitToo() async throws {
        let (listener, fixture, _) = try Self.shellOnASilentServer()
        defer { listener.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MFEBinary.path)
        process.arguments = ["compose-shell", "Shell", "--no-lint"]
        process.currentDirectoryURL = URL(fileURLWithPath: fixture.root)
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = fixture.cache
        // Only the interrupt ends git: without this, git's low-speed limit (30 s, set by mfe)
        // ends the stall first when a loaded machine delays the test past it, and mfe exits 2.
        environment["GIT_HTTP_LOW_SPEED_TIME"] = "3600"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let connected = await listener.waitForConnection(while: { process.isRunning })
        #expect(connected, "git never connected; mfe ended with \(process.isRunning ? -1 : process.terminationStatus)")
        #expect(try await !Self.processes(mentioning: "127.0.0.1:\(listener.port)/").isEmpty, "git is running")
        kill(process.processIdentifier, SIGINT)
        await Self.waitForExit(of: process)
        #expect(process.terminationReason == .exit, "mfe handles the interrupt: it is not killed by it")
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(try await Self.processes(mentioning: "127.0.0.1:\(listener.port)/") == [])
        let repositories = (try? FileManager.default.contentsOfDirectory(atPath: fixture.cache + "/mfe/repositories")) ?? []
        #expect(repositories.filter { !$0.hasSuffix(".lock") } == [])
    }

    /// A shell whose one dependency is on a server that never answers, and that URL.
    static func shellOnASilentServer() throws -> (SilentListener, ComposeFixture, String) {
        let listener = try SilentListener()
        let fixture = try ComposeFixture()
        let url = "http://127.0.0.1:\(listener.port)/x.git"
        try fixture.shell(tools: "6.0", dependencies: [(url, "from: \"1.0.0\"", "X")])
        return (listener, fixture, url)
    }

    /// Returns once `process` has exited, without blocking a thread of the cooperative pool.
    static func waitForExit(of process: Process) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }

    /// The ids of running processes whose command lines contain `text` (`pgrep -f`).
    static func processes(mentioning text: String) async throws -> [String] {
        let result = try await SubprocessRunner().run("pgrep", ["-f", text], workingDirectory: nil, environment: [:])
        return result.standardOutput.split(separator: "\n").map(String.init)
    }

    /// Without mfe's own limit, git's low-speed limit (set by mfe unless the user set theirs)
    /// ends the same stall with git's message.
    @Test(.hangGuard(processes: 1)) func theLowSpeedLimitEndsAStalledTransfer() async throws {
        let (listener, fixture, url) = try Self.shellOnASilentServer()
        defer { listener.close() }
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"], environment: ["GIT_HTTP_LOW_SPEED_TIME": "2"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: cannot fetch '\(url)': fatal: unable to access"), "\(result.standardError)")
    }

    /// `fd::` waits on a file descriptor and `ext::` runs a command: both refused before git
    /// runs, naming the URL.
    @Test(.hangGuard(processes: 1), arguments: ["fd::0", "ext::sh -c touch% pwned"])
    func transportsThatBlockOrRunCommandsAreRefused(url: String) async throws {
        let fixture = try ComposeFixture()
        try fixture.shell(tools: "6.0", dependencies: [(url, "from: \"1.0.0\"", "X")])
        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: '\(url)' names git's '\(url.prefix { $0 != ":" })' transport"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/pwned"))
    }

    /// Every file below `directory` whose bytes (or name) contain `secret`.
    static func filesContaining(_ secret: String, below directory: String) throws -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = directory + "/" + relative
            var isDirectory: ObjCBool = false
            if relative.contains(secret) { found.append(relative) }
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            if data.range(of: Data(secret.utf8)) != nil { found.append(relative) }
        }
        return found
    }
}

/// A TCP socket on 127.0.0.1 that accepts connections (the kernel completes them) and never
/// answers: a git server that hangs.
final class SilentListener: @unchecked Sendable {
    let descriptor: Int32
    let port: Int
    /// The connections taken by `waitForConnection`, kept open (unanswered) until `close`.
    private var accepted: [Int32] = []

    init() throws {
        #if canImport(Glibc)
            let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socketDescriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socketDescriptor >= 0 else { throw PlainInputError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, length) } }
        guard bound == 0, listen(socketDescriptor, 16) == 0 else { throw PlainInputError("bind/listen: \(errno)") }
        let named = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) } }
        guard named == 0 else { throw PlainInputError("getsockname: \(errno)") }
        descriptor = socketDescriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until a client has connected (the connection is accepted, and left unanswered),
    /// polling every 50 ms while `keepWaiting` holds; whether one connected.
    func waitForConnection(while keepWaiting: () -> Bool) async -> Bool {
        while keepWaiting() {
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, 0) > 0 {
                let client = accept(descriptor, nil, nil)
                if client >= 0 { accepted.append(client) }
                return client >= 0
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    func close() {
        for client in accepted + [descriptor] {
            #if canImport(Glibc)
                _ = Glibc.close(client)
            #else
                _ = Darwin.close(client)
            #endif
        }
    }
}

/// Python's static file server on 127.0.0.1 (git's "dumb" HTTP protocol serves a bare
/// repository after `git update-server-info`), on a free port it reports.
final class LocalHTTPServer: @unchecked Sendable {
    let process = Process()
    let port: Int

    init(serving directory: String) throws {
        let portFile = directory + "/.port"
        let script = """
            import functools, http.server, sys
            class Quiet(http.server.SimpleHTTPRequestHandler):
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=sys.argv[1]))
            open(sys.argv[2] + ".tmp", "w").write(str(server.server_address[1]))
            __import__("os").rename(sys.argv[2] + ".tmp", sys.argv[2])
            server.serve_forever()
            """
        process.executableURL = URL(fileURLWithPath: PathUtilities.firstExecutable(among: ["python3"], environment: ProcessInfo.processInfo.environment) ?? "/usr/bin/python3")
        process.arguments = ["-c", script, directory, portFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Python writes the port once it listens: wait for it as long as Python runs.
        var port: Int?
        while port == nil, process.isRunning {
            port = FileManager.default.contents(atPath: portFile).flatMap { Int(String(decoding: $0, as: UTF8.self)) }
            if port == nil { usleep(10_000) }
        }
        guard let port else {
            kill(process.processIdentifier, SIGKILL)
            throw PlainInputError("the local HTTP server did not start")
        }
        self.port = port
    }

    /// Ends the server for good (it may have inherited an ignored SIGTERM), without
    /// `waitUntilExit`, which spins off the main thread.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { usleep(10_000) }
    }
}

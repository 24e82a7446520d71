import Dispatch
import Foundation

/// mfe's own temporary files and folders while they exist, so that an interrupt (SIGINT,
/// SIGTERM, SIGHUP) removes them before mfe exits with 128 + the signal's number: a `.mfe-NAME-…`
/// folder or a `.FILE.mfe-…` file is never left behind.
///
/// The signals are handled on a dispatch queue, not in a signal handler, so removing files is
/// safe there. Creating an entry inside a registered path happens under `lock`, and the
/// interrupt takes the lock for good before it removes anything: nothing can be created after
/// the removal and before the exit.
public final class InterruptCleanup: @unchecked Sendable {
    /// The process's registry.
    public static let shared = InterruptCleanup()

    /// The signals that remove the registered paths and end mfe.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let lock = NSLock()
    private var paths: [Int: String] = [:]
    /// Process groups of mfe's children that the terminal's signals do not reach (a git run
    /// with a time limit has a group of its own).
    private var processGroups: [Int: Int32] = [:]
    private var nextToken = 0
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "mfe.interrupt-cleanup")

    private init() {}

    /// Handles `signals` from now on (idempotent). Call once, early in `main`.
    public func installSignalHandlers() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for signalNumber in Self.signals {
            // The default action would end the process before the source runs. Ignored here,
            // a signal still reaches the source; child processes get the defaults back
            // (swift-subprocess resets every disposition before exec).
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [unowned self] in self.interrupted(by: signalNumber) }
            source.resume()
            sources.append(source)
        }
    }

    /// Registers `path` for removal on an interrupt; returns the token to `unregister` it with.
    /// Register before creating the path.
    package func register(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        nextToken += 1
        paths[nextToken] = path
        return nextToken
    }

    /// Forgets the path (moved into place or removed) or process group (ended) registered
    /// with `token`.
    package func unregister(_ token: Int) {
        lock.lock()
        defer { lock.unlock() }
        paths[token] = nil
        processGroups[token] = nil
    }

    /// Registers the process group `processGroup` to be killed on an interrupt before mfe
    /// exits; returns the token to `unregister` it with once the process has ended.
    package func registerProcessGroup(_ processGroup: Int32) -> Int {
        lock.withLock {
            nextToken += 1
            processGroups[nextToken] = processGroup
            return nextToken
        }
    }

    /// Runs `body`, which creates or renames entries inside registered paths, so that an
    /// interrupt waits for it rather than racing it.
    package func whileCreating<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Removes every registered path and exits with 128 + `signalNumber`. Holds the lock to the
    /// end, so no other thread creates anything meanwhile.
    private func interrupted(by signalNumber: Int32) -> Never {
        lock.lock()
        // Children in groups of their own stop first (for good: they could otherwise write
        // into a folder being removed), with a moment for each to go.
        for processGroup in processGroups.values where processGroup > 1 {
            kill(-processGroup, SIGKILL)
        }
        for processGroup in processGroups.values where processGroup > 1 {
            for _ in 0..<100 where waitpid(processGroup, nil, WNOHANG) == 0 { usleep(10_000) }
        }
        for path in paths.values.sorted(by: >) {
            try? FileManager.default.removeItem(atPath: path)
        }
        let name = signalNumber == SIGINT ? "SIGINT" : signalNumber == SIGTERM ? "SIGTERM" : "SIGHUP"
        let text = "error: interrupted (\(name)); mfe removed its temporary files\n"
        _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        _exit(128 + signalNumber)
    }
}

import Foundation

/// Runs the parse of files (SwiftParser and what walks its tree) where it can neither
/// overflow the stack nor hang mfe: on a thread of its own with a large stack, each file for
/// a bounded amount of processor time.
///
/// SwiftParser and the visitors over its trees recurse once per level of the tree, and a long
/// postfix chain (`x.a.a.a…`, `f()()()…`, `try try …`) nests as deeply as it is long, however
/// flat its brackets (`SourceNesting` bounds those before parsing). The stack of a thread of
/// the cooperative pool is a few megabytes; a parsing thread's is `stackSize` (address space
/// only: pages are used as the recursion reaches them). Some inputs make the parser's
/// lookahead quadratic or worse (`a < a < a < …`): a file that takes longer than its
/// `ParseTimeLimit` is given up.
///
/// A thread is used rather than a task because neither the stack size of a task nor a parse
/// already running can be controlled from Swift concurrency. The async entry points suspend
/// the calling task (no thread of the cooperative pool waits); one watchdog thread measures
/// every parsing thread's processor time. A parse that is given up cannot be stopped (the
/// parser has no cancellation): its thread finishes that one file and then stops, and its
/// result is dropped.
package enum BoundedParsing {
    /// The stack of a parsing thread: 1 GiB of address space.
    package static let stackSize = 1 << 30

    /// The result of `body`, run on a large-stack thread, without blocking a thread of the
    /// cooperative pool; throws `body`'s error, or `ParseTimeLimitError` naming `file` when it
    /// takes longer than `limit` allows for `bytes`.
    package static func run<T: Sendable>(file: String, bytes: Int, limit: ParseTimeLimit, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await results(each: [file], file: { $0 }, bytes: { _ in bytes }, limit: limit) { _ in try body() }[0].get()
    }

    /// The same, for a caller that is not async: the calling thread waits (without polling).
    package static func runBlocking<T: Sendable>(file: String, bytes: Int, limit: ParseTimeLimit, _ body: @escaping @Sendable () throws -> T) throws -> T {
        let seconds = limit.seconds(forBytes: bytes)
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Result<T, any Error>>()
        ParseJob(items: [file], limit: { _ in seconds }, body: { _ in try body() }) { outcome in
            box.value = outcome.results.first ?? .failure(ParseTimeLimitError(file: file, seconds: seconds))
            done.signal()
        }.start()
        done.wait()
        return try (box.value ?? .failure(ParseTimeLimitError(file: file, seconds: seconds))).get()
    }

    /// `body` applied to each of `items` in order, on large-stack threads (one thread for a
    /// run of items: a thread per item would cost more than parsing a small file), each item
    /// within the limit for its `bytes`. Each item has its own result: an item that takes too
    /// long is a `ParseTimeLimitError` naming `file(item)`, and the items after it go on, on
    /// a fresh thread.
    package static func results<Item: Sendable, T: Sendable>(
        each items: [Item], file: (Item) -> String, bytes: @escaping @Sendable (Item) -> Int, limit: ParseTimeLimit, _ body: @escaping @Sendable (Item) throws -> T
    ) async
        -> [Result<T, any Error>]
    {
        var results: [Result<T, any Error>] = []
        results.reserveCapacity(items.count)
        while results.count < items.count {
            let remaining = Array(items[results.count...])
            let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<ParseJob<Item, T>.Outcome, Never>) in
                ParseJob(items: remaining, limit: { limit.seconds(forBytes: bytes($0)) }, body: body) { continuation.resume(returning: $0) }.start()
            }
            results += outcome.results
            if let index = outcome.timedOutIndex {
                results.append(.failure(ParseTimeLimitError(file: file(remaining[index]), seconds: limit.seconds(forBytes: bytes(remaining[index])))))
            }
        }
        return results
    }
}

/// How much processor time parsing one file may take: `seconds` for a file of up to 256 KiB,
/// and proportionally more beyond, since the parser's work grows with the text (a
/// 50,000-target manifest of plain data is 2.6 MB). Processor time, not wall-clock time, so a
/// busy machine does not make a good file fail.
package struct ParseTimeLimit: Sendable, Equatable {
    /// The limit of a file of up to 256 KiB.
    package var seconds: Double

    /// 10 seconds, far above what any real manifest or source file needs.
    package static let standard = ParseTimeLimit(seconds: 10)
    /// The environment variable that sets `seconds` (tests lower it).
    package static let variable = "MFE_PARSE_TIME_LIMIT"

    /// Creates a limit of `seconds` for a file of up to 256 KiB.
    package init(seconds: Double) {
        self.seconds = seconds
    }

    /// `MFE_PARSE_TIME_LIMIT` of `environment` when it is a positive number, else the standard.
    package init(environment: [String: String]) {
        guard let text = environment[Self.variable], let value = Double(text), value > 0 else {
            self = .standard
            return
        }
        self.init(seconds: value)
    }

    /// The processor time a file of `bytes` bytes may take.
    package func seconds(forBytes bytes: Int) -> Double {
        seconds * max(1, Double(bytes) / Double(256 * 1024))
    }
}

/// A file whose parse took longer than its processor-time limit.
package struct ParseTimeLimitError: InputError, Equatable {
    /// The file, as the caller names it.
    package var file: String
    /// The limit it exceeded.
    package var seconds: Double

    package var errorDescription: String? {
        let limit = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return
            "'\(file)': reading it took more than \(limit) seconds, so mfe gave up; the file is built in a way the Swift parser can only read slowly (e.g. a long chain of '<' or of trailing closures): simplify it"
    }
}

/// A value handed from one thread to another; the semaphore that guards the hand-off orders
/// the write before the read.
private final class ResultBox<Value>: @unchecked Sendable {
    var value: Value?
}

/// Items parsed in order on one large-stack thread, watched by `ParseWatchdog`. The outcome is
/// delivered exactly once: when every item is done, or when the item being parsed runs over
/// its limit (then the thread stops after that item and its later results are dropped).
///
/// `@unchecked Sendable`: every mutable field is read and written under `lock`; `items`,
/// `limit` and `body` are immutable.
private final class ParseJob<Item: Sendable, T: Sendable>: @unchecked Sendable, WatchedJob {
    struct Outcome: Sendable {
        /// The results of the items before the one that timed out (all, when none did).
        var results: [Result<T, any Error>]
        /// The index of the item that ran over its limit.
        var timedOutIndex: Int?
    }

    private let items: [Item]
    private let limit: @Sendable (Item) -> Double
    private let body: @Sendable (Item) throws -> T
    private let lock = NSLock()
    private var deliver: (@Sendable (Outcome) -> Void)?
    private var results: [Result<T, any Error>] = []
    /// The item being parsed and the thread's processor time when it started.
    private var current: (index: Int, start: Double)?
    #if os(Linux)
        /// The processor-time clock of the parsing thread, once it has started.
        private var clock: clockid_t?
    #endif

    init(items: [Item], limit: @escaping @Sendable (Item) -> Double, body: @escaping @Sendable (Item) throws -> T, deliver: @escaping @Sendable (Outcome) -> Void) {
        self.items = items
        self.limit = limit
        self.body = body
        self.deliver = deliver
    }

    /// Starts the parsing thread and puts the job under the watchdog.
    func start() {
        ParseWatchdog.shared.watch(self)
        let thread = Thread { [self] in run() }
        thread.stackSize = BoundedParsing.stackSize
        thread.start()
    }

    private func run() {
        #if os(Linux)
            var own = clockid_t()
            if pthread_getcpuclockid(pthread_self(), &own) == 0 {
                lock.lock()
                clock = own
                lock.unlock()
            }
        #endif
        for (index, item) in items.enumerated() {
            let start = now()
            lock.lock()
            let stillWanted = deliver != nil
            if stillWanted { current = (index, start) }
            lock.unlock()
            guard stillWanted else { return }
            let result = Result { try body(item) }
            lock.lock()
            current = nil
            if deliver != nil { results.append(result) }
            lock.unlock()
        }
        finish(timedOutIndex: nil)
    }

    /// Called by the watchdog: whether the job is over (delivered), checking the current
    /// item's time and giving it up when it ran over.
    func check() -> Bool {
        lock.lock()
        guard deliver != nil else {
            lock.unlock()
            return true
        }
        let current = self.current
        lock.unlock()
        guard let current, now() - current.start > limit(items[current.index]) else { return false }
        finish(timedOutIndex: current.index)
        return true
    }

    /// Delivers the outcome once; later calls do nothing.
    private func finish(timedOutIndex: Int?) {
        lock.lock()
        guard let deliver else {
            lock.unlock()
            return
        }
        self.deliver = nil
        // A job that finished while being given up keeps every result.
        let finished = results.count == items.count
        let outcome = Outcome(results: results, timedOutIndex: finished ? nil : timedOutIndex)
        lock.unlock()
        deliver(outcome)
    }

    /// The parsing thread's processor time (Linux), else the wall-clock time, in seconds.
    private func now() -> Double {
        #if os(Linux)
            lock.lock()
            let clock = self.clock
            lock.unlock()
            var used = timespec()
            if let clock, clock_gettime(clock, &used) == 0 {
                return Double(used.tv_sec) + Double(used.tv_nsec) / 1e9
            }
        #endif
        return Date().timeIntervalSinceReferenceDate
    }
}

/// A job the watchdog checks.
private protocol WatchedJob: AnyObject, Sendable {
    /// Checks the job; true when it is over and need not be checked again.
    func check() -> Bool
}

/// One thread that checks every running parse job 20 times a second, and sleeps while there
/// is none.
///
/// `@unchecked Sendable`: `jobs` is read and written only under `condition`'s lock — the
/// checks run under it too, rather than on a copy taken out of the lock (ThreadSanitizer saw
/// such a copy read while `watch` appended in place).
private final class ParseWatchdog: @unchecked Sendable {
    static let shared = ParseWatchdog()

    private let condition = NSCondition()
    private var jobs: [any WatchedJob] = []
    private var started = false

    func watch(_ job: any WatchedJob) {
        condition.lock()
        jobs.append(job)
        if !started {
            started = true
            let thread = Thread { [self] in loop() }
            thread.start()
        }
        condition.signal()
        condition.unlock()
    }

    /// Checks the jobs under the lock (a check is two clock reads; a job it gives up is
    /// delivered from here, which never takes this lock), then waits 50 ms or for a new job.
    private func loop() {
        condition.lock()
        while true {
            while jobs.isEmpty { condition.wait() }
            jobs.removeAll { $0.check() }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.05))
        }
    }
}

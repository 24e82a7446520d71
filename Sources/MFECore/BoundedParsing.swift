import Foundation

/// Runs the parse of one file (SwiftParser and what walks its tree) where it can neither
/// overflow the stack nor hang mfe: on a thread of its own with a large stack, for at most
/// `timeLimit` seconds.
///
/// SwiftParser and the visitors over its trees recurse once per level of the tree, and a long
/// postfix chain (`x.a.a.a…`, `f()()()…`, `try try …`) nests as deeply as it is long, however
/// flat its brackets (`SourceNesting` bounds those before parsing). The stack of a thread of
/// the cooperative pool is a few megabytes; this thread's is `stackSize` (address space only:
/// pages are used as the recursion reaches them). Some inputs make the parser's lookahead
/// quadratic or worse (`a < a < a < …`); a parse that takes longer than `timeLimit` is
/// abandoned, and its thread is left to finish while mfe reports the file and exits.
///
/// A thread is used rather than a task because neither the stack size of a task nor a parse
/// already running can be controlled from Swift concurrency.
package enum BoundedParsing {
    /// The stack of the parsing thread: 1 GiB of address space.
    package static let stackSize = 1 << 30

    /// How much processor time one file may take: `MFE_PARSE_TIME_LIMIT` seconds when set
    /// (tests lower it), else 10 seconds, far above what any real manifest or source file
    /// needs. Processor time, not wall-clock time, so a busy machine does not make a
    /// good file fail.
    package static var timeLimit: Double {
        if let text = ProcessInfo.processInfo.environment["MFE_PARSE_TIME_LIMIT"], let value = Double(text), value > 0 { return value }
        return 10
    }

    /// The result of `body`, run on a large-stack thread; throws `body`'s error, or a
    /// `PlainInputError` naming `file` when it takes longer than `timeLimit`.
    package static func run<T: Sendable>(file: String, _ body: @escaping @Sendable () throws -> T) throws -> T {
        try run(each: [file], file: { $0 }) { _ in try body() }[0]
    }

    /// `body` applied to each of `items` in order, on one large-stack thread (a thread per
    /// item would cost more than parsing a small file); each item may take `timeLimit`.
    /// Throws the first error of `body`, or a `PlainInputError` naming `file(item)` for the
    /// item that takes too long.
    package static func run<Item: Sendable, T: Sendable>(each items: [Item], file: (Item) -> String, _ body: @escaping @Sendable (Item) throws -> T) throws -> [T] {
        guard !items.isEmpty else { return [] }
        let job = Job(items: items, body: body)
        let thread = Thread { job.run() }
        thread.stackSize = stackSize
        thread.start()
        let limit = timeLimit
        while true {
            if let result = job.wait(seconds: 0.05) { return try result.get() }
            if let (index, used) = job.currentItemTime(), used > limit {
                // The thread may have finished in the meantime; then its result still counts.
                if let result = job.wait(seconds: 0) { return try result.get() }
                throw PlainInputError("'\(file(items[index]))': reading it took more than \(Self.describe(limit)) seconds, so mfe gave up; the file is built in a way the Swift parser can only read slowly (e.g. a long chain of '<' or of trailing closures): simplify it")
            }
        }
    }

    private static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

/// The items, the body and the results, handed over between the threads under a lock.
private final class Job<Item, T>: @unchecked Sendable {
    private let items: [Item]
    private let body: @Sendable (Item) throws -> T
    private let condition = NSCondition()
    private var result: Result<[T], any Error>?
    /// The item being worked on, and when its work started (processor time of the working
    /// thread on Linux, else wall-clock time).
    private var current: (index: Int, start: Double)?
    #if os(Linux)
    /// The processor-time clock of the working thread, once it has started.
    private var clock: clockid_t?
    #endif

    init(items: [Item], body: @escaping @Sendable (Item) throws -> T) {
        self.items = items
        self.body = body
    }

    /// Works through the items on the calling thread and hands the results over.
    func run() {
        #if os(Linux)
        var own = clockid_t()
        if pthread_getcpuclockid(pthread_self(), &own) == 0 {
            condition.lock()
            clock = own
            condition.unlock()
        }
        #endif
        let value = Result {
            try items.enumerated().map { index, item in
                let start = now()
                condition.lock()
                current = (index, start)
                condition.unlock()
                return try body(item)
            }
        }
        condition.lock()
        result = value
        condition.signal()
        condition.unlock()
    }

    /// The results, or nil when they did not come within `seconds`.
    func wait(seconds: Double) -> Result<[T], any Error>? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            if !condition.wait(until: deadline) { break }
        }
        return result
    }

    /// The item being worked on and how long it has taken so far.
    func currentItemTime() -> (index: Int, seconds: Double)? {
        condition.lock()
        let current = self.current
        condition.unlock()
        guard let current else { return nil }
        return (current.index, now() - current.start)
    }

    /// The working thread's processor time (Linux), else the wall-clock time, in seconds.
    private func now() -> Double {
        #if os(Linux)
        condition.lock()
        let clock = self.clock
        condition.unlock()
        var used = timespec()
        if let clock, clock_gettime(clock, &used) == 0 {
            return Double(used.tv_sec) + Double(used.tv_nsec) / 1e9
        }
        #endif
        return Date().timeIntervalSinceReferenceDate
    }
}

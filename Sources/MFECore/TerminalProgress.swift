import Foundation

/// How far a long piece of work has come, for a person waiting at a terminal.
public protocol WorkProgress: Sendable {
    /// `count` more of `total` items are done.
    func advance(by count: Int, of total: Int) async
    /// The work is over: clear what was drawn, before the result is printed.
    func finish() async
}

/// The one progress line of mfe: `TITLE done/total` on one rewritten line of standard error,
/// with the items in flight after it (`fetching 2/5 Env, Search`), only when `enabled`
/// (standard error is a terminal and the output is for people): logs, pipes and machine
/// formats never see it. Redraws at most ten times a second, so thousands of small steps cost
/// nothing. Counted work (`advance`) and work on named items (`begin`/`end`: compose-shell's
/// fetches) draw the same line.
public actor TerminalProgress: WorkProgress {
    private let title: String
    private let enabled: Bool
    private var done = 0
    private var total = 0
    private var active: [String] = []
    private var drawn = false
    private var lastDraw: ContinuousClock.Instant?

    /// Creates a reporter of `title` (`reading imports`); `enabled` is normally
    /// `Terminal.current.standardErrorIsTerminal` for a human-readable format.
    public init(_ title: String, enabled: Bool) {
        self.title = title
        self.enabled = enabled
    }

    public func advance(by count: Int, of total: Int) {
        done += count
        self.total = total
        draw()
    }

    /// Work on `item` started: one more to do, shown until it ends.
    public func begin(_ item: String) {
        total += 1
        active.append(item)
        draw()
    }

    /// Work on `item` is done.
    public func end(_ item: String) {
        done += 1
        if let index = active.firstIndex(of: item) { active.remove(at: index) }
        draw()
    }

    public func finish() {
        guard drawn else { return }
        drawn = false
        Terminal.writeError("\r\u{1B}[2K")
    }

    private func draw() {
        guard enabled else { return }
        let now = ContinuousClock.now
        if let lastDraw, now - lastDraw < .milliseconds(100), done < total { return }
        lastDraw = now
        drawn = true
        let items = active.isEmpty ? "" : " " + active.prefix(3).joined(separator: ", ")
        Terminal.writeError("\r\u{1B}[2K\(title) \(done)/\(total)\(items)")
    }
}

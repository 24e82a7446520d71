import Foundation
import MFECore
import MFEManifest

/// Shows which repositories are being fetched on one rewritten line of standard error, only
/// when standard error is a terminal; silent otherwise, so logs and pipes stay clean.
public actor TerminalProgress: CompositionProgress {
    private let enabled: Bool
    private var active: [String] = []
    private var done = 0
    private var started = 0

    /// Creates a reporter; `enabled` is normally `Terminal.current.standardErrorIsTerminal`.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public func fetching(_ location: PackageLocation) {
        started += 1
        active.append(location.displayName)
        draw()
    }

    public func fetched(_ location: PackageLocation) {
        done += 1
        if let index = active.firstIndex(of: location.displayName) { active.remove(at: index) }
        draw()
    }

    /// Clears the progress line before the summary is printed.
    public func finish() {
        guard enabled, started > 0 else { return }
        Terminal.writeError("\r\u{1B}[2K")
    }

    private func draw() {
        guard enabled else { return }
        let names = active.prefix(3).joined(separator: ", ")
        Terminal.writeError("\r\u{1B}[2Kfetching \(done)/\(started) \(names)")
    }
}

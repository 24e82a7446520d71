import Foundation
import MFECore
import MFEScaffold

/// What a command produced, described as data (as tuist's services plan their writes): the
/// text to print on each stream in the order it is printed, the writes to perform, and the
/// exit code. Nothing in it has touched the disk; `CommandOutputWriter` performs `writes`,
/// then the executable prints `printed`.
public struct CommandOutput: Sendable, Equatable {
    /// A stream of the process.
    public enum Stream: Sendable, Equatable {
        /// Standard output: the command's result.
        case output
        /// Standard error: notes and diagnostics.
        case error
    }

    /// Text for one stream.
    public struct Text: Sendable, Equatable {
        /// The stream it is printed on.
        public var stream: Stream
        /// The text, as is.
        public var text: String
    }

    /// Everything to print, in order: the order matters where both streams are one terminal
    /// (`mfe affected` prints its note before the list).
    public var printed: [Text] = []
    /// The writes to perform, in order, before anything is printed.
    public var writes: [PlannedWrite] = []
    /// The process exit code: 0 success, 1 a finding or refusal the command reports, 2 is
    /// thrown as an `InputError` instead.
    public var exitCode: Int32 = 0
    /// The workspace lock `mfe create` planned under: held until its writes are performed,
    /// so the next run plans from the shell this one wrote (`WorkspaceLock`).
    package var lock: WorkspaceLock?

    /// Creates an output.
    package init(printed: [Text] = [], writes: [PlannedWrite] = [], exitCode: Int32 = 0) {
        self.printed = printed
        self.writes = writes
        self.exitCode = exitCode
    }

    /// All of standard output.
    public var standardOutput: String { printed.filter { $0.stream == .output }.map(\.text).joined() }

    /// All of standard error.
    public var standardError: String { printed.filter { $0.stream == .error }.map(\.text).joined() }

    /// Adds `text` to standard output, through the output boundary: credentials redacted
    /// (unless `showingCredentials`, `dump-package --show-credentials`) and control
    /// characters visible, whatever the service rendered.
    package mutating func print(_ text: String, showingCredentials: Bool = false) {
        if !text.isEmpty { printed.append(Text(stream: .output, text: Self.guarded(text, showingCredentials: showingCredentials))) }
    }

    /// Adds `text` to standard error, through the output boundary (as `print`).
    package mutating func printError(_ text: String) {
        if !text.isEmpty { printed.append(Text(stream: .error, text: Self.guarded(text, showingCredentials: false))) }
    }

    /// What every printed text passes: the credentials of its URLs removed, then every
    /// control character but line breaks, tabs and mfe's own colours made visible.
    package static func guarded(_ text: String, showingCredentials: Bool) -> String {
        OutputEscaping.sanitized(showingCredentials ? text : CredentialRedaction.redact(text))
    }

    public static func == (lhs: CommandOutput, rhs: CommandOutput) -> Bool {
        lhs.printed == rhs.printed && lhs.writes == rhs.writes && lhs.exitCode == rhs.exitCode && lhs.lock === rhs.lock
    }
}

/// One write a command plans. Every kind goes through a temporary file (or folder) and a
/// rename, so nothing of a user's is ever left half-written.
public enum PlannedWrite: Sendable, Equatable {
    /// Writes `data` to `path` atomically, replacing what is there; with `createsFolder`, the
    /// missing folders above it are made first (a baseline's folder is not: a typo in it
    /// should fail, not make folders).
    case replace(path: String, data: Data, createsFolder: Bool)
    /// Creates the file `path`, never replacing one: it fails, and every file this output
    /// created is removed again, when `path` appeared since it was planned; `activity` says
    /// what mfe was doing, for that message.
    case create(path: String, data: Data, activity: String)
    /// Appends `data` to `path` (creating it), as GitHub's job summary is written; a failure
    /// is described as `operation` on the path.
    case append(path: String, data: Data, operation: String)
    /// Removes the file at `path` when there is one.
    case remove(path: String)
    /// Performs a scaffold plan: the new package folder moved into place in one rename, the
    /// shell edits, and the release repositories (`ScaffoldWriter`, `ScaffoldReleaser`).
    case scaffold(ScaffoldPlan)
}

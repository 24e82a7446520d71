import Foundation

/// The state of the process mfe runs in: its environment variables, working directory, home
/// folder and terminal. The library reads none of it: the executable and
/// `ServiceEnvironment.current` read it here once and pass it down (as SwiftPM passes its
/// `FileSystem`), so every service runs in process on any file system, directory and
/// environment a test gives it. `MFEArchitectureTests` keeps other reads out of `Sources`.
package enum ProcessState {
    /// The environment variables.
    package static var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// The absolute working directory.
    package static var currentDirectory: String { FileManager.default.currentDirectoryPath }

    /// The user's home folder: `HOME`, else the account's.
    package static var homeDirectory: String { environment["HOME"] ?? NSHomeDirectory() }

    /// Whether the standard stream `descriptor` (`STDOUT_FILENO`, `STDERR_FILENO`) is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}

extension Terminal {
    /// The process's own terminal.
    public static var current: Terminal {
        Terminal(
            environment: ProcessState.environment, standardOutputIsTerminal: ProcessState.isTerminal(STDOUT_FILENO),
            standardErrorIsTerminal: ProcessState.isTerminal(STDERR_FILENO))
    }

    /// Prints `error: message` to standard error, red when standard error is a terminal and
    /// `NO_COLOR` is not set.
    public static func printError(_ message: String) {
        let color = ProcessState.isTerminal(STDERR_FILENO) && (ProcessState.environment["NO_COLOR"] ?? "").isEmpty
        writeError(errorText(message, color: color))
    }
}

import Foundation

/// Where diagnostics go and whether they may be coloured: colour only on a terminal and never
/// with `NO_COLOR` set.
public struct Terminal: Sendable {
    /// Whether standard error is a terminal.
    public var standardErrorIsTerminal: Bool
    /// Whether standard output is a terminal.
    package var standardOutputIsTerminal: Bool
    /// Whether colour is allowed (a terminal, and no `NO_COLOR`).
    public var colorEnabled: Bool

    /// Reads the state of the current process.
    public static var current: Terminal {
        let environment = ProcessInfo.processInfo.environment
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let stdoutTTY = isatty(STDOUT_FILENO) == 1
        let stderrTTY = isatty(STDERR_FILENO) == 1
        return Terminal(standardErrorIsTerminal: stderrTTY, standardOutputIsTerminal: stdoutTTY, colorEnabled: !noColor && stdoutTTY && environment["TERM"] != "dumb")
    }

    /// Creates a terminal description.
    package init(standardErrorIsTerminal: Bool, standardOutputIsTerminal: Bool, colorEnabled: Bool) {
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.colorEnabled = colorEnabled
    }

    /// Writes `text` to standard error as is; a failure is recorded in `ProcessOutput.failure`.
    public static func writeError(_ text: String) {
        ProcessOutput.write(text, to: .error)
    }

    /// Writes `text` to standard output as is; a failure is recorded in `ProcessOutput.failure`.
    public static func writeOutput(_ text: String) {
        ProcessOutput.write(text, to: .output)
    }

    /// Prints `error: message` to standard error, red when standard error is a terminal; the
    /// message passes the output boundary (credentials redacted, control characters visible),
    /// since it quotes input.
    public static func printError(_ message: String) {
        let message = OutputEscaping.sanitized(CredentialRedaction.redact(message))
        let environment = ProcessInfo.processInfo.environment
        let color = isatty(STDERR_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        var text = ""
        for line in lines {
            text += color ? "\u{1B}[1;31merror:\u{1B}[0m \(line)\n" : "error: \(line)\n"
        }
        writeError(text)
    }
}

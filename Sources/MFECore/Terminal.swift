import Foundation

/// Where diagnostics go and whether they may be coloured: colour only on a terminal and never
/// with `NO_COLOR` set. `Terminal.current` reads the process's own (`ProcessState`).
public struct Terminal: Sendable {
    /// Whether standard error is a terminal.
    public var standardErrorIsTerminal: Bool
    /// Whether standard output is a terminal.
    package var standardOutputIsTerminal: Bool
    /// Whether colour is allowed (a terminal, and no `NO_COLOR`).
    public var colorEnabled: Bool

    /// Creates a terminal description.
    package init(standardErrorIsTerminal: Bool, standardOutputIsTerminal: Bool, colorEnabled: Bool) {
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.colorEnabled = colorEnabled
    }

    /// The terminal of a process with `environment` whose streams are or are not terminals:
    /// colour on a terminal's standard output, unless `NO_COLOR` is set or `TERM` is `dumb`.
    package init(environment: [String: String], standardOutputIsTerminal: Bool, standardErrorIsTerminal: Bool) {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        self.init(
            standardErrorIsTerminal: standardErrorIsTerminal, standardOutputIsTerminal: standardOutputIsTerminal,
            colorEnabled: !noColor && standardOutputIsTerminal && environment["TERM"] != "dumb")
    }

    /// Writes `text` to standard error as is; a failure is recorded in `ProcessOutput.failure`.
    public static func writeError(_ text: String) {
        ProcessOutput.write(text, to: .error)
    }

    /// Writes `text` to standard output as is; a failure is recorded in `ProcessOutput.failure`.
    public static func writeOutput(_ text: String) {
        ProcessOutput.write(text, to: .output)
    }

    /// `message` as mfe prints an error: `error: ` before each of its lines, red with `color`;
    /// the message passes the output boundary (credentials redacted, control characters
    /// visible), since it quotes input.
    package static func errorText(_ message: String, color: Bool) -> String {
        OutputEscaping.sanitized(CredentialRedaction.redact(message)).split(separator: "\n", omittingEmptySubsequences: false).map { line in
            color ? "\u{1B}[1;31merror:\u{1B}[0m \(line)\n" : "error: \(line)\n"
        }.joined()
    }
}

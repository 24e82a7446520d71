import MFECore

/// A baseline file mfe cannot use. Exit 2; the messages are contract, byte for byte.
package enum BaselineError: LocatedError, Equatable {
    /// `file` is not a baseline: `problem` says what is wrong at `at` (`'version' is missing at
    /// the top level`, `not valid JSON`).
    case notABaseline(file: String, problem: String, at: SourceLocation)
    /// A format version this mfe does not read.
    case unsupportedVersion(Int, file: String, at: SourceLocation)

    package var location: SourceLocation? {
        switch self {
        case .notABaseline(_, _, let at), .unsupportedVersion(_, _, let at): return at
        }
    }

    package var message: String {
        switch self {
        case .notABaseline(let file, let problem, _):
            return "'\(file)' is not an mfe baseline (\(problem)); write a new one with 'mfe lint-graph --write-baseline \(file)'"
        case .unsupportedVersion(let version, let file, _):
            return "baseline version \(version) is not supported (this mfe reads version \(Baseline.formatVersion)); write a new one with 'mfe lint-graph --write-baseline \(file)'"
        }
    }
}

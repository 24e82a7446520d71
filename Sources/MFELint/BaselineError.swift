import MFECore

/// A baseline mfe cannot use: the file `--baseline` names is missing or is not a baseline, or
/// the one `--write-baseline` names is not one mfe may replace. Exit 2; the messages are
/// contract, byte for byte.
package enum BaselineError: LocatedError, Equatable {
    /// `--baseline FILE` names no file.
    case missing(given: String)
    /// `--write-baseline FILE` names a folder.
    case writeTargetIsFolder(given: String)
    /// `--write-baseline FILE` names a file that is neither empty nor a baseline mfe wrote: a
    /// typo naming `mfe.yml` or `Package.swift` must not destroy it.
    case wouldReplaceOtherFile(given: String)
    /// `file` is not a baseline: `problem` says what is wrong at `at` (`'version' is missing at
    /// the top level`, `not valid JSON`).
    case notABaseline(file: String, problem: String, at: SourceLocation)
    /// A format version this mfe does not read.
    case unsupportedVersion(Int, file: String, at: SourceLocation)
    /// `--prune-baseline` without a baseline: no `--baseline`, and mfe.yml's `baseline:`
    /// (`configured`) is not set or names no file.
    case nothingToPrune(configured: String?)

    package var location: SourceLocation? {
        switch self {
        case .missing, .writeTargetIsFolder, .wouldReplaceOtherFile, .nothingToPrune: return nil
        case .notABaseline(_, _, let at), .unsupportedVersion(_, _, let at): return at
        }
    }

    package var message: String {
        switch self {
        case .missing(let given):
            return "the baseline '\(given)' does not exist; create it with 'mfe lint-graph --write-baseline \(given)'"
        case .writeTargetIsFolder(let given):
            return "'--write-baseline \(given)' is a folder; give the baseline's file name, e.g. 'mfe-baseline.json'"
        case .wouldReplaceOtherFile(let given):
            return
                "'\(given)' exists and is not a baseline mfe wrote; mfe will not replace it. Give the baseline another name (e.g. 'mfe-baseline.json'), or remove the file first if it really is to be replaced"
        case .notABaseline(let file, let problem, _):
            return "'\(file)' is not an mfe baseline (\(problem)); write a new one with 'mfe lint-graph --write-baseline \(file)'"
        case .unsupportedVersion(let version, let file, _):
            return "baseline version \(version) is not supported (this mfe reads version \(Baseline.formatVersion)); write a new one with 'mfe lint-graph --write-baseline \(file)'"
        case .nothingToPrune(let configured):
            if let configured {
                return "'--prune-baseline' found no baseline: 'baseline: \(configured)' in mfe.yml names no file; give the baseline with '--baseline FILE'"
            }
            return "'--prune-baseline' needs a baseline; give it with '--baseline FILE', or set 'baseline:' in mfe.yml"
        }
    }
}

import Foundation
import MFECore

/// What stops `--baseline` and `--write-baseline` (lint-graph, graph): the file named is
/// missing, or is not one mfe may replace. Exit 2.
public enum BaselineError: InputError, Equatable {
    /// `--baseline FILE` names no file.
    case missing(given: String)
    /// `--write-baseline FILE` names a folder.
    case writeTargetIsFolder(given: String)
    /// `--write-baseline FILE` names a file that is neither empty nor a baseline mfe wrote: a
    /// typo naming `mfe.yml` or `Package.swift` must not destroy it.
    case wouldReplaceOtherFile(given: String)

    public var errorDescription: String? {
        switch self {
        case .missing(let given):
            return "the baseline '\(given)' does not exist; create it with 'mfe lint-graph --write-baseline \(given)'"
        case .writeTargetIsFolder(let given):
            return "'--write-baseline \(given)' is a folder; give the baseline's file name, e.g. 'mfe-baseline.json'"
        case .wouldReplaceOtherFile(let given):
            return "'\(given)' exists and is not a baseline mfe wrote; mfe will not replace it. Give the baseline another name (e.g. 'mfe-baseline.json'), or remove the file first if it really is to be replaced"
        }
    }
}

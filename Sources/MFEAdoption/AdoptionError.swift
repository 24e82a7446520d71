import Foundation
import MFECore

/// What stops `mfe init --adopt`: no repository folder, a file it would overwrite, nothing it
/// can read. Exit 2.
public enum AdoptionError: InputError, Equatable {
    /// The folder given does not exist (`exists` false) or is a file.
    case notAFolder(given: String, exists: Bool)
    /// `mfe.yml` or the baseline is already there.
    case wouldOverwrite(path: String)
    /// No `Package.swift` below the folder.
    case noPackages(given: String)
    /// Every package was left out; `reasons` lists each with why.
    case nothingReadable(given: String, reasons: [String])
    /// The `mfe.yml` mfe wrote does not read back as a workspace's: a bug of mfe.
    case unreadableConfiguration

    public var errorDescription: String? {
        switch self {
        case .notAFolder(let given, let exists):
            return exists ? "'\(given)' is not a directory; give the repository folder" : "'\(given)' does not exist; give the repository folder"
        case .wouldOverwrite(let path):
            return "'\(path)' already exists; 'mfe init --adopt' never overwrites it: move it away to adopt again, or edit it and run 'mfe lint-graph'"
        case .noPackages(let given):
            return "no Package.swift under '\(given)'; 'mfe init --adopt' adopts a repository of Swift packages"
        case .nothingReadable(let given, let reasons):
            return "no package under '\(given)' has targets mfe can read (\(reasons.joined(separator: "; "))); nothing to adopt"
        case .unreadableConfiguration:
            return "mfe wrote a workspace mfe.yml it cannot read back; please report this"
        }
    }
}

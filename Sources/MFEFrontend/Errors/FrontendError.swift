import Foundation
import MFECore

/// What stops a command in the frontend itself, outside any one area's errors. Exit 2.
public enum FrontendError: InputError, Equatable {
    /// `mfe dump-package PATH` where PATH is no folder (nor a `Package.swift`).
    case notAPackageFolder(given: String)
    /// `--imports --strict`: source files that could not be parsed in time, each with why
    /// the check does not pass.
    case sourcesNotRead([String])
    /// A file a command creates appeared between planning and writing; `activity` is what
    /// mfe was doing ("adopting the repository").
    case appearedWhileWriting(path: String, activity: String)

    public var errorDescription: String? {
        switch self {
        case .notAPackageFolder(let given):
            return "'\(given)' is not a folder; give the folder of a Swift package (or its Package.swift)"
        case .sourcesNotRead(let messages):
            return messages.joined(separator: "\n")
        case .appearedWhileWriting(let path, let activity):
            return "'\(path)' appeared while mfe was \(activity); it was left as it is"
        }
    }
}

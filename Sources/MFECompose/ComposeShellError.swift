import Foundation
import MFECore

/// What stops `mfe compose-shell` before it composes: no shell where it looks, `--update`
/// names that are no package of the composition. Exit 2.
public enum ComposeShellError: InputError, Equatable {
    /// The folder given does not exist (`exists` false) or is a file.
    case notAFolder(given: String, exists: Bool)
    /// No shell package at or above the folder, and no `shell:` in the workspace `mfe.yml`;
    /// `updateFolder` is a name after `--update` that is a folder (the usual mistake).
    case noShell(given: String, updateFolder: String?)
    /// The shell is an Xcode project (`shell.features:` in `configurationFile`) and
    /// `--output` is missing.
    case outputNeeded(configurationFile: String)
    /// `--update` names packages the shell does not depend on: `unknown` as given, the
    /// `nearest` name when one is close, the names it could have given (quoted, sorted), and
    /// a name that is a folder.
    case unknownUpdateNames(unknown: [String], nearest: String?, known: [String], folder: String?)
    /// An error whose message named a URL with credentials, with them replaced by `***`.
    case redacted(String)

    public var errorDescription: String? {
        switch self {
        case .notAFolder(let given, let exists):
            return "'\(given)' \(exists ? "is not a directory" : "does not exist"); give the shell package's folder or the workspace folder"
        case .noShell(let given, let updateFolder):
            var message = "no shell found from '\(given)': give the shell package's folder, or set 'shell.path' (a shell package) or 'shell.features' (an Xcode project) in the workspace mfe.yml"
            if let updateFolder {
                message += "; the names after --update are packages, so to compose the shell in folder '\(updateFolder)', use --path \(updateFolder) --update"
            }
            return message
        case .outputNeeded(let configurationFile):
            return
                "\(configurationFile): the shell is an Xcode project ('shell.features:'); pass --output with its Package.resolved, e.g. --output App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        case .unknownUpdateNames(let unknown, let nearest, let known, let folder):
            var message = "--update names \(unknown.map { "'\($0)'" }.joined(separator: ", ")), which the shell does not depend on"
            if let nearest { message += "; did you mean '\(nearest)'?" }
            message += known.isEmpty ? "; it pins no packages" : "; the packages are \(known.map { "'\($0)'" }.joined(separator: ", "))"
            if let folder { message += ". To compose the shell in folder '\(folder)', use --path \(folder) --update" }
            return message
        case .redacted(let message):
            return message
        }
    }
}

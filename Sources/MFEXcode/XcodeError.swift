import MFECore

/// What stops mfe from reading an Xcode project or workspace: a file that is missing or does
/// not parse, an object the project refers to but does not define, a project without
/// targets, a package reference to a folder that is not there. Exit 2.
package enum XcodeError: LocatedError, Equatable {
    /// The `.xcodeproj` has no `project.pbxproj`.
    case noProjectFile(project: String)
    /// The file is not a property list: `reason` is Foundation's.
    case notAPropertyList(file: String, reason: String)
    /// The file does not parse because a merge left a conflict marker in it, at this line.
    case mergeConflict(marker: String, at: SourceLocation)
    /// The file stops parsing at this line, where `expected` should have been.
    case syntaxError(expected: String, at: SourceLocation)
    /// The property list has no `objects` or no `rootObject` that is a project.
    case notAProject(file: String, missing: String)
    /// An object refers to an identifier the file does not define.
    case missingObject(id: String, referencedAs: String, at: SourceLocation)
    /// An object lacks a key Xcode always writes.
    case missingKey(String, object: String, at: SourceLocation)
    /// The project declares no targets.
    case noTargets(file: String)
    /// A remote package reference whose `requirement` mfe cannot read.
    case unknownRequirement(url: String, kind: String, at: SourceLocation)
    /// A requirement version that is no semantic version.
    case invalidVersion(String, url: String, at: SourceLocation)
    /// A local package reference to a folder without a `Package.swift`.
    case missingPackageFolder(relativePath: String, resolved: String, at: SourceLocation)
    /// The `contents.xcworkspacedata` is missing or not the XML Xcode writes.
    case unreadableWorkspace(file: String, reason: String)
    /// A workspace lists a project that is not there.
    case missingWorkspaceProject(location: String, resolved: String, file: String)

    package var location: SourceLocation? {
        switch self {
        case .missingObject(_, _, let at), .missingKey(_, _, let at), .mergeConflict(_, let at), .syntaxError(_, let at), .unknownRequirement(_, _, let at), .missingPackageFolder(_, _, let at),
            .invalidVersion(_, _, let at):
            return at
        default: return nil
        }
    }

    package var message: String {
        switch self {
        case .noProjectFile(let project):
            return "'\(project)' has no project.pbxproj; restore it from version control, or leave the project out of 'projects:'"
        case .notAPropertyList(let file, let reason):
            return "'\(file)' is not a property list Xcode can read (\(reason)); fix the merge conflict or restore the file from version control"
        case .mergeConflict(let marker, _):
            return "the project holds a merge conflict marker ('\(marker)'), so Xcode cannot open it; resolve the conflict, or take one side with 'git checkout --ours' or '--theirs'"
        case .syntaxError(let expected, _):
            return "the project stops parsing here, where \(expected) should be, so Xcode cannot open it; fix the line or restore the file from version control"
        case .notAProject(let file, let missing):
            return "'\(file)' is not an Xcode project: it has no '\(missing)'; restore the file from version control"
        case .missingObject(let id, let referencedAs, _):
            return "the project refers to '\(id)' as \(referencedAs), but defines no object with that identifier; restore the file from version control or open the project in Xcode to repair it"
        case .missingKey(let key, let object, _):
            return "\(object) has no '\(key)'; open the project in Xcode to repair it"
        case .noTargets(let file):
            return "'\(file)' declares no targets; add a target in Xcode, or leave the project out of 'projects:'"
        case .unknownRequirement(let url, let kind, _):
            return
                "the package reference '\(url)' has the requirement kind '\(kind)', which mfe cannot read; use upToNextMajorVersion, upToNextMinorVersion, exactVersion, versionRange, branch or revision"
        case .invalidVersion(let version, let url, _):
            return "the package reference '\(url)' requires the version '\(version)', which is no semantic version (major.minor.patch); fix it in Xcode's package settings"
        case .missingPackageFolder(let relativePath, let resolved, _):
            return "the local package reference '\(relativePath)' points at '\(resolved)', which holds no Package.swift; fix the path in Xcode or add the package"
        case .unreadableWorkspace(let file, let reason):
            return "'\(file)' cannot be read as an Xcode workspace (\(reason)); restore it from version control"
        case .missingWorkspaceProject(let location, let resolved, let file):
            return "'\(file)' lists the project '\(location)' (\(resolved)), which does not exist; remove it from the workspace in Xcode or restore the project"
        }
    }
}

import Foundation

/// The folders a walk of the file system has entered: each real folder once (by device and
/// inode, so `ln -s . self` and `ln -s .. up` end the walk instead of looping), symbolic links
/// that lead outside `boundary` not followed, and the walk bounded in depth and size with a
/// message saying what to do.
package struct FolderVisits {
    /// How far a walk may go.
    package struct Limits: Sendable, Equatable {
        /// The most folders entered.
        package var maximumFolders: Int
        /// The deepest folder entered, counted from the walk's start (which is depth 0).
        package var maximumDepth: Int

        /// Creates limits.
        package init(maximumFolders: Int, maximumDepth: Int) {
            self.maximumFolders = maximumFolders
            self.maximumDepth = maximumDepth
        }

        /// Limits for finding packages in a workspace: far above the largest real apps
        /// (about 1,500 folders, 20 deep), and reached in seconds on `/`.
        package static let workspace = Limits(maximumFolders: 20_000, maximumDepth: 64)
    }

    let fileSystem: any FileSystem
    let boundary: String
    let resolvedBoundary: String
    let limits: Limits
    /// What the walk is for, in messages: `looking for packages`.
    let purpose: String
    private var seen: Set<DirectoryIdentity> = []
    private(set) var count = 0

    /// Starts a walk that stays inside `boundary` (an absolute path). Folders in `visited`
    /// count as entered already: pass the ancestors of a walk that starts below `boundary`.
    package init(fileSystem: any FileSystem, boundary: String, limits: Limits = .workspace, purpose: String, visited: [String] = []) {
        self.fileSystem = fileSystem
        self.boundary = boundary
        self.resolvedBoundary = fileSystem.realPath(boundary) ?? boundary
        self.limits = limits
        self.purpose = purpose
        for folder in visited {
            if let identity = fileSystem.directoryIdentity(folder) { seen.insert(identity) }
        }
    }

    /// Whether to enter the folder at `path`, found `depth` levels below the walk's start:
    /// false when it is a folder already entered (through a link, or the start itself) or a
    /// link leading outside the boundary. Throws when the walk is too large or too deep.
    package mutating func enter(_ path: String, depth: Int) throws -> Bool {
        if fileSystem.isSymbolicLink(path) {
            guard let target = fileSystem.realPath(path), Self.isInside(target, resolvedBoundary) else { return false }
        }
        if let identity = fileSystem.directoryIdentity(path), !seen.insert(identity).inserted {
            return false
        }
        count += 1
        if count > limits.maximumFolders {
            throw FolderLimitError.tooManyFolders(boundary: boundary, limit: limits.maximumFolders, purpose: purpose)
        }
        if depth > limits.maximumDepth {
            throw FolderLimitError.tooDeep(path: path, boundary: boundary, limit: limits.maximumDepth, purpose: purpose)
        }
        return true
    }

    /// Whether `path` is `folder` or below it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder + "/")
    }
}

/// A walk of the file system went past its bounds (`FolderVisits.Limits`): almost always mfe
/// run in a folder far above the workspace.
package enum FolderLimitError: InputError, Equatable {
    /// More than `limit` folders below `boundary`.
    case tooManyFolders(boundary: String, limit: Int, purpose: String)
    /// `path` is more than `limit` folders below `boundary`.
    case tooDeep(path: String, boundary: String, limit: Int, purpose: String)

    package var errorDescription: String? {
        let advice = "Run mfe in the workspace's own folder, or list the package folders under 'packages:' in its mfe.yml"
        switch self {
        case .tooManyFolders(let boundary, let limit, let purpose):
            return "'\(boundary)' holds more than \(limit) folders; mfe stopped \(purpose) there. \(advice)"
        case .tooDeep(let path, let boundary, let limit, let purpose):
            return "'\(path)' is nested more than \(limit) folders deep below '\(boundary)'; mfe stopped \(purpose) there. \(advice)"
        }
    }
}

import Foundation

/// Path arithmetic on plain strings (POSIX separators), shared by loaders and renderers.
public enum PathUtilities {
    /// `path` made absolute against `base` and normalised (no `.`/`..` components, no
    /// trailing slash). A path a person gave is relative to `ServiceEnvironment.currentDirectory`,
    /// never to the process's: the library does not read it.
    public static func absolute(_ path: String, relativeTo base: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(base + "/" + path)
    }

    /// Removes `.` and `..` components and repeated or trailing slashes.
    package static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if component == "..", isAbsolute { continue }
            parts.append(component)
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` relative to `base` when it lies inside `base`; `.` when equal; else `path`.
    package static func relative(_ path: String, to base: String) -> String {
        // A location that is a URL (a manifest read from a remote repository) is no path:
        // normalising it would turn `https://` into `https:/`.
        if path.contains("://") { return path }
        let path = normalize(path)
        let base = normalize(base)
        if path == base { return "." }
        let prefix = base == "/" ? "/" : base + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        return path
    }

    /// `base/component`, without doubling slashes; `component` alone when absolute.
    package static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") { return component }
        if base.isEmpty || base == "." { return component }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// The first of `names` that is an executable file: a name with a `/` as it is, any other
    /// looked up in the folders of `PATH` (of `environment`).
    package static func firstExecutable(among names: [String], environment: [String: String], fileSystem: any FileSystem = LocalFileSystem()) -> String? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for name in names {
            let candidates = name.contains("/") ? [name] : folders.map { $0 + "/" + name }
            if let path = candidates.first(where: { fileSystem.isExecutableFile($0) }) { return path }
        }
        return nil
    }

    /// Whether `name` matches the glob `pattern` (one path component: `*`, `?`, `[abc]`).
    package static func matches(_ name: Substring, pattern: Substring) -> Bool {
        fnmatch(String(pattern), String(name), 0) == 0
    }
}

/// Where the paths a person writes start: a relative path from the working directory, `~/`
/// from the home folder. Taken from a `FileSystem` (SwiftPM's `currentWorkingDirectory` and
/// `homeDirectory`), never from the process, so a manifest read in a test resolves its
/// `.package(path:)` entries as it would in the folder the test names.
package struct PathOrigin: Sendable, Equatable {
    /// The absolute folder relative paths start from.
    package var currentDirectory: String
    /// What `~/` names; nil when there is no home (a `~/` path is then taken as written).
    package var homeDirectory: String?

    /// The root and no home: a tree of its own, or paths already absolute.
    package static let root = PathOrigin(currentDirectory: "/", homeDirectory: nil)

    /// Creates an origin.
    package init(currentDirectory: String, homeDirectory: String?) {
        self.currentDirectory = currentDirectory
        self.homeDirectory = homeDirectory
    }

    /// The origin of `fileSystem`'s paths.
    package init(_ fileSystem: any FileSystem) {
        self.init(currentDirectory: fileSystem.currentDirectory, homeDirectory: fileSystem.homeDirectory)
    }

    /// `path` made absolute against `currentDirectory` and normalised.
    package func absolute(_ path: String) -> String {
        PathUtilities.absolute(path, relativeTo: currentDirectory)
    }
}

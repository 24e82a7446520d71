import Foundation

/// Path arithmetic on plain strings (POSIX separators), shared by loaders and renderers.
public enum PathUtilities {
    /// `path` made absolute against `base` and normalised (no `.`/`..` components, no
    /// trailing slash).
    /// The current directory is asked for only when `path` is relative and no `base` is given:
    /// a `getcwd` per call was most of `lint-graph`'s time on large workspaces.
    public static func absolute(_ path: String, relativeTo base: String? = nil) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize((base ?? FileManager.default.currentDirectoryPath) + "/" + path)
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
    /// looked up in the folders of `PATH` (of `environment`, the process's by default).
    package static func firstExecutable(among names: [String], environment: [String: String] = ProcessInfo.processInfo.environment, fileSystem: any FileSystem = LocalFileSystem()) -> String? {
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

import Foundation

/// The file-system operations mfe needs, behind a protocol so tests can use an in-memory fake.
public protocol FileSystem: Sendable {
    /// The bytes of the file at `path`.
    func contents(of path: String) throws -> Data
    /// Whether anything exists at `path`.
    func exists(_ path: String) -> Bool
    /// Whether `path` is a directory.
    func isDirectory(_ path: String) -> Bool
    /// The names (not paths) in the directory at `path`, sorted.
    func contentsOfDirectory(_ path: String) throws -> [String]
    /// Creates the directory at `path` and any missing parents.
    func createDirectory(_ path: String) throws
    /// Writes `data` to `path` atomically: through a temporary file in the same folder, then
    /// renamed into place, so a reader never sees half a file.
    func writeAtomically(_ data: Data, to path: String) throws
    /// Moves `source` to `destination`; fails if `destination` exists.
    func move(_ source: String, to destination: String) throws
    /// Removes the file or directory at `path` (used only on mfe's own temporary files).
    func remove(_ path: String) throws
}

/// The real file system.
public struct LocalFileSystem: FileSystem {
    /// Creates the real file system.
    public init() {}

    public func contents(of path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlainInputError("cannot read '\(path)': \(exists(path) ? "permission denied or not a file" : "no such file")")
        }
        return data
    }

    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    public func contentsOfDirectory(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    public func createDirectory(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).mfe-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try data.write(to: temporary)
        if rename(temporary.path, path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw PlainInputError("cannot write '\(path)': \(String(cString: strerror(code)))")
        }
    }

    public func move(_ source: String, to destination: String) throws {
        try FileManager.default.moveItem(atPath: source, toPath: destination)
    }

    public func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }
}

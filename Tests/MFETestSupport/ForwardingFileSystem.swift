import Foundation
import MFECore

/// A file system that hands every operation to `base`: a test that watches or changes a few
/// operations of a real or in-memory file system writes only those.
package protocol ForwardingFileSystem: FileSystem {
    /// The file system every operation not written by the conforming type goes to.
    var base: any FileSystem { get }
}

extension ForwardingFileSystem {
    package func contents(of path: String) throws -> Data { try base.contents(of: path) }
    package func exists(_ path: String) -> Bool { base.exists(path) }
    package func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    package func contentsOfDirectory(_ path: String) throws -> [String] { try base.contentsOfDirectory(path) }
    package func createDirectory(_ path: String) throws { try base.createDirectory(path) }
    package func writeAtomically(_ data: Data, to path: String) throws { try base.writeAtomically(data, to: path) }
    package func move(_ source: String, to destination: String) throws { try base.move(source, to: destination) }
    package func remove(_ path: String) throws { try base.remove(path) }
    package func append(_ data: Data, to path: String) throws { try base.append(data, to: path) }
    package func directoryIdentity(_ path: String) -> DirectoryIdentity? { base.directoryIdentity(path) }
    package func isSymbolicLink(_ path: String) -> Bool { base.isSymbolicLink(path) }
    package func status(of path: String) -> FileStatus? { base.status(of: path) }
    package func realPath(_ path: String) -> String? { base.realPath(path) }
    package func isExecutableFile(_ path: String) -> Bool { base.isExecutableFile(path) }
    package func tryLock(_ path: String) throws -> FileLockAttempt { try base.tryLock(path) }
    package var currentDirectory: String { base.currentDirectory }
    package var homeDirectory: String? { base.homeDirectory }
}

/// A file system that counts the reads of each file, to show what a run reads how often.
package struct ReadCountingFileSystem: ForwardingFileSystem {
    package let base: any FileSystem
    package let counts = Counts()

    package init(_ base: any FileSystem) { self.base = base }

    /// The reads so far, per path.
    package final class Counts: @unchecked Sendable {
        private var reads: [String: Int] = [:]
        private let lock = NSLock()
        package func record(_ path: String) { lock.withLock { reads[path, default: 0] += 1 } }
        package func reads(of path: String) -> Int { lock.withLock { reads[path] ?? 0 } }
    }

    package func contents(of path: String) throws -> Data {
        counts.record(path)
        return try base.contents(of: path)
    }
}

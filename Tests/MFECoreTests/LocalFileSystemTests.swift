import Foundation
import MFETestSupport
import Testing

@testable import MFECore

@Suite("the real file system")
struct LocalFileSystemTests {
    let fileSystem = LocalFileSystem()

    @Test func aMissingFileIsNamedWithWhatToDo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/Package.swift"
        #expect(throws: FileOperationError("read", path, code: ENOENT)) { try fileSystem.contents(of: path) }
    }

    @Test func aFolderIsNotReadAsAFile() throws {
        let directory = try TemporaryDirectory()
        let error = try #require(throws: FileOperationError.self) { try fileSystem.contents(of: directory.path) }
        #expect(error.code == EISDIR)
        #expect(error.localizedDescription.contains("'\(directory.path)'"))
    }

    /// A FIFO named like a manifest would block a plain read forever.
    @Test(.hangGuard(processes: 1)) func aFIFOIsRefusedWithoutWaiting() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/Package.swift"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: FileOperationError.notRegularFile("read", path)) { try fileSystem.contents(of: path) }
    }

    /// Appending to a FIFO (a job summary path pointing at one) would wait for a reader for
    /// ever; a device is no file to append a summary to.
    @Test(.hangGuard(processes: 1), arguments: ["fifo", "/dev/null"])
    func appendingToASpecialFileIsRefusedWithoutWaiting(kind: String) throws {
        let directory = try TemporaryDirectory()
        let path = kind == "fifo" ? directory.path + "/summary.md" : kind
        if kind == "fifo" { #expect(mkfifo(path, 0o644) == 0) }
        #expect(throws: FileOperationError.notRegularFile("append to", path)) { try fileSystem.append(Data("x".utf8), to: path) }
    }

    @Test func readsLargeFilesWhole() throws {
        let directory = try TemporaryDirectory()
        let text = String(repeating: "let x = 1\n", count: 100_000)
        try directory.write(text, to: "big.swift")
        #expect(try fileSystem.contents(of: directory.path + "/big.swift") == Data(text.utf8))
    }

    @Test func anUnreadableFileIsNamed() throws {
        // Root reads anything; the check needs an ordinary user.
        guard getuid() != 0 else { return }
        let directory = try TemporaryDirectory()
        try directory.write("x", to: "secret.yml")
        chmod(directory.path + "/secret.yml", 0)
        #expect(throws: FileOperationError("read", directory.path + "/secret.yml", code: EACCES)) { try fileSystem.contents(of: directory.path + "/secret.yml") }
    }

    @Test func writingKeepsAnExistingFilesPermissions() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/script.sh"
        try directory.write("old", to: "script.sh")
        chmod(path, 0o751)
        try fileSystem.writeAtomically(Data("new".utf8), to: path)
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o751)
        #expect(try fileSystem.contents(of: path) == Data("new".utf8))
        #expect(try fileSystem.contentsOfDirectory(directory.path) == ["script.sh"])
    }

    @Test func writingIntoAMissingFolderNamesTheFileAndLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/missing/out.json"
        #expect(throws: FileOperationError("write", path, code: ENOENT)) { try fileSystem.writeAtomically(Data("{}".utf8), to: path) }
        #expect(try fileSystem.contentsOfDirectory(directory.path).isEmpty)
    }

    @Test func appendingCreatesThenAppends() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/summary.md"
        try fileSystem.append(Data("a\n".utf8), to: path)
        try fileSystem.append(Data("b\n".utf8), to: path)
        #expect(try fileSystem.contents(of: path) == Data("a\nb\n".utf8))
    }

    /// A device is refused before anything is written (see above); a regular file on a full
    /// disk fails with the system's reason.
    @Test(.enabled(if: FullDisk.isAvailable, "needs root and tmpfs"))
    func appendingOnAFullDiskIsAnError() throws {
        let disk = try FullDisk()
        let path = disk.path + "/filler"
        #expect(throws: FileOperationError("append to", path, code: ENOSPC)) { try fileSystem.append(Data(repeating: 0x2E, count: 4096), to: path) }
    }

    /// On a full disk the temporary file of an atomic write is removed, and the old file stays.
    @Test(.enabled(if: FullDisk.isAvailable, "needs root and tmpfs"))
    func aFullDiskLeavesNoTemporaryFile() throws {
        let disk = try FullDisk()
        let error = try #require(throws: FileOperationError.self) {
            try fileSystem.writeAtomically(Data(repeating: 0x41, count: 100_000), to: disk.path + "/mfe-baseline.json")
        }
        #expect(error.code == ENOSPC)
        #expect(try disk.leftovers().isEmpty)
    }

    @Test func foundationErrorsBecomeErrnoCodes() {
        #expect(FileOperationError.errnoCode(of: CocoaError(.fileWriteOutOfSpace)) == ENOSPC)
        #expect(FileOperationError.errnoCode(of: CocoaError(.fileReadNoPermission)) == EACCES)
        #expect(FileOperationError.errnoCode(of: CocoaError(.fileReadNoSuchFile)) == ENOENT)
        let underlying = NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))])
        #expect(FileOperationError.errnoCode(of: underlying) == EROFS)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// A real file system that fails the `failingWrite`th write, to check nothing is left behind.
struct FailingFileSystem: FileSystem {
    let base = LocalFileSystem()
    let failingWrite: Int
    let writes = Counter()

    final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }

    func contents(of path: String) throws -> Data { try base.contents(of: path) }
    func exists(_ path: String) -> Bool { base.exists(path) }
    func isDirectory(_ path: String) -> Bool { base.isDirectory(path) }
    func contentsOfDirectory(_ path: String) throws -> [String] { try base.contentsOfDirectory(path) }
    func createDirectory(_ path: String) throws { try base.createDirectory(path) }
    func writeAtomically(_ data: Data, to path: String) throws {
        if writes.next() == failingWrite { throw PlainInputError("disk full") }
        try base.writeAtomically(data, to: path)
    }
    func move(_ source: String, to destination: String) throws { try base.move(source, to: destination) }
    func remove(_ path: String) throws { try base.remove(path) }
    func directoryIdentity(_ path: String) -> DirectoryIdentity? { base.directoryIdentity(path) }
    func isSymbolicLink(_ path: String) -> Bool { base.isSymbolicLink(path) }
    func status(of path: String) -> FileStatus? { base.status(of: path) }
    func realPath(_ path: String) -> String? { base.realPath(path) }
    func isExecutableFile(_ path: String) -> Bool { base.isExecutableFile(path) }
    func tryLock(_ path: String) throws -> FileLockAttempt { try base.tryLock(path) }
}

@Suite("scaffold writing")
struct ScaffoldWriterTests {
    private func plan(in directory: String) -> ScaffoldPlan {
        ScaffoldPlan(
            destination: directory + "/Features/Home",
            files: [
                PlannedFile(path: "Package.swift", contents: "// package\n"),
                PlannedFile(path: "Sources/Home/Home.swift", contents: "// source\n"),
            ])
    }

    @Test func writesEveryFileAndOnlyThem() throws {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(plan(in: directory.path))
        #expect(try TemplateCatalog.filesBelow(directory.path, fileSystem: LocalFileSystem()) == ["Features/Home/Package.swift", "Features/Home/Sources/Home/Home.swift"])
        #expect(FileManager.default.contents(atPath: directory.path + "/Features/Home/Sources/Home/Home.swift") == Data("// source\n".utf8))
    }

    @Test(arguments: [1, 2])
    func leavesNothingBehindWhenAWriteFails(failingWrite: Int) throws {
        let directory = try TemporaryDirectory()
        try directory.write("keep\n", to: "README.md")
        #expect(throws: PlainInputError.self) {
            try ScaffoldWriter(fileSystem: FailingFileSystem(failingWrite: failingWrite)).write(plan(in: directory.path))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["README.md"])
    }

    @Test func neverOverwrites() throws {
        let directory = try TemporaryDirectory()
        try directory.write("mine\n", to: "Features/Home/Package.swift")
        #expect(throws: ScaffoldError.destinationAppeared(directory.path + "/Features/Home")) { try ScaffoldWriter().write(plan(in: directory.path)) }
        #expect(try TemplateCatalog.filesBelow(directory.path, fileSystem: LocalFileSystem()) == ["Features/Home/Package.swift"])
        #expect(FileManager.default.contents(atPath: directory.path + "/Features/Home/Package.swift") == Data("mine\n".utf8))
    }

    @Test func refusesAnEditOfAFileThatChangedSincePlanning() throws {
        let directory = try TemporaryDirectory()
        try directory.write("workspace: W\n", to: "mfe.yml")
        var plan = plan(in: directory.path)
        plan.edits = [PlannedEdit(path: directory.path + "/mfe.yml", original: "workspace: Old\n", contents: "x", summary: "")]
        #expect(throws: ScaffoldError.changedWhilePlanning(directory.path + "/mfe.yml")) { try ScaffoldWriter().write(plan) }
        #expect(try TemplateCatalog.filesBelow(directory.path, fileSystem: LocalFileSystem()) == ["mfe.yml"])
    }

    @Test func refusesUnsafePlannedPaths() throws {
        let directory = try TemporaryDirectory()
        let plan = ScaffoldPlan(destination: directory.path + "/Home", files: [PlannedFile(path: "../outside.swift", contents: "")])
        #expect(throws: ScaffoldError.self) { try ScaffoldWriter().write(plan) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

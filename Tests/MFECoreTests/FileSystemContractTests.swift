import Foundation
import MFETestSupport
import Testing

@testable import MFECore

/// A folder to run one scenario in, on the real disk or in memory, with the set-up steps the
/// `FileSystem` protocol has no operation for (links, pipes, modes).
struct Sandbox {
    let fileSystem: any FileSystem
    let root: String
    let link: (_ path: String, _ target: String) throws -> Void
    let pipe: (_ path: String) throws -> Void
    let mode: (_ path: String, _ mode: UInt16) throws -> Void
    /// Keeps a temporary directory alive while the scenario runs.
    let keepAlive: AnyObject?

    /// A sandbox on `kind`; with `startingInRoot`, relative paths start from its root (the
    /// file system's `currentDirectory`).
    static func make(_ kind: String, startingInRoot: Bool = false) throws -> Sandbox {
        if kind == "memory" {
            let memory = startingInRoot ? InMemoryFileSystem(currentDirectory: "/sandbox") : InMemoryFileSystem()
            let root = try memory.folder("/sandbox").path
            return Sandbox(
                fileSystem: memory, root: root,
                link: { try memory.createSymbolicLink($0, to: $1) }, pipe: { try memory.createPipe($0) }, mode: { try memory.setMode($1, of: $0) },
                keepAlive: memory
            )
        }
        let directory = try TemporaryDirectory()
        return Sandbox(
            fileSystem: LocalFileSystem(currentDirectory: startingInRoot ? directory.path : nil), root: directory.path,
            link: { path, target in #expect(symlink(target, path) == 0) }, pipe: { #expect(mkfifo($0, 0o644) == 0) }, mode: { #expect(chmod($0, mode_t($1)) == 0) },
            keepAlive: directory
        )
    }

    /// `root/relative`.
    func path(_ relative: String) -> String { PathUtilities.join(root, relative) }

    /// What `body` returned or the message it threw, with the root written `ROOT`.
    func outcome(_ body: () throws -> Any) -> String {
        do {
            return "\(try body())".replacingOccurrences(of: root, with: "ROOT")
        } catch {
            return "error: \(error.localizedDescription)".replacingOccurrences(of: root, with: "ROOT")
        }
    }
}

/// One scenario per group of operations, run on `LocalFileSystem` and on `InMemoryFileSystem`:
/// the in-memory file system the unit tests use must answer and fail exactly as the disk does.
@Suite("the file-system contract: the disk and memory agree", .hangGuard(processes: 1))
struct FileSystemContractTests {
    static let kinds = ["local", "memory"]

    /// The transcript of `scenario` on each file system; they must be equal.
    func agree(startingInRoot: Bool = false, _ scenario: (Sandbox) throws -> [String]) throws {
        let local = try scenario(Sandbox.make("local", startingInRoot: startingInRoot))
        let memory = try scenario(Sandbox.make("memory", startingInRoot: startingInRoot))
        #expect(local == memory)
        #expect(!local.isEmpty)
    }

    /// A file system given a working directory takes relative paths from it (as mfe started
    /// there would), names them as given in its messages, and reports it.
    @Test func relativePathsStartFromTheWorkingDirectoryGiven() throws {
        try agree(startingInRoot: true) { box in
            let files = box.fileSystem
            try files.createDirectory("folder")
            try files.writeAtomically(Data("hello".utf8), to: "folder/file.txt")
            try files.append(Data(" there".utf8), to: "folder/file.txt")
            try files.move("folder/file.txt", to: "moved.txt")
            return [
                box.outcome { files.currentDirectory },
                box.outcome { String(decoding: try files.contents(of: box.path("moved.txt")), as: UTF8.self) },
                box.outcome { String(decoding: try files.contents(of: "./folder/../moved.txt"), as: UTF8.self) },
                box.outcome { try files.contentsOfDirectory(".") },
                box.outcome { files.isDirectory("folder") && files.exists("moved.txt") && !files.exists("folder/file.txt") },
                box.outcome { files.realPath("moved.txt") ?? "none" },
                box.outcome { files.absolute("folder/../moved.txt") },
                box.outcome { try files.contents(of: "missing.txt") },
                box.outcome { try files.remove("moved.txt") },
                box.outcome { files.exists(box.path("moved.txt")) },
            ]
        }
    }

    @Test func readingAFileAndEveryWayItFails() throws {
        try agree { box in
            let files = box.fileSystem
            try files.createDirectory(box.path("folder"))
            try files.writeAtomically(Data("hello".utf8), to: box.path("folder/file.txt"))
            try box.pipe(box.path("pipe"))
            try box.link(box.path("loop"), box.path("loop"))
            try box.link(box.path("dangling"), box.path("missing"))
            try box.link(box.path("alias"), "folder/file.txt")
            return [
                box.outcome { String(decoding: try files.contents(of: box.path("folder/file.txt")), as: UTF8.self) },
                box.outcome { String(decoding: try files.contents(of: box.path("alias")), as: UTF8.self) },
                box.outcome { try files.contents(of: box.path("missing.txt")) },
                box.outcome { try files.contents(of: box.path("folder")) },
                box.outcome { try files.contents(of: box.path("pipe")) },
                box.outcome { try files.contents(of: box.path("folder/file.txt/inside")) },
                box.outcome { try files.contents(of: box.path("loop")) },
                box.outcome { try files.contents(of: box.path("dangling")) },
                box.outcome { try files.contents(of: box.path("nowhere/file")) },
            ]
        }
    }

    @Test func existenceFollowsLinks() throws {
        try agree { box in
            let files = box.fileSystem
            try files.createDirectory(box.path("a/b"))
            try files.writeAtomically(Data(), to: box.path("a/file"))
            try box.link(box.path("toFolder"), box.path("a/b"))
            try box.link(box.path("dangling"), "nothing")
            return ["a", "a/b", "a/file", "toFolder", "dangling", "nothing", "a/file/x"].map { name in
                "\(name): exists \(files.exists(box.path(name))) folder \(files.isDirectory(box.path(name))) link \(files.isSymbolicLink(box.path(name)))"
            }
        }
    }

    @Test func listingIsSortedWithHiddenNamesAndFailsNamingTheFolder() throws {
        try agree { box in
            let files = box.fileSystem
            for name in ["b.swift", ".hidden", "A.swift", "a.swift", "Folder/x"] {
                try files.createDirectory((box.path(name) as NSString).deletingLastPathComponent)
                try files.writeAtomically(Data(), to: box.path(name))
            }
            return [
                box.outcome { try files.contentsOfDirectory(box.root) },
                box.outcome { try files.contentsOfDirectory(box.path("missing")) },
                box.outcome { try files.contentsOfDirectory(box.path("a.swift")) },
            ]
        }
    }

    @Test func creatingFoldersMakesTheParentsAndRefusesAFileInTheWay() throws {
        try agree { box in
            let files = box.fileSystem
            try files.writeAtomically(Data(), to: box.path("file"))
            return [
                box.outcome { try files.createDirectory(box.path("one/two/three")) },
                box.outcome { try files.createDirectory(box.path("one/two")) },
                box.outcome { files.isDirectory(box.path("one/two/three")) },
                box.outcome { try files.createDirectory(box.path("file")) },
                box.outcome { try files.createDirectory(box.path("file/below")) },
            ]
        }
    }

    /// A write replaces the whole file and keeps its mode; through a symbolic link it replaces
    /// the target and keeps the link, and a dangling link is refused, naming both.
    @Test func writingReplacesWholeKeepsTheModeAndWritesThroughALink() throws {
        try agree { box in
            let files = box.fileSystem
            try files.writeAtomically(Data("first, longer".utf8), to: box.path("file"))
            try box.mode(box.path("file"), 0o755)
            try files.writeAtomically(Data("second".utf8), to: box.path("file"))
            try files.writeAtomically(Data("target".utf8), to: box.path("target"))
            try box.link(box.path("link"), box.path("target"))
            try files.writeAtomically(Data("through".utf8), to: box.path("link"))
            try files.createDirectory(box.path("folder"))
            try box.link(box.path("dangling"), box.path("nowhere"))
            return [
                box.outcome { String(decoding: try files.contents(of: box.path("file")), as: UTF8.self) },
                box.outcome { files.isExecutableFile(box.path("file")) },
                box.outcome { files.isSymbolicLink(box.path("link")) },
                box.outcome { String(decoding: try files.contents(of: box.path("target")), as: UTF8.self) },
                box.outcome { try files.writeAtomically(Data(), to: box.path("missing/file")) },
                box.outcome { try files.writeAtomically(Data(), to: box.path("folder")) },
                box.outcome { try files.writeAtomically(Data(), to: box.path("dangling")) },
                box.outcome { try files.contentsOfDirectory(box.root) },
            ]
        }
    }

    @Test func movingNeverOverwritesAndRemovingTakesWholeFolders() throws {
        try agree { box in
            let files = box.fileSystem
            try files.createDirectory(box.path("from/inner"))
            try files.writeAtomically(Data("x".utf8), to: box.path("from/inner/file"))
            try files.writeAtomically(Data(), to: box.path("taken"))
            return [
                box.outcome { try files.move(box.path("from"), to: box.path("to")) },
                box.outcome { String(decoding: try files.contents(of: box.path("to/inner/file")), as: UTF8.self) },
                box.outcome { files.exists(box.path("from")) },
                box.outcome { try files.move(box.path("to"), to: box.path("taken")) },
                box.outcome { try files.move(box.path("gone"), to: box.path("elsewhere")) },
                box.outcome { try files.remove(box.path("to")) },
                box.outcome { files.exists(box.path("to/inner/file")) },
                box.outcome { try files.remove(box.path("to")) },
                box.outcome { try files.contentsOfDirectory(box.root) },
            ]
        }
    }

    @Test func appendingCreatesExtendsAndRefusesFoldersAndPipes() throws {
        try agree { box in
            let files = box.fileSystem
            try files.createDirectory(box.path("folder"))
            try box.pipe(box.path("pipe"))
            return [
                box.outcome { try files.append(Data("one\n".utf8), to: box.path("summary.md")) },
                box.outcome { try files.append(Data("two\n".utf8), to: box.path("summary.md")) },
                box.outcome { String(decoding: try files.contents(of: box.path("summary.md")), as: UTF8.self) },
                box.outcome { try files.append(Data(), to: box.path("folder")) },
                box.outcome { try files.append(Data(), to: box.path("pipe")) },
                box.outcome { try files.append(Data(), to: box.path("missing/summary.md")) },
            ]
        }
    }

    @Test func linksResolveToRealPathsAndFoldersKeepOneIdentity() throws {
        try agree { box in
            let files = box.fileSystem
            try files.createDirectory(box.path("real/inner"))
            try files.writeAtomically(Data("12345".utf8), to: box.path("real/inner/file"))
            try box.link(box.path("first"), "second")
            try box.link(box.path("second"), box.path("real"))
            try box.link(box.path("real/inner/up"), "..")
            try box.pipe(box.path("pipe"))
            let root = files.realPath(box.root) ?? "none"
            return [
                box.outcome { (files.realPath(box.path("first/inner/file")) ?? "nil").replacingOccurrences(of: root, with: "REAL") },
                box.outcome { (files.realPath(box.path("real/inner/up/inner/../inner/file")) ?? "nil").replacingOccurrences(of: root, with: "REAL") },
                box.outcome { files.realPath(box.path("first/missing")) ?? "nil" },
                box.outcome { files.directoryIdentity(box.path("first")) == files.directoryIdentity(box.path("real")) },
                box.outcome { files.directoryIdentity(box.path("real/inner/up")) == files.directoryIdentity(box.path("real")) },
                box.outcome { files.directoryIdentity(box.path("real/inner")) == files.directoryIdentity(box.path("real")) },
                box.outcome { files.directoryIdentity(box.path("real/inner/file")) == nil },
                box.outcome { ["real/inner/file", "real", "first", "pipe", "none"].map { "\($0) \(files.status(of: box.path($0)).map { "\($0.kind)" } ?? "nil")" } },
                box.outcome { files.status(of: box.path("real/inner/file"))?.size ?? -1 },
            ]
        }
    }

    @Test func aLockIsExclusiveUntilReleasedAndMayTakeItsFileAlong() throws {
        try agree { box in
            let files = box.fileSystem
            let path = box.path("run.lock")
            var transcript: [String] = []
            guard case .acquired(let first) = try files.tryLock(path) else { return ["not acquired"] }
            first.record(Data("4242\n".utf8))
            if case .held(let contents) = try files.tryLock(path) { transcript.append("held by \(String(decoding: contents, as: UTF8.self))") }
            first.release(removingFile: false)
            transcript.append("kept: \(files.exists(path))")
            guard case .acquired(let second) = try files.tryLock(path) else { return transcript + ["not acquired again"] }
            second.release(removingFile: true)
            second.release(removingFile: true)
            transcript.append("removed: \(!files.exists(path))")
            try box.link(box.path("link.lock"), path)
            transcript.append(box.outcome { try files.tryLock(box.path("link.lock")) })
            transcript.append(box.outcome { try files.tryLock(box.path("missing/run.lock")) })
            return transcript
        }
    }

    @Test func aWalkVisitsEachRealFolderOnceThroughLinkLoops() throws {
        try agree { box in
            let files = box.fileSystem
            try files.createDirectory(box.path("A/Sources"))
            try files.writeAtomically(Data(), to: box.path("A/Package.swift"))
            try box.link(box.path("A/self"), ".")
            try box.link(box.path("A/up"), "..")
            try box.link(box.path("A/alias"), box.path("A/Sources"))
            var visited: [String] = []
            try files.walkFolders(below: box.root, purpose: "testing") { relative, names in visited.append("\(relative): \(names.joined(separator: ","))") }
            return visited + [box.outcome { try files.filesBelow(box.root) }]
        }
    }
}

/// What only memory can show on a machine whose tests run as root: permissions that fail.
@Suite("the in-memory file system")
struct InMemoryFileSystemTests {
    @Test func anUnreadableFileFailsAsOnDiskForAnOrdinaryUser() throws {
        let files = InMemoryFileSystem()
        try files.write("secret: 1\n", to: "/ws/secret.yml")
        try files.setMode(0o200, of: "/ws/secret.yml")
        let error = try #require(throws: FileOperationError.self) { try files.contents(of: "/ws/secret.yml") }
        #expect(error.localizedDescription == "cannot read '/ws/secret.yml': permission denied; check its permissions and those of its folders, or run mfe as a user who may use it")
        try files.setMode(0o300, of: "/ws")
        #expect(throws: FileOperationError("list the folder", "/ws", code: EACCES)) { try files.contentsOfDirectory("/ws") }
    }

    @Test func aReadOnlyFolderKeepsItsFilesWhenAWriteFails() throws {
        let files = InMemoryFileSystem()
        try files.write("old\n", to: "/ws/mfe.yml")
        try files.setMode(0o555, of: "/ws")
        #expect(throws: FileOperationError("write", "/ws/mfe.yml", code: EACCES)) { try files.writeAtomically(Data("new\n".utf8), to: "/ws/mfe.yml") }
        #expect(throws: FileOperationError("remove", "/ws/mfe.yml", code: EACCES)) { try files.remove("/ws/mfe.yml") }
        #expect(try files.contents(of: "/ws/mfe.yml") == Data("old\n".utf8))
    }

    @Test func modificationDatesAndExecutableBitsAreTheTestsToSet() throws {
        let files = InMemoryFileSystem()
        try files.write("#!/bin/sh\n", to: "/bin/tool")
        #expect(!files.isExecutableFile("/bin/tool"))
        try files.setMode(0o755, of: "/bin/tool")
        #expect(PathUtilities.firstExecutable(among: ["tool"], environment: ["PATH": "/usr/bin:/bin"], fileSystem: files) == "/bin/tool")
        let then = Date(timeIntervalSince1970: 1_000_000)
        try files.setModificationDate(then, of: "/bin/tool")
        #expect(files.status(of: "/bin/tool") == FileStatus(kind: .file, size: 10, modificationDate: then))
    }

    @Test func aFolderWritesFixturesLikeATemporaryDirectory() throws {
        let files = InMemoryFileSystem()
        let folder = try files.folder("/repo")
        try folder.write("// swift-tools-version: 6.0\n", to: "Packages/A/Package.swift")
        #expect(try files.filesBelow("/repo") == ["Packages/A/Package.swift"])
        #expect(throws: FileOperationError("create the link", "/repo/Packages", code: EEXIST)) { try files.createSymbolicLink("/repo/Packages", to: "/") }
    }
}

import Foundation
import MFETestSupport
import Testing

@testable import MFECore

@Suite("folder walks")
struct FolderVisitsTests {
    let fileSystem = LocalFileSystem()

    /// `ln -s . self` and `ln -s .. up` would make a walk that follows links loop forever.
    @Test(.hangGuard(processes: 1)) func linksBackToAFolderAlreadyWalkedEndTheWalk() throws {
        let directory = try TemporaryDirectory()
        try directory.write("a", to: "Templates/feature/a.txt")
        try directory.write("b", to: "Templates/feature/Sources/b.txt")
        symlink(".", directory.path + "/Templates/feature/self")
        symlink("..", directory.path + "/Templates/feature/Sources/up")
        #expect(try fileSystem.filesBelow(directory.path + "/Templates") == ["feature/Sources/b.txt", "feature/a.txt"])
    }

    @Test func linksLeavingTheBoundaryAreNotFollowed() throws {
        let inside = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try outside.write("x", to: "secret.txt")
        try inside.write("y", to: "mine.txt")
        symlink(outside.path, inside.path + "/elsewhere")
        #expect(try fileSystem.filesBelow(inside.path) == ["mine.txt"])
    }

    @Test func linksToAnotherFolderInsideAreFollowedOnce() throws {
        let directory = try TemporaryDirectory()
        try directory.write("z", to: "real/z.txt")
        symlink("real", directory.path + "/alias")
        // The real folder sorts first and wins; the link to it adds nothing.
        #expect(try fileSystem.filesBelow(directory.path) == ["real/z.txt"])
    }

    @Test func aWalkTooLargeSaysWhatToDo() throws {
        let directory = try TemporaryDirectory()
        for index in 0..<5 { try directory.write("", to: "f\(index)/file") }
        var visits = FolderVisits(fileSystem: fileSystem, boundary: directory.path, limits: .init(maximumFolders: 3, maximumDepth: 10), purpose: "looking for packages")
        #expect(throws: FolderLimitError.tooManyFolders(boundary: directory.path, limit: 3, purpose: "looking for packages")) {
            for index in 0..<5 { _ = try visits.enter(directory.path + "/f\(index)", depth: 1) }
        }
    }

    @Test func aWalkTooDeepSaysWhere() throws {
        let directory = try TemporaryDirectory()
        var visits = FolderVisits(fileSystem: fileSystem, boundary: directory.path, limits: .init(maximumFolders: 100, maximumDepth: 2), purpose: "looking for packages")
        #expect(throws: FolderLimitError.tooDeep(path: directory.path, boundary: directory.path, limit: 2, purpose: "looking for packages")) {
            _ = try visits.enter(directory.path, depth: 3)
        }
    }
}

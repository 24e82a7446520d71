import Foundation
import MFECore

/// Performs a `ScaffoldPlan`: writes every file into a temporary folder next to the
/// destination (so on the same file system), then moves that folder into place in one rename.
/// It never overwrites anything but the files a plan edits (only when they still hold the bytes
/// it planned from), and on any failure removes what it made and restores what it edited, so a
/// half-written package or a half-edited shell is never left behind.
public struct ScaffoldWriter: Sendable {
    let fileSystem: any FileSystem

    /// Creates a writer on `fileSystem`.
    public init(fileSystem: any FileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Writes `plan`. Throws an `InputError` (and leaves the disk as it was) when the
    /// destination exists, a planned path is unsafe, an edited file changed since it was
    /// planned, or the file system refuses.
    public func write(_ plan: ScaffoldPlan) throws {
        let destination = PathUtilities.normalize(plan.destination)
        for file in plan.files {
            if let problem = TemplateRenderer.problem(withPath: file.path) {
                throw ScaffoldError.unsafePlannedPath(file.path, problem: problem)
            }
        }
        if plan.createsDestination, fileSystem.exists(destination) {
            throw ScaffoldError.destinationAppeared(destination)
        }
        for edit in plan.edits {
            let current = try? fileSystem.contents(of: edit.path)
            if current.map(Array.init) != edit.originalBytes {
                throw ScaffoldError.changedWhilePlanning(edit.path)
            }
        }

        let parent = (destination as NSString).deletingLastPathComponent
        // What a run killed outright left where this one writes (its pid is gone).
        StaleTemporaries.remove(in: [parent] + plan.edits.map { ($0.path as NSString).deletingLastPathComponent }, fileSystem: fileSystem)
        guard plan.createsDestination else {
            try writeEdits(plan.edits)
            return
        }
        // An interrupt removes the temporary folder and the folders made for it (outermost
        // first registered, so removal order does not matter: each is removed whole).
        let cleanup = InterruptCleanup.shared
        var tokens: [Int] = []
        defer { tokens.forEach(cleanup.unregister) }
        let createdParents = try createMissingFolders(parent) { tokens.append(cleanup.register($0)) }
        let temporary = PathUtilities.join(parent, ".mfe-\((destination as NSString).lastPathComponent)-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        tokens.append(cleanup.register(temporary))
        var moved = false
        do {
            try fileSystem.createDirectory(temporary)
            for file in plan.files {
                let path = PathUtilities.join(temporary, file.path)
                try fileSystem.createDirectory((path as NSString).deletingLastPathComponent)
                try fileSystem.writeAtomically(Data(file.bytes), to: path)
            }
            Self.pauseForInterruptTests()
            try fileSystem.move(temporary, to: destination)
            moved = true
            tokens.forEach(cleanup.unregister)
            tokens = []
            try writeEdits(plan.edits)
        } catch {
            try? fileSystem.remove(moved ? destination : temporary)
            for folder in createdParents.reversed() { try? fileSystem.remove(folder) }
            if !moved, let fileError = error as? FileOperationError {
                // The failing path is inside the temporary folder, which is gone now: name the
                // package being created instead.
                throw ScaffoldError.cannotCreate(destination, reason: FileOperationError.reason(fileError.code), advice: FileOperationError.advice(fileError.code))
            }
            if let inputError = error as? any InputError { throw inputError }
            throw ScaffoldError.cannotCreateOther(destination, reason: error.localizedDescription)
        }
    }

    /// Writes every edit, each through a temporary file and a rename; when one fails, the ones
    /// already written get their original bytes back, so the edited files change all together
    /// or not at all.
    private func writeEdits(_ edits: [PlannedEdit]) throws {
        for (index, edit) in edits.enumerated() {
            do {
                try fileSystem.writeAtomically(Data(edit.bytes), to: Self.target(of: edit.path, fileSystem: fileSystem))
            } catch {
                for written in edits[..<index].reversed() {
                    try? fileSystem.writeAtomically(Data(written.originalBytes), to: Self.target(of: written.path, fileSystem: fileSystem))
                }
                throw error
            }
        }
    }

    /// Where writing `path` goes: the target of a symbolic link (so the link stays a link and
    /// the file it names is edited), else `path` itself.
    static func target(of path: String, fileSystem: any FileSystem) -> String {
        guard fileSystem.isSymbolicLink(path) else { return path }
        return fileSystem.realPath(path) ?? path
    }

    /// The test hook of the interrupt tests, in debug builds only (the release build users
    /// install has none): with `MFE_TEST_PAUSE_BEFORE_RENAME=SECONDS` set, `write` waits that
    /// long with every file in the temporary folder, before moving it into place, so a test
    /// can send a signal at that moment.
    static func pauseForInterruptTests() {
        #if DEBUG
            guard let value = ProcessInfo.processInfo.environment["MFE_TEST_PAUSE_BEFORE_RENAME"], let seconds = Double(value), seconds > 0 else { return }
            Thread.sleep(forTimeInterval: min(seconds, 600))
        #endif
    }

    /// Creates `folder` and its missing ancestors, returning the ones it created, outermost
    /// first; `willCreate` sees each before it is made.
    private func createMissingFolders(_ folder: String, willCreate: (String) -> Void) throws -> [String] {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", !fileSystem.exists(current) {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        if !current.isEmpty, current != "/", !fileSystem.isDirectory(current) {
            throw ScaffoldError.ancestorIsFile(current)
        }
        let created = Array(missing.reversed())
        for (index, path) in created.enumerated() {
            willCreate(path)
            do {
                try fileSystem.createDirectory(path)
            } catch {
                for made in created[..<index].reversed() { try? fileSystem.remove(made) }
                throw error
            }
        }
        return created
    }
}

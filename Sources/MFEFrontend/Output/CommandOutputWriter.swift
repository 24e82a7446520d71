import Foundation
import MFECore
import MFEScaffold

/// Performs the writes of a `CommandOutput`, for every command: the one place mfe writes a
/// user's files. Files go through a temporary file and a rename (`FileSystem.writeAtomically`);
/// a scaffold plan through `ScaffoldWriter`. When a write fails, the files this output created
/// are removed again and the error is thrown; nothing is printed by the writer.
public struct CommandOutputWriter: Sendable {
    /// Where the writes go, what runs git for the release repositories of
    /// `mfe init --example feedme`, and the environment that runs in.
    let environment: ServiceEnvironment

    /// Creates the writer of the services that ran in `environment`.
    public init(environment: ServiceEnvironment = .current) {
        self.environment = environment
    }

    /// Creates a writer on `fileSystem`, running git with `processRunner`, in an empty
    /// environment.
    public init(fileSystem: any FileSystem, processRunner: any ProcessRunning = SubprocessRunner()) {
        self.init(environment: ServiceEnvironment(fileSystem: fileSystem, processRunner: processRunner))
    }

    private var fileSystem: any FileSystem { environment.fileSystem }

    /// Performs `output.writes` in order, then releases the lock the output holds (also when
    /// a write fails).
    public func perform(_ output: CommandOutput) async throws {
        defer { output.lock?.release() }
        var created: [String] = []
        do {
            for write in output.writes {
                switch write {
                case .replace(let path, let data, let createsFolder):
                    let folder = (path as NSString).deletingLastPathComponent
                    if createsFolder, !folder.isEmpty, !fileSystem.isDirectory(folder) { try fileSystem.createDirectory(folder) }
                    try fileSystem.writeAtomically(data, to: path)
                case .create(let path, let data, let activity):
                    try create(path, data: data, activity: activity)
                    created.append(path)
                case .append(let path, let data, let operation):
                    do {
                        try fileSystem.append(data, to: path)
                    } catch let error as FileOperationError {
                        throw error.describing(operation)
                    }
                case .remove(let path):
                    if fileSystem.exists(path) { try fileSystem.remove(path) }
                case .scaffold(let plan):
                    let pause = ScaffoldWriter.interruptTestPause(environment: environment.variables)
                    try ScaffoldWriter(fileSystem: fileSystem, clock: environment.clock, pauseBeforeRename: pause).write(plan)
                    try await ScaffoldReleaser(runner: environment.processRunner, fileSystem: fileSystem, environment: environment.variables).release(plan)
                }
            }
        } catch {
            for path in created.reversed() { try? fileSystem.remove(path) }
            throw error
        }
    }

    /// Creates `path` through a temporary file moved into place, which fails rather than
    /// replace a file that appeared meanwhile.
    func create(_ path: String, data: Data, activity: String) throws {
        let name = (path as NSString).lastPathComponent
        let temporary = PathUtilities.join((path as NSString).deletingLastPathComponent, ".\(name).mfe-new-\(ProcessInfo.processInfo.processIdentifier)")
        // An interrupt removes it too.
        let token = InterruptCleanup.shared.register(temporary)
        defer { InterruptCleanup.shared.unregister(token) }
        try fileSystem.writeAtomically(data, to: temporary)
        do {
            try fileSystem.move(temporary, to: path)
        } catch {
            try? fileSystem.remove(temporary)
            throw FrontendError.appearedWhileWriting(path: path, activity: activity)
        }
    }
}

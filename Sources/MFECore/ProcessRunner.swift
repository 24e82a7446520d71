import Foundation
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

/// What a finished process left: exit status and captured output.
public struct ProcessResult: Sendable, Equatable {
    /// The exit status (128 + signal number when killed by a signal).
    package var status: Int32
    /// Captured standard output (UTF-8, lossy).
    package var standardOutput: String
    /// Captured standard error (UTF-8, lossy).
    package var standardError: String

    /// Creates a result.
    package init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// Runs external programs (git, swift). A protocol so tests can substitute a fake; the
/// default runs real processes through swift-subprocess.
public protocol ProcessRunning: Sendable {
    /// Runs `executable` (a name looked up in `PATH`, or a path) with `arguments` in
    /// `workingDirectory`, with `environment` entries added to (or, when nil, removed from)
    /// the inherited environment, and returns its result. Never throws for a non-zero exit.
    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?]) async throws -> ProcessResult

    /// Runs like `run(_:_:workingDirectory:environment:)`, but ends the process (and the
    /// processes it started) when it takes longer than `timeLimit`, throwing
    /// `ProcessTimeLimitExceeded`.
    func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?], timeLimit: Duration) async throws -> ProcessResult
}

extension ProcessRunning {
    /// Runs with the inherited environment.
    package func run(_ executable: String, _ arguments: [String], workingDirectory: String? = nil) async throws -> ProcessResult {
        try await run(executable, arguments, workingDirectory: workingDirectory, environment: [:])
    }

    /// The time limit for runners that end a process by cancelling its task: the run races a
    /// timer, and the loser is cancelled.
    public func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?], timeLimit: Duration) async throws -> ProcessResult {
        try await ProcessTimeLimitExceeded.race(timeLimit, executable: executable) {
            let result = try await run(executable, arguments, workingDirectory: workingDirectory, environment: environment)
            return result
        }
    }
}

/// A program mfe could not start: not installed, not on `PATH`, or not executable.
package struct ProcessLaunchError: InputError, Equatable {
    /// The program.
    package var executable: String
    /// Why it could not start, as the system said.
    package var reason: String

    package var errorDescription: String? { "cannot run '\(executable)': \(reason); check that it is installed and on PATH" }
}

/// A process that ran longer than its time limit and was ended.
package struct ProcessTimeLimitExceeded: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program.
    package var executable: String
    /// The limit it exceeded.
    package var timeLimit: Duration

    package var description: String { "'\(executable)' ran longer than \(timeLimit) and was stopped" }

    /// Runs `body` against a timer of `timeLimit`: the body's result when it finishes first;
    /// otherwise the body is cancelled (which ends its process) and this throws.
    static func race(_ timeLimit: Duration, executable: String, _ body: @escaping @Sendable () async throws -> ProcessResult) async throws -> ProcessResult {
        try await withThrowingTaskGroup(of: ProcessResult?.self) { group in
            group.addTask {
                let result = try await body()
                return result
            }
            group.addTask {
                try await Task.sleep(for: timeLimit)
                return nil
            }
            defer { group.cancelAll() }
            let first = try await group.next()
            guard let finished = first, let result = finished else {
                throw ProcessTimeLimitExceeded(executable: executable, timeLimit: timeLimit)
            }
            return result
        }
    }
}

/// Runs real processes with swift-subprocess, capturing up to `outputLimit` bytes of each stream.
public struct SubprocessRunner: ProcessRunning {
    /// The most bytes captured from each of standard output and standard error.
    package var outputLimit: Int

    /// Creates a runner.
    public init(outputLimit: Int = 256 * 1024 * 1024) {
        self.outputLimit = outputLimit
    }

    public func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?]) async throws -> ProcessResult {
        try await execute(executable, arguments, workingDirectory: workingDirectory, environment: environment, ownProcessGroup: false)
    }

    /// Runs the process in a process group of its own, so that when the time is up the
    /// programs it started go too (git's `git-remote-https` and `ssh` would otherwise keep a
    /// dead connection open); an interrupt of mfe is passed on to that group
    /// (`InterruptCleanup`), as the terminal would have.
    public func run(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?], timeLimit: Duration) async throws -> ProcessResult {
        try await ProcessTimeLimitExceeded.race(timeLimit, executable: executable) {
            let result = try await execute(executable, arguments, workingDirectory: workingDirectory, environment: environment, ownProcessGroup: true)
            return result
        }
    }

    private func execute(_ executable: String, _ arguments: [String], workingDirectory: String?, environment: [String: String?], ownProcessGroup: Bool) async throws -> ProcessResult {
        var overrides: [Environment.Key: String?] = [:]
        for (key, value) in environment { overrides[Environment.Key(stringLiteral: key)] = value }
        let executableReference: Executable = executable.contains("/") ? .path(FilePath(executable)) : .name(executable)
        var options = PlatformOptions()
        #if !os(Windows)
            if ownProcessGroup {
                options.processGroupID = 0
                // Cancelling the run (the time limit) ends the whole group: politely, then for good.
                options.teardownSequence = [
                    .send(signal: .terminate, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(500)),
                    .send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .milliseconds(500)),
                ]
            }
        #endif
        let registration = ProcessGroupRegistration()
        defer { registration.end() }
        do {
            let result = try await Subprocess.run(
                executableReference,
                arguments: Arguments(arguments),
                environment: .inherit.updating(overrides),
                workingDirectory: workingDirectory.map { FilePath($0) },
                platformOptions: options,
                input: .none,
                output: .bytes(limit: outputLimit),
                error: .bytes(limit: outputLimit)
            ) { execution in
                #if !os(Windows)
                    if ownProcessGroup { registration.begin(execution.processIdentifier.value) }
                #endif
            }
            let status: Int32
            switch result.terminationStatus {
            case .exited(let code): status = Int32(truncatingIfNeeded: code)
            case .signaled(let signal): status = 128 + Int32(truncatingIfNeeded: signal)
            }
            return ProcessResult(
                status: status,
                standardOutput: String(decoding: result.standardOutput, as: UTF8.self),
                standardError: String(decoding: result.standardError, as: UTF8.self)
            )
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ProcessLaunchError(executable: executable, reason: "\(error)")
        }
    }
}

/// The interrupt registration of one process group, ended however the run ends (a stale one
/// would pass a later interrupt to whatever reuses the number).
private final class ProcessGroupRegistration: @unchecked Sendable {
    private let lock = NSLock()
    private var token: Int?

    func begin(_ processGroup: Int32) {
        lock.withLock { token = InterruptCleanup.shared.registerProcessGroup(processGroup) }
    }

    func end() {
        lock.withLock {
            if let token { InterruptCleanup.shared.unregister(token) }
            token = nil
        }
    }
}

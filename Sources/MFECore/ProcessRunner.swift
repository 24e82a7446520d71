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
}

extension ProcessRunning {
    /// Runs with the inherited environment.
    package func run(_ executable: String, _ arguments: [String], workingDirectory: String? = nil) async throws -> ProcessResult {
        try await run(executable, arguments, workingDirectory: workingDirectory, environment: [:])
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
        var overrides: [Environment.Key: String?] = [:]
        for (key, value) in environment { overrides[Environment.Key(stringLiteral: key)] = value }
        let executableReference: Executable = executable.contains("/") ? .path(FilePath(executable)) : .name(executable)
        do {
            let result = try await Subprocess.run(
                executableReference,
                arguments: Arguments(arguments),
                environment: .inherit.updating(overrides),
                workingDirectory: workingDirectory.map { FilePath($0) },
                output: .bytes(limit: outputLimit),
                error: .bytes(limit: outputLimit)
            )
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
        } catch {
            throw PlainInputError("cannot run '\(executable)': \(error); check that it is installed and on PATH")
        }
    }
}

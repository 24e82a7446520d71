import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

/// The one shape of every `mfe` command (as tuist's `Services/`): a request value in, a
/// `CommandOutput` out, nothing written. The executable parses the command line into the
/// request, runs the service, hands the output to `CommandOutputWriter` and prints it.
public protocol CommandService: Sendable {
    /// What the command line asked for, in library terms.
    associatedtype Request: Sendable

    /// Runs `request`. Unusable input is thrown as an `InputError` (exit 2).
    func run(_ request: Request) async throws -> CommandOutput
}

/// What a service reads of the world besides its request: the file system (with the working
/// directory and the home folder), the processes it starts, the environment variables, the
/// clock, and whether output may be coloured. The seam process state comes through (as
/// SwiftPM's `FileSystem.currentWorkingDirectory`): `.current` in the tool reads the process's
/// own once, and nothing else in the library reads it, so a test runs any service in process
/// on `InMemoryFileSystem`, in any folder, environment and time it sets.
public struct ServiceEnvironment: Sendable {
    /// Where files are read; relative paths start from its `currentDirectory`.
    package var fileSystem: any FileSystem
    /// What runs `git` and `swift`.
    package var processRunner: any ProcessRunning
    /// The environment variables (`MFE_LOADER`, `GITHUB_STEP_SUMMARY`, `XDG_CACHE_HOME`, …).
    package var variables: [String: String]
    /// Whether reports may be coloured (a terminal, no `NO_COLOR`).
    package var color: Bool
    /// Where the time is read: the elapsed time of reports, the wait for a workspace lock.
    package var clock: any MFEClock

    /// Creates an environment.
    package init(
        fileSystem: any FileSystem = LocalFileSystem(), processRunner: any ProcessRunning = SubprocessRunner(), variables: [String: String] = [:], color: Bool = false,
        clock: any MFEClock = SystemClock()
    ) {
        self.fileSystem = fileSystem
        self.processRunner = processRunner
        self.variables = variables
        self.color = color
        self.clock = clock
    }

    /// The absolute folder relative paths of a request resolve against, and messages print
    /// paths relative to: the file system's (the process's working directory in the tool).
    package var currentDirectory: String { fileSystem.currentDirectory }

    /// The process's own: the real file system (from its working directory and home folder,
    /// read once), processes and clock, its environment and terminal.
    public static var current: ServiceEnvironment {
        ServiceEnvironment(
            fileSystem: LocalFileSystem(currentDirectory: ProcessState.currentDirectory, homeDirectory: ProcessState.homeDirectory), variables: ProcessState.environment,
            color: Terminal.current.colorEnabled)
    }

    /// The loader kind the person running mfe chose: `--loader` (`flag`), else `MFE_LOADER`;
    /// nil when neither is given. The one place a command chooses it: `loader:` in `mfe.yml`
    /// never makes mfe run manifest code by itself (`ConfiguredManifestLoader` notes it).
    package func loaderKind(flag: ManifestLoaderKind?) throws -> ManifestLoaderKind? {
        try ManifestLoaderKind.chosen(flag: flag, environment: variables)
    }

    /// The manifest loader of `loaderKind(flag:)`, else the static reader that notes a
    /// workspace `loader:` it does not apply.
    package func manifestLoader(flag: ManifestLoaderKind?) throws -> any ManifestLoading {
        try ManifestLoaderKind.loader(flag: flag, environment: variables, fileSystem: fileSystem, processRunner: processRunner)
    }

    /// The static reader on this environment's files and variables.
    package var manifestReader: ManifestReader {
        ManifestReader(fileSystem: fileSystem, environment: variables)
    }

    /// How long parsing one file may take (`MFE_PARSE_TIME_LIMIT`).
    package var parseTimeLimit: ParseTimeLimit { ParseTimeLimit(environment: variables) }

    /// The workspace at `path` for a command that reads its packages, read with the loader
    /// `flag` or `MFE_LOADER` chose (`WorkspaceLoader.loadPackages`).
    package func loadWorkspace(at path: String, loader flag: ManifestLoaderKind?) async throws -> Workspace {
        try await WorkspaceLoader(manifestLoader: try manifestLoader(flag: flag), fileSystem: fileSystem).loadPackages(at: path)
    }
}

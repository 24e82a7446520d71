import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe` run in process: a command's service on `environment`, its planned writes performed
/// by the one writer, and what it printed and its exit code as the executable reports them
/// (`perform` and `runCommand` in Sources/mfe) — an error is `error: MESSAGE` on standard
/// error and exit 2. What is about the process itself (argument parsing, signals, output that
/// cannot be written, the release build) stays in the end-to-end tests that run the binary.
struct InProcessMFE {
    /// What the services read: the file system (with the folder mfe runs in), the variables.
    var environment: ServiceEnvironment

    /// mfe started in `directory` on the disk (the test's own folder when nil), with
    /// `variables`, running real git and swift.
    init(in directory: String? = nil, variables: [String: String] = [:]) {
        environment = ServiceEnvironment(fileSystem: LocalFileSystem(currentDirectory: directory), variables: variables)
    }

    /// mfe on `fileSystem` (started in its `currentDirectory`), with `variables`.
    init(fileSystem: any FileSystem, variables: [String: String] = [:], processRunner: any ProcessRunning = SubprocessRunner()) {
        environment = ServiceEnvironment(fileSystem: fileSystem, processRunner: processRunner, variables: variables)
    }

    /// What `service` (made on this environment) prints and exits with for `request`.
    @discardableResult
    func run<Service: CommandService>(_ service: Service, _ request: Service.Request) async -> ProcessResult {
        do {
            let output = try await service.run(request)
            try await CommandOutputWriter(environment: environment).perform(output)
            return ProcessResult(status: output.exitCode, standardOutput: output.standardOutput, standardError: output.standardError)
        } catch {
            return ProcessResult(status: 2, standardOutput: "", standardError: Terminal.errorText(error.localizedDescription, color: false))
        }
    }

    /// `mfe lint-graph`.
    @discardableResult
    func lintGraph(_ request: LintGraphService.Request) async -> ProcessResult {
        await run(LintGraphService(environment: environment), request)
    }

    /// `mfe graph`.
    @discardableResult
    func graph(_ request: GraphService.Request) async -> ProcessResult {
        await run(GraphService(environment: environment), request)
    }

    /// `mfe affected`.
    @discardableResult
    func affected(_ request: AffectedService.Request) async -> ProcessResult {
        await run(AffectedService(environment: environment), request)
    }

    /// `mfe owners`.
    @discardableResult
    func owners(_ request: OwnersService.Request) async -> ProcessResult {
        await run(OwnersService(environment: environment), request)
    }

    /// `mfe dump-package`.
    @discardableResult
    func dumpPackage(_ request: DumpPackageService.Request) async -> ProcessResult {
        await run(DumpPackageService(environment: environment), request)
    }

    /// `mfe init`.
    @discardableResult
    func initialize(_ request: InitService.Request) async -> ProcessResult {
        await run(InitService(environment: environment), request)
    }

    /// `mfe create`.
    @discardableResult
    func create(_ request: CreateService.Request) async -> ProcessResult {
        await run(CreateService(environment: environment), request)
    }

    /// One of the command lines the suites run several of in a row: `lint-graph`,
    /// `lint-graph --imports`, `graph`, `owners`, `dump-package PATH`.
    @discardableResult
    func run(commandLine: String) async -> ProcessResult {
        let words = commandLine.split(separator: " ").map(String.init)
        switch (words.first, words.dropFirst().first) {
        case ("lint-graph", nil): return await lintGraph(.init())
        case ("lint-graph", "--imports"): return await lintGraph(.init(imports: true))
        case ("graph", nil): return await graph(.init())
        case ("owners", nil): return await owners(.init())
        case ("dump-package", let path?): return await dumpPackage(.init(path: path))
        default:
            Issue.record("no request for '\(commandLine)'")
            return ProcessResult(status: -1, standardOutput: "", standardError: "")
        }
    }

    /// `mfe templates`.
    @discardableResult
    func templates(_ request: TemplatesService.Request) async -> ProcessResult {
        await run(TemplatesService(environment: environment), request)
    }
}

extension ProcessResult {
    /// The output parsed as a JSON object.
    func json() throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any] else {
            throw PlainInputError("standard output is no JSON object: \(standardOutput.prefix(200))")
        }
        return object
    }
}

extension InMemoryFolder {
    /// A new, empty folder `/work/NAME` of its own in-memory file system, mfe's working
    /// directory.
    static func workspace(_ name: String) throws -> InMemoryFolder {
        try InMemoryFileSystem(currentDirectory: "/work/" + name).folder("/work/" + name)
    }

    /// mfe started in this folder, with `variables`.
    func mfe(_ variables: [String: String] = [:]) -> InProcessMFE {
        InProcessMFE(fileSystem: fileSystem, variables: variables)
    }

    /// The text of the file at `relative`.
    func read(_ relative: String) throws -> String {
        String(decoding: try fileSystem.contents(of: PathUtilities.join(path, relative)), as: UTF8.self)
    }
}

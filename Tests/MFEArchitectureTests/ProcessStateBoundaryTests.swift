import Foundation
import MFECore
import SwiftParser
import SwiftSyntax
import Testing

/// Keeps process state at the edge: the library reads no working directory, environment
/// variable, home folder, terminal or clock of its own. They come through `ServiceEnvironment`
/// (its file system's `currentDirectory` and `homeDirectory`, `variables`, `clock`), read from
/// the process once by the executable and `ServiceEnvironment.current`, so every service runs
/// in process on `InMemoryFileSystem`, in the folder, environment and time a test gives it.
/// Only the files below read the process's own.
@Suite("process state goes through the seam")
struct ProcessStateBoundaryTests {
    /// The files allowed to read process state, and why.
    static let allowed: [String: String] = [
        "Sources/MFECore/ProcessState.swift": "the one reader of the environment, working directory, home folder and terminal",
        "Sources/MFECore/Clock.swift": "SystemClock, the one reader of the time",
        "Sources/MFECore/FileSystem.swift": "LocalFileSystem: the process's working directory, home and temporary folders are the real disk's",
        "Sources/MFECore/BoundedParsing.swift": "the parse watchdog measures each parsing thread's processor time, a resource bound, not the time of day",
        "Sources/MFEFrontend/Services/CommandService.swift": "ServiceEnvironment.current, the seam itself",
    ]

    /// Folders outside the rule: the executables (which read the process's state and pass it
    /// down) and the plugins (which may import only PackagePlugin and Foundation).
    static let exemptFolders = [
        "Sources/mfe/", "Sources/mfe-bench/", "Sources/embed-templates/", "Sources/embed-build-info/", "Sources/EmbedTemplatesPlugin/", "Sources/EmbedBuildInfoPlugin/",
        "Sources/LintGraphPlugin/", "Sources/ComposeShellPlugin/", "Sources/AffectedPlugin/",
    ]

    /// Process-state reads in `source`, as `file:line: what` strings.
    static func reads(in source: String, file: String = "input.swift") -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let finder = ProcessStateFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found.map { node, what in "\(file):\(node.startLocation(converter: converter).line): \(what)" }
    }

    @Test func libraryModulesReadNoProcessState() throws {
        let problems = try SourceRule(allowed: Self.allowed, exemptFolders: Self.exemptFolders) { Self.reads(in: $0, file: $1) }.problems()
        #expect(
            problems.isEmpty,
            "read the working directory and home folder from the FileSystem, the environment from ServiceEnvironment.variables and the time from its clock (MFEClock):\n\(problems.joined(separator: "\n"))"
        )
    }

    @Test(arguments: [
        "let here = FileManager.default.currentDirectoryPath",
        "FileManager.default.changeCurrentDirectoryPath(path)",
        "let home = FileManager.default.homeDirectoryForCurrentUser",
        "let scratch = FileManager.default.temporaryDirectory",
        "let variables = ProcessInfo.processInfo.environment",
        "let limit = ProcessInfo.processInfo.environment[\"MFE_PARSE_TIME_LIMIT\"]",
        "let value = getenv(\"HOME\")",
        "_ = setenv(\"X\", \"1\", 1)",
        "let home = NSHomeDirectory()",
        "let tty = isatty(STDERR_FILENO) == 1",
        "var buffer = [CChar](repeating: 0, count: 4096); _ = getcwd(&buffer, 4096)",
        "let now = Date()",
        "let now = Date.now",
        "let deadline = Date(timeIntervalSinceNow: 5)",
        "let clock = ContinuousClock()",
        "let start = ContinuousClock.now",
        "let start = SuspendingClock.now",
        "let start = DispatchTime.now()",
        "var spec = timespec(); _ = clock_gettime(CLOCK_MONOTONIC, &spec)",
        "let uptime = ProcessInfo.processInfo.systemUptime",
        "let terminal = ProcessState.isTerminal(1)",
    ])
    func theScannerFindsProcessStateReads(source: String) {
        #expect(Self.reads(in: source).count == 1, "\(Self.reads(in: source))")
    }

    @Test(arguments: [
        "let here = fileSystem.currentDirectory",
        "let variables = environment.variables",
        "let start = environment.clock.now",
        "let pid = ProcessInfo.processInfo.processIdentifier",
        "let cores = ProcessInfo.processInfo.activeProcessorCount",
        "let modified = Date(timeIntervalSince1970: seconds)",
        "let example = \"ProcessInfo.processInfo.environment[\\\"X\\\"] and Date()\"",
        "case (\"getenv\", nil): break",
        "let elapsed: Duration = clock.now - start",
        "func date() -> Date { date }",
    ])
    func theScannerLeavesOtherCodeAlone(source: String) {
        #expect(Self.reads(in: source).isEmpty, "\(Self.reads(in: source))")
    }
}

/// Finds the reads of process state: `FileManager`'s working, home and temporary folders,
/// `ProcessInfo`'s environment and uptime, the C calls that read the environment, working
/// directory, terminal or time, `Date()`/`Date.now`/`Date(timeIntervalSinceNow:)`, the
/// system clocks, and `ProcessState` itself.
private final class ProcessStateFinder: SyntaxVisitor {
    /// Members of `FileManager.default` and `ProcessInfo.processInfo` that are process state.
    static let members: Set<String> = ["currentDirectoryPath", "changeCurrentDirectoryPath", "homeDirectoryForCurrentUser", "temporaryDirectory", "environment", "systemUptime"]
    /// The C and Foundation functions that read process state.
    static let functions: Set<String> = [
        "getenv", "setenv", "unsetenv", "getcwd", "chdir", "isatty", "NSHomeDirectory", "NSTemporaryDirectory", "clock_gettime", "gettimeofday", "mach_absolute_time",
        "CFAbsoluteTimeGetCurrent",
    ]
    /// Types whose every use reads a clock or the process.
    static let types: Set<String> = ["ContinuousClock", "SuspendingClock", "DispatchTime", "ProcessState"]

    var found: [(Syntax, String)] = []

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.text
        if Self.members.contains(name), let base = node.base?.as(MemberAccessExprSyntax.self),
            let owner = base.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            (owner == "FileManager" && base.declName.baseName.text == "default") || (owner == "ProcessInfo" && base.declName.baseName.text == "processInfo")
        {
            found.append((Syntax(node), "\(owner).\(base.declName.baseName.text).\(name)"))
        }
        if name == "now", node.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date" {
            found.append((Syntax(node), "Date.now"))
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if Self.types.contains(name) { found.append((Syntax(node), name)) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return .visitChildren }
        if Self.functions.contains(callee) { found.append((Syntax(node), "\(callee)(…)")) }
        if callee == "Date", node.trailingClosure == nil, node.arguments.isEmpty || node.arguments.first?.label?.text == "timeIntervalSinceNow" {
            found.append((Syntax(node), node.arguments.isEmpty ? "Date()" : "Date(timeIntervalSinceNow:)"))
        }
        return .visitChildren
    }
}

import Foundation
import MFECore
import SwiftParser
import SwiftSyntax
import Testing

/// Keeps file access at the edge: every file mfe reads, writes, lists, locks or removes goes
/// through the `FileSystem` protocol, so unit tests run on `InMemoryFileSystem` and the safety
/// of `LocalFileSystem` (pipes and devices refused, atomic writes, interrupt cleanup, errors
/// naming the path) holds everywhere. Only the files below touch the disk directly.
@Suite("file access goes through FileSystem")
struct FileAccessBoundaryTests {
    /// The files allowed to call the system, and why.
    static let allowed: [String: String] = [
        "Sources/MFECore/FileSystem.swift": "LocalFileSystem itself",
        "Sources/MFECore/FileLock.swift": "LocalFileSystem's locks",
        "Sources/MFECore/InterruptCleanup.swift": "removes mfe's temporaries inside a signal's handling, where nothing else may run",
        "Sources/MFECore/ProcessOutput.swift": "the process's own standard streams, not files",
    ]

    /// Folders outside the rule: a plugin may import only PackagePlugin and Foundation, and the
    /// build tools of the build plugins only Foundation (they are built before anything else).
    static let exemptFolders = [
        "Sources/embed-templates/", "Sources/embed-build-info/",
        "Sources/EmbedTemplatesPlugin/", "Sources/EmbedBuildInfoPlugin/", "Sources/LintGraphPlugin/", "Sources/ComposeShellPlugin/", "Sources/AffectedPlugin/",
        "Sources/LintGraphBuildToolPlugin/", "Sources/LintGraphImportsBuildToolPlugin/",
    ]

    /// The C calls that reach the file system.
    static let systemCalls: Set<String> = [
        "open", "openat", "creat", "stat", "lstat", "fstat", "realpath", "readlink", "unlink", "rename", "remove", "mkdir", "rmdir",
        "opendir", "readdir", "fopen", "mkfifo", "symlink", "chmod", "flock", "truncate", "ftruncate", "access",
    ]

    /// Direct file access in `source`, as `file:line: what` strings.
    static func directAccess(in source: String, file: String = "input.swift") -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let finder = FileAccessFinder(systemCalls: systemCalls)
        finder.walk(tree)
        return finder.found.map { node, what in "\(file):\(node.startLocation(converter: converter).line): \(what)" }
    }

    @Test func sourcesReachTheDiskOnlyThroughFileSystem() throws {
        let problems = try SourceRule(allowed: Self.allowed, exemptFolders: Self.exemptFolders) { Self.directAccess(in: $0, file: $1) }.problems()
        #expect(problems.isEmpty, "read, write, list, lock and remove files through a `FileSystem` (add the operation to the protocol if it is missing):\n\(problems.joined(separator: "\n"))")
    }

    @Test(arguments: [
        "let data = FileManager.default.contents(atPath: path)",
        "try FileManager.default.removeItem(atPath: path)",
        "let data = try Data(contentsOf: URL(fileURLWithPath: path))",
        "let text = try String(contentsOfFile: path, encoding: .utf8)",
        "try Data(text.utf8).write(to: URL(fileURLWithPath: path))",
        "try text.write(toFile: path, atomically: true, encoding: .utf8)",
        "let descriptor = open(path, O_RDONLY)",
        "var status = stat(); _ = lstat(path, &status)",
        "if rename(temporary, path) != 0 {}",
        "let handle = FileHandle(forReadingAtPath: path)",
        "let real = URL(fileURLWithPath: path).resolvingSymlinksInPath()",
    ])
    func theScannerFindsDirectAccess(source: String) {
        #expect(Self.directAccess(in: source).count == 1, "\(Self.directAccess(in: source))")
    }

    @Test(arguments: [
        "let here = FileManager.default.currentDirectoryPath",
        "var status = stat()",
        "mutating func open(isSquare: Bool = false) {}; if let excess = open(isSquare: true) {}; _ = open()",
        "element.write(to: &output, depth: 1)",
        "let example = \"FileManager.default.removeItem(atPath: x); open(url)\"",
        "let data = try fileSystem.contents(of: path)",
    ])
    func theScannerLeavesOtherCodeAlone(source: String) {
        #expect(Self.directAccess(in: source).isEmpty, "\(Self.directAccess(in: source))")
    }
}

/// Finds references to `FileManager` (but its `currentDirectoryPath`, process state) and
/// `FileHandle`, `contentsOf`/`contentsOfFile` initialisers, `write(to:)`/`write(toFile:)` of a
/// URL or path, `resolvingSymlinksInPath`, and bare calls of the C file functions with a
/// path (an unlabelled first argument).
private final class FileAccessFinder: SyntaxVisitor {
    let systemCalls: Set<String>
    var found: [(Syntax, String)] = []

    init(systemCalls: Set<String>) {
        self.systemCalls = systemCalls
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name == "FileHandle" { found.append((Syntax(node), "FileHandle")) }
        if name == "FileManager" {
            let member = node.parent?.as(MemberAccessExprSyntax.self)
            let next = member?.parent?.as(MemberAccessExprSyntax.self)
            if member?.declName.baseName.text != "default" || next?.declName.baseName.text != "currentDirectoryPath" {
                found.append((Syntax(node), "FileManager"))
            }
        }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.declName.baseName.text == "resolvingSymlinksInPath" { found.append((Syntax(node), "resolvingSymlinksInPath")) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.arguments.map { $0.label?.text }
        let first = node.arguments.first
        if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            let name = callee.baseName.text
            if ["Data", "String", "NSString", "NSData"].contains(name), labels.contains(where: { $0 == "contentsOf" || $0 == "contentsOfFile" }) {
                found.append((Syntax(node), "\(name)(\(labels.first.flatMap { $0 } ?? ""):)"))
            } else if systemCalls.contains(name), let first, first.label == nil {
                found.append((Syntax(node), "\(name)(…)"))
            }
        }
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "write", let first {
            if first.label?.text == "toFile" || (first.label?.text == "to" && !first.expression.is(InOutExprSyntax.self)) {
                found.append((Syntax(node), "write(\(first.label?.text ?? ""):)"))
            }
        }
        return .visitChildren
    }
}

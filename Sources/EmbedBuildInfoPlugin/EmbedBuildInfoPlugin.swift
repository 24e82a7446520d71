import Foundation
import PackagePlugin

/// Compiles the commit mfe is built from into the target it is applied to, as
/// `BuildInfo.swift` in the plugin's work directory, for `mfe --version`. It reads the git
/// checkout's files (HEAD, the branch's ref or `packed-refs`) rather than running git, so it
/// works in SwiftPM's plugin sandbox, and declares them as inputs, so a new commit rebuilds.
/// A checkout without git (a source archive) builds too: the commit is then unknown.
@main
struct EmbedBuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo.swift")
        let head = GitHead(packageDirectory: context.package.directoryURL)
        return [
            .buildCommand(
                displayName: "Embedding the commit mfe is built from in \(target.name)",
                executable: try context.tool(named: "embed-build-info").url,
                arguments: [output.path(percentEncoded: false), head?.commit ?? ""],
                inputFiles: head?.files ?? [],
                outputFiles: [output]
            )
        ]
    }
}

/// The commit a git checkout's HEAD points at, and the files that say so.
struct GitHead {
    /// The full hexadecimal commit id.
    var commit: String
    /// The files read to find it: a change to any of them may move HEAD.
    var files: [URL]

    /// Reads `packageDirectory/.git`: a folder, or a file `gitdir: PATH` (a worktree or a
    /// submodule, whose branches live in the folder its `commondir` names). Nil when there is
    /// no checkout or HEAD names nothing that exists.
    init?(packageDirectory: URL) {
        let dotGit = packageDirectory.appending(path: ".git")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path(percentEncoded: false), isDirectory: &isDirectory) else { return nil }
        var gitDirectory = dotGit
        if !isDirectory.boolValue {
            guard let line = Self.read(dotGit), line.hasPrefix("gitdir:") else { return nil }
            let path = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageDirectory.appending(path: path)
        }
        var commonDirectory = gitDirectory
        if let common = Self.read(gitDirectory.appending(path: "commondir")) {
            commonDirectory = common.hasPrefix("/") ? URL(fileURLWithPath: common) : gitDirectory.appending(path: common)
        }
        let headFile = gitDirectory.appending(path: "HEAD")
        guard let head = Self.read(headFile) else { return nil }
        guard head.hasPrefix("ref:") else {
            guard Self.isCommit(head) else { return nil }
            (commit, files) = (head, [headFile])
            return
        }
        let reference = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
        for directory in [gitDirectory, commonDirectory] {
            let file = directory.appending(path: reference)
            if let id = Self.read(file), Self.isCommit(id) {
                (commit, files) = (id, [headFile, file])
                return
            }
        }
        let packed = commonDirectory.appending(path: "packed-refs")
        let lines = Self.read(packed)?.split(separator: "\n") ?? []
        guard let line = lines.first(where: { $0.hasSuffix(" " + reference) }), case let id = String(line.prefix { $0 != " " }), Self.isCommit(id) else { return nil }
        (commit, files) = (id, [headFile, packed])
    }

    /// The file's text without surrounding white space, or nil when it cannot be read.
    static func read(_ file: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: file.path(percentEncoded: false)) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `text` is a SHA-1 or SHA-256 commit id.
    static func isCommit(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }
}

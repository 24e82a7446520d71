import Foundation
import MFECore
import MFEWorkspace

/// How a compose-shell run ended, as a value: what `CompositionTextRenderer` and
/// `CompositionJSONRenderer` render, the files the run changes and its exit code. Paths are
/// absolute; renderers name them relative to the folder mfe runs in.
package enum CompositionOutcome: Sendable {
    /// A run wrote the new pins to `file` (and to `mirrors`).
    case written(Composition, file: String, mirrors: [String])
    /// A run found `file` holding these pins already; `mirrors` were written.
    case upToDate(Composition, file: String, mirrors: [String])
    /// A run rewrote `file` for a new `originHash` alone (the shell's `Package.swift` changed,
    /// no pin moved); `mirrors` were written.
    case originHashRefreshed(Composition, file: String, mirrors: [String])
    /// A run removed `file` (and `mirrors`): there is nothing to pin, as SwiftPM does.
    case removed(Composition, file: String, mirrors: [String])
    /// `--check`: `file` and every mirror hold these pins.
    case checked(Composition, file: String)
    /// `--check`: `file` is stale (and `disagreeing` mirrors, with their bytes, hold other pins).
    case stale(Composition, file: String, disagreeing: [ResolvedFileState])
    /// `--check`: `file` is up to date, but Xcode's `disagreeing` files hold other pins.
    case mirrorsDisagree(Composition, file: String, disagreeing: [ResolvedFileState])
    /// The MFEs' requirements conflict; `file` is kept.
    case conflict(CompositionConflict, file: String)
    /// `--check`: pins of `file` are not backed by their repositories, so it is stale.
    case untrusted(UntrustedPins, file: String)
    /// The composed graph breaks the layer rules (`findings`, as the lint report shows them);
    /// `file` is kept.
    case lintFailed(file: String, findings: String)

    /// 0 when the file holds (or now holds) the pins; 1 for a conflict, a failed lint, or a
    /// stale file under `--check`.
    package var exitCode: Int32 {
        switch self {
        case .written, .upToDate, .originHashRefreshed, .removed, .checked: return 0
        case .stale, .mirrorsDisagree, .conflict, .untrusted, .lintFailed: return 1
        }
    }

    /// The files the run changes, in order: the `Package.resolved` (none when it is up to
    /// date), then its mirrors; nil bytes remove the file. Nothing else ever changes, so the
    /// old file is kept on every failure.
    package var changes: [ResolvedFileState] {
        switch self {
        case .written(let composition, let file, let mirrors), .upToDate(let composition, let file, let mirrors), .originHashRefreshed(let composition, let file, let mirrors),
            .removed(let composition, let file, let mirrors):
            let bytes = composition.file == nil ? nil : composition.bytes
            let own = composition.isUpToDate ? [] : [ResolvedFileState(path: file, bytes: bytes)]
            return own + mirrors.map { ResolvedFileState(path: $0, bytes: bytes) }
        case .checked, .stale, .mirrorsDisagree, .conflict, .untrusted, .lintFailed:
            return []
        }
    }

    /// Whether the errors are the news and come before the summary: a conflict or untrusted
    /// pins stop the run before there are pins to summarize.
    package var errorsFirst: Bool {
        switch self {
        case .conflict, .untrusted: return true
        default: return false
        }
    }
}

/// A `Package.resolved` file and its bytes: those on disk (a mirror that disagrees) or those
/// to write (a change; nil removes the file).
package struct ResolvedFileState: Sendable, Equatable {
    /// The file (absolute).
    package var path: String
    /// Its bytes; nil when there is (to be) no file.
    package var bytes: Data?

    /// Creates a file state.
    package init(path: String, bytes: Data?) {
        self.path = path
        self.bytes = bytes
    }
}

/// compose-shell's check of the composed graph before it writes (its layer rules, which this
/// module does not know): the error findings, rendered as the lint report shows them, or nil
/// when the graph passes.
package typealias ComposedGraphCheck = @Sendable (Workspace) async throws -> String?

extension ShellComposer {
    /// The outcome of composing `shell`: with `check`, whether the file (and every mirror)
    /// holds the composed pins, writing nothing; else the pins to write once `lint` (nil:
    /// `--no-lint`) passes the composed graph. Throws the locator's and the composer's input
    /// errors, unknown `--update` names, and `UntrustedPins` outside `--check` (exit 2: the
    /// file is kept for a person to look at).
    package func outcome(of shell: LocatedShell, check: Bool, lint: ComposedGraphCheck?) async throws -> CompositionOutcome {
        let file = shell.request.outputPath
        let composition: Composition
        do {
            composition = try await compose(shell.request)
        } catch let conflict as CompositionConflict {
            return .conflict(conflict, file: file)
        } catch var untrusted as UntrustedPins {
            untrusted.file = shell.outputLabel
            guard check else { throw untrusted }
            return .untrusted(untrusted, file: file)
        }
        if let names = shell.updateNames, !names.isEmpty {
            try composition.checkUpdateNames(names, folders: shell.updateFolders)
        }
        if check {
            let disagreeing = shell.mirrors.map { ResolvedFileState(path: $0, bytes: fileSystem.exists($0) ? try? fileSystem.contents(of: $0) : nil) }
                .filter { $0.bytes != composition.previousBytes }
            if !composition.isUpToDate { return .stale(composition, file: file, disagreeing: disagreeing) }
            return disagreeing.isEmpty ? .checked(composition, file: file) : .mirrorsDisagree(composition, file: file, disagreeing: disagreeing)
        }
        if let lint, let findings = try await lint(try await composedWorkspace(composition, shell: shell)) {
            return .lintFailed(file: file, findings: findings)
        }
        let wanted = composition.file == nil ? nil : composition.bytes
        let mirrors = shell.mirrors.filter { (fileSystem.exists($0) ? try? fileSystem.contents(of: $0) : nil) != wanted }
        if composition.isUpToDate { return .upToDate(composition, file: file, mirrors: mirrors) }
        if composition.onlyOriginHashChanged { return .originHashRefreshed(composition, file: file, mirrors: mirrors) }
        if composition.file == nil { return .removed(composition, file: file, mirrors: mirrors) }
        return .written(composition, file: file, mirrors: mirrors)
    }
}

import MFECore

/// One file a scaffold will write: where, relative to the plan's destination, and its bytes.
public struct PlannedFile: Sendable, Equatable {
    /// The path below the destination, `/`-separated, checked to stay inside it.
    package var path: String
    /// The file's text; empty for a binary file.
    package var contents: String
    /// The bytes of a binary file (an app icon's PNG); nil for a text file, whose bytes are
    /// `contents` in UTF-8.
    package var data: [UInt8]?

    /// Creates a planned text file.
    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    /// Creates a planned binary file.
    package init(path: String, data: [UInt8]) {
        self.path = path
        self.contents = ""
        self.data = data
    }

    /// The bytes to write.
    package var bytes: [UInt8] { data ?? Array(contents.utf8) }
}

/// An edit of an existing file a scaffold makes after its new folder is in place: a glob added
/// to the workspace `mfe.yml` when a layer has no folder yet, and the shell files `mfe create`
/// wires a new feature into.
public struct PlannedEdit: Sendable, Equatable {
    /// The absolute path of the file (a symbolic link's target: the link itself is kept).
    public var path: String
    /// The file's bytes as they were read, so the edit is refused if the file changed since.
    package var originalBytes: [UInt8]
    /// The file's new bytes: the original ones with the edit's insertions, every other byte
    /// (a byte order mark, CRLF line endings, an invalid UTF-8 byte in a comment) kept.
    package var bytes: [UInt8]
    /// What the edit does, for the summary: `added 'Features/*' to packages:`.
    public var summary: String
    /// How the file is named in the printed diff, e.g. `Shell/Package.swift`; nil for `path`.
    package var label: String?

    /// Creates an edit of a file's bytes.
    package init(path: String, originalBytes: [UInt8], bytes: [UInt8], summary: String, label: String? = nil) {
        self.path = path
        self.originalBytes = originalBytes
        self.bytes = bytes
        self.summary = summary
        self.label = label
    }

    /// Creates an edit of a text file.
    package init(path: String, original: String, contents: String, summary: String, label: String? = nil) {
        self.init(path: path, originalBytes: Array(original.utf8), bytes: Array(contents.utf8), summary: summary, label: label)
    }

    /// The file's text as it was read (invalid UTF-8 shown as U+FFFD).
    package var original: String { String(decoding: originalBytes, as: UTF8.self) }
    /// The file's new text (invalid UTF-8 shown as U+FFFD).
    package var contents: String { String(decoding: bytes, as: UTF8.self) }

    /// The edit as a unified diff (`a/LABEL`, `b/LABEL`).
    package var diff: String {
        let name = label ?? path
        // Shown with plain line breaks: a CRLF or CR-only file's diff reads line by line too.
        func shown(_ bytes: [UInt8]) -> String {
            var lines: [UInt8] = []
            lines.reserveCapacity(bytes.count)
            for (index, byte) in bytes.enumerated() {
                guard byte == UInt8(ascii: "\r") else {
                    lines.append(byte)
                    continue
                }
                if index + 1 == bytes.count || bytes[index + 1] != UInt8(ascii: "\n") { lines.append(UInt8(ascii: "\n")) }
            }
            return String(decoding: lines, as: UTF8.self)
        }
        return UnifiedDiff.render(old: shown(originalBytes), new: shown(bytes), oldLabel: "a/" + name, newLabel: "b/" + name)
    }
}

/// A package folder of a plan to make its own git repository with a first tagged release: a
/// Feed Me MFE, as the article ships each one.
public struct ScaffoldRelease: Sendable, Equatable {
    /// The folder, relative to the plan's destination.
    package var folder: String
    /// The tag of the first release, e.g. `1.0.0`.
    package var tag: String
    /// The first commit's message.
    package var message: String
}

/// Everything `mfe create` or `mfe init` will do, as data: computed and checked in full before
/// anything is written (the Tuist way), printed as is by `--dry-run`, then performed by
/// `ScaffoldWriter`.
public struct ScaffoldPlan: Sendable, Equatable {
    /// The folder to create (absolute); it must not exist.
    public var destination: String
    /// The files to write below `destination`, sorted by path.
    public var files: [PlannedFile]
    /// Edits of existing files, made once the folder is in place.
    public var edits: [PlannedEdit]
    /// What was created, one line each: `Home (product µFeature) in Features/Home`.
    package var created: [String]
    /// Commands to run next, in order.
    package var nextSteps: [String]
    /// Something the user must know and act on, printed before the next steps: e.g. that the
    /// shell could not be wired safely, followed by the steps to wire it by hand.
    package var notice: String?
    /// Package folders to make git repositories with a tagged first release, once written.
    public var releases: [ScaffoldRelease] = []
    /// Whether `destination` is created; false when only `edits` are made (`mfe create NAME
    /// --wire-only`, for a package that exists).
    public var createsDestination = true
    /// Whether wiring the new feature into the shell was asked for and refused: the package is
    /// written, `notice` has the steps to wire it by hand, and mfe exits 1.
    public var wiringRefused = false

    /// Creates a plan.
    package init(destination: String, files: [PlannedFile], edits: [PlannedEdit] = [], created: [String] = [], nextSteps: [String] = [], notice: String? = nil) {
        self.destination = destination
        self.files = files.sorted { $0.path < $1.path }
        self.edits = edits
        self.created = created
        self.nextSteps = nextSteps
        self.notice = notice
    }

    /// The unified diff of every edit, in order: what `create` prints of the shell files it
    /// changes, and `--dry-run` shows without writing.
    public var editsDiff: String {
        edits.map(\.diff).joined()
    }
}

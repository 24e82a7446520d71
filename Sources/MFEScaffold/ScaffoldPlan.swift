/// One file a scaffold will write: where, relative to the plan's destination, and its bytes.
public struct PlannedFile: Sendable, Equatable {
    /// The path below the destination, `/`-separated, checked to stay inside it.
    package var path: String
    /// The file's text.
    package var contents: String

    /// Creates a planned file.
    package init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// An edit of an existing file a scaffold makes after its new folder is in place: today only
/// a glob added to the workspace `mfe.yml` when a layer has no folder yet.
public struct PlannedEdit: Sendable, Equatable {
    /// The absolute path of the file.
    public var path: String
    /// The file's bytes as they were read, so the edit is refused if the file changed since.
    package var original: String
    /// The file's new text.
    package var contents: String
    /// What the edit does, for the summary: `added 'Features/*' to packages:`.
    public var summary: String

    /// Creates an edit.
    package init(path: String, original: String, contents: String, summary: String) {
        self.path = path
        self.original = original
        self.contents = contents
        self.summary = summary
    }
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

    /// Creates a plan.
    package init(destination: String, files: [PlannedFile], edits: [PlannedEdit] = [], created: [String] = [], nextSteps: [String] = []) {
        self.destination = destination
        self.files = files.sorted { $0.path < $1.path }
        self.edits = edits
        self.created = created
        self.nextSteps = nextSteps
    }
}

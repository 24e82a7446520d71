/// One file of a template: a path relative to the template folder, which may hold Mustache
/// tags (`Sources/{{name}}/{{name}}Builder.swift.mustache`), and its text.
public struct TemplateFile: Sendable, Equatable {
    /// The path inside the template folder, `/`-separated.
    public var path: String
    /// The file's text: a Mustache template when `path` ends in `.mustache`, else copied as is.
    public var contents: String

    /// Creates a template file.
    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }

    /// Whether the file is rendered with Mustache (its name ends in `.mustache`).
    public var isMustache: Bool { path.hasSuffix(Self.mustacheExtension) }

    /// The suffix marking files rendered with Mustache.
    public static let mustacheExtension = ".mustache"
}

/// A template: a folder of files under `Templates/` (built in) or a team's `--templates DIR`,
/// with a `template.yml` describing it.
public struct Template: Sendable, Equatable {
    /// The folder name, e.g. `feature`.
    public var name: String
    /// `description:` from `template.yml`: one line shown by `mfe templates`.
    public var summary: String
    /// The files to render, sorted by path; `template.yml` itself is not among them.
    public var files: [TemplateFile]

    /// Creates a template.
    public init(name: String, summary: String, files: [TemplateFile]) {
        self.name = name
        self.summary = summary
        self.files = files.sorted { $0.path < $1.path }
    }

    /// The file in a template folder that describes it.
    public static let descriptionFileName = "template.yml"
}

/// The templates mfe knows by name.
public enum TemplateName {
    /// A product µFeature: `X`, `XInterface`, `XTesting`, `XTests`, `XExample`.
    public static let feature = "feature"
    /// A foundation µFeature: `X`, `XTesting`, `XTests`, optionally `XExample`.
    public static let foundation = "foundation"
    /// A product µFeature whose UI hosts web content, with a JSON message bridge.
    public static let web = "web"
    /// A workspace's own files: `mfe.yml`, README, `.gitignore`, CI workflow.
    public static let workspace = "workspace"
    /// A workspace's shell app: composition root, router and app executable.
    public static let shell = "shell"
    /// Files the Feed Me example adds on top of the package templates.
    public static let feedMe = "feedme"
}

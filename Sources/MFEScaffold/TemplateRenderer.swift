import MFECore
import Mustache

/// Renders a template's paths and contents with Mustache into planned files, and checks that
/// every path stays inside the package being created whatever the template or its variables
/// say.
package struct TemplateRenderer: Sendable {
    /// Creates a renderer.
    package init() {}

    /// The files `template` produces for `context`, their paths relative to the new folder,
    /// prefixed with `prefix` (for workspaces, where one template fills a subfolder).
    ///
    /// A file whose rendered path has an empty component is skipped: that is how a template
    /// makes a file optional, with a variable that is empty when the file is not wanted (the
    /// feature template's `Sources/{{exampleTarget}}/…` for `--no-example`). Mustache
    /// output is plain text: nothing is HTML-escaped.
    package func render(_ template: Template, context: [String: Any], prefix: String = "") throws -> [PlannedFile] {
        var files: [PlannedFile] = []
        var problems: [ScaffoldError] = []
        var seen: Set<String> = []
        for file in template.files {
            let source = "\(template.name)/\(file.path)"
            // Catalogs refuse these when they load; a template built another way is held to
            // the same bound, as the renderer recurses once per nested section.
            if let problem = MustacheNesting.problem(in: file.path) ?? (file.isMustache ? MustacheNesting.problem(in: file.contents) : nil) {
                problems.append(.renderedNestingTooDeep(source: source, line: problem.line, reason: problem.reason))
                continue
            }
            let renderedPath: String
            do {
                renderedPath = try Self.render(file.path, context: context)
            } catch {
                problems.append(.templatePathInvalid(source: source, error: "\(error)"))
                continue
            }
            var path = renderedPath
            if file.isMustache { path.removeLast(TemplateFile.mustacheExtension.count) }
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            // A leading empty component is an optional top-level folder (`{{iosAppFolder}}/…`)
            // only when the first component of the template's path renders empty; a variable
            // rendering to an absolute path is an error below.
            let firstComponent = String(file.path.prefix { $0 != "/" })
            let optionalFolder = !firstComponent.isEmpty && path.hasPrefix("/") && (try? Self.render(firstComponent, context: context))?.isEmpty == true
            if components.contains(where: \.isEmpty) && (!path.hasPrefix("/") || optionalFolder) { continue }
            if let problem = Self.problem(withPath: path) {
                problems.append(.templatePathOutside(source: source, path: path, problem: problem))
                continue
            }
            let fullPath = prefix.isEmpty ? path : prefix + "/" + path
            guard seen.insert(fullPath).inserted else {
                problems.append(.templatePathTwice(source: source, path: fullPath))
                continue
            }
            let contents: String
            if file.isMustache {
                do {
                    contents = try Self.render(file.contents, context: context)
                } catch {
                    problems.append(.templateInvalid(source: source, error: "\(error)"))
                    continue
                }
            } else {
                contents = file.contents
            }
            files.append(PlannedFile(path: fullPath, contents: contents))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return files
    }

    /// `text` rendered as plain text (no HTML escaping) against `context`.
    static func render(_ text: String, context: [String: Any]) throws -> String {
        try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + text).render(context)
    }

    /// Why `path` (relative to the new package) is not a safe place to write, or nil when it is:
    /// not absolute, no `.`/`..` components, no backslashes or control characters, and no
    /// `.git` folder.
    package static func problem(withPath path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.hasPrefix("/") || path.hasPrefix("~") { return "is absolute" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F }) {
            return "holds a backslash or control character"
        }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if component.isEmpty { return "has an empty path component" }
            if component == "." || component == ".." { return "has a '\(component)' component" }
            if component == ".git" { return "writes into a '.git' folder" }
            if component.utf8.count > 255 { return "has a component longer than 255 bytes" }
        }
        return nil
    }
}

import Foundation
import MFECore
import Yams

/// A set of templates: the ones built into mfe, or a team's folder given with `--templates`
/// (the same layout as the top-level `Templates/`: one folder per template, each with a
/// `template.yml`).
public struct TemplateCatalog: Sendable, Equatable {
    /// Where the templates come from: `built-in`, or the folder they were read from.
    package var origin: String
    /// The templates, sorted by name.
    package var templates: [Template]

    /// Creates a catalog.
    package init(origin: String, templates: [Template]) {
        self.origin = origin
        self.templates = templates.sorted { $0.name < $1.name }
    }

    /// The templates compiled into mfe, so an installed `mfe` works without the source checkout.
    public static let builtin: TemplateCatalog = {
        do {
            return try TemplateCatalog(origin: "built-in", files: BuiltinTemplates.files)
        } catch {
            preconditionFailure("the built-in templates are malformed: \(error.localizedDescription)")
        }
    }()

    /// The template named `name`, or an error listing the ones there are.
    package func template(named name: String) throws -> Template {
        if let template = templates.first(where: { $0.name == name }) { return template }
        let available = templates.map { "'\($0.name)'" }.joined(separator: ", ")
        throw PlainInputError("there is no template '\(name)' in \(origin == "built-in" ? "mfe's built-in templates" : "'\(origin)'"); add a '\(name)/' folder with a \(Template.descriptionFileName), or use one of: \(available.isEmpty ? "none" : available)")
    }

    /// Builds a catalog from `(path, contents)` pairs whose first path component names the
    /// template, as `BuiltinTemplates.files` and `load(from:)` produce them.
    package init(origin: String, files: [(path: String, contents: String)]) throws {
        var grouped: [String: [TemplateFile]] = [:]
        var descriptions: [String: String] = [:]
        for (path, contents) in files {
            guard let slash = path.firstIndex(of: "/") else { continue }
            let name = String(path[..<slash])
            let relative = String(path[path.index(after: slash)...])
            for (text, what) in [(relative, "its name"), (relative.hasSuffix(TemplateFile.mustacheExtension) ? contents : "", "line")] {
                if let problem = MustacheNesting.problem(in: text) {
                    let place = what == "line" ? "\(PathUtilities.join(origin, path)):\(problem.line)" : "the name of '\(PathUtilities.join(origin, path))'"
                    throw PlainInputError("\(place): \(problem.reason); simplify the template")
                }
            }
            if relative == Template.descriptionFileName {
                descriptions[name] = try Self.summary(of: contents, file: PathUtilities.join(origin, path))
            } else {
                grouped[name, default: []].append(TemplateFile(path: relative, contents: contents))
            }
        }
        var templates: [Template] = []
        for (name, summary) in descriptions {
            templates.append(Template(name: name, summary: summary, files: grouped[name] ?? []))
        }
        self.init(origin: origin, templates: templates)
    }

    /// The most bytes one template file may have: far above any real template, and small
    /// enough that rendering it cannot exhaust memory.
    package static let maximumFileSize = 1 << 20
    /// The most bytes a `template.yml` may have: one line of description, with room to spare.
    package static let maximumDescriptionSize = 64 << 10
    /// The most bytes all of a folder's templates may have together.
    package static let maximumTotalSize = 32 << 20

    /// Reads a team's templates from `directory`: every subfolder with a `template.yml`. A file
    /// that is a symbolic link leading outside `directory` is refused (a template could
    /// otherwise copy any file the user can read into the new package), and so is a file
    /// larger than the bounds above.
    public static func load(from directory: String, fileSystem: any FileSystem = LocalFileSystem()) throws -> TemplateCatalog {
        let root = PathUtilities.absolute(directory)
        guard fileSystem.isDirectory(root) else {
            throw PlainInputError("'\(directory)' is not a folder of templates; give a folder holding one subfolder per template (e.g. 'feature/', each with a \(Template.descriptionFileName))")
        }
        var files: [(path: String, contents: String)] = []
        var total = 0
        for name in try fileSystem.contentsOfDirectory(root) where !name.hasPrefix(".") {
            let folder = PathUtilities.join(root, name)
            guard fileSystem.isDirectory(folder), fileSystem.exists(PathUtilities.join(folder, Template.descriptionFileName)) else { continue }
            for relative in try filesBelow(folder, fileSystem: fileSystem) {
                let path = PathUtilities.join(folder, relative)
                // Any link on the way (the file, or the template's folder) counts: the file read
                // is the one at the resolved path.
                if let resolved = fileSystem.realPath(path), !RealPath.isInside(resolved, folder: root, fileSystem: fileSystem) {
                    let link = symbolicLink(on: PathUtilities.join(name, relative), below: root, fileSystem: fileSystem) ?? PathUtilities.join(name, relative)
                    throw PlainInputError("'\(PathUtilities.join(root, link))' is a symbolic link to '\(resolved)', outside the templates folder '\(directory)'; a template may only use files inside its folder, so copy the file in or remove the link")
                }
                let limit = relative == Template.descriptionFileName ? maximumDescriptionSize : maximumFileSize
                // Checked before reading (a huge file is never read) and after (it may grow).
                let size = fileSystem.status(of: path)?.size ?? 0
                let data = size > limit ? Data() : try fileSystem.contents(of: path)
                if max(size, data.count) > limit {
                    throw PlainInputError("'\(path)' is \(max(size, data.count)) bytes, more than the \(limit) a \(relative == Template.descriptionFileName ? "template.yml" : "template file") may have; a template holds source files, keep it smaller")
                }
                total += data.count
                if total > maximumTotalSize {
                    throw PlainInputError("'\(directory)' holds more than \(maximumTotalSize) bytes of templates; a template holds source files, keep the folder smaller")
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw PlainInputError("'\(path)' is not UTF-8 text; templates hold text files only")
                }
                files.append((path: name + "/" + relative, contents: text))
            }
        }
        let catalog = try TemplateCatalog(origin: root, files: files)
        if catalog.templates.isEmpty {
            throw PlainInputError("'\(directory)' holds no templates; each template is a subfolder with a \(Template.descriptionFileName) ('description: ...'), laid out like mfe's built-in 'Templates/'")
        }
        return catalog
    }

    /// The first symbolic link among the components of `relative` below `root`, as a path
    /// relative to `root`: the link a message should name.
    static func symbolicLink(on relative: String, below root: String, fileSystem: any FileSystem) -> String? {
        var current = ""
        for component in relative.split(separator: "/") {
            current = current.isEmpty ? String(component) : current + "/" + component
            if fileSystem.isSymbolicLink(PathUtilities.join(root, current)) { return current }
        }
        return nil
    }

    /// Every file below `directory`, relative to it and sorted, hidden files included.
    static func filesBelow(_ directory: String, fileSystem: any FileSystem) throws -> [String] {
        try fileSystem.filesBelow(directory)
    }

    static func summary(of yaml: String, file: String) throws -> String {
        let value: Any?
        do {
            value = try Yams.load(yaml: yaml)
        } catch {
            throw PlainInputError("'\(file)' is not valid YAML; write 'description: one line saying what the template creates'")
        }
        guard let mapping = value as? [String: Any], let description = mapping["description"] as? String else {
            throw PlainInputError("'\(file)' has no 'description:'; write 'description: one line saying what the template creates'")
        }
        if let unknown = mapping.keys.sorted().first(where: { $0 != "description" }) {
            throw PlainInputError("'\(file)' has an unknown key '\(unknown)'; a template.yml has only 'description:'")
        }
        return description
    }
}

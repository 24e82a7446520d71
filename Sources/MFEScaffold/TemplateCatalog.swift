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
    package func template(named name: String) throws(ScaffoldError) -> Template {
        if let template = templates.first(where: { $0.name == name }) { return template }
        throw ScaffoldError.noTemplate(name, origin: origin, available: templates.map(\.name))
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
                    throw ScaffoldError.templateNestingTooDeep(file: PathUtilities.join(origin, path), line: what == "line" ? problem.line : nil, reason: problem.reason)
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
            throw ScaffoldError.notATemplatesFolder(directory)
        }
        var files: [(path: String, contents: String)] = []
        var total = 0
        for name in try fileSystem.contentsOfDirectory(root) where !name.hasPrefix(".") {
            let folder = PathUtilities.join(root, name)
            guard fileSystem.isDirectory(folder), fileSystem.exists(PathUtilities.join(folder, Template.descriptionFileName)) else { continue }
            try refuseFolderLinksLeaving(folder, template: name, root: root, directory: directory, fileSystem: fileSystem)
            for relative in try filesBelow(folder, fileSystem: fileSystem) {
                let path = PathUtilities.join(folder, relative)
                // Any link on the way (the file, or the template's folder) counts: the file read
                // is the one at the resolved path.
                if let resolved = fileSystem.realPath(path), !RealPath.isInside(resolved, folder: root, fileSystem: fileSystem) {
                    let link = symbolicLink(on: PathUtilities.join(name, relative), below: root, fileSystem: fileSystem) ?? PathUtilities.join(name, relative)
                    throw ScaffoldError.templateLinkOutside(link: PathUtilities.join(root, link), target: resolved, directory: directory)
                }
                let limit = relative == Template.descriptionFileName ? maximumDescriptionSize : maximumFileSize
                // Checked before reading (a huge file is never read) and after (it may grow).
                let size = fileSystem.status(of: path)?.size ?? 0
                let data = size > limit ? Data() : try fileSystem.contents(of: path)
                if max(size, data.count) > limit {
                    throw ScaffoldError.templateFileTooLarge(path: path, size: max(size, data.count), limit: limit, isDescription: relative == Template.descriptionFileName)
                }
                total += data.count
                if total > maximumTotalSize {
                    throw ScaffoldError.templatesTooLarge(directory: directory)
                }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw ScaffoldError.templateNotUTF8(path: path)
                }
                files.append((path: name + "/" + relative, contents: text))
            }
        }
        let catalog = try TemplateCatalog(origin: root, files: files)
        if catalog.templates.isEmpty {
            throw ScaffoldError.noTemplates(directory: directory)
        }
        return catalog
    }

    /// Refuses a symbolic link to a folder below the template `folder` that leads out of it, as
    /// a link to a file outside the templates folder is refused: the files it holds would not
    /// be read (a folder walk stays inside the template), so the template would silently lose
    /// them, or, were they read, copy files from anywhere the user can read into the package.
    static func refuseFolderLinksLeaving(_ folder: String, template: String, root: String, directory: String, fileSystem: any FileSystem) throws {
        try fileSystem.walkFolders(below: folder, purpose: "reading the template '\(template)'") { relative, names in
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                let path = PathUtilities.join(folder, child)
                guard fileSystem.isSymbolicLink(path), fileSystem.isDirectory(path) else { continue }
                let resolved = fileSystem.realPath(path) ?? path
                let link = PathUtilities.join(root, PathUtilities.join(template, child))
                if !RealPath.isInside(resolved, folder: root, fileSystem: fileSystem) {
                    throw ScaffoldError.templateLinkOutside(link: link, target: resolved, directory: directory)
                }
                if !RealPath.isInside(resolved, folder: folder, fileSystem: fileSystem) {
                    throw ScaffoldError.templateFolderLinkLeavesTemplate(link: link, target: resolved, template: template)
                }
            }
        }
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
            throw ScaffoldError.descriptionNotYAML(file: file)
        }
        guard let mapping = value as? [String: Any], let description = mapping["description"] as? String else {
            throw ScaffoldError.noDescription(file: file)
        }
        if let unknown = mapping.keys.sorted().first(where: { $0 != "description" }) {
            throw ScaffoldError.descriptionUnknownKey(file: file, key: unknown)
        }
        return description
    }
}

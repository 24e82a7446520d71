import Foundation
import MFECore

/// Reads an `.xcworkspace`'s `contents.xcworkspacedata`: the XML lists `FileRef`s inside
/// nested `Group`s, each with a `location` of the form `group:`, `container:`, `absolute:` or
/// `self:`. A small scanner rather than an XML library: the format is Xcode's own and flat,
/// and FoundationXML would add libxml2 to the statically linked Linux binary.
package struct XcodeWorkspaceReader: Sendable {
    let fileSystem: any FileSystem

    /// Creates a reader.
    package init(fileSystem: any FileSystem = LocalFileSystem()) {
        self.fileSystem = fileSystem
    }

    /// Reads the workspace at `path` (an `.xcworkspace` folder); every project it lists must
    /// exist.
    package func read(workspaceAt path: String) throws -> XcodeWorkspace {
        let workspace = fileSystem.absolute(path)
        let file = PathUtilities.join(path, "contents.xcworkspacedata")
        let absoluteFile = PathUtilities.join(workspace, "contents.xcworkspacedata")
        guard fileSystem.exists(absoluteFile) else { throw XcodeError.unreadableWorkspace(file: file, reason: "the file is missing") }
        let text = String(decoding: try fileSystem.contents(of: absoluteFile), as: UTF8.self)
        let entries = try Self.entries(in: text, workspacePath: workspace, file: file)
        var projects: [String] = []
        var packages: [String] = []
        for entry in entries {
            if entry.resolved.hasSuffix(".xcodeproj") {
                guard fileSystem.isDirectory(entry.resolved) else { throw XcodeError.missingWorkspaceProject(location: entry.location, resolved: entry.resolved, file: file) }
                projects.append(entry.resolved)
            } else if fileSystem.exists(PathUtilities.join(entry.resolved, "Package.swift")) {
                packages.append(entry.resolved)
            }
        }
        return XcodeWorkspace(path: workspace, projects: projects, packageFolders: packages)
    }

    /// The `FileRef` locations of `text`, resolved to absolute paths.
    static func entries(in text: String, workspacePath: String, file: String) throws -> [(location: String, resolved: String)] {
        guard text.contains("<Workspace") else { throw XcodeError.unreadableWorkspace(file: file, reason: "it has no '<Workspace' element") }
        let container = (workspacePath as NSString).deletingLastPathComponent
        var groups: [String] = [container]
        var result: [(String, String)] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { throw XcodeError.unreadableWorkspace(file: file, reason: "an element is not closed") }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group")
            guard isGroup || tag.hasPrefix("FileRef") else { continue }
            let location = attribute("location", in: tag)
            let resolved = location.map { resolve($0, group: groups.last ?? container, container: container) } ?? groups.last ?? container
            if isGroup {
                if !tag.hasSuffix("/") { groups.append(resolved) }
            } else if let location {
                result.append((location, resolved))
            }
        }
        return result
    }

    /// The value of `name = "…"` in a tag, XML entities decoded.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let range = rest.range(of: name) {
            rest = rest[range.upperBound...]
            let afterName = rest.drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            guard afterName.first == "=" else { continue }
            let value = afterName.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" }
            guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { return nil }
            return String(value[value.index(after: value.startIndex)..<end])
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
        return nil
    }

    /// An absolute path for a `location` attribute.
    static func resolve(_ location: String, group: String, container: String) -> String {
        guard let colon = location.firstIndex(of: ":") else { return PathUtilities.absolute(location, relativeTo: group) }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "absolute": return PathUtilities.normalize(path)
        case "container", "self": return path.isEmpty ? container : PathUtilities.absolute(path, relativeTo: container)
        default: return path.isEmpty ? group : PathUtilities.absolute(path, relativeTo: group)
        }
    }
}

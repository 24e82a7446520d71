import Foundation

/// Generates `BuiltinTemplates.swift`, the copy of the top-level `Templates/` folder compiled
/// into mfe so an installed binary needs no source checkout. `EmbedTemplatesPlugin` runs it on
/// every build whose templates changed; nothing generated is checked in.
///
/// A build tool depends on Foundation alone: SwiftPM builds the tools of build-tool plugins
/// before anything else, so every module they import (MFECore and what it imports) would be
/// compiled first, one after the other, while nothing else can start.
enum BuiltinTemplatesSource {
    /// A template the tool cannot embed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Which top-level folders of `Templates/` a module embeds.
    enum Selection: Equatable {
        /// Every folder.
        case all
        /// Only these.
        case only(Set<String>)
        /// Every folder but these.
        case except(Set<String>)

        /// Whether the file at `relative` (to `Templates/`) is embedded.
        func includes(_ relative: String) -> Bool {
            let folder = String(relative.prefix { $0 != "/" })
            switch self {
            case .all: return true
            case .only(let folders): return folders.contains(folder)
            case .except(let folders): return !folders.contains(folder)
            }
        }
    }

    /// The Swift source embedding every file under `templatesDirectory` that `selection`
    /// includes (hidden files too), sorted by path, so the same folder always gives the same
    /// bytes.
    static func generate(from templatesDirectory: String, selecting selection: Selection = .all) throws -> String {
        var entries: [String] = []
        for relative in try files(below: templatesDirectory) where selection.includes(relative) {
            let data = try Data(contentsOf: URL(fileURLWithPath: templatesDirectory).appendingPathComponent(relative))
            guard let text = String(data: data, encoding: .utf8) else {
                throw Failure(description: "'\(relative)' in Templates/ is not UTF-8 text; templates hold text files only")
            }
            entries.append("        (path: \(literal(relative)), contents: \(literal(text))),\n")
        }
        return """
            // This file is generated from the top-level Templates/ folder by the EmbedTemplatesPlugin
            // build tool on every build; it is not checked in. Edit Templates/ instead.

            /// The built-in templates, compiled into mfe: `(path, contents)` for every file under
            /// `Templates/`, the first path component naming the template.
            enum BuiltinTemplates {
                static let files: [(path: String, contents: String)] = [

            """ + entries.joined() + """
                    ]
                }

                """
    }

    /// The files below `directory` (hidden ones too), as paths relative to it, sorted.
    static func files(below directory: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(atPath: directory)
        else {
            throw Failure(description: "'\(directory)' is not a folder of templates")
        }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = (directory as NSString).appendingPathComponent(relative)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue { result.append(relative) }
        }
        return result.sorted()
    }

    /// `text` as a Swift raw string literal that reproduces it byte for byte: a multi-line raw
    /// string with enough `#`s that nothing inside can end it or start an interpolation.
    static func literal(_ text: String) -> String {
        var hashes = 1
        while text.contains("\"" + String(repeating: "#", count: hashes)) || text.contains("\\" + String(repeating: "#", count: hashes)) {
            hashes += 1
        }
        let delimiter = String(repeating: "#", count: hashes)
        if !text.contains("\n") && !text.contains("\r") {
            return delimiter + "\"" + text + "\"" + delimiter
        }
        return delimiter + "\"\"\"\n" + text + "\n\"\"\"" + delimiter
    }
}

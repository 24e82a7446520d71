import Foundation
import PackagePlugin

/// Compiles the top-level `Templates/` folder (the single source of the built-in templates)
/// into the target it is applied to, as `BuiltinTemplates.swift` in the plugin's work
/// directory: the pages the renderers fill (`Templates/graph`) into MFEReport, every other
/// folder (the scaffold templates) into MFEScaffold. Every file embedded is an input, so
/// editing, adding or removing a template rebuilds; nothing generated is checked in.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    /// The top-level folders of `Templates/` that hold renderer pages, not scaffold templates.
    static let rendererFolders = ["graph"]
    /// The target the renderer pages are compiled into.
    static let rendererTarget = "MFEReport"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinTemplates.swift")
        let renderer = target.name == Self.rendererTarget
        let inputs = Self.files(below: templates).filter { file in
            let folder = String(file.path.dropFirst(templates.path.count).drop { $0 == "/" }.prefix { $0 != "/" })
            return Self.rendererFolders.contains(folder) == renderer
        }
        return [
            .buildCommand(
                displayName: "Embedding the built-in templates in \(target.name)",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [templates.path(percentEncoded: false), output.path(percentEncoded: false), renderer ? "--only" : "--except"] + Self.rendererFolders,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// Every file below `directory`, hidden ones included, sorted.
    static func files(below directory: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }
}

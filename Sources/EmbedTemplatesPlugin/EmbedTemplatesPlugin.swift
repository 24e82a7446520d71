import Foundation
import PackagePlugin

/// Compiles the top-level `Templates/` folder (the single source of the built-in templates)
/// into the target it is applied to, as `BuiltinTemplates.swift` in the plugin's work
/// directory. Every file under `Templates/` is an input, so editing, adding or removing a
/// template rebuilds; nothing generated is checked in.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinTemplates.swift")
        return [
            .buildCommand(
                displayName: "Embedding the built-in templates in \(target.name)",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [templates.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: Self.files(below: templates),
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

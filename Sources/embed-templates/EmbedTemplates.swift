import Foundation

/// `embed-templates TEMPLATES_DIR OUTPUT_FILE [--only|--except FOLDER...]`: writes the Swift
/// source embedding the files of `TEMPLATES_DIR` (all, or only those of the named top-level
/// folders, or all but those) to `OUTPUT_FILE` (atomically), replacing it only when its bytes
/// change so an unchanged folder recompiles nothing. Run by `EmbedTemplatesPlugin`, not by
/// people.
@main
struct EmbedTemplates {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let usage = "usage: embed-templates TEMPLATES_DIR OUTPUT_FILE [--only|--except FOLDER...]"
        guard arguments.count >= 2 else { fail(usage) }
        var selection = BuiltinTemplatesSource.Selection.all
        if arguments.count > 2 {
            let folders = Set(arguments.dropFirst(3))
            switch arguments[2] {
            case "--only" where !folders.isEmpty: selection = .only(folders)
            case "--except" where !folders.isEmpty: selection = .except(folders)
            default: fail(usage)
            }
        }
        do {
            let data = Data(try BuiltinTemplatesSource.generate(from: arguments[0], selecting: selection).utf8)
            // Written through a temporary file and renamed into place (`.atomic`).
            if FileManager.default.contents(atPath: arguments[1]) == data { return }
            try data.write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
        } catch {
            fail("embed-templates: \(error)")
        }
    }

    static func fail(_ message: String) -> Never {
        // A closed or full standard error cannot stop the exit status from saying it failed.
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
        exit(1)
    }
}

import Foundation
import MFECore

/// `embed-templates TEMPLATES_DIR OUTPUT_FILE`: writes the Swift source embedding every file of
/// `TEMPLATES_DIR` to `OUTPUT_FILE` (atomically), replacing it only when its bytes change so
/// an unchanged folder recompiles nothing. Run by `EmbedTemplatesPlugin`, not by people.
@main
struct EmbedTemplates {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count == 2 else {
            fail("usage: embed-templates TEMPLATES_DIR OUTPUT_FILE")
        }
        let fileSystem = LocalFileSystem()
        do {
            let data = Data(try BuiltinTemplatesSource.generate(from: arguments[0], fileSystem: fileSystem).utf8)
            if fileSystem.exists(arguments[1]), try fileSystem.contents(of: arguments[1]) == data { return }
            try fileSystem.writeAtomically(data, to: arguments[1])
        } catch {
            fail("embed-templates: \(error.localizedDescription)")
        }
    }

    static func fail(_ message: String) -> Never {
        Terminal.printError(message)
        exit(1)
    }
}

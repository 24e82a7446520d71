import Foundation
import MFECore
import Testing

@testable import MFEScaffold
@testable import embed_templates

@Suite("built-in templates")
struct BuiltinTemplatesTests {
    static let templatesDirectory = PathUtilities.join(GoldenFile.repositoryRoot, "Templates")

    /// The build embeds `Templates/` (EmbedTemplatesPlugin) but the renderers' pages (`graph/`,
    /// compiled into MFEReport): every file, hidden ones included, byte for byte, and nothing
    /// else.
    @Test func everyScaffoldFileOfTemplatesFolderIsEmbeddedByteForByte() throws {
        var onDisk: [String: Data] = [:]
        let root = URL(fileURLWithPath: Self.templatesDirectory)
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]))
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory != true {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if !relative.hasPrefix("graph/") { onDisk[relative] = try Data(contentsOf: url) }
        }
        let embedded = Dictionary(BuiltinTemplates.files.map { ($0.path, Data($0.contents.utf8)) }, uniquingKeysWith: { first, _ in first })
        #expect(BuiltinTemplates.files.count == embedded.count, "a path is embedded twice")
        #expect(onDisk.count > 50)
        #expect(onDisk.keys.sorted() == embedded.keys.sorted())
        for (path, data) in onDisk.sorted(by: { $0.key < $1.key }) {
            #expect(embedded[path] == data, "'Templates/\(path)' is not embedded byte for byte")
        }
        #expect(BuiltinTemplates.files.map(\.path) == BuiltinTemplates.files.map(\.path).sorted(), "embedded files are not sorted by path")
    }

    @Test func theCompiledCatalogIsTheFolderCatalog() throws {
        let folder = try TemplateCatalog.load(from: Self.templatesDirectory)
        let same = TemplateCatalog.builtin.templates == folder.templates
        #expect(same, "the compiled templates differ from Templates/; rebuild so EmbedTemplatesPlugin embeds them again")
        #expect(TemplateCatalog.builtin.templates.map(\.name) == ["feature", "feedme", "foundation", "shell", "web", "workspace"])
    }

    @Test(arguments: ["plain", "with \"quotes\"", "raw \"# and \"## and \\#(x)", "multi\nline\n", "\"\"\"#\nend\\", ""])
    func literalsReproduceTheirTextExactly(text: String) throws {
        let literal = BuiltinTemplatesSource.literal(text)
        // A raw literal's delimiters are longer than any `"#` run or `\#` inside it.
        let hashes = literal.prefix { $0 == "#" }.count
        #expect(hashes >= 1)
        #expect(!text.contains("\"" + String(repeating: "#", count: hashes)))
        #expect(!text.contains("\\" + String(repeating: "#", count: hashes)))
    }

    /// `--only` and `--except` split the folder by top-level folder, and together embed it all.
    @Test func selectionsSplitTheFolderByTopLevelFolder() throws {
        let pages = try BuiltinTemplatesSource.generate(from: Self.templatesDirectory, selecting: .only(["graph"]))
        let scaffold = try BuiltinTemplatesSource.generate(from: Self.templatesDirectory, selecting: .except(["graph"]))
        #expect(pages.contains("(path: #\"graph/page.html\"#"))
        #expect(!pages.contains("feature/"))
        #expect(!scaffold.contains("graph/page.html"))
        #expect(scaffold.contains("(path: #\"feature/template.yml\"#"))
        #expect(BuiltinTemplatesSource.Selection.except(["graph"]).includes("graphs/x"), "a folder is matched by its whole name")
    }

    /// The generator's output depends only on the folder: the same files give the same bytes.
    @Test func generationIsDeterministic() throws {
        let first = try BuiltinTemplatesSource.generate(from: Self.templatesDirectory)
        let second = try BuiltinTemplatesSource.generate(from: Self.templatesDirectory)
        #expect(first == second)
        #expect(!first.contains(Self.templatesDirectory), "the generated source names the absolute Templates/ path")
    }
}

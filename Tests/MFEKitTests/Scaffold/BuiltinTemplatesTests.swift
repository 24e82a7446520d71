import Foundation
import Testing
@testable import MFEKit

@Suite("built-in templates")
struct BuiltinTemplatesTests {
    static let templatesDirectory = PathUtilities.join(GoldenFile.repositoryRoot, "Templates")

    @Test func theCompiledCopyMatchesTemplatesFolder() throws {
        let generated = try BuiltinTemplatesSource.generate(from: Self.templatesDirectory)
        try GoldenFile.check(generated, against: "Sources/MFEKit/Scaffold/BuiltinTemplates.swift")
    }

    @Test func theCompiledCatalogIsTheFolderCatalog() throws {
        let folder = try TemplateCatalog.load(from: Self.templatesDirectory)
        let same = TemplateCatalog.builtin.templates == folder.templates
        #expect(same, "the compiled templates differ from Templates/; re-record BuiltinTemplates.swift with MFE_RECORD=1 swift test")
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
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// A team's templates are bounded: nesting the renderer would recurse through is refused with
/// its line before rendering, and links leaving the templates folder and huge files are refused.
@Suite("template bounds")
struct TemplateBoundsTests {
    static func nested(_ depth: Int, open: String = "{{#a}}", close: String = "{{/a}}") -> String {
        String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
    }

    @Test func theBuiltInTemplatesAreWithinBounds() {
        for template in TemplateCatalog.builtin.templates {
            for file in template.files where file.isMustache {
                #expect(MustacheNesting.problem(in: file.contents) == nil, "\(template.name)/\(file.path)")
            }
        }
    }

    @Test func nestingUpToTheBoundIsFineAndOneMoreIsRefusedWithItsLine() {
        #expect(MustacheNesting.problem(in: Self.nested(MustacheNesting.maximumDepth)) == nil)
        let problem = MustacheNesting.problem(in: "first\nsecond\n" + Self.nested(MustacheNesting.maximumDepth + 1))
        #expect(problem?.line == 3)
        #expect(problem?.reason == "sections nest more than 64 deep (mfe renders at most 64)")
        // Inverted sections, blocks and parents nest too; closing tags end them.
        #expect(MustacheNesting.problem(in: String(repeating: "{{^a}}{{$b}}{{<c}}", count: 22)) != nil)
        #expect(MustacheNesting.problem(in: String(repeating: "{{#a}}{{/a}}\n", count: 10_000)) == nil)
    }

    /// The scan reads tags as the parser does: changed delimiters, a delimiter change ending
    /// with its section, comments and triple mustaches.
    @Test func followsTheParsersDelimiters() {
        #expect(MustacheNesting.problem(in: "{{=<% %>=}}\n" + Self.nested(65, open: "<%#a%>", close: "<%/a%>"))?.line == 2)
        #expect(MustacheNesting.problem(in: "{{=<% %>=}}" + Self.nested(65)) == nil, "'{{' is text once the delimiters changed")
        // A change inside a section ends with it: the outer `{{#a}}` tags count again.
        #expect(MustacheNesting.problem(in: "{{#s}}{{=<% %>=}}<%/s%>" + Self.nested(64)) == nil)
        #expect(MustacheNesting.problem(in: "{{#s}}{{=<% %>=}}<%/s%>" + Self.nested(64) + "{{#s}}") == nil)
        #expect(MustacheNesting.problem(in: "{{#s}}{{=<% %>=}}<%/s%>{{#t}}" + Self.nested(64) + "{{/t}}") != nil)
        #expect(MustacheNesting.problem(in: "{{! " + String(repeating: "{{#a ", count: 100) + "}}") == nil, "a comment holds no tags")
        #expect(MustacheNesting.problem(in: "{{{raw}}}" + Self.nested(65))?.line == 1)
        #expect(
            MustacheNesting.problem(in: "{{a(" + String(repeating: "b(", count: 20) + "c" + String(repeating: ")", count: 21) + "}}")?.reason
                == "a tag chains more than 16 transforms (mfe renders at most 16)")
    }

    /// 100,000 nested sections crashed the renderer (the stack overflowed); now they are a
    /// problem naming the file and line.
    @Test func aDeeplyNestedTeamTemplateIsAProblemNotACrash() throws {
        let template = Template(name: "team", summary: "", files: [TemplateFile(path: "Deep.swift.mustache", contents: "// header\n" + Self.nested(100_000))])
        let reason = "sections nest more than 64 deep (mfe renders at most 64)"
        #expect(throws: InputErrors([ScaffoldError.renderedNestingTooDeep(source: "team/Deep.swift.mustache", line: 2, reason: reason)])) {
            try TemplateRenderer().render(template, context: [:])
        }
        #expect(throws: ScaffoldError.templateNestingTooDeep(file: "built-in/team/Deep.swift.mustache", line: 2, reason: reason)) {
            try TemplateCatalog(origin: "built-in", files: [("team/template.yml", "description: x\n"), ("team/Deep.swift.mustache", "// header\n" + Self.nested(100_000))])
        }
    }

    @Test func aLinkToAFileOutsideTheTemplatesFolderIsRefused() throws {
        let directory = try TemporaryDirectory()
        try directory.write("description: ours\n", to: "team/feature/template.yml")
        try directory.write("secret\n", to: "outside/secret.txt")
        try directory.write("common\n", to: "team/common/LICENSE")
        let templates = PathUtilities.join(directory.path, "team")
        // A link inside the folder is fine.
        try FileManager.default.createSymbolicLink(atPath: templates + "/feature/LICENSE", withDestinationPath: "../common/LICENSE")
        #expect(try TemplateCatalog.load(from: templates).template(named: "feature").files.map(\.path) == ["LICENSE"])
        try FileManager.default.createSymbolicLink(atPath: templates + "/feature/secret.txt", withDestinationPath: directory.path + "/outside/secret.txt")
        #expect(throws: ScaffoldError.templateLinkOutside(link: templates + "/feature/secret.txt", target: CatalogFixture.realPath(directory.path + "/outside/secret.txt"), directory: templates)) {
            try TemplateCatalog.load(from: templates)
        }
    }

    @Test func aLinkToAFolderOutsideTheTemplateIsRefusedLikeALinkToAFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("description: ours\n", to: "team/feature/template.yml")
        try directory.write("secret\n", to: "outside/keys/id_rsa")
        try directory.write("// shared\n", to: "team/common/Shared.swift")
        try directory.write("// own\n", to: "team/feature/Own/Own.swift")
        let templates = PathUtilities.join(directory.path, "team")
        // A link to a folder of the template itself is fine: its files are read once, by their real path.
        try FileManager.default.createSymbolicLink(atPath: templates + "/feature/Alias", withDestinationPath: "Own")
        #expect(try TemplateCatalog.load(from: templates).template(named: "feature").files.map(\.path) == ["Own/Own.swift"])
        try FileManager.default.createSymbolicLink(atPath: templates + "/feature/Shared", withDestinationPath: "../common")
        #expect(
            throws: ScaffoldError.templateFolderLinkLeavesTemplate(link: templates + "/feature/Shared", target: CatalogFixture.realPath(templates + "/common"), template: "feature")
        ) {
            try TemplateCatalog.load(from: templates)
        }
        try FileManager.default.removeItem(atPath: templates + "/feature/Shared")
        for (link, destination) in [("feature/Keys", directory.path + "/outside/keys"), ("feature/Own/Deeper", "../../../outside/keys"), ("feature/Root", "/")] {
            try FileManager.default.createSymbolicLink(atPath: templates + "/" + link, withDestinationPath: destination)
            let target = CatalogFixture.realPath(URL(fileURLWithPath: templates + "/" + link).resolvingSymlinksInPath().path)
            #expect(throws: ScaffoldError.templateLinkOutside(link: templates + "/" + link, target: target, directory: templates), "\(link)") {
                try TemplateCatalog.load(from: templates)
            }
            try FileManager.default.removeItem(atPath: templates + "/" + link)
        }
        #expect(
            ScaffoldError.templateFolderLinkLeavesTemplate(link: "/t/feature/Shared", target: "/t/shared", template: "feature").errorDescription
                == "'/t/feature/Shared' is a symbolic link to the folder '/t/shared', outside the template 'feature'; mfe reads a template's own folder only, so copy the files in or remove the link")
    }

    @Test func aTemplateFileLargerThanTheBoundIsRefusedUnread() throws {
        let directory = try TemporaryDirectory()
        try directory.write("description: ours\n", to: "team/feature/template.yml")
        let huge = directory.path + "/team/feature/Huge.swift"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(TemplateCatalog.maximumFileSize + 1))
        try handle.close()
        #expect(throws: ScaffoldError.templateFileTooLarge(path: huge, size: 1_048_577, limit: 1_048_576, isDescription: false)) {
            try TemplateCatalog.load(from: directory.path + "/team")
        }
        try FileManager.default.removeItem(atPath: huge)
        try directory.write("description: " + String(repeating: "x", count: TemplateCatalog.maximumDescriptionSize) + "\n", to: "team/feature/template.yml")
        let description = directory.path + "/team/feature/template.yml"
        #expect(
            throws: ScaffoldError.templateFileTooLarge(
                path: description, size: TemplateCatalog.maximumDescriptionSize + "description: \n".utf8.count, limit: TemplateCatalog.maximumDescriptionSize, isDescription: true)
        ) {
            try TemplateCatalog.load(from: directory.path + "/team")
        }
    }
}

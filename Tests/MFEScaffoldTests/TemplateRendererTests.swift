import MFECore
import Testing

@testable import MFEScaffold

@Suite("template rendering")
struct TemplateRendererTests {
    private func template(_ files: [String: String]) -> Template {
        Template(name: "team", summary: "a team template", files: files.map { TemplateFile(path: $0.key, contents: $0.value) })
    }

    @Test func rendersPathsAndContentsAsPlainText() throws {
        let files = try TemplateRenderer().render(
            template([
                "Sources/{{name}}/{{name}}.swift.mustache": "let title = \"{{title}}\" // <&>\n",
                "LICENSE": "{{name}} stays as written\n",
            ]), context: ["name": "Search", "title": "Tom & \"Jerry\""])
        #expect(
            files == [
                PlannedFile(path: "LICENSE", contents: "{{name}} stays as written\n"),
                PlannedFile(path: "Sources/Search/Search.swift", contents: "let title = \"Tom & \"Jerry\"\" // <&>\n"),
            ])
    }

    @Test func skipsFilesWhosePathHasAnEmptyComponent() throws {
        let files = try TemplateRenderer().render(template(["Sources/{{exampleTarget}}/App.swift.mustache": "x"]), context: ["exampleTarget": ""])
        #expect(files.isEmpty)
    }

    @Test func skipsAnOptionalTopLevelFolderButNotAVariableMakingAPathAbsolute() throws {
        let files = try TemplateRenderer().render(template(["{{iosAppFolder}}/App.swift.mustache": "x", "README.md": "y"]), context: ["iosAppFolder": ""])
        #expect(files.map(\.path) == ["README.md"])
        #expect(throws: InputErrors([ScaffoldError.templatePathOutside(source: "team/{{folder}}/App.swift.mustache", path: "/tmp/App.swift", problem: "is absolute")])) {
            try TemplateRenderer().render(template(["{{folder}}/App.swift.mustache": "x"]), context: ["folder": "/tmp"])
        }
    }

    @Test(arguments: [
        ("{{name}}/../../escape.swift", "../../../escape.swift", "has a '..' component"),
        ("/etc/{{name}}", "/etc/..", "is absolute"),
        ("{{name}}", "..", "has a '..' component"),
        ("Sources/.git/{{name}}", "Sources/.git/..", "writes into a '.git' folder"),
    ])
    func refusesPathsOutsideThePackage(path: String, rendered: String, problem: String) {
        #expect(throws: InputErrors([ScaffoldError.templatePathOutside(source: "team/" + path, path: rendered, problem: problem)])) {
            try TemplateRenderer().render(template([path: "x"]), context: ["name": ".."])
        }
    }

    @Test func aVariableCannotClimbOutEither() {
        let problem = ScaffoldError.templatePathOutside(source: "team/Sources/{{name}}.swift.mustache", path: "Sources/../../../../tmp/owned.swift", problem: "has a '..' component")
        #expect(throws: InputErrors([problem])) {
            try TemplateRenderer().render(template(["Sources/{{name}}.swift.mustache": "x"]), context: ["name": "../../../../tmp/owned"])
        }
    }

    @Test func reportsEveryBadFileAtOnce() {
        #expect {
            try TemplateRenderer().render(template(["../a.mustache": "x", "b/{{#open}}.mustache": "x", "c.mustache": "{{#unclosed}}"]), context: [:])
        } throws: { error in
            let errors = (error as? InputErrors)?.errors ?? []
            return errors.count == 3 && errors.allSatisfy { $0 is ScaffoldError }
        }
    }
}

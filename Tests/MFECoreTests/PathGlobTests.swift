import MFECore
import Testing

@Suite("path globs")
struct PathGlobTests {
    @Test(arguments: [
        ("**/*.md", "README.md", true),
        ("**/*.md", "Sources/A/Notes.md", true),
        ("**/*.md", "Sources/A/Notes.swift", false),
        ("*.md", "Sources/A/Notes.md", true),
        ("docs/**", "docs/a/b.png", true),
        ("docs/**", "Sources/docs/b.png", false),
        ("docs", "docs/b.png", true),
        ("docs", "Sources/docs/b.png", true),
        ("docs/", "docs/b.png", true),
        ("/docs", "Sources/docs/b.png", false),
        ("App/*.plist", "App/Info.plist", true),
        ("App/*.plist", "App/Sub/Info.plist", false),
        ("Sources/*/Resources", "Sources/Search/Resources/en.lproj/x.strings", true),
        (".github/**", ".github/workflows/ci.yml", true),
    ])
    func ignoreGlobsReadAsGitignoreDoes(pattern: String, path: String, matches: Bool) {
        #expect(PathGlob(ignoring: pattern).matches(path) == matches)
    }

    @Test func exactGlobsMatchWholePaths() {
        #expect(PathGlob(exact: "Features/*").matches("Features/Browse"))
        #expect(!PathGlob(exact: "Features/*").matches("Features/Browse/Tests"))
        #expect(PathGlob(exact: "Libraries/**").matches("Libraries/UI/Kit"))
        #expect(PathGlob(exact: "./Shell").matches("Shell"))
        #expect(!PathGlob(exact: "Shell").matches("."))
    }
}

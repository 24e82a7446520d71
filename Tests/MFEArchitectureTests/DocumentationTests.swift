import Foundation
import MFECore
import Testing

/// The repository carries its own design: the contract lives in the DocC catalog, nothing
/// points at files a clone of mfe does not have, and the articles are well-formed and reachable.
@Suite("mfe's own documentation")
struct DocumentationTests {
    static let catalog = "Sources/MFEKit/MFEKit.docc"

    /// The Markdown documents: README.md and every article of the catalog.
    static func documents() throws -> [String] {
        let articles = try FileManager.default.contentsOfDirectory(atPath: PathUtilities.join(ArchitectureTests.packageRoot, catalog))
        return ["README.md"] + articles.filter { $0.hasSuffix(".md") }.sorted().map { catalog + "/" + $0 }
    }

    /// Every text file below `folders` (relative to the package root), relative paths.
    static func files(below folders: [String]) -> [String] {
        var files: [String] = []
        for folder in folders {
            let root = PathUtilities.join(ArchitectureTests.packageRoot, folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else {
                files.append(folder)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let path = enumerator?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: PathUtilities.join(root, path), isDirectory: &isDirectory), !isDirectory.boolValue {
                    files.append(folder + "/" + path)
                }
            }
        }
        return files.sorted()
    }

    /// A clone of mfe has no design document beside it: no file of the repository may point at
    /// one (the contract is the catalog's Design contract article).
    @Test func nothingPointsOutsideTheRepository() throws {
        // Spelt in pieces so that this file does not match itself.
        let outside = ["../" + "shared", "DESIGN" + ".md"]
        let files = Self.files(below: ["Sources", "Tests", "Templates", "README.md", "CHANGELOG.md", "Package.swift", ".ci", ".github"])
        #expect(files.count > 100, "\(files.count)")
        for file in files {
            guard let text = try? String(contentsOfFile: PathUtilities.join(ArchitectureTests.packageRoot, file), encoding: .utf8) else { continue }
            for needle in outside where text.contains(needle) {
                Issue.record("\(file) points at '\(needle)', which a clone of mfe does not have; point at the DocC catalog's articles instead")
            }
        }
    }

    /// Every run of table lines (outside code blocks) is a table: a header, the `|---|`
    /// separator, and at least one row. A header left behind by an edit renders as a stray
    /// line of pipes.
    @Test func everyTableHasAHeaderASeparatorAndRows() throws {
        let documents = try Self.documents()
        #expect(documents.count > 15)
        for document in documents {
            let text = try String(contentsOfFile: PathUtilities.join(ArchitectureTests.packageRoot, document), encoding: .utf8)
            for problem in Self.tableProblems(in: text) { Issue.record("\(document): \(problem)") }
        }
    }

    /// The problems of the tables of `markdown`, each with its line number.
    static func tableProblems(in markdown: String) -> [String] {
        var problems: [String] = []
        var inCode = false
        var run: [(number: Int, text: Substring)] = []
        func endRun() {
            defer { run = [] }
            guard let first = run.first else { return }
            let separator = run.count > 1 && run[1].text.contains("-") && run[1].text.allSatisfy { "|-: ".contains($0) }
            if !separator || run.count < 3 {
                problems.append("line \(first.number): '\(first.text)' is no table (a header, a '|---|' separator and rows); complete it or remove it")
            }
        }
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                endRun()
                inCode.toggle()
                continue
            }
            if !inCode && line.hasPrefix("|") {
                run.append((index + 1, line))
            } else {
                endRun()
            }
        }
        endRun()
        return problems
    }

    @Test func aStrayTableHeaderIsReported() {
        #expect(Self.tableProblems(in: "text\n\n| id | severity |\n\n## Next\n") == ["line 3: '| id | severity |' is no table (a header, a '|---|' separator and rows); complete it or remove it"])
        #expect(Self.tableProblems(in: "| a | b |\n|---|---|\n| 1 | 2 |\n\n```\n| not a table\n```\n").isEmpty)
    }

    /// Every article is reachable from the catalog's landing page, so none is left out of the
    /// navigation DocC builds.
    @Test func everyArticleIsInTheTopicsOfTheLandingPage() throws {
        let landing = try String(contentsOfFile: PathUtilities.join(ArchitectureTests.packageRoot, Self.catalog + "/MFEKit.md"), encoding: .utf8)
        for document in try Self.documents() where document.hasPrefix(Self.catalog) && !document.hasSuffix("/MFEKit.md") {
            let name = ((document as NSString).lastPathComponent as NSString).deletingPathExtension
            #expect(landing.contains("- <doc:\(name)>"), "MFEKit.md does not list <doc:\(name)> under its topics")
        }
    }
}

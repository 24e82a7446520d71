import Foundation
import MFEKit
import MFETestSupport
import Testing

/// The Teams article, through the built binary, on a generated workspace in a real git
/// repository: `owners:`, `mfe owners` and its CODEOWNERS block, findings with owners, why a
/// target is affected and whom to ask for review, baselines that only shrink, and the
/// pull-request report (parsed by a CommonMark parser).
@Suite("teams, end to end", .serialized)
struct TeamsEndToEndTests {
    /// The generated workspace (3 foundations, 12 features, the shell; `P7 → P6` is
    /// product-to-product) with `owners:` for the features and two foundations, committed on
    /// `main` with `feature` checked out.
    static func workspace() async throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try GeneratedWorkspace.write(at: directory.path, foundations: 3, products: 12, violations: true)
        let configuration = try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8)
        try directory.write(configuration + "owners:\n  \"@acme/features\": [\"P*\"]\n  \"@acme/platform\": [F0, F1]\n", to: "mfe.yml")
        try await git(["init", "--quiet", "--initial-branch=main"], in: directory.path)
        try await git(["add", "--all"], in: directory.path)
        try await git(["commit", "--quiet", "-m", "initial"], in: directory.path)
        try await git(["checkout", "--quiet", "-b", "feature"], in: directory.path)
        return directory
    }

    @discardableResult
    static func git(_ arguments: [String], in directory: String) async throws -> ProcessResult {
        let identity = ["user.name=mfe tests", "user.email=tests@mfe.invalid", "commit.gpgsign=false"]
        let result = try await Git(options: .local(configuration: identity)).run(arguments, in: directory)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(.timeLimit(.minutes(1))) func ownersListsEveryFeatureAndWritesAndChecksCODEOWNERS() async throws {
        let directory = try await Self.workspace()
        let text = try await MFEBinary.run(["owners"], in: directory.path)
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n")
        #expect(lines.count == 16)
        #expect(lines.first { $0.hasPrefix("P7 ") }?.split(separator: " ") == ["P7", "@acme/features", "Features/P7/"])
        #expect(lines.first { $0.hasPrefix("F2 ") }?.split(separator: " ") == ["F2", "-", "Foundation/F2/"])

        let block = try await MFEBinary.run(["owners", "--format", "codeowners"], in: directory.path)
        #expect(block.status == 0)
        let blockLines = block.standardOutput.split(separator: "\n").map(String.init)
        #expect(blockLines.first?.hasPrefix("# mfe:begin") == true)
        #expect(blockLines.last == "# mfe:end")
        #expect(
            blockLines.dropFirst().dropLast() == ["/Features/P0/ @acme/features"] + (1..<12).map { "/Features/P\($0)/ @acme/features" }.sorted() + [
                "/Foundation/F0/ @acme/platform", "/Foundation/F1/ @acme/platform",
            ])

        try directory.write("* @acme/everyone\n\n" + block.standardOutput + "/docs/ @acme/writers\n", to: ".github/CODEOWNERS")
        let current = try await MFEBinary.run(["owners", "--check", ".github/CODEOWNERS"], in: directory.path)
        #expect(current.status == 0, "\(current.standardOutput)\(current.standardError)")
        try directory.write(try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8).replacingOccurrences(of: "[F0, F1]", with: "[F0, F1, F2]"), to: "mfe.yml")
        let stale = try await MFEBinary.run(["owners", "--check", ".github/CODEOWNERS"], in: directory.path)
        #expect(stale.status == 1)
        #expect(stale.standardOutput.contains("+/Foundation/F2/ @acme/platform\n"), "\(stale.standardOutput)")
        #expect(stale.standardError == "the mfe block of '.github/CODEOWNERS' is stale; replace it with what 'mfe owners --format codeowners' prints\n")
    }

    @Test(.timeLimit(.minutes(1))) func anOwnersNameMatchingNothingIsExitTwoWithASuggestion() async throws {
        let directory = try await Self.workspace()
        try directory.write(try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8) + "  \"@acme/app\": [Shel]\n", to: "mfe.yml")
        for command in [["owners"], ["lint-graph"]] {
            let result = try await MFEBinary.run(command, in: directory.path)
            #expect(result.status == 2)
            #expect(result.standardError.hasSuffix("mfe.yml:11:17: 'Shel' under 'owners.@acme/app' matches no package or feature of the workspace; did you mean 'Shell'?\n"), "\(result.standardError)")
        }
    }

    @Test(.timeLimit(.minutes(1))) func findingsCarryTheirOwnersAndUnownedFeaturesAreWarnings() async throws {
        let directory = try await Self.workspace()
        let result = try await MFEBinary.run(["lint-graph", "--format", "json"], in: directory.path)
        #expect(result.status == 1)
        let findings = try #require(try Self.json(result.standardOutput)["findings"] as? [[String: Any]])
        let edge = try #require(findings.first { $0["rule"] as? String == "product-to-product" })
        #expect(edge["owners"] as? [String: [String]] == ["from": ["@acme/features"], "to": ["@acme/features"]])
        #expect(findings.filter { $0["rule"] as? String == "unowned-feature" }.compactMap { $0["feature"] as? String } == ["F2", "Shell"])
        let sarif = try await MFEBinary.run(["lint-graph", "--format", "sarif"], in: directory.path)
        #expect(sarif.standardOutput.contains("\"owners\" : {") || sarif.standardOutput.contains("\"owners\": {"), "\(sarif.standardOutput.prefix(400))")
        let text = try await MFEBinary.run(["lint-graph"], in: directory.path)
        #expect(!text.standardOutput.contains("@acme"), "text output is unchanged by owners")
    }

    @Test(.timeLimit(.minutes(1))) func affectedExplainsEveryTargetAndNamesTheReviewers() async throws {
        let directory = try await Self.workspace()
        try directory.write("public struct New {}\n", to: "Features/P3/Sources/P3Interface/New.swift")
        try directory.write(try String(contentsOfFile: directory.path + "/Shell/Package.swift", encoding: .utf8) + "// touched\n", to: "Shell/Package.swift")
        let text = try await MFEBinary.run(["affected", "--base", "main", "--explain"], in: directory.path)
        #expect(text.status == 0, "\(text.standardError)")
        let lines = text.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("P3Interface (P3): 'Features/P3/Sources/P3Interface/New.swift' changed"))
        #expect(lines.contains("P3 (P3): 'Features/P3/Sources/P3Interface/New.swift' changed: P3Interface ← P3"))
        #expect(lines.contains("AppRouting (Shell): Package.swift changed ('Shell/Package.swift'): every target of the package"))
        #expect(lines.contains("P4 (P4): 'Features/P3/Sources/P3Interface/New.swift' changed: P3Interface ← P4"))

        let json = try Self.json(try await MFEBinary.run(["affected", "--base", "main", "--explain", "--format", "json"], in: directory.path).standardOutput)
        let because = try #require(json["because"] as? [[String: Any]])
        let targets = try #require(json["targets"] as? [String])
        #expect(Set(because.compactMap { $0["target"] as? String }) == Set(targets), "every affected target is explained")
        let app = try #require(because.first { $0["target"] as? String == "App" })
        let path = try #require(app["path"] as? [String])
        #expect(path == ["App"], "its own package changed")
        let p5 = try #require(because.first { $0["target"] as? String == "P5" })
        #expect(p5["path"] as? [String] == ["P3Interface", "P5"])
        #expect(p5["file"] as? String == "Features/P3/Sources/P3Interface/New.swift")

        let reviewers = try await MFEBinary.run(["affected", "--base", "main", "--format", "reviewers"], in: directory.path)
        #expect(reviewers.standardOutput == "@acme/features\n", "F2 has no owner, and dependents are not reviewers")
        let refused = try await MFEBinary.run(["affected", "--explain", "--format", "matrix"], in: directory.path)
        #expect(refused.status == 64)
    }

    @Test(.timeLimit(.minutes(1))) func pruneBaselineOnlyRemovesAndStaleEntriesFailUnderStrict() async throws {
        let directory = try await Self.workspace()
        let written = try await MFEBinary.run(["lint-graph", "--write-baseline", "mfe-baseline.json"], in: directory.path)
        #expect(written.status == 0)
        let original = try String(contentsOfFile: directory.path + "/mfe-baseline.json", encoding: .utf8)
        // An entry for a finding fixed since: a dependency no manifest declares any more.
        let stale = "    {\"file\": \"Features/P9/Package.swift\", \"fingerprint\": \"00000000000000000000000000000000\", \"from\": \"P9\", \"rule\": \"product-to-product\", \"to\": \"P8\"},\n"
        let withStale = original.replacingOccurrences(of: "\"findings\": [\n", with: "\"findings\": [\n" + stale)
        try directory.write(withStale, to: "mfe-baseline.json")

        let lint = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json"], in: directory.path)
        #expect(lint.status == 0)
        #expect(lint.standardOutput.contains("in the baseline (1 fixed since it was written)"), "\(lint.standardOutput)")
        let strict = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json", "--strict"], in: directory.path)
        #expect(strict.status == 1)
        #expect(strict.standardOutput.contains("error: baseline entry 'product-to-product' P9 -> P8 matches no finding"))

        let pruned = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json", "--prune-baseline"], in: directory.path)
        #expect(pruned.status == 0, "\(pruned.standardError)")
        #expect(pruned.standardError == "removed 1 entry that matched no finding from the baseline 'mfe-baseline.json'; 4 remain\n")
        #expect(try String(contentsOfFile: directory.path + "/mfe-baseline.json", encoding: .utf8) == original, "only the stale entry went")
        let again = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json", "--prune-baseline", "--strict"], in: directory.path)
        #expect(again.status == 0 && again.standardError.isEmpty)
        // A new finding is never added by a prune.
        try directory.write(try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8).replacingOccurrences(of: "[F0, F1]", with: "[F0]"), to: "mfe.yml")
        let newFinding = try await MFEBinary.run(["lint-graph", "--baseline", "mfe-baseline.json", "--prune-baseline"], in: directory.path)
        #expect(newFinding.standardOutput.contains("feature F1 has no owner"))
        #expect(try String(contentsOfFile: directory.path + "/mfe-baseline.json", encoding: .utf8) == original)
        let noBaseline = try await MFEBinary.run(["lint-graph", "--prune-baseline"], in: directory.path)
        #expect(noBaseline.status == 2)
    }

    @Test(
        .timeLimit(.minutes(1)),
        .enabled(
            if: MarkdownParser.python != nil, "PyPI's markdown-it-py is not installed: run .ci/run, or 'python3 -m venv .build/markdown-venv && .build/markdown-venv/bin/pip install markdown-it-py'"))
    func theMarkdownReportIsCommonMarkGroupedByTeam() async throws {
        let directory = try await Self.workspace()
        let written = try await MFEBinary.run(["lint-graph", "--write-baseline", "mfe-baseline.json"], in: directory.path)
        #expect(written.status == 0, "the baseline accepts every finding: \(written.standardError)")
        // The baseline accepts all but P7 → P6, which stays new (and is the features team's).
        let baseline = try String(contentsOfFile: directory.path + "/mfe-baseline.json", encoding: .utf8)
        try directory.write(baseline.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("product-to-product") }.joined(separator: "\n"), to: "mfe-baseline.json")
        try directory.write(try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8) + "baseline: mfe-baseline.json\n", to: "mfe.yml")
        try directory.write(try String(contentsOfFile: directory.path + "/mfe.yml", encoding: .utf8).replacingOccurrences(of: "[F0, F1]", with: "[F0]"), to: "mfe.yml")
        let environment = ["GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/shop", "GITHUB_SHA": "0123abc"]
        let result = try await MFEBinary.run(["lint-graph", "--format", "markdown"], in: directory.path, environment: environment)
        #expect(result.status == 1, "\(result.standardError)")
        let markdown = result.standardOutput
        #expect(markdown.hasPrefix("<!-- mfe lint-graph report -->\n"))
        let document = try MarkdownParser.parse(markdown, scratch: directory.path)
        #expect(document.headings == ["mfe lint-graph", "New findings", "@acme/features (1)", "No owner (1)"], "\(markdown)")
        #expect(document.links.count == 2 && document.links.last == "https://github.com/acme/shop/blob/0123abc/Foundation/F1/Package.swift#L4", "\(markdown)")
        #expect(document.links.first?.hasPrefix("https://github.com/acme/shop/blob/0123abc/Features/P7/Package.swift#L") == true)
        #expect(document.listItems == 4, "two findings, each with its fix")
        #expect(markdown.contains("**Accepted:** 3 accepted by the baseline · 0 allowed by `allow:` in mfe.yml · 0 suppressed by `// mfe:ignore`"))
    }
}

extension TeamsEndToEndTests {
    /// `P9` now depends on `P8` itself instead of its interface: the page marks the dependency
    /// added and removed, and the new finding, in headless Chromium as the graph page test does.
    @Test(.timeLimit(.minutes(2)), .enabled(if: HeadlessChromium.executable != nil, "no headless Chromium"))
    func theGraphPageMarksWhatTheChangeAddsAndRemoves() async throws {
        let directory = try await Self.workspace()
        let manifest = try String(contentsOfFile: directory.path + "/Features/P9/Package.swift", encoding: .utf8)
        let interface = ".product(name: \"P8Interface\", package: \"P8\")"
        let range = try #require(manifest.range(of: interface))
        try directory.write(manifest.replacingCharacters(in: range, with: ".product(name: \"P8\", package: \"P8\")"), to: "Features/P9/Package.swift")
        let page = try await MFEBinary.run(["graph", "--format", "html", "--base", "main"], in: directory.path)
        #expect(page.status == 0, "\(page.standardError)")
        try directory.write(page.standardOutput, to: "change.html")
        let dom = try await HeadlessChromium.dumpDOM(of: directory.path + "/change.html", scratch: directory.path)
        let summary = try #require(try HeadlessChromium.summary(inDOM: dom))
        let change = try #require(summary["change"] as? [String: Any])
        #expect(change["addedEdges"] as? Int == 1 && change["removedEdges"] as? Int == 1, "\(change)")
        #expect(change["addedFindings"] as? Int == 1 && change["removedFindings"] as? Int == 0 && change["addedTargets"] as? Int == 0, "\(change)")
        #expect(change["listed"] as? Int == 3 && change["addedEdgesInView"] as? Int == 1)
        #expect(dom.contains("+ dependency P9/P9 → P8/P8") && dom.contains("− dependency P9/P9 → P8/P8Interface"))
        let refused = try await MFEBinary.run(["graph", "--format", "json", "--base", "main"], in: directory.path)
        #expect(refused.status == 64)
    }
}

/// PyPI's markdown-it-py (a maintained CommonMark parser), from the venv `.ci/run` makes under
/// `.build`, or `MFE_MARKDOWN_PYTHON`; what it parses a document into.
enum MarkdownParser {
    static let python = PythonModule.interpreter(importing: "markdown_it", venv: "markdown-venv", variable: "MFE_MARKDOWN_PYTHON")

    /// The structure CommonMark gives a document: heading texts, link targets, list items.
    struct Document: Decodable {
        var headings: [String]
        var links: [String]
        var listItems: Int
    }

    static let script = """
        import json, sys
        from markdown_it import MarkdownIt
        tokens = MarkdownIt("commonmark").parse(open(sys.argv[1], encoding="utf-8").read())
        headings, links, items = [], [], 0
        for index, token in enumerate(tokens):
            if token.type == "heading_open":
                headings.append(tokens[index + 1].content)
            if token.type == "list_item_open":
                items += 1
            for child in token.children or []:
                if child.type == "link_open":
                    links.append(child.attrs["href"])
        print(json.dumps({"headings": headings, "links": links, "listItems": items}))
        """

    static func parse(_ markdown: String, scratch: String) throws -> Document {
        let file = scratch + "/report-\(UUID().uuidString).md"
        try Data(markdown.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(python))
        process.arguments = ["-c", script, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode(Document.self, from: data)
    }
}

/// One real repository's history: isowords (one Package.swift of 124 targets, each stem a
/// feature), cloned from `/work/real` with `owners:` added, over its last 15 commits.
@Suite("teams on a real repository's history")
struct TeamsRealHistoryTests {
    static let source = "/work/real/isowords"

    @Test(.timeLimit(.minutes(2)), .enabled(if: FileManager.default.fileExists(atPath: source + "/.git"), "isowords is not cloned under /work/real"))
    func everyAffectedTargetIsExplainedByARealDependencyPath() async throws {
        let directory = try TemporaryDirectory()
        let clone = directory.path + "/isowords"
        let cloned = try await Git(options: .local()).run(["clone", "--quiet", "--no-hardlinks", Self.source, clone])
        #expect(cloned.status == 0, "\(cloned.standardError)")
        let owners =
            "workspace: isowords\nowners:\n  \"@isowords/features\": [\"*Feature\"]\n  \"@isowords/platform\": [\"*Client\", \"*ClientLive\"]\n  \"@isowords/server\": [\"Server*\", \"*Middleware\"]\n"
        try Data(owners.utf8).write(to: URL(fileURLWithPath: clone + "/mfe.yml"))

        // Each path is a chain of declared dependencies (a ← b: b depends on a), ending at its target.
        let graph = try TeamsEndToEndTests.json(try await MFEBinary.run(["graph", "--format", "json"], in: clone).standardOutput)
        var dependencies: [String: Set<String>] = [:]
        for package in graph["packages"] as? [[String: Any]] ?? [] {
            for target in package["targets"] as? [[String: Any]] ?? [] {
                dependencies[target["name"] as? String ?? "", default: []].formUnion(target["dependencies"] as? [String] ?? [])
            }
        }
        // The last 15 commits one by one, then all of them at once.
        let commits = try await Git(options: .local()).run(["log", "--format=%H", "-15"], in: clone).standardOutput.split(separator: "\n").map(String.init)
        var reached = 0
        for (base, head) in commits.map({ ($0 + "~1", $0) }) + [("HEAD~15", "HEAD")] {
            let result = try await MFEBinary.run(["affected", "--base", base, "--head", head, "--explain", "--format", "json"], in: clone)
            #expect(result.status == 0, "\(result.standardError)")
            let json = try TeamsEndToEndTests.json(result.standardOutput)
            let because = try #require(json["because"] as? [[String: Any]])
            let targets = try #require(json["targets"] as? [String])
            #expect(because.count == targets.count && Set(because.compactMap { $0["target"] as? String }) == Set(targets), "\(head): every affected target is explained")
            for explanation in because {
                let path = try #require(explanation["path"] as? [String])
                #expect(path.last == explanation["target"] as? String)
                for (lower, upper) in zip(path, path.dropFirst()) {
                    #expect(dependencies[upper]?.contains(lower) == true, "\(head): \(upper) does not depend on \(lower)")
                }
                if path.count > 1 { reached += 1 }
            }
        }
        #expect(reached > 0, "some targets are affected only through their dependencies")

        let reviewers = try await MFEBinary.run(["affected", "--base", "HEAD~30", "--head", "HEAD", "--format", "reviewers"], in: clone)
        #expect(Set(reviewers.standardOutput.split(separator: "\n")).isSubset(of: ["@isowords/features", "@isowords/platform", "@isowords/server"]))
        #expect(!reviewers.standardOutput.isEmpty)

        let block = try await MFEBinary.run(["owners", "--format", "codeowners"], in: clone)
        #expect(block.standardOutput.contains("\n/Sources/AppFeature/ @isowords/features\n"), "\(block.standardOutput.prefix(500))")
        #expect(block.standardOutput.contains("\n/Tests/AppFeatureTests/ @isowords/features\n"))
    }
}

import Foundation
import MFEKit
import Testing

/// README's Set up and Quick start as a newcomer runs them: its shell blocks, in order, in one
/// shell, with the `mfe` under test; each command's exit status, and the output the README
/// shows for it.
enum ReadmeWalkthrough {
    /// One command line of a shell block.
    struct Step: Equatable {
        /// The command, without its comment.
        var command: String
        /// The exit status the README promises: `0`, or `N` when its comment says "exits N".
        var expectedStatus: Int32
    }

    /// What the README shows a command print: its lines, where a line `…` stands for any
    /// number of lines and a line ending in `…` for any line starting with what comes before.
    struct Sample: Equatable {
        var command: String
        var lines: [String]
    }

    /// The shell blocks' steps and the transcript samples between `<!-- section: NAME -->` and
    /// `<!-- /section: NAME -->` of `markdown`.
    static func parse(_ markdown: String, section: String) -> (steps: [Step], samples: [Sample], blocks: [String]) {
        let text = markdown.components(separatedBy: "<!-- section: \(section) -->").dropFirst().first?.components(separatedBy: "<!-- /section: \(section) -->").first ?? ""
        var steps: [Step] = []
        var samples: [Sample] = []
        var blocks: [String] = []
        var fence: String?
        var block: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if fence == nil, line.hasPrefix("```") {
                fence = String(line.dropFirst(3))
                block = []
                continue
            }
            guard let language = fence else { continue }
            guard line != "```" else {
                if language == "sh" {
                    blocks.append(block.joined(separator: "\n") + "\n")
                    steps += block.compactMap(step)
                } else if language.isEmpty || language == "text", block.first?.hasPrefix("$ ") == true {
                    blocks.append(block.joined(separator: "\n") + "\n")
                    for line in block {
                        if line.hasPrefix("$ ") {
                            samples.append(Sample(command: String(line.dropFirst(2)), lines: []))
                        } else {
                            samples[samples.count - 1].lines.append(line)
                        }
                    }
                }
                fence = nil
                continue
            }
            block.append(line)
        }
        return (steps, samples, blocks)
    }

    /// The step of one line of a shell block: the command before `  # comment`.
    static func step(_ line: String) -> Step? {
        let parts = line.components(separatedBy: "  # ")
        let command = parts[0].trimmingCharacters(in: .whitespaces)
        guard !command.isEmpty, !command.hasPrefix("#") else { return nil }
        let comment = parts.dropFirst().joined(separator: "  # ")
        var status: Int32 = 0
        if let range = comment.range(of: "exits ") {
            status = Int32(comment[range.upperBound...].prefix(while: \.isNumber)) ?? 0
        }
        return Step(command: command, expectedStatus: status)
    }

    /// Why the test does not run `command`, or nil when it does. Only what would build mfe
    /// again or run its own suite is skipped always; what builds a generated package with the
    /// real `swift` is skipped with `MFE_SKIP_INTEGRATION`.
    static func skipReason(_ command: String, skipIntegration: Bool) -> String? {
        if command.hasPrefix("swift build") { return "mfe is built already: the test puts the mfe under test on PATH instead" }
        if command == "swift test" { return "mfe's own test suite is what runs this test" }
        if skipIntegration && (command.hasPrefix("swift test ") || command.hasPrefix("swift run ")) {
            return "it builds a generated package with the real swift, and MFE_SKIP_INTEGRATION is set"
        }
        return nil
    }

    /// Whether `actual` (lines) is what `expected` shows.
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        var memo: [Int: Bool] = [:]
        func match(_ i: Int, _ j: Int) -> Bool {
            let key = i * (expected.count + 1) + j
            if let known = memo[key] { return known }
            let result: Bool
            if j == expected.count {
                result = i == actual.count
            } else if expected[j] == "…" {
                result = match(i, j + 1) || (i < actual.count && match(i + 1, j))
            } else if i < actual.count, lineMatches(actual[i], expected[j]) {
                result = match(i + 1, j + 1)
            } else {
                result = false
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    static func lineMatches(_ actual: String, _ expected: String) -> Bool {
        expected.hasSuffix("…") ? actual.hasPrefix(expected.dropLast()) : actual == expected
    }

    /// `text` with run times (`(0.06s)`) made equal, so samples compare on what is deterministic.
    static func normalized(_ text: String) -> String {
        text.replacing(#/\(\d+\.\d+s\)/#, with: "(…s)")
    }
}

@Suite("README runs as written")
struct ReadmeEndToEndTests {
    static func readme() throws -> String {
        try String(contentsOfFile: PathUtilities.join(MFEBinaryTests.packageRoot, "README.md"), encoding: .utf8)
    }

    @Test(.timeLimit(.minutes(10)))
    func setUpAndQuickStartRunInOrderAndPrintWhatTheyShow() async throws {
        let (steps, samples, _) = ReadmeWalkthrough.parse(try Self.readme(), section: "setup")
        #expect(steps.count >= 10, "\(steps)")
        #expect(samples.count >= 5, "\(samples)")
        let skipIntegration = ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] != nil
        let folder = try ScratchFolder()
        let logs = folder.path + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        let demo = folder.path + "/mfe-demo"
        let binaryFolder = (MFEBinary.path as NSString).deletingLastPathComponent

        // One shell, as a reader types the blocks: `cd` and `export` carry over. Each step's
        // output and status go to files; the first unexpected status ends the run.
        var script = "cd '\(folder.path)'\n"
        for (index, step) in steps.enumerated() {
            if let reason = ReadmeWalkthrough.skipReason(step.command, skipIntegration: skipIntegration) {
                script += "# skipped, \(reason): \(step.command)\n"
                continue
            }
            let command = step.command.replacingOccurrences(of: "/tmp/mfe-demo", with: demo).replacingOccurrences(of: "$PWD/.build/debug", with: binaryFolder)
            script += "{ \(command)\n} > '\(logs)/\(index).out' 2>&1 < /dev/null\n"
            script += "echo $? > '\(logs)/\(index).status'\n"
            script += "[ \"$(cat '\(logs)/\(index).status')\" = \(step.expectedStatus) ] || exit 0\n"
        }
        try Data(script.utf8).write(to: URL(fileURLWithPath: folder.path + "/walkthrough.sh"))
        let run = try await SubprocessRunner().run(
            "/bin/bash", [folder.path + "/walkthrough.sh"], workingDirectory: folder.path, environment: ["NO_COLOR": "1", "MFE_BINARY": nil], timeLimit: .seconds(540))
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")

        let realFolder = URL(fileURLWithPath: folder.path).resolvingSymlinksInPath().path
        var outputs: [Int: String] = [:]
        for (index, step) in steps.enumerated() {
            guard ReadmeWalkthrough.skipReason(step.command, skipIntegration: skipIntegration) == nil else { continue }
            guard let status = try? String(contentsOfFile: "\(logs)/\(index).status", encoding: .utf8) else {
                Issue.record("'\(step.command)' and the steps after it did not run: an earlier step of README's Set up or Quick start failed")
                break
            }
            let output = ReadmeWalkthrough.normalized(
                (try String(contentsOfFile: "\(logs)/\(index).out", encoding: .utf8)).replacingOccurrences(of: realFolder, with: "/tmp").replacingOccurrences(of: folder.path, with: "/tmp"))
            outputs[index] = output
            #expect(
                Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) == step.expectedStatus, "'\(step.command)' exited \(status), README says \(step.expectedStatus):\n\(output.suffix(3000))")
        }

        // Each sample belongs to the next run of its command, in order.
        var next = 0
        for sample in samples {
            guard let index = steps.indices.first(where: { $0 >= next && steps[$0].command == sample.command }) else {
                Issue.record("README shows what '\(sample.command)' prints, but its blocks do not run it there (samples follow the blocks' order)")
                continue
            }
            next = index + 1
            guard let output = outputs[index] else { continue }
            var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last == "" { lines.removeLast() }
            let expected = sample.lines.map(ReadmeWalkthrough.normalized)
            #expect(ReadmeWalkthrough.matches(lines, expected), "'\(sample.command)' printed:\n\(output.suffix(3000))\nREADME shows:\n\(sample.lines.joined(separator: "\n"))")
        }
    }

    /// The Getting started article shows the same blocks, so the two cannot drift apart.
    @Test func theGettingStartedArticleShowsTheSameBlocks() throws {
        let (_, _, blocks) = ReadmeWalkthrough.parse(try Self.readme(), section: "setup")
        #expect(blocks.count == 3)
        let article = try String(contentsOfFile: PathUtilities.join(MFEBinaryTests.packageRoot, "Sources/MFEKit/MFEKit.docc/GettingStarted.md"), encoding: .utf8)
        for block in blocks {
            #expect(article.contains("\n" + block + "```"), "GettingStarted.md lacks README's block:\n\(block)")
        }
    }

    /// The parser and the matcher: comments, promised exit codes, samples and `…`.
    @Test func blocksStepsAndSamplesAreReadAsWritten() {
        let markdown = """
            <!-- section: s -->
            ```sh
            cd /tmp/x                     # go there
            mfe compose-shell --check     # exits 1: stale
            ```

            ```
            $ mfe compose-shell --check
            …
            error: stale…
            ```
            <!-- /section: s -->
            """
        let (steps, samples, blocks) = ReadmeWalkthrough.parse(markdown, section: "s")
        #expect(steps == [.init(command: "cd /tmp/x", expectedStatus: 0), .init(command: "mfe compose-shell --check", expectedStatus: 1)])
        #expect(samples == [.init(command: "mfe compose-shell --check", lines: ["…", "error: stale…"])])
        #expect(blocks.count == 2)
        #expect(ReadmeWalkthrough.matches(["--- a", "+++ b", "error: stale, run it"], ["…", "error: stale…"]))
        #expect(!ReadmeWalkthrough.matches(["error: fresh"], ["…", "error: stale…"]))
        #expect(!ReadmeWalkthrough.matches(["a", "b"], ["a"]))
        #expect(ReadmeWalkthrough.normalized("0 errors (0.06s)") == "0 errors (…s)")
        #expect(ReadmeWalkthrough.skipReason("swift test", skipIntegration: false) != nil)
        #expect(ReadmeWalkthrough.skipReason("swift test --package-path Shell", skipIntegration: false) == nil)
        #expect(ReadmeWalkthrough.skipReason("swift test --package-path Shell", skipIntegration: true) != nil)
    }
}

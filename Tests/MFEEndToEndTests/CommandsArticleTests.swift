import Foundation
import MFEKit
import Testing

/// The flags the documentation gives each command are the flags the built `mfe` takes: the
/// Commands article lists every one with every value, and README's synopses name none that is
/// gone.
@Suite("documented commands and flags")
struct CommandsArticleTests {
    /// A command's options as its `--help` lists them: each flag (both spellings of an
    /// inversion) with the values it allows, empty when `--help` names none.
    static func options(of command: String) async throws -> [String: Set<String>] {
        let help = try await MFEBinary.run([command, "--help"], environment: ["COLUMNS": "10000"])
        #expect(help.status == 0, "\(help.standardError)")
        let section = help.standardOutput.components(separatedBy: "\nOPTIONS:\n").dropFirst().first ?? ""
        // One entry per option: its first line starts with two spaces and a dash; longer
        // descriptions continue on lines indented further.
        var entries: [String] = []
        for line in section.split(separator: "\n") {
            if line.hasPrefix("  -") { entries.append(String(line)) } else if !entries.isEmpty { entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces) }
        }
        var options: [String: Set<String>] = [:]
        for entry in entries {
            let names = entry.split(separator: " ").prefix { !$0.hasPrefix("<") && $0.hasPrefix("-") }.flatMap { $0.split(separator: "/") }.map {
                String($0).trimmingCharacters(in: CharacterSet(charactersIn: ","))
            }
            var values: Set<String> = []
            if let range = entry.range(of: "(values: ") {
                let list = entry[range.upperBound...].prefix { $0 != ";" && $0 != ")" }
                values = Set(list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            }
            for name in names where name.hasPrefix("--") && name != "--help" && name != "--version" { options[name] = values }
        }
        return options
    }

    /// The subcommands the root `--help` lists.
    static func subcommands() async throws -> [String] {
        let help = try await MFEBinary.run(["--help"], environment: ["COLUMNS": "10000"])
        let section = help.standardOutput.components(separatedBy: "\nSUBCOMMANDS:\n").dropFirst().first ?? ""
        return section.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.compactMap { $0.split(separator: " ").first.map(String.init) }.filter {
            $0 != "help" && $0.allSatisfy { $0.isLowercase || $0 == "-" }
        }
    }

    /// The flags of the synopsis lines of `command` among `lines` (a line starting with
    /// `mfe COMMAND ` and the lines indented under it), each with the values written `a|b|c`
    /// after it.
    static func documentedOptions(of command: String, in lines: [Substring]) -> [String: Set<String>] {
        var synopsis = ""
        var inSynopsis = false
        for line in lines {
            if line.hasPrefix("mfe \(command) ") || line == "mfe \(command)" {
                inSynopsis = true
                synopsis += " " + line
            } else if inSynopsis, line.hasPrefix(" ") {
                synopsis += " " + line
            } else {
                inSynopsis = false
            }
        }
        let words = synopsis.split(whereSeparator: { " []…".contains($0) }).map(String.init)
        var options: [String: Set<String>] = [:]
        for (index, word) in words.enumerated() where word.hasPrefix("--") {
            for flag in word.split(separator: "|") where flag.hasPrefix("--") && options[String(flag)] == nil { options[String(flag)] = [] }
            guard !word.contains("|"), index + 1 < words.count else { continue }
            let next = words[index + 1]
            if next.contains("|"), !next.hasPrefix("-") { options[word] = Set(next.split(separator: "|").map(String.init)) }
        }
        return options
    }

    /// The lines of the `sh` code blocks of `markdown`.
    static func shellLines(_ markdown: String) -> [Substring] {
        var lines: [Substring] = []
        var inBlock = false
        for line in markdown.split(separator: "\n") {
            if line.hasPrefix("```") {
                inBlock = !inBlock && line == "```sh"
                continue
            }
            if inBlock { lines.append(line) }
        }
        return lines
    }

    @Test func theCommandsArticleListsEveryFlagAndValueOfEveryCommand() async throws {
        let article = try String(contentsOfFile: PathUtilities.join(MFEBinaryTests.packageRoot, "Sources/MFEKit/MFEKit.docc/CommandReference.md"), encoding: .utf8)
        let lines = Self.shellLines(article)
        let commands = try await Self.subcommands()
        #expect(commands.count >= 9, "\(commands)")
        for command in commands {
            #expect(article.contains("\n## mfe \(command)\n"), "CommandReference.md has no section '## mfe \(command)'")
            let actual = try await Self.options(of: command)
            let documented = Self.documentedOptions(of: command, in: lines)
            #expect(
                documented.keys.sorted() == actual.keys.sorted(),
                "CommandReference.md's synopsis of 'mfe \(command)' lists \(documented.keys.sorted()); 'mfe \(command) --help' lists \(actual.keys.sorted())")
            for (flag, values) in actual where !values.isEmpty {
                #expect(documented[flag] == values, "CommandReference.md gives 'mfe \(command) \(flag)' the values \(documented[flag]?.sorted() ?? []); the binary takes \(values.sorted())")
            }
        }
    }

    /// README's synopses may leave flags out (Commands has them all), but name none the
    /// binary does not take, and give the values it takes.
    @Test func readmesSynopsesNameOnlyFlagsTheBinaryTakes() async throws {
        let readme = try String(contentsOfFile: PathUtilities.join(MFEBinaryTests.packageRoot, "README.md"), encoding: .utf8)
        let lines = Self.shellLines(readme).filter { $0.contains("[--") || $0.hasPrefix(" ") }
        for command in try await Self.subcommands() {
            let actual = try await Self.options(of: command)
            for (flag, values) in Self.documentedOptions(of: command, in: lines) {
                #expect(actual[flag] != nil, "README's synopsis of 'mfe \(command)' names \(flag), which the binary does not take")
                if !values.isEmpty { #expect(actual[flag] == values, "README gives 'mfe \(command) \(flag)' the values \(values.sorted()); the binary takes \((actual[flag] ?? []).sorted())") }
            }
        }
    }

    @Test func aSynopsisIsReadFlagByFlag() {
        let lines: [Substring] = [
            "mfe graph [PATH] [--format dot|json] [--package NAME [--depth N]]", "          [--loader static|auto]", "mfe graph | dot -Tsvg", "mfe create NAME [--example|--no-example]",
        ]
        #expect(Self.documentedOptions(of: "graph", in: lines) == ["--format": ["dot", "json"], "--package": [], "--depth": [], "--loader": ["static", "auto"]])
        #expect(Self.documentedOptions(of: "create", in: lines) == ["--example": [], "--no-example": []])
    }
}

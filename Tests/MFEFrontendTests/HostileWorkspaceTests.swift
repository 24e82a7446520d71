import Foundation
import MFEAffected
import MFECore
import MFEReport
import MFETestSupport
import Testing

@testable import MFEFrontend

/// A workspace whose names are hostile (ESC, BEL, CR, LF, an OSC title, `#`, `*`, spaces,
/// backticks, `|`, `<script>`), rendered in every format of every command that reads it: no
/// raw control character leaves mfe and no name starts a line of its own (a workflow command,
/// a CODEOWNERS rule, a Markdown block).
@Suite("hostile workspace", .hangGuard())
struct HostileWorkspaceTests {
    /// What each hostile name carries after its line break: no output line may start with it.
    static let injected = "INJECTED"
    static let target = #"A\u{1B}]0;pwned\u{07}\u{1B}[2J\rB\n"# + injected + #" `x` | <script>alert(1)</script> #1 *"#

    /// Evil (product, folder `Evil Folder #1`) with the hostile target; Zed (foundation, folder
    /// `Zed\n**`) depending on it against the layers, so findings quote the names.
    static func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(
            "workspace: Demo\nlayers:\n  foundation: [Zed]\n  product: [Evil]\nowners:\n  \"@acme/zed\": [Zed]\n  \"@acme/evil\": [Evil]\n", to: "mfe.yml")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Evil", products: [.library(name: "Evil", targets: ["\(target)"])], targets: [.target(name: "\(target)")])
            """, to: "Evil Folder #1/Package.swift")
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Zed", dependencies: [.package(path: "../Evil Folder #1")], targets: [.target(name: "Zed", dependencies: [.product(name: "Evil", package: "Evil Folder #1")])])
            """, to: "Zed\n**/Package.swift")
        return directory
    }

    /// Whether `text` is safe to show: no control character but line breaks and tabs, and no
    /// line started by a name's payload.
    static func expectSafe(_ text: String, _ label: String) {
        let raw = text.unicodeScalars.filter { OutputEscaping.isControl($0) && $0 != "\n" && $0 != "\t" }
        #expect(raw.isEmpty, "\(label): raw \(raw.map { String($0.value, radix: 16) })")
        for line in text.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            #expect(!trimmed.hasPrefix(injected) && !trimmed.hasPrefix("**/"), "\(label): injected line '\(line)'")
        }
    }

    @Test func everyFormatOfEveryCommandEscapesTheNames() async throws {
        let directory = try Self.workspace()
        let environment = ServiceEnvironment(variables: [:])
        var rendered = 0
        for format in ReportFormat.allCases {
            let output = try await LintGraphService(environment: environment).run(LintGraphService.Request(path: directory.path, format: format))
            Self.expectSafe(output.standardOutput + output.standardError, "lint-graph --format \(format.rawValue)")
            rendered += output.standardOutput.contains("pwned") ? 1 : 0
        }
        for format in GraphFormat.allCases {
            let output = try await GraphService(environment: environment).run(GraphService.Request(path: directory.path, format: format))
            Self.expectSafe(output.standardOutput + output.standardError, "graph --format \(format.rawValue)")
            rendered += output.standardOutput.contains("pwned") ? 1 : 0
        }
        for format in OwnersFormat.allCases {
            let output = try await OwnersService(environment: environment).run(OwnersService.Request(path: directory.path, format: format))
            Self.expectSafe(output.standardOutput + output.standardError, "owners --format \(format.rawValue)")
        }
        let dump = try await DumpPackageService(environment: environment).run(DumpPackageService.Request(path: directory.path + "/Evil Folder #1"))
        Self.expectSafe(dump.standardOutput, "dump-package")
        #expect(rendered >= ReportFormat.allCases.count, "the findings quote the hostile name")
    }

    /// `affected` in every format, with and without `--explain`, on the hostile workspace in a
    /// real git repository whose change touches the hostile package.
    @Test(.hangGuard(processes: 4)) func affectedEscapesTheNamesInEveryFormat() async throws {
        let template = try Self.workspace()
        var files: [(String, String)] = []
        for relative in ["mfe.yml", "Evil Folder #1/Package.swift", "Zed\n**/Package.swift"] {
            files.append((relative, try String(contentsOfFile: template.path + "/" + relative, encoding: .utf8)))
        }
        let repository = try await GitWorkspace(files: files)
        try repository.write(files[1].1 + "// changed\n", to: "Evil Folder #1/Package.swift")
        try await repository.commitAll("change Evil")
        let environment = ServiceEnvironment(variables: [:])
        var named = 0
        for format in AffectedRenderer.Format.allCases {
            for explain in [false, true] {
                let output = try await AffectedService(environment: environment).run(
                    AffectedService.Request(path: repository.path, base: "main", format: format, explain: explain))
                Self.expectSafe(output.standardOutput + output.standardError, "affected --format \(format.rawValue)\(explain ? " --explain" : "")")
                named += output.standardOutput.contains("pwned") ? 1 : 0
            }
        }
        #expect(named > 0, "the explanation names the hostile target")
    }

    /// A folder named `Zed\n**` must not become the rule `**/ @acme/zed`, which would take
    /// every folder listed before it: it is left out, said so in a comment.
    @Test func codeownersLeavesOutAFolderItCannotName() {
        let features = [
            OwnedFeature(name: "Evil", package: "Evil", owners: ["@acme/evil"], paths: ["Evil Folder #1"]),
            OwnedFeature(name: "Zed", package: "Zed", owners: ["@acme/zed"], paths: ["Zed\n**", "Star*"]),
        ]
        let block = CodeownersRenderer().render((features, ""))
        #expect(
            block == """
                # mfe:begin (written by 'mfe owners --format codeowners' from mfe.yml; edit 'owners:' there, not here)
                /Evil\\ Folder\\ \\#1/ @acme/evil
                # mfe: 'Star*' is left out: a CODEOWNERS pattern cannot name a folder with a line break, control or glob character ('*?[]!\\'); rename it
                # mfe: 'Zed\\u{A}**' is left out: a CODEOWNERS pattern cannot name a folder with a line break, control or glob character ('*?[]!\\'); rename it
                # mfe:end

                """)
    }

    /// `dump-package` prints what SwiftPM prints, with the credentials of URLs redacted unless
    /// `--show-credentials` asks for them.
    @Test func dumpPackageRedactsCredentialsUnlessAsked() async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "App", dependencies: [.package(url: "https://user:SECRET77@example.com/acme/Env.git", from: "1.0.0")], targets: [.target(name: "App")])
            """, to: "App/Package.swift")
        let service = DumpPackageService(environment: ServiceEnvironment(variables: [:]))
        let redacted = try await service.run(DumpPackageService.Request(path: directory.path + "/App"))
        #expect(!redacted.standardOutput.contains("SECRET77"))
        #expect(redacted.standardOutput.contains("https://***@example.com/acme/Env.git"))
        let shown = try await service.run(DumpPackageService.Request(path: directory.path + "/App", showCredentials: true))
        #expect(shown.standardOutput.contains("https://user:SECRET77@example.com/acme/Env.git"))
    }

    /// `--write-baseline` through a symbolic link writes the file it leads to and keeps the link.
    @Test func theBaselineIsWrittenThroughASymbolicLink() async throws {
        let directory = try ServiceTests.workspace()
        try directory.write("", to: "shared/baseline.json")
        let link = directory.path + "/mfe-baseline.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "shared/baseline.json")
        let output = try await LintGraphService(environment: ServiceEnvironment(variables: [:])).run(LintGraphService.Request(path: directory.path, writeBaselinePath: link))
        try await CommandOutputWriter().perform(output)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "shared/baseline.json")
        #expect(try String(contentsOfFile: directory.path + "/shared/baseline.json", encoding: .utf8).contains("\"findings\""))
    }
}

import SwiftParser
import SwiftSyntax
import Testing

@testable import MFEManifest

@Suite("manifest: host build configuration")
struct ManifestHostBuildConfigurationTests {
    /// The text of the active clause of the first `#if` in `source`, or "none".
    func activeBranch(_ condition: String, _ configuration: HostBuildConfiguration = HostBuildConfiguration()) -> String {
        let file = Parser.parse(source: "#if \(condition)\nlet yes = 1\n#else\nlet no = 1\n#endif\n")
        guard let ifConfig = file.statements.first?.item.as(IfConfigDeclSyntax.self) else { return "unparsed" }
        let (clause, _) = configuration.activeClause(of: ifConfig)
        return clause?.elements?.trimmedDescription.contains("yes") == true ? "yes" : "no"
    }

    #if os(Linux)
        @Test(arguments: [
            ("os(Linux)", "yes"), ("os(macOS)", "no"), ("os(iOS)", "no"), ("!os(Linux)", "no"),
            ("canImport(Foundation)", "yes"), ("canImport(FoundationNetworking)", "yes"), ("canImport(Glibc)", "yes"),
            ("canImport(Darwin)", "no"), ("canImport(SwiftUI)", "no"), ("canImport(UIKit)", "no"),
            ("canImport(AppKit)", "no"), ("canImport(WebKit)", "no"), ("canImport(Combine)", "no"),
            ("canImport(Testing)", "yes"), ("canImport(XCTest)", "yes"), ("canImport(NoSuchModule)", "no"),
            ("_runtime(_Native)", "yes"), ("_runtime(_ObjC)", "no"), ("_endian(little)", "yes"),
            ("_pointerBitWidth(_64)", "yes"), ("targetEnvironment(simulator)", "no"),
            ("swift(>=6.0)", "yes"), ("swift(>=5.9)", "yes"), ("compiler(>=6.0)", "yes"), ("compiler(>=99.0)", "no"),
            ("hasFeature(StrictConcurrency)", "yes"), ("hasFeature(ExistentialAny)", "no"),
            ("hasAttribute(retroactive)", "yes"), ("DEBUG", "no"),
        ])
        func evaluatesLikeTheCompilerOnLinux(condition: String, expected: String) {
            #expect(activeBranch(condition) == expected)
        }
    #endif

    @Test func swift5ModeSeesLanguageVersion5_10() {
        let configuration = HostBuildConfiguration(languageMode: 5)
        #expect(activeBranch("swift(>=5.10)", configuration) == "yes")
        #expect(activeBranch("swift(>=6.0)", configuration) == "no")
        #expect(activeBranch("compiler(>=6.0)", configuration) == "yes")
        #expect(activeBranch("hasFeature(StrictConcurrency)", configuration) == "no")
    }

    @Test func manifestConfigurationFollowsTheToolsVersion() {
        #expect(activeBranch("swift(>=6.0)", .forManifest(toolsVersion: ToolsVersion(6, 0))) == "yes")
        #expect(activeBranch("swift(>=6.0)", .forManifest(toolsVersion: ToolsVersion(5, 9))) == "no")
        #expect(activeBranch("canImport(PackageDescription)", .forManifest(toolsVersion: ToolsVersion(5, 9))) == "yes")
    }

    @Test func customConditionsAndExtraModules() {
        let configuration = HostBuildConfiguration(customConditions: ["DEBUG"], extraImportableModules: ["SearchInterface"])
        #expect(activeBranch("DEBUG", configuration) == "yes")
        #expect(activeBranch("canImport(SearchInterface)", configuration) == "yes")
    }
}

import SwiftIfConfig
import SwiftOperators
import SwiftParser
import SwiftSyntax
import Testing

@testable import MFEManifest

/// mfe's `#if` evaluation against swift-syntax's SwiftIfConfig, which mfe no longer builds into
/// the product (it pulls SwiftSyntaxBuilder, SwiftParserDiagnostics and SwiftBasicFormat into
/// the build) but keeps here as the reference: the same clause, the same errors, for every
/// condition and configuration below.
@Suite("manifest: #if evaluation agrees with SwiftIfConfig")
struct IfConfigEvaluationTests {
    /// `configuration` answering SwiftIfConfig's questions, so both evaluate the same facts.
    struct Reference: BuildConfiguration {
        var base: HostBuildConfiguration

        func isCustomConditionSet(name: String) throws -> Bool { base.isCustomConditionSet(name: name) }
        func hasFeature(name: String) throws -> Bool { base.hasFeature(name: name) }
        func hasAttribute(name: String) throws -> Bool { base.hasAttribute(name: name) }
        func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
            base.canImport(modulePath: importPath.map(\.1))
        }
        func isActiveTargetOS(name: String) throws -> Bool { base.isActiveTargetOS(name: name) }
        func isActiveTargetArchitecture(name: String) throws -> Bool { base.isActiveTargetArchitecture(name: name) }
        func isActiveTargetEnvironment(name: String) throws -> Bool { base.isActiveTargetEnvironment(name: name) }
        func isActiveTargetRuntime(name: String) throws -> Bool { base.isActiveTargetRuntime(name: name) }
        func isActiveTargetPointerAuthentication(name: String) throws -> Bool { base.isActiveTargetPointerAuthentication(name: name) }
        func isActiveTargetObjectFormat(name: String) throws -> Bool { base.isActiveTargetObjectFormat(name: name) }
        var targetPointerBitWidth: Int { base.targetPointerBitWidth }
        var targetAtomicBitWidths: [Int] { base.targetAtomicBitWidths }
        var endianness: Endianness { base.endianness == .big ? .big : .little }
        var languageVersion: VersionTuple { VersionTuple(components: base.languageVersion.components) }
        var compilerVersion: VersionTuple { VersionTuple(components: base.compilerVersion.components) }
    }

    /// Conditions SwiftPM's manifests and sources use, and the malformed ones the compiler refuses.
    static let conditions: [String] = [
        "true", "false", "0", "1", "2", "DEBUG", "SWIFT_PACKAGE", "!DEBUG", "`DEBUG`", "TARGET_OS_IOS",
        "os(Linux)", "os(macOS)", "os(iOS)", "os(Windows)", "os(watchOS) || os(tvOS)", "!os(Linux)", "os(Linux) && !os(macOS)",
        "os(macOS) || os(iOS) || os(Linux)", "os(macOS) || os(iOS) && os(Linux)", "(os(macOS) || os(iOS)) && os(Linux)",
        "!(os(macOS) || os(Linux))", "os(\"Linux\")", "os()", "os(Linux, macOS)", "os(name: Linux)",
        "arch(x86_64)", "arch(arm64)", "arch(aarch64)", "arch(i386) || arch(arm)", "arch(wasm32)",
        "canImport(Foundation)", "canImport(FoundationNetworking)", "canImport(Glibc)", "canImport(Darwin)", "canImport(UIKit)",
        "canImport(SwiftUI)", "canImport(AppKit)", "canImport(Testing)", "canImport(NoSuchModule)", "canImport(Foundation.NSObject)",
        "canImport(Foundation, _version: 1.2)", "canImport(Foundation, _underlyingVersion: \"1.2.3\")",
        "canImport(Foundation, _version: 1.2.3.4.5)", "canImport(Foundation, version: 1)", "canImport(Foundation, _version: x)",
        "canImport(Foundation, _version: 1, 2)", "canImport()", "canImport(_version: 1)", "canImport(\"Foundation\")",
        "os(Linux) || canImport(Foundation)", "os(macOS) && canImport(Foundation)", "!canImport(UIKit) && os(Linux)",
        "swift(>=5.9)", "swift(>=6.0)", "swift(>=6)", "swift(>=6.0.0)", "swift(<6.0)", "swift(<5)", "swift(>=99)", "swift(<=6.0)",
        "swift(>6.0)", "swift(6.0)", "swift(>=abc)", "swift(>=5.9) && os(Linux)", "swift(<5) && unknown(x)", "swift(>=5) || unknown(x)",
        "swift(<5) && (1 + 2)", "compiler(>=6.0)", "compiler(>=6.3)", "compiler(>=6.3.1)", "compiler(>=99.0)", "compiler(<6.0)",
        "compiler(>=5.9) && canImport(Foundation)", "_compiler_version(\"5.9.*\")", "_compiler_version(\"6000.*.1\")",
        "_compiler_version(\"99999999.*\")", "_compiler_version(\"a.*\")", "_compiler_version(\"5..1\")",
        "targetEnvironment(simulator)", "targetEnvironment(macCatalyst)", "targetEnvironment(macabi)", "targetEnvironment()",
        "_endian(little)", "_endian(big)", "_endian(middle)", "_endian()", "_pointerBitWidth(_64)", "_pointerBitWidth(_32)",
        "_pointerBitWidth(64)", "_hasAtomicBitWidth(_64)", "_hasAtomicBitWidth(_128)", "_hasAtomicBitWidth(_256)",
        "_runtime(_Native)", "_runtime(_ObjC)", "objectFormat(ELF)", "objectFormat(MachO)", "_ptrauth(_arm64e)",
        "hasFeature(StrictConcurrency)", "hasFeature(ExistentialAny)", "hasFeature(Macros)", "hasFeature(\"X\")",
        "hasAttribute(retroactive)", "hasAttribute(nonexistent)", "defined(DEBUG)", "defined(\"DEBUG\")",
        "unknownFunction(x)", "a.b", "x == y", "-DEBUG", "os(Linux) == true", "DEBUG && x == y", "(DEBUG, RELEASE)",
        "DEBUG ? a : b", "[DEBUG]",
    ]

    /// The configurations both are asked about: the host and each platform of `buildConfigurations`.
    static let configurations: [(String, HostBuildConfiguration)] = [
        ("host", HostBuildConfiguration()), ("host swift 5", HostBuildConfiguration(languageMode: 5)),
        ("manifest 5.9", .forManifest(toolsVersion: ToolsVersion(5, 9))), ("linux debug", HostBuildConfiguration(platform: "linux", debug: true)),
        ("ios release", HostBuildConfiguration(platform: "ios", debug: false)), ("macos debug", HostBuildConfiguration(platform: "macos", debug: true)),
        ("maccatalyst", HostBuildConfiguration(platform: "maccatalyst", debug: false)), ("windows", HostBuildConfiguration(platform: "windows", debug: true)),
    ]

    /// "yes", "no" or "none" for the clause of `#if condition … #elseif os(Linux) … #else …`,
    /// and the error messages with the text they point at.
    static func answer(_ condition: String, _ choose: (IfConfigDeclSyntax) -> (IfConfigClauseSyntax?, [String])) -> String {
        let file = Parser.parse(source: "#if \(condition)\nlet yes = 1\n#elseif os(Linux)\nlet linux = 1\n#else\nlet no = 1\n#endif\n")
        guard let ifConfig = file.statements.first?.item.as(IfConfigDeclSyntax.self) else { return "unparsed" }
        var (clause, errors) = choose(ifConfig)
        // SwiftIfConfig reports an operator other than `&&`/`||` once or twice; once is enough.
        errors = errors.enumerated().filter { !errors[..<$0.offset].contains($0.element) }.map(\.element)
        let text = clause?.elements?.trimmedDescription ?? "none"
        let branch = text.contains("yes") ? "yes" : (text.contains("linux") ? "linux" : (text.contains("no") ? "no" : "none"))
        return ([branch] + errors).joined(separator: " | ")
    }

    @Test(arguments: conditions)
    func agreesWithSwiftIfConfig(condition: String) {
        for (name, configuration) in Self.configurations {
            let mine = Self.answer(condition) { ifConfig in
                let (clause, problems) = configuration.activeClause(of: ifConfig)
                return (clause, problems.map { "\($0.message) @ \($0.node.trimmedDescription)" })
            }
            let reference = Self.answer(condition) { ifConfig in
                let (clause, diagnostics) = ifConfig.activeClause(in: Reference(base: configuration))
                let errors = diagnostics.filter { $0.diagMessage.severity == .error }
                return (clause, errors.map { "\($0.message) @ \($0.node.trimmedDescription)" })
            }
            #expect(mine == reference, "\(name): #if \(condition)")
        }
    }

    /// The interpreter folds a manifest's expressions before it meets `#if`: a folded condition
    /// gets the same answers.
    @Test(arguments: conditions)
    func aFoldedConditionAgreesToo(condition: String) {
        let file = Parser.parse(source: "#if \(condition)\nlet yes = 1\n#endif\n")
        guard let ifConfig = file.statements.first?.item.as(IfConfigDeclSyntax.self), let raw = ifConfig.clauses.first?.condition,
            raw.is(SequenceExprSyntax.self)
        else { return }
        guard let folded = try? OperatorTable.standardOperators.foldAll(raw).cast(ExprSyntax.self) else { return }
        for (name, configuration) in Self.configurations {
            #expect(configuration.isActive(folded).active == configuration.isActive(raw).active, "\(name): #if \(condition)")
        }
    }
}

import SwiftParser
import SwiftSyntax
import Testing

@testable import MFEManifest

@Suite("manifest reader: side effects of statements it does not model")
struct ManifestSideEffectsTests {
    /// The top-level names the last statement of `source` may change, given that `package`,
    /// `targets` and `flags` are top-level names and the file's functions are known.
    func changedNames(_ source: String) -> [String] {
        let file = Parser.parse(source: source)
        var functions: [String: FunctionDeclSyntax] = [:]
        for item in file.statements {
            if let function = item.item.as(FunctionDeclSyntax.self) { functions[function.name.text] = function }
        }
        let analysis = ManifestSideEffects(topLevelNames: ["package", "targets", "flags"], functions: functions)
        return analysis.changedNames(by: Syntax(file.statements.last!.item)).sorted()
    }

    @Test(arguments: [
        ("for t in package.targets { t.swiftSettings = [] }", [String]()),
        ("for t in package.targets { var s = t.swiftSettings ?? []; s.append(.define(\"X\")); t.swiftSettings = s }", []),
        ("package.targets.forEach { $0.linkerSettings = [] }", []),
        ("if flags.isEmpty { package.platforms = [.macOS(.v14)] }", []),
        ("for t in package.targets { print(t.name.lowercased()) }", []),
        ("for t in package.targets { t.dependencies.append(\"X\") }", ["package"]),
        ("for t in package.targets where t.name == \"A\" { t.path = \"src\" }", ["package"]),
        ("package.targets.filter { $0.type == .test }.forEach { $0.dependencies = [] }", ["package"]),
        ("if flags.isEmpty { targets += [.target(name: \"X\")] }", ["targets"]),
        ("if let first = package.targets.first { first.exclude = [] }", ["package"]),
        ("for t in makeTargets() { t.dependencies = [] }", ["*"]),
        ("update(&flags)", ["flags"]),
        ("func wire(_ t: Target) { t.dependencies = [] }\nfor t in package.targets { wire(t) }", ["package"]),
        ("func tune(_ t: Target) { t.swiftSettings = [] }\nfor t in package.targets { tune(t) }", []),
        ("func addAll() { package.targets.append(.target(name: \"X\")) }\nif flags.isEmpty { addAll() }", ["package"]),
        ("do { var local: [String] = []; local.append(\"x\"); local = [] }", []),
    ])
    func findsWhatAStatementMayChange(source: String, expected: [String]) {
        #expect(changedNames(source) == expected)
    }
}

import MFECore
import SwiftParser
import SwiftSyntax

/// Finds generated code that only an Apple platform would compile but need not: a type that
/// conforms to one of the generated code's own protocols (a `…Dependencies`, a navigator, a
/// repository) or a model, declared inside `#if canImport(SwiftUI)` (or WebKit, UIKit, AppKit).
/// Such code is never compiled on Linux, so a requirement it misses (a preview's
/// `makeCoreLogger()`) breaks only the Xcode build; outside the guard, `swift build` here fails.
package enum PlatformGuardScan {
    /// The frameworks whose `canImport` guards hide code from a Linux build.
    static let appleFrameworks: Set<String> = ["SwiftUI", "WebKit", "UIKit", "AppKit"]

    /// A type declared inside a platform guard that belongs outside it.
    package struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The file, as given.
        package var file: String
        /// The 1-based line of the declaration.
        package var line: Int
        /// The type (or extended type).
        package var type: String
        /// Why it belongs outside the guard.
        package var reason: String

        package var description: String { "\(file):\(line): \(type) \(reason)" }
    }

    /// What one file declares: its protocols, and the types declared under a platform guard.
    struct FileDeclarations: Sendable {
        var protocols: [String] = []
        var guarded: [(type: String, inherited: [String], isModel: Bool, line: Int)] = []
    }

    /// The findings in `files` (path, Swift source), each file parsed within `BoundedParsing`'s
    /// bounds and `limit`; a file it gives up on is an error.
    package static func findings(in files: [(path: String, text: String)], limit: ParseTimeLimit) async throws -> [Finding] {
        let items = files.map { SourceItem(path: $0.path, text: $0.text) }
        let results = await BoundedParsing.results(each: items, file: \.path, bytes: { $0.text.utf8.count }, limit: limit) { item in
            declarations(in: item.text)
        }
        var perFile: [(path: String, declarations: FileDeclarations)] = []
        for (item, result) in zip(items, results) {
            perFile.append((item.path, try result.get()))
        }
        let protocols = Set(perFile.flatMap(\.declarations.protocols))
        var found: [Finding] = []
        for (path, declarations) in perFile {
            for type in declarations.guarded {
                if let own = type.inherited.first(where: { protocols.contains($0) || $0.hasSuffix("Dependencies") }) {
                    found.append(Finding(file: path, line: type.line, type: type.type, reason: "conforms to '\(own)' inside a platform guard; move it out (behind '#if DEBUG' if it is debug-only)"))
                } else if type.isModel {
                    found.append(Finding(file: path, line: type.line, type: type.type, reason: "is a model inside a platform guard; models are platform-neutral"))
                }
            }
        }
        return found
    }

    private struct SourceItem: Sendable {
        var path: String
        var text: String
    }

    static func declarations(in text: String) -> FileDeclarations {
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var result = FileDeclarations()
        for node in tree.descendants(DeclSyntax.self) {
            if let declaration = node.as(ProtocolDeclSyntax.self), !isGuarded(Syntax(declaration)) {
                result.protocols.append(declaration.name.text)
                continue
            }
            guard [.structDecl, .classDecl, .actorDecl, .enumDecl, .extensionDecl].contains(node.kind), let group = node.asProtocol(DeclGroupSyntax.self), isGuarded(Syntax(node)) else { continue }
            let name = node.asProtocol(NamedDeclSyntax.self)?.name.text ?? node.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription ?? ""
            let inherited = group.inheritanceClause?.inheritedTypes.map { String($0.type.trimmedDescription.split(separator: ".").last ?? "") } ?? []
            let attributes = group.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
            let isModel =
                !node.is(ExtensionDeclSyntax.self)
                && (name.hasSuffix("Model") || attributes.contains("Observable") || inherited.contains { ["Codable", "Decodable", "Encodable", "Identifiable"].contains($0) })
            result.guarded.append((name, inherited, isModel, node.startLocation(converter: converter).line))
        }
        return result
    }

    /// Whether `node` lies in a clause of an `#if` whose condition needs an Apple framework
    /// (`canImport(SwiftUI)`, not `!canImport(SwiftUI)`), at any depth.
    static func isGuarded(_ node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let clause = parent.as(IfConfigClauseSyntax.self), let condition = clause.condition, needsAppleFramework(condition) {
                return true
            }
            current = parent.parent
        }
        return false
    }

    private static func needsAppleFramework(_ condition: ExprSyntax) -> Bool {
        for call in condition.descendants(FunctionCallExprSyntax.self) where call.calledExpression.trimmedDescription == "canImport" {
            guard let argument = call.arguments.first?.expression.trimmedDescription, appleFrameworks.contains(argument) else { continue }
            let negated = call.parent?.as(PrefixOperatorExprSyntax.self)?.operator.text == "!"
            if !negated { return true }
        }
        return false
    }
}

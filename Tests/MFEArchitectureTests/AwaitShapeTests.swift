import Foundation
import MFECore
import SwiftParser
import SwiftSyntax
import Testing

/// Keeps out of `Sources` the shape Swift 6.3.1's optimiser miscompiles: an `await` inside a
/// tuple literal, or inside an enum case's payload (`.success(try await f())`), where part of
/// the value is written before the suspension and lost after it (swiftlang/swift#91911; in a
/// release build it made mfe read 1 of 5 packages). Bind the awaited value to a `let` first;
/// `OrderedConcurrency` is the one fan-out helper that does so.
@Suite("await shapes the optimiser miscompiles")
struct AwaitShapeTests {
    /// Where `await` sits inside a tuple literal or an enum-case payload in `source`, as
    /// `line: shape` strings.
    static func offendingShapes(in source: String, file: String = "input.swift") -> [String] {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: file, tree: tree)
        let finder = AwaitShapeFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found.map { node, shape in
            "\(file):\(node.startLocation(converter: converter).line): `await` inside \(shape)"
        }
    }

    @Test func sourcesHaveNoAwaitInsideATupleOrEnumPayload() throws {
        let root = ArchitectureTests.packageRoot
        let sources = PathUtilities.join(root, "Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources))
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".swift") { files.append(relative) }
        }
        #expect(files.count > 100)
        var problems: [String] = []
        for relative in files.sorted() {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: PathUtilities.join(sources, relative))), as: UTF8.self)
            problems += Self.offendingShapes(in: text, file: "Sources/" + relative)
        }
        #expect(problems.isEmpty, "bind the awaited value to a `let` first (OrderedConcurrency says why):\n\(problems.joined(separator: "\n"))")
    }

    @Test(arguments: [
        "func f() async throws { group.addTask { do { return (index, .success(try await load())) } catch { return (index, .failure(error)) } } }",
        "func f() async { group.addTask { (index, await measure()) } }",
        "func f() async throws -> ([Pin], Bool) { return ([.branch(b, revision: try await source.revision(b))], false) }",
        "func f() async throws { result = .success(try await reader.load()) }",
        "func f() async throws -> (Int, Outcome) { return (i, .loaded(try await primary.load(), refused: false)) }",
    ])
    func theScannerFindsTheMiscompiledShapes(source: String) {
        #expect(Self.offendingShapes(in: source).count == 1)
    }

    @Test(arguments: [
        "func f() async throws -> (Int, Result<P, any Error>) { let value = try await load(); return (index, .success(value)) }",
        "func f() async throws { let x = try await source.manifest(atRevision: try await source.revision(b)) }",
        "func f() async { for await (index, result) in group { results[index] = result } }",
        "func f() async throws -> (Int, Int) { let a = (1, 2); _ = await g(); return a }",
        "func f() async { group.addTask { let value = await measure(); return (index, value) } }",
    ])
    func theScannerLeavesBoundValuesAlone(source: String) {
        #expect(Self.offendingShapes(in: source).isEmpty)
    }
}

/// Finds each `await` whose enclosing expression, up to the statement or closure it is in,
/// is a tuple literal of two or more elements or the arguments of an implicit member call
/// (`.case(…)`, an enum payload).
private final class AwaitShapeFinder: SyntaxVisitor {
    var found: [(Syntax, String)] = []

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        var current = Syntax(node)
        while let parent = current.parent {
            if parent.is(CodeBlockItemSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(FunctionDeclSyntax.self) || parent.is(CodeBlockSyntax.self) {
                break
            }
            if let tuple = parent.as(TupleExprSyntax.self), tuple.elements.count >= 2 {
                found.append((Syntax(node), "a tuple literal"))
                break
            }
            if let call = parent.as(FunctionCallExprSyntax.self), current.is(LabeledExprListSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil
            {
                found.append((Syntax(node), "the payload of '.\(member.declName.baseName.text)(…)'"))
                break
            }
            current = parent
        }
        return .visitChildren
    }
}

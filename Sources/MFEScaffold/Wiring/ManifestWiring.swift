import SwiftSyntax

/// A package the shell's `Package.swift` should depend on, and the products its composition
/// root target should use from it.
struct ManifestRequirement: Equatable {
    /// SwiftPM's identity of the package: the last path component of its path or URL, without
    /// `.git`, lowercased.
    var identity: String
    /// The `.package(...)` element to add when no dependency has that identity.
    var declaration: String
    /// The products to add to the composition root target, by name, each `.product(name:package:)`.
    var products: [String]
    /// The `package:` argument of those products.
    var packageArgument: String
}

/// Edits of the shell's `Package.swift`: a dependency in `Package(dependencies:)` and products
/// in the composition root target's `dependencies:`. It edits only literal arrays inside the
/// one `Package(...)` call; a manifest built any other way is refused, not guessed at.
struct ManifestWiring {
    let parsed: ParsedSource
    var file: String { parsed.file }
    var tree: SourceFileSyntax { parsed.tree }
    var layout: SourceLayout { parsed.layout }

    init(file: String, source: String) {
        parsed = ParsedSource(file: file, source: source)
    }

    init(parsed: ParsedSource) {
        self.parsed = parsed
    }

    /// The splices adding `requirements` for `target`; none when everything is already there.
    func splices(adding requirements: [ManifestRequirement], to target: String) throws -> [SourceSplice] {
        let package = try packageCall()
        var splices: [SourceSplice] = []
        let existing = try dependencies(of: package)
        let missing = requirements.filter { requirement in
            !existing.identities.contains(requirement.identity)
        }.map(\.declaration)
        if !missing.isEmpty {
            if let array = existing.array {
                splices += array.appending(missing, layout: layout)
            } else {
                splices += try insertingDependenciesArgument(missing, into: package.arguments, before: "targets", refusal: "Package(...) has no 'targets:' argument")
            }
        }
        let targetCall = try self.targetCall(named: target, in: package)
        return splices + (try productSplices(requirements.flatMap { requirement in requirement.products.map { ($0, requirement.packageArgument) } }, to: targetCall, named: target))
    }

    /// The splices adding the `products` of the package `packageArgument` to the dependencies
    /// of the target `target` (the shell's tests: a feature's testing library); none when it
    /// has them all.
    func splices(addingProducts products: [String], package packageArgument: String, to target: String) throws -> [SourceSplice] {
        let targetCall = try self.targetCall(named: target, in: try packageCall())
        return try productSplices(products.map { ($0, packageArgument) }, to: targetCall, named: target)
    }

    /// The splices adding `.product(name:package:)` entries for the products `targetCall`
    /// does not use yet.
    private func productSplices(_ wanted: [(product: String, package: String)], to targetCall: FunctionCallExprSyntax, named target: String) throws -> [SourceSplice] {
        var splices: [SourceSplice] = []
        let used = Set(productReferences(in: targetCall))
        let products = wanted.filter { !used.contains($0.product) }.map { ".product(name: \(Self.literal($0.product)), package: \(Self.literal($0.package)))" }
        guard !products.isEmpty else { return splices }
        if let argument = targetCall.arguments.first(where: { $0.label?.text == "dependencies" }) {
            guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                throw WiringRefusal(file: file, reason: "the dependencies of target '\(target)' are not an array literal")
            }
            splices += array.appending(products, layout: layout)
        } else {
            guard let name = targetCall.arguments.first(where: { $0.label?.text == "name" }) else {
                throw WiringRefusal(file: file, reason: "target '\(target)' has no 'name:' argument")
            }
            splices += insertingArgument("dependencies", elements: products, after: name, in: targetCall.arguments)
        }
        return splices
    }

    /// The one `Package(...)` call of the manifest.
    private func packageCall() throws -> FunctionCallExprSyntax {
        let calls = tree.descendants(FunctionCallExprSyntax.self).filter {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package"
        }
        guard calls.count == 1, let call = calls.first else {
            throw WiringRefusal(file: file, reason: calls.isEmpty ? "no 'Package(...)' call" : "more than one 'Package(...)' call")
        }
        return call
    }

    /// The `dependencies:` array of `Package(...)` (nil when absent) and the identities it holds.
    private func dependencies(of package: FunctionCallExprSyntax) throws -> (array: ArrayExprSyntax?, identities: Set<String>) {
        guard let argument = package.arguments.first(where: { $0.label?.text == "dependencies" }) else { return (nil, []) }
        guard let array = argument.expression.as(ArrayExprSyntax.self) else {
            throw WiringRefusal(file: file, reason: "'dependencies:' of Package(...) is not an array literal")
        }
        var identities: Set<String> = []
        for element in array.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self) else { continue }
            for argument in call.arguments where ["path", "url"].contains(argument.label?.text) {
                if let value = Self.stringValue(argument.expression) { identities.insert(Self.identity(ofLocation: value)) }
            }
        }
        return (array, identities)
    }

    /// The `.target(name: target, ...)` (or executable, test target) call in `targets:`.
    private func targetCall(named target: String, in package: FunctionCallExprSyntax) throws -> FunctionCallExprSyntax {
        guard let targets = package.arguments.first(where: { $0.label?.text == "targets" })?.expression.as(ArrayExprSyntax.self) else {
            throw WiringRefusal(file: file, reason: "'targets:' of Package(...) is not an array literal")
        }
        for element in targets.elements {
            guard let call = element.expression.as(FunctionCallExprSyntax.self),
                let name = call.arguments.first(where: { $0.label?.text == "name" }),
                Self.stringValue(name.expression) == target
            else { continue }
            return call
        }
        throw WiringRefusal(file: file, reason: "no target named '\(target)' in the 'targets:' array")
    }

    /// The product names `.product(name:package:)` entries of `target` name, and plain names.
    private func productReferences(in target: FunctionCallExprSyntax) -> [String] {
        guard let array = target.arguments.first(where: { $0.label?.text == "dependencies" })?.expression.as(ArrayExprSyntax.self) else { return [] }
        return array.elements.compactMap { element in
            if let name = Self.stringValue(element.expression) { return name }
            let call = element.expression.as(FunctionCallExprSyntax.self)
            return call?.arguments.first { $0.label?.text == "name" }.flatMap { Self.stringValue($0.expression) }
        }
    }

    /// Inserts `label: [elements]` as a new argument before the argument labelled `next`.
    private func insertingDependenciesArgument(_ elements: [String], into arguments: LabeledExprListSyntax, before next: String, refusal: String) throws -> [SourceSplice] {
        guard let index = arguments.firstIndex(where: { $0.label?.text == next }), index != arguments.startIndex else {
            throw WiringRefusal(file: file, reason: refusal)
        }
        return insertingArgument("dependencies", elements: elements, after: arguments[arguments.index(before: index)], in: arguments)
    }

    /// Inserts `label: [elements]` right after `previous`, on its own lines when the call spans
    /// lines, inline otherwise.
    private func insertingArgument(_ label: String, elements: [String], after previous: LabeledExprSyntax, in arguments: LabeledExprListSyntax) -> [SourceSplice] {
        let indent = layout.indentation(of: previous)
        let first = arguments.first?.positionAfterSkippingLeadingTrivia.utf8Offset ?? 0
        let multiline = arguments.count > 1 && layout.hasLineBreak(from: first, to: arguments.last?.positionAfterSkippingLeadingTrivia.utf8Offset ?? first)
        let value: String
        if multiline {
            value = "[\n" + elements.map { indent + layout.indentUnit + $0 + ",\n" }.joined() + indent + "]"
        } else {
            value = "[" + elements.joined(separator: ", ") + "]"
        }
        if previous.trailingComma != nil {
            let text = multiline ? "\n" + indent + label + ": " + value + "," : " " + label + ": " + value + ","
            return [SourceSplice(offset: previous.endPosition.utf8Offset, text: text)]
        }
        let text = multiline ? ",\n" + indent + label + ": " + value : ", " + label + ": " + value
        return [SourceSplice(offset: previous.endPositionBeforeTrailingTrivia.utf8Offset, text: text)]
    }

    /// The value of a plain string literal, nil for anything else.
    static func stringValue(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }

    /// SwiftPM's identity of a package path or URL: its last component without `.git`, lowercased.
    static func identity(ofLocation location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + FeatureSpecification.swiftString(text) + "\""
    }
}

extension SyntaxProtocol {
    /// Every descendant of type `T`, in source order.
    func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        let collector = DescendantCollector<T>(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.found
    }
}

/// Collects the nodes of one type below a node.
private final class DescendantCollector<T: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [T] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(T.self) { found.append(match) }
        return .visitChildren
    }
}

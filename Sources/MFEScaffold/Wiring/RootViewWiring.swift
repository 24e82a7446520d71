import SwiftSyntax

/// The edits of `AppRootView` that show a new feature: a tab in its `TabView`, and the case of
/// its route in the `switch` that maps routes to screens.
enum RootViewWiring {
    static func splices(in root: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        let properties = root.descendants(VariableDeclSyntax.self).flatMap { $0.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text } }
        for needed in ["composition", "router"] where !properties.contains(needed) {
            throw WiringRefusal(file: source.file, reason: "'AppRootView' has no '\(needed)' property to show '\(feature.name)' with")
        }
        return try tab(in: root, source: source, feature: feature) + screenCase(in: root, source: source, feature: feature)
    }

    /// The tab showing the feature's screen, after the `TabView`'s last tab; it replaces the
    /// root placeholder of a shell that has no feature yet.
    private static func tab(in root: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        let tabViews = root.descendants(FunctionCallExprSyntax.self).filter {
            $0.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TabView"
        }
        guard tabViews.count == 1, let closure = tabViews.first?.trailingClosure, let last = closure.statements.last else {
            throw WiringRefusal(file: source.file, reason: "'AppRootView' has no single 'TabView { ... }' with tabs to add '\(feature.name)' to")
        }
        let screen = "screen(for: .\(feature.caseName))"
        if closure.statements.contains(where: { $0.trimmedDescription.hasPrefix(screen) }) { return [] }
        let indent = source.layout.indentation(of: last)
        let tab = feature.tab(indent: indent + source.layout.indentUnit)
        if closure.statements.count == 1, last.trimmedDescription == "screen(for: .root)" {
            let start = last.positionAfterSkippingLeadingTrivia.utf8Offset
            return [SourceSplice(offset: start, length: last.endPositionBeforeTrailingTrivia.utf8Offset - start, text: tab)]
        }
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: "\n" + indent + tab)]
    }

    /// `case .search: composition.search.makeView(navigator: router)` after the last case of
    /// the `switch` that handles `.root`.
    private static func screenCase(in root: DeclSyntax, source: ParsedSource, feature: WiredFeature) throws -> [SourceSplice] {
        let switches = root.descendants(SwitchExprSyntax.self).filter { node in
            labels(of: node).contains("root")
        }
        guard switches.count == 1, let node = switches.first, let last = node.cases.last else {
            throw WiringRefusal(file: source.file, reason: "'AppRootView' has no single 'switch' over the routes (with 'case .root') to add '.\(feature.caseName)' to")
        }
        if labels(of: node).contains(feature.caseName.trimmingCharacters(in: ["`"])) { return [] }
        let indent = source.layout.indentation(of: last)
        let text = "\n\(indent)case .\(feature.caseName):\n\(indent)\(source.layout.indentUnit)composition.\(feature.caseName).makeView(navigator: router)"
        return [SourceSplice(offset: last.endPosition.utf8Offset, text: text)]
    }

    /// The member names the cases of `node` match: `root` for `case .root:`.
    private static func labels(of node: SwitchExprSyntax) -> [String] {
        node.cases.compactMap { $0.as(SwitchCaseSyntax.self)?.label.as(SwitchCaseLabelSyntax.self) }.flatMap { label in
            label.caseItems.compactMap { item in
                item.pattern.as(ExpressionPatternSyntax.self)?.expression.descendants(MemberAccessExprSyntax.self).first?.declName.baseName.text
            }
        }
    }
}

import SwiftSyntax

/// The first syntax error of a parsed file, worded like the compiler's (`expected ')' to end
/// function call`, `unexpected code ']' in function call`), found by walking only the nodes the
/// parser flagged: what the parser recovered from is in the tree as missing tokens and nodes and as
/// unexpected code, so no diagnostics library is needed, and the walk stays linear however many
/// statements are broken.
package enum SyntaxErrorFinder {
    /// A syntax error: the node it is about, where to point, and what to fix.
    package struct Found: Sendable, Equatable {
        /// The missing, unexpected or malformed node.
        package var node: Syntax
        /// Where the error is: a missing node's end (it has no length), else the node's first
        /// character.
        package var position: AbsolutePosition
        /// The compiler's wording.
        package var message: String
    }

    /// The error nearest the start of `tree`; nil when it has none.
    package static func firstError(in tree: some SyntaxProtocol) -> Found? {
        guard tree.hasError else { return nil }
        return search(Syntax(tree))
    }

    private static func search(_ node: Syntax) -> Found? {
        if let token = node.as(TokenSyntax.self) {
            if token.presence == .missing { return missing(node) }
            if let diagnostic = token.tokenDiagnostic, diagnostic.severity == .error {
                return Found(node: node, position: token.position.advanced(by: Int(diagnostic.byteOffset)), message: lexicalMessage(diagnostic.kind, token))
            }
            return nil
        }
        if node.kind.isMissing { return missing(node) }
        if let unexpected = node.as(UnexpectedNodesSyntax.self) {
            guard let first = unexpected.tokens(viewMode: .sourceAccurate).first(where: { $0.presence == .present }) else { return nil }
            return Found(node: node, position: first.positionAfterSkippingLeadingTrivia, message: unexpectedMessage(unexpected))
        }
        let separated = node.is(CodeBlockItemSyntax.self) ? "statements" : (node.is(MemberBlockItemSyntax.self) ? "declarations" : nil)
        for child in node.children(viewMode: .all) where child.hasError {
            // A missing `;` after an item that parsed well: two statements on one line.
            if let separated, let token = child.as(TokenSyntax.self), token.tokenKind == .semicolon, token.presence == .missing,
                let item = node.children(viewMode: .all).first, !item.hasError
            {
                let position = token.previousToken(viewMode: .sourceAccurate)?.endPositionBeforeTrailingTrivia ?? token.position
                return Found(node: child, position: position, message: "consecutive \(separated) on a line must be separated by newline or ';'")
            }
            if let found = search(child) { return found }
        }
        return nil
    }

    // MARK: - Missing

    /// `node` and the missing siblings right after it, described as one expectation.
    private static func missing(_ node: Syntax) -> Found {
        var group = [node]
        if let parent = node.parent {
            let siblings = Array(parent.children(viewMode: .all))
            if let index = siblings.firstIndex(where: { $0.id == node.id }) {
                for sibling in siblings[(index + 1)...] {
                    if isMissing(sibling) {
                        group.append(sibling)
                    } else if sibling.kind.isSyntaxCollection, sibling.children(viewMode: .sourceAccurate).isEmpty {
                        continue
                    } else {
                        break
                    }
                }
            }
        }
        var message = "expected " + describe(group)
        if let after = afterClause(group[0]) {
            message += " " + after
        } else if let context = context(of: group) {
            message += " " + context
        }
        return Found(node: node, position: insertionPosition(node), message: message)
    }

    /// Where a missing node goes: right after the previous token when nothing separates them
    /// in formatted code (`f(` + `)`, `"b"` + `:`), else where the parser left it.
    private static func insertionPosition(_ node: Syntax) -> AbsolutePosition {
        guard let previous = node.previousToken(viewMode: .sourceAccurate), let first = node.firstToken(viewMode: .all),
            previous.trailingTrivia.allSatisfy(\.isWhitespace), !previous.trailingTrivia.contains(where: \.isNewline)
        else { return node.endPosition }
        let attachesLeft: Set<TokenKind> = [.rightParen, .rightSquare, .colon, .comma, .semicolon, .period, .postfixQuestionMark, .exclamationMark]
        let opensRight: Set<TokenKind> = [.leftParen, .leftSquare, .period, .prefixAmpersand, .pound, .atSign]
        if attachesLeft.contains(first.tokenKind) || opensRight.contains(previous.tokenKind) { return previous.endPositionBeforeTrailingTrivia }
        return node.endPosition
    }

    /// `after operator` for an operand missing after an operator of a sequence (`1 +`).
    private static func afterClause(_ node: Syntax) -> String? {
        guard node.is(MissingExprSyntax.self), let list = node.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true,
            let index = list.firstIndex(where: { $0.id == node.id }), index != list.startIndex
        else { return nil }
        return nameInContext(Syntax(list[list.index(before: index)])).map { "after \($0)" }
    }

    /// Whether `node` is missing altogether (a missing token, a missing-node placeholder, or a
    /// node all of whose tokens are missing).
    private static func isMissing(_ node: Syntax) -> Bool {
        if let token = node.as(TokenSyntax.self) { return token.presence == .missing }
        if node.kind.isMissing { return true }
        let tokens = node.tokens(viewMode: .all)
        return tokens.first(where: { _ in true }) != nil && tokens.allSatisfy { $0.presence == .missing }
    }

    /// `')'`, `expression`, `',' and ')'`: fixed tokens quoted (runs of them together), the rest
    /// by kind.
    private static func describe(_ group: [Syntax]) -> String {
        var parts: [String] = []
        var tokens: [String] = []
        func flush() {
            if !tokens.isEmpty { parts.append("'\(tokens.joined(separator: " "))'") }
            tokens = []
        }
        for node in group {
            if let token = node.as(TokenSyntax.self), let text = fixedText(token) {
                tokens.append(text)
            } else {
                flush()
                parts.append(name(of: node))
            }
        }
        flush()
        switch parts.count {
        case 1: return parts[0]
        default: return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        }
    }

    /// The text a token always has (`)`, `in`), nil for identifiers and literals.
    private static func fixedText(_ token: TokenSyntax) -> String? {
        switch token.tokenKind {
        case .identifier, .integerLiteral, .floatLiteral, .stringSegment, .dollarIdentifier, .binaryOperator, .prefixOperator,
            .postfixOperator, .regexLiteralPattern, .rawStringPoundDelimiter, .regexPoundDelimiter, .unknown:
            return nil
        default:
            return token.text.isEmpty ? nil : token.text
        }
    }

    /// What a missing node is: its role where the compiler names one (`value`, `name`), else its
    /// kind (`expression`, `identifier`, `type`, …).
    private static func name(of node: Syntax) -> String {
        var walk = node
        while true {
            if let role = walk.keyPathInParent.flatMap({ roleNames[$0] }) { return role }
            guard let parent = walk.parent, parent.children(viewMode: .all).count == 1 else { break }
            walk = parent
        }
        if let token = node.as(TokenSyntax.self) {
            switch token.tokenKind {
            case .identifier: return "identifier"
            case .integerLiteral: return "integer literal"
            case .floatLiteral: return "floating literal"
            case .binaryOperator, .prefixOperator, .postfixOperator: return "operator"
            default: return "token"
            }
        }
        return kindNames[node.kind] ?? "code"
    }

    /// Where the missing nodes belong: `to end function call` for a closing delimiter that ends
    /// its node, `to start …` for an opening one, `in …` otherwise; nothing at the top level.
    private static func context(of group: [Syntax]) -> String? {
        var ancestor = group[0].parent
        while let current = ancestor, nameInContext(current) == nil { ancestor = current.parent }
        guard let anchor = ancestor, let anchorName = nameInContext(anchor), !anchor.is(SourceFileSyntax.self) else { return nil }
        let first = group.first?.as(TokenSyntax.self)
        let last = group.last?.as(TokenSyntax.self)
        let startMarkers: Set<TokenKind> = [.leftBrace, .leftAngle, .leftParen, .leftSquare]
        let endMarkers: Set<TokenKind> = [.rightBrace, .rightAngle, .rightParen, .rightSquare, .stringQuote, .multilineStringQuote]
        let startsWithStartMarker = first.map { startMarkers.contains($0.tokenKind) } ?? false
        let endsWithEndMarker = last.map { endMarkers.contains($0.tokenKind) } ?? false
        if startsWithStartMarker, !endsWithEndMarker, anchor.firstToken(viewMode: .all)?.id == first?.id { return "to start \(anchorName)" }
        if endsWithEndMarker, !startsWithStartMarker, anchor.lastToken(viewMode: .all)?.id == last?.id { return "to end \(anchorName)" }
        return "in \(anchorName)"
    }

    /// The name of `node` in a message's context, nil for nodes the compiler does not name
    /// (lists, code and member blocks).
    private static func nameInContext(_ node: Syntax) -> String? {
        if node.is(CodeBlockSyntax.self) || node.is(MemberBlockSyntax.self) { return nil }
        return kindNames[node.kind]
    }

    // MARK: - Unexpected

    /// `unexpected code 'x' in function call`, `… before …` when it opens its node.
    private static func unexpectedMessage(_ unexpected: UnexpectedNodesSyntax) -> String {
        let text = unexpected.trimmedDescription
        let content: String
        let presentTokens = unexpected.tokens(viewMode: .sourceAccurate).filter { $0.presence == .present }
        if !presentTokens.isEmpty, presentTokens.allSatisfy({ $0.tokenKind == .rightBrace }) {
            content = presentTokens.count == 1 ? "brace" : "braces"
        } else if presentTokens.count == 1, let only = presentTokens.first, case .keyword = only.tokenKind {
            content = "'\(only.text)' keyword"
        } else if text.contains("\n") || text.count > 100 {
            content = "code"
        } else {
            content = "code '\(text)'"
        }
        var message = "unexpected \(content)"
        guard let parent = unexpected.parent else { return message }
        if parent.is(SourceFileSyntax.self) {
            return "extraneous \(content) at top level"
        }
        if let parentName = nameInContext(parent),
            parent.children(viewMode: .sourceAccurate).first(where: { $0.totalLength.utf8Length > 0 })?.id == unexpected.id
        {
            message += " before \(parentName)"
        } else {
            var ancestor: Syntax? = parent
            while let current = ancestor, nameInContext(current) == nil { ancestor = current.parent }
            if let current = ancestor, let name = nameInContext(current) { message += " in \(name)" }
        }
        return message
    }

    // MARK: - Lexical

    /// The compiler's words for a malformed token.
    private static func lexicalMessage(_ kind: TokenDiagnostic.Kind, _ token: TokenSyntax) -> String {
        switch kind {
        case .editorPlaceholder: return "editor placeholder in source file"
        case .invalidCharacter: return "invalid character in source file"
        case .invalidEscapeSequenceInStringLiteral: return "invalid escape sequence in literal"
        case .invalidIdentifierStartCharacter: return "an identifier cannot begin with this character"
        case .invalidUtf8: return "invalid UTF-8 found in source file"
        case .sourceConflictMarker: return "source control conflict marker in source file"
        case .unexpectedBlockCommentEnd: return "unexpected end of block comment"
        case .unicodeCurlyQuote: return "unicode curly quote found; use '\"' instead"
        case .unprintableAsciiCharacter: return "unprintable ASCII character found in source file"
        case .unterminatedBlockComment: return "unterminated '/*' comment"
        case .equalMustHaveConsistentWhitespaceOnBothSides: return "'=' must have consistent whitespace on both sides"
        case .expectedClosingBraceInUnicodeEscape: return "expected '}' in \\u{...} escape sequence"
        case .expectedHexCodeInUnicodeEscape: return "expected hexadecimal code in \\u{...} escape sequence"
        case .invalidNumberOfHexDigitsInUnicodeEscape: return "\\u{...} escape sequence expects between 1 and 8 hex digits"
        case .expectedDigitInFloatLiteral: return "expected a digit in floating point exponent"
        case .expectedHexDigitInHexLiteral: return "expected hexadecimal digit (0-9, A-F) in integer literal"
        case .expectedBinaryExponentInHexFloatLiteral: return "hexadecimal floating point literal must end with an exponent"
        default: return "invalid token '\(token.text)'"
        }
    }

    /// The roles the compiler names a missing child by, rather than by its kind (computed: key
    /// paths are not `Sendable`; it is only needed once there is an error).
    static var roleNames: [AnyKeyPath: String] {
        [
            \ArrayElementSyntax.expression: "value", \DictionaryElementSyntax.key: "key", \DictionaryElementSyntax.value: "value",
            \MemberAccessExprSyntax.declName: "name", \ImportPathComponentSyntax.name: "name", \FunctionDeclSyntax.name: "name",
            \StructDeclSyntax.name: "name", \EnumDeclSyntax.name: "name", \ClassDeclSyntax.name: "name", \IdentifierPatternSyntax.identifier: "name",
            \LabeledExprSyntax.expression: "value", \ReturnClauseSyntax.type: "return type", \TypeAnnotationSyntax.type: "type",
        ]
    }

    /// The compiler's names of the nodes messages mention (`SyntaxKind.nameForDiagnostics` of
    /// the parser's diagnostics), for the kinds manifests and sources commonly break in.
    static let kindNames: [SyntaxKind: String] = [
        .accessorDecl: "accessor", .actorDecl: "actor", .arrayElement: "array element", .arrayExpr: "array",
        .arrayType: "array type", .attribute: "attribute", .attributeList: "attributes", .awaitExpr: "'await' expression",
        .booleanLiteralExpr: "bool literal", .binaryOperatorExpr: "operator", .catchClause: "'catch' clause", .classDecl: "class",
        .closureExpr: "closure", .closureParameter: "parameter", .closureParameterClause: "parameter clause",
        .closureSignature: "closure signature", .closureCaptureClause: "closure capture clause", .codeBlock: "code block",
        .declModifier: "modifier", .deferStmt: "'defer' statement", .dictionaryElement: "dictionary element",
        .dictionaryExpr: "dictionary", .dictionaryType: "dictionary type", .doStmt: "'do' statement", .enumCaseDecl: "enum case",
        .enumCaseParameter: "parameter", .enumCaseParameterClause: "parameter clause", .enumDecl: "enum",
        .expressionPattern: "pattern", .expressionStmt: "expression", .extensionDecl: "extension",
        .floatLiteralExpr: "floating literal", .forStmt: "'for' statement", .forceUnwrapExpr: "force unwrap",
        .functionCallExpr: "function call", .functionDecl: "function", .functionParameter: "parameter",
        .functionParameterClause: "parameter clause", .functionParameterList: "parameter list",
        .functionSignature: "function signature", .functionType: "function type",
        .genericArgument: "generic argument", .genericArgumentClause: "generic argument clause",
        .genericParameter: "generic parameter", .genericParameterClause: "generic parameter clause",
        .genericWhereClause: "'where' clause", .guardStmt: "'guard' statement", .identifierPattern: "pattern",
        .identifierType: "type", .ifConfigClause: "conditional compilation clause", .ifConfigDecl: "conditional compilation block",
        .ifExpr: "'if' statement", .importDecl: "import", .inheritanceClause: "inheritance clause",
        .inheritedType: "inherited type", .initializerDecl: "initializer", .integerLiteralExpr: "integer literal",
        .keyPathExpr: "key path", .labeledStmt: "labeled statement", .macroExpansionDecl: "macro expansion",
        .macroExpansionExpr: "macro expansion", .memberAccessExpr: "member access", .memberBlock: "member block",
        .memberType: "member type", .missingDecl: "declaration", .missingExpr: "expression", .missingPattern: "pattern",
        .missingStmt: "statement", .missingType: "type", .multipleTrailingClosureElement: "trailing closure",
        .optionalBindingCondition: "optional binding", .optionalChainingExpr: "optional chaining",
        .optionalType: "optional type", .postfixOperatorExpr: "postfix expression", .prefixOperatorExpr: "operator",
        .protocolDecl: "protocol", .regexLiteralExpr: "regex literal", .repeatStmt: "'repeat' statement",
        .returnStmt: "'return' statement", .sourceFile: "source file", .stringLiteralExpr: "string literal",
        .structDecl: "struct", .subscriptCallExpr: "subscript", .subscriptDecl: "subscript", .switchCase: "switch case",
        .switchExpr: "'switch' statement", .ternaryExpr: "ternary expression", .throwStmt: "'throw' statement",
        .tryExpr: "'try' expression", .tupleExpr: "tuple", .tuplePattern: "tuple pattern", .tupleType: "tuple type",
        .typeAliasDecl: "typealias declaration", .typeAnnotation: "type annotation", .unresolvedAsExpr: "'as'",
        .unresolvedIsExpr: "'is'", .unresolvedTernaryExpr: "ternary operator", .valueBindingPattern: "value binding pattern",
        .variableDecl: "variable", .whereClause: "'where' clause", .whileStmt: "'while' statement",
        .wildcardPattern: "wildcard pattern",
    ]
}

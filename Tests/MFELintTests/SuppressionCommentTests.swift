import MFECore
import Testing

@testable import MFELint
@testable import MFEManifest

@Suite("mfe:ignore comment parsing")
struct SuppressionCommentTests {
    private func comments(_ text: String) -> [SuppressionComment] {
        var text = text
        return text.withUTF8 { SuppressionComment.comments(inUTF8: $0, file: "A.swift") }
    }

    @Test func aCommentAloneCoversTheNextLineAndATrailingOneItsOwn() {
        let found = comments("import A\n  // mfe:ignore transitive-dependency reason one\nimport B // mfe:ignore implicit-dependency\n")
        #expect(
            found == [
                SuppressionComment(file: "A.swift", line: 2, column: 3, coveredLine: 3, rules: ["transitive-dependency"], reason: "reason one"),
                SuppressionComment(file: "A.swift", line: 3, column: 10, coveredLine: 3, rules: ["implicit-dependency"], reason: ""),
            ])
    }

    @Test(arguments: [
        (" product-to-product, unused-dependency the reason, with a comma", ["product-to-product", "unused-dependency"], "the reason, with a comma"),
        (" product-to-product,unused-dependency", ["product-to-product", "unused-dependency"], ""),
        (" product-to-product: shown until the interface exists ", ["product-to-product"], "shown until the interface exists"),
        (" product-to-product — legacy", ["product-to-product"], "legacy"),
        ("", [], ""),
    ])
    func rulesAndReasonAreSplit(text: String, rules: [String], reason: String) {
        let parsed = SuppressionComment.parse(text)
        #expect(parsed.rules == rules)
        #expect(parsed.reason == reason)
    }

    @Test(arguments: [
        "let s = \"// mfe:ignore cycle\"\n",
        "// mfe:ignored cycle\n",
        "// see mfe:ignore cycle\n",
        "/* mfe:ignore cycle */\n",
    ])
    func textThatIsNoSuppressionCommentIsIgnored(text: String) {
        #expect(comments(text).isEmpty)
    }

    @Test func aCommentAfterAStringWithSlashesCounts() {
        let found = comments("let url = \"https://x\" // mfe:ignore cycle why")
        #expect(found.map(\.rules) == [["cycle"]])
        #expect(found.first?.coveredLine == 1)
    }
}

import MFECore
import Testing

@testable import MFELint

/// The exact text of baseline errors: messages are contract, so unit tests compare error
/// values and this table pins the prose once.
@Suite("baseline error messages")
struct BaselineErrorMessageTests {
    static let cases: [(error: BaselineError, text: String)] = [
        (.missing(given: "b.json"), "the baseline 'b.json' does not exist; create it with 'mfe lint-graph --write-baseline b.json'"),
        (.writeTargetIsFolder(given: "Env"), "'--write-baseline Env' is a folder; give the baseline's file name, e.g. 'mfe-baseline.json'"),
        (
            .wouldReplaceOtherFile(given: "mfe.yml"),
            "'mfe.yml' exists and is not a baseline mfe wrote; mfe will not replace it. Give the baseline another name (e.g. 'mfe-baseline.json'), or remove the file first if it really is to be replaced"
        ),
        (
            .notABaseline(file: "b.json", problem: "'version' is missing at the top level", at: SourceLocation(file: "b.json", line: 1, column: 1)),
            "b.json:1:1: 'b.json' is not an mfe baseline ('version' is missing at the top level); write a new one with 'mfe lint-graph --write-baseline b.json'"
        ),
        (
            .unsupportedVersion(2, file: "b.json", at: SourceLocation(file: "b.json", line: 1, column: 1)),
            "b.json:1:1: baseline version 2 is not supported (this mfe reads version 1); write a new one with 'mfe lint-graph --write-baseline b.json'"
        ),
        (.nothingToPrune(configured: nil), "'--prune-baseline' needs a baseline; give it with '--baseline FILE', or set 'baseline:' in mfe.yml"),
        (
            .nothingToPrune(configured: "mfe-baseline.json"),
            "'--prune-baseline' found no baseline: 'baseline: mfe-baseline.json' in mfe.yml names no file; give the baseline with '--baseline FILE'"
        ),
    ]

    @Test(arguments: cases.indices)
    func eachErrorSaysExactlyThis(index: Int) {
        #expect(Self.cases[index].error.localizedDescription == Self.cases[index].text)
    }
}

import Testing

@testable import MFECore

/// "Did you mean" follows one rule wherever mfe offers it: case ignored, a third of the
/// name's length in edits (at least one), the nearest first, ties to the first sorted.
@Suite("nearest name")
struct NearestNameTests {
    @Test func aTypoFindsTheNameMeant() {
        #expect(NearestName.nearest(to: "packges", among: ["workspace", "packages", "layers"]) == "packages")
        #expect(NearestName.nearest(to: "transitive-dependecy", among: ["transitive-dependency", "implicit-dependency"]) == "transitive-dependency")
    }

    @Test func aSwapOfNeighboursIsOneEdit() {
        #expect(editDistance("Hoem", "Home") == 1)
        #expect(editDistance("Evn", "Env") == 1)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("", "abc") == 3)
        #expect(NearestName.nearest(to: "Hoem", among: ["Home", "Search"]) == "Home")
    }

    @Test func caseIsIgnored() {
        #expect(NearestName.nearest(to: "env", among: ["Env", "Search"]) == "Env")
        #expect(NearestName.nearest(to: "core", among: ["Core"]) == "Core")
    }

    @Test func aShortNameIsNotTakenForAnotherShortOne() {
        #expect(NearestName.limit(forLength: 4) == 1)
        #expect(NearestName.nearest(to: "Nope", among: ["Core", "Env"]) == nil)
        #expect(NearestName.nearest(to: "Lb", among: ["Lib", "LibKit"]) == "Lib")
    }

    @Test func tiesGoToTheFirstSortedWhateverTheOrderGiven() {
        #expect(NearestName.nearest(to: "bat", among: ["hat", "cat"]) == "cat")
        #expect(NearestName.nearest(to: "bat", among: ["cat", "hat"]) == "cat")
    }

    @Test func aGlobCountsOnlyTheEditsThatMakeANameMatch() {
        #expect(NameGlob("Serch*").nearest(among: ["SearchFeature", "Home"]) == "SearchFeature")
        #expect(NameGlob("Chekout").nearest(among: ["Checkout", "Cart"]) == "Checkout")
        #expect(NameGlob("X?").nearest(among: ["Checkout"]) == nil)
    }
}

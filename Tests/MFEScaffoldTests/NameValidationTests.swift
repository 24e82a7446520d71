import Testing

@testable import MFEScaffold

@Suite("name validation")
struct NameValidationTests {
    @Test(arguments: ["Search", "RestaurantOrder", "Env", "A1", "URLLoader"])
    func acceptsUpperCamelCaseIdentifiers(name: String) {
        #expect(NameValidation.problems(with: name, as: "the feature name").isEmpty)
    }

    static let what = "the feature name"

    @Test(arguments: [
        ("", ScaffoldError.emptyName(what: what)),
        ("search", .nameNotUpperCamelCase("search", what: what)),
        ("My_Feature", .nameNotUpperCamelCase("My_Feature", what: what)),
        ("1Search", .nameNotIdentifier("1Search", what: what)),
        ("Search-Feature", .nameNotIdentifier("Search-Feature", what: what)),
        ("../Evil", .nameNotIdentifier("../Evil", what: what)),
        ("Café", .nameNotASCII("Café", what: what)),
        ("Self", .nameIsKeyword("Self", what: what)),
        ("Any", .nameIsKeyword("Any", what: what)),
        ("Type", .nameIsKeyword("Type", what: what)),
        ("SwiftUI", .nameIsSystemModule("SwiftUI", what: what, module: "SwiftUI")),
        ("Foundation", .nameIsSystemModule("Foundation", what: what, module: "Foundation")),
        ("XCTest", .nameIsSystemModule("XCTest", what: what, module: "XCTest")),
        ("Testing", .nameIsSystemModule("Testing", what: what, module: "Testing")),
        ("Glibc", .nameIsSystemModule("Glibc", what: what, module: "Glibc")),
        ("Os", .nameIsSystemModule("Os", what: what, module: "os")),
        ("_Concurrency", .nameIsSystemModule("_Concurrency", what: what, module: "_Concurrency")),
    ])
    func rejectsWhatCannotNameAModule(name: String, expected: ScaffoldError) {
        let problems = NameValidation.problems(with: name, as: Self.what)
        #expect(problems.contains(expected), "\(problems)")
    }

    @Test func suggestsAFixedName() {
        #expect(NameValidation.problems(with: "search-results", as: Self.what) == [.nameNotIdentifier("search-results", what: Self.what)])
        #expect(NameValidation.suggestion(for: "search-results") == "SearchResults")
    }

    @Test(arguments: [("Ünïcode", "Unicode"), ("Café", "Cafe"), ("crème-brûlée", "CremeBrulee"), ("日本", "Search")])
    func suggestsAnASCIINameForAccentedLetters(name: String, suggestion: String) {
        #expect(NameValidation.problems(with: name, as: Self.what) == [.nameNotASCII(name, what: Self.what)])
        #expect(NameValidation.suggestion(for: name) == suggestion)
    }

    @Test func checksDerivedTargetNames() {
        #expect(NameValidation.problems(withDerivedNames: ["Swift", "SearchTesting"]) == [.derivedNameIsSystemModule("Swift", module: "Swift")])
    }

    @Test(arguments: [("RestaurantOrder", "restaurantOrder"), ("URLLoader", "urlLoader"), ("API", "api"), ("A", "a"), ("Env", "env")])
    func derivesLowerCamelCaseVariables(name: String, variable: String) {
        #expect(name.lowerCamelCased == variable)
    }

    @Test(arguments: [("Restaurant", "Restaurants"), ("Category", "Categories"), ("Day", "Days"), ("Box", "Boxes"), ("MenuItem", "MenuItems")])
    func pluralisesModelNames(name: String, plural: String) {
        #expect(FeatureSpecification.plural(of: name) == plural)
    }
}

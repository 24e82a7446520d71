@testable import MFEScaffold
import Testing

@Suite("name validation")
struct NameValidationTests {
    @Test(arguments: ["Search", "RestaurantOrder", "Env", "A1", "URLLoader"])
    func acceptsUpperCamelCaseIdentifiers(name: String) {
        #expect(NameValidation.problems(with: name, as: "the feature name").isEmpty)
    }

    @Test(arguments: [
        ("", "is empty"),
        ("search", "not UpperCamelCase"),
        ("My_Feature", "not UpperCamelCase"),
        ("1Search", "not a Swift identifier"),
        ("Search-Feature", "not a Swift identifier"),
        ("../Evil", "not a Swift identifier"),
        ("Café", "beyond ASCII letters and digits"),
        ("Self", "a Swift keyword"),
        ("Any", "a Swift keyword"),
        ("Type", "a Swift keyword"),
        ("SwiftUI", "system module 'SwiftUI'"),
        ("Foundation", "system module 'Foundation'"),
        ("XCTest", "system module 'XCTest'"),
        ("Testing", "system module 'Testing'"),
        ("Glibc", "system module 'Glibc'"),
        ("Os", "system module 'os'"),
        ("_Concurrency", "system module '_Concurrency'"),
    ])
    func rejectsWhatCannotNameAModule(name: String, problem: String) {
        let problems = NameValidation.problems(with: name, as: "the feature name")
        #expect(problems.contains { $0.contains(problem) }, "\(problems)")
        #expect(problems.allSatisfy { $0.hasPrefix("the feature name") })
    }

    @Test func suggestsAFixedName() {
        let problems = NameValidation.problems(with: "search-results", as: "the feature name")
        #expect(problems == ["the feature name 'search-results' is not a Swift identifier; use only letters and digits, starting with a letter, e.g. 'SearchResults'"])
    }

    @Test(arguments: [("Ünïcode", "Unicode"), ("Café", "Cafe"), ("crème-brûlée", "CremeBrulee"), ("日本", "Search")])
    func suggestsAnASCIINameForAccentedLetters(name: String, suggestion: String) {
        let problems = NameValidation.problems(with: name, as: "the feature name")
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.hasSuffix("e.g. '\(suggestion)'") == true, "\(problems)")
    }

    @Test func checksDerivedTargetNames() {
        #expect(NameValidation.problems(withDerivedNames: ["Swift", "SearchTesting"]) == ["the target name 'Swift' would shadow the system module 'Swift'; choose another feature name"])
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

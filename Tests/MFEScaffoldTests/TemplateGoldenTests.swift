import Testing

@testable import MFEScaffold

/// Every built-in template rendered for a typical request, compared with the golden files in
/// `Tests/Goldens/Scaffold` (re-record with `MFE_RECORD=1 swift test`). The integration tests
/// check that this output builds and passes its tests.
@Suite("template golden files")
struct TemplateGoldenTests {
    private func render(_ specification: FeatureSpecification) throws -> String {
        let template = try TemplateCatalog.builtin.template(named: specification.template)
        return GoldenFile.transcript(of: try TemplateRenderer().render(template, context: specification.templateContext))
    }

    @Test func productFeatureWithDependencies() throws {
        let specification = FeatureSpecification(
            name: "Home", layer: .product, template: TemplateName.feature, example: true,
            dependencies: [
                FeatureDependency(requested: "Core", path: "../../Foundation/Core", package: "Core", product: "Core", layer: .foundation),
                FeatureDependency(requested: "Search", path: "../Search", package: "Search", product: "SearchInterface", layer: .product),
            ])
        try GoldenFile.check(try render(specification), against: "Tests/Goldens/Scaffold/feature-Home.txt")
    }

    @Test func productFeatureWithoutExample() throws {
        let specification = FeatureSpecification(name: "Search", layer: .product, template: TemplateName.feature, example: false)
        let rendered = try render(specification)
        #expect(!rendered.contains("name: \"SearchExample\""))
        #expect(!rendered.contains("=== Sources/SearchExample/"))
        #expect(!rendered.contains("swift run SearchExample"))
        #expect(rendered.contains("=== Sources/SearchInterface/SearchItem.swift ==="))
    }

    @Test func foundationFeature() throws {
        let specification = FeatureSpecification(name: "Core", layer: .foundation, template: TemplateName.foundation, example: true)
        try GoldenFile.check(try render(specification), against: "Tests/Goldens/Scaffold/foundation-Core.txt")
    }

    @Test func webFeature() throws {
        let specification = FeatureSpecification(name: "About", layer: .product, template: TemplateName.web, example: true, webURL: "https://demo.microfrontends.com/about")
        try GoldenFile.check(try render(specification), against: "Tests/Goldens/Scaffold/web-About.txt")
    }

    @Test func emptyWorkspace() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        #expect(plan.destination == "/work/Demo")
        try GoldenFile.check(GoldenFile.transcript(of: plan.files), against: "Tests/Goldens/Scaffold/init-Demo.txt")
    }

    @Test func feedMeWorkspace() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        try GoldenFile.check(GoldenFile.transcript(of: plan.files), against: "Tests/Goldens/Scaffold/init-FeedMe.txt")
    }

    @Test func theSameRequestGivesTheSameBytes() throws {
        let first = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let second = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        #expect(first == second)
    }
}

import Env
import Foundation
import Testing

@Suite("Env router")
struct RouterTests {
    enum Screen: Equatable, Sendable {
        case restaurants
        case restaurant(id: String)
    }

    var router: Router<Screen> {
        var router = Router<Screen>()
        router.register("/restaurants") { _ in .restaurants }
        router.register("/restaurants/{id}") { parameters in .restaurant(id: parameters["id", default: ""]) }
        return router
    }

    @Test(arguments: [
        ("/restaurants", Screen.restaurants),
        ("/restaurants/", Screen.restaurants),
        ("/restaurants/12", Screen.restaurant(id: "12")),
        ("/restaurants/12?tab=menu", Screen.restaurant(id: "12")),
    ])
    func matchesPatternsAndCapturesParameters(path: String, screen: Screen) {
        #expect(router.destination(for: path) == screen)
    }

    @Test(arguments: ["/", "/about", "/restaurants/12/menu"])
    func ignoresPathsNoPatternMatches(path: String) {
        #expect(router.destination(for: path) == nil)
    }
}

@Suite("Env configuration")
struct ConfigurationTests {
    @Test func pointsAtTheFeedMeDemoByDefault() {
        let configuration = Configuration()
        #expect(configuration.contentURL("/restaurants/12").absoluteString == "https://content.demo.microfrontends.com/restaurants/12")
        #expect(configuration.demoHost.absoluteString == "https://demo.microfrontends.com")
    }

    @Test(arguments: [Configuration.demoContentHost, Configuration.demoWebsite])
    func defaultsAreAbsoluteHTTPSURLs(url: URL) {
        #expect(url.scheme == "https")
        #expect(url.host?.hasSuffix("microfrontends.com") == true)
    }
}

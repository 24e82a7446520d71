import Foundation

/// Settings every Feed Me feature shares, as the Env of "Micro Frontends for Mobile" hosts
/// them: the content API and the website the web features show. The app creates one and hands
/// it to features; there is no shared instance.
public struct Configuration: Sendable, Equatable {
    /// The content API.
    public var host: URL
    /// The Feed Me website, whose pages the web features host.
    public var demoHost: URL

    /// Creates a configuration; the defaults are the Feed Me demo's servers.
    public init(
        host: URL = URL(string: "https://content.demo.microfrontends.com")!,
        demoHost: URL = URL(string: "https://demo.microfrontends.com")!
    ) {
        self.host = host
        self.demoHost = demoHost
    }

    /// The URL of `path` (`/restaurants/12`) on the content API.
    public func contentURL(_ path: String) -> URL {
        host.appendingPathComponent(path)
    }
}

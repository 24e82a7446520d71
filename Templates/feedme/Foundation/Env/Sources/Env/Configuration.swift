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
    public init(host: URL = Configuration.demoContentHost, demoHost: URL = Configuration.demoWebsite) {
        self.host = host
        self.demoHost = demoHost
    }

    /// The URL of `path` (`/restaurants/12`) on the content API.
    public func contentURL(_ path: String) -> URL {
        host.appendingPathComponent(path)
    }

    /// The Feed Me demo's content API; EnvTests check it is an absolute https URL.
    public static let demoContentHost = url("https://content.demo.microfrontends.com")
    /// The Feed Me demo's website; EnvTests check it is an absolute https URL.
    public static let demoWebsite = url("https://demo.microfrontends.com")

    private static func url(_ text: String) -> URL {
        guard let url = URL(string: text) else {
            preconditionFailure("Configuration's default '\(text)' is not a URL; write an absolute https URL")
        }
        return url
    }
}

import Env
import Foundation

extension AppDependencies {
    /// The settings every feature shares: Env's configuration, as in the Feed Me article.
    public var configuration: Configuration {
        Configuration()
    }

    /// About hosts the Feed Me website's about page.
    public var aboutPageURL: URL {
        configuration.demoHost.appendingPathComponent("about")
    }
}

import AboutInterface
import BrowseInterface
import Env
import Foundation
import Observation
import RestaurantOrderInterface

/// Where the app can go: its root, a tab per feature, and the screens pushed over a tab, which
/// carry what they show (`restaurant(id:)`, from `/restaurants/{id}`).
public enum AppRoute: Hashable, Sendable {
    /// The root screen: the selected tab with nothing pushed over it.
    case root
    /// Browse's tab: the restaurants.
    case browse
    /// RestaurantOrder's tab: "Surprise me", a random restaurant's menu.
    case restaurantOrder
    /// About's tab.
    case about
    /// The menu of the restaurant `id` (RestaurantOrder's order screen), pushed over the
    /// selected tab: `/restaurants/{id}`.
    case restaurant(id: Restaurant.ID)

    /// Whether the route is a tab of its own; a route that carries a parameter is pushed over
    /// the selected tab instead.
    public var isTab: Bool {
        switch self {
        case .restaurant:
            false
        default:
            true
        }
    }
}

/// Maps routes to features and performs the navigation features delegate to the app. It is
/// the one place that knows which feature leads to which, so features never import each
/// other (the Env/Router of the Feed Me article). Each tab keeps its own navigation history.
@MainActor
@Observable
public final class AppRouter {
    /// The selected tab, named by the route of the screen at its root.
    public var selectedTab: AppRoute = AppRouter.homeTab
    /// The screens pushed above each tab's root, bottom to top, by tab.
    public var paths: [AppRoute: [AppRoute]] = [:]
    /// A web link no feature owns, for the app to hand to the system browser.
    public var externalLink: URL?

    /// The hosts whose links the app shows itself, lowercased: its website's.
    /// A link to any other host goes to the system browser, even when its path looks like a route.
    public let hosts: Set<String>
    /// The app's own URL scheme: in `feedme://restaurants/pizza-palace` the host is the
    /// route's first path segment.
    public let scheme: String
    @ObservationIgnored private let links: Router<AppRoute>

    /// Creates a router on Browse's tab that shows paths, links to `hosts` and links of its
    /// own `scheme` itself.
    public init(hosts: Set<String> = ["demo.microfrontends.com"], scheme: String = "feedme") {
        self.hosts = Set(hosts.map { $0.lowercased() })
        self.scheme = scheme.lowercased()
        var links = Router<AppRoute>()
        links.register("/") { _ in .root }
        links.register("/restaurants") { _ in .browse }
        links.register("/random") { _ in .restaurantOrder }
        links.register("/about") { _ in .about }
        links.register("/restaurants/{id}") { parameters in .restaurant(id: parameters["id", default: ""]) }
        self.links = links
    }

    /// The screens pushed over the selected tab, bottom to top.
    public var path: [AppRoute] {
        get { paths[selectedTab, default: []] }
        set { paths[selectedTab] = newValue }
    }

    /// The route `link` names, or nil: a path such as `/restaurants/pizza-palace`, an `http` or
    /// `https` URL with such a path on one of `hosts`, or a link of the app's scheme
    /// (`feedme://restaurants/pizza-palace`). A URL of another scheme (`javascript:`, `tel:`,
    /// another app's), or a web URL without a host (`https:/random`), names no route.
    public func route(for link: String) -> AppRoute? {
        guard let components = URLComponents(string: link) else { return nil }
        switch components.scheme?.lowercased() {
        case .some(scheme):
            return links.destination(for: "/" + (components.host ?? "") + components.path)
        case "http", "https":
            guard let host = components.host?.lowercased(), hosts.contains(host) else { return nil }
            return links.destination(for: components.path)
        case nil:
            guard components.host == nil, components.path.hasPrefix("/") else { return nil }
            return links.destination(for: components.path)
        default:
            return nil
        }
    }

    /// Whether a screen of the app shows `link`: what a web feature's page (About's) asks
    /// before a link leaves the app. One method satisfies every web feature's `…Navigating`.
    public func opensInApp(_ link: URL) -> Bool {
        route(for: link.absoluteString) != nil
    }

    /// The tab the app starts on, and the one the website's home (`/`) shows: the restaurants.
    public static let homeTab: AppRoute = .browse

    /// The tab a screen that carries a parameter belongs to: a restaurant's menu opens over
    /// the restaurants, whichever tab was selected when the link came.
    public static func tab(of route: AppRoute) -> AppRoute {
        route.isTab && route != .root ? route : homeTab
    }

    /// Shows the screen `url` names (a link from a web page, a `feedme://` link, a universal
    /// link) in the tab that owns it, or hands a web link no feature owns to the system browser.
    /// The website's home (`/`) shows the home tab at its root. A `feedme://` link no feature
    /// owns stays here: the system would hand it straight back to the app, forever; a link of
    /// any other scheme is not the app's to open.
    public func open(_ url: URL) {
        guard let route = route(for: url.absoluteString) else {
            if let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false {
                externalLink = url
            }
            return
        }
        selectedTab = Self.tab(of: route)
        path = route.isTab ? [] : [route]
    }

    /// Shows `route`: a tab is selected with its history popped, a screen that carries a
    /// parameter is pushed over the selected tab, and the root pops the selected tab.
    public func show(_ route: AppRoute) {
        if route == .root {
            path.removeAll()
        } else if route.isTab {
            selectedTab = route
            path.removeAll()
        } else {
            path.append(route)
        }
    }
}

extension AppRouter: BrowseNavigating {
    public func navigate(to request: BrowseNavigationRequest) {
        switch request {
        case .openRestaurant(let id):
            show(.restaurant(id: id))
        }
    }
}

extension AppRouter: RestaurantOrderNavigating {
    public func navigate(to request: RestaurantOrderNavigationRequest) {
        switch request {
        case .openMenuItem:
            // No screen shows a single MenuItem yet; route this request once one does.
            break
        }
    }
}

extension AppRouter: AboutNavigating {
    public func navigate(to request: AboutNavigationRequest) {
        switch request {
        case .openLink(let url):
            open(url)
        }
    }
}

import Foundation
import Observation
import RestaurantOrderInterface

/// The state and logic of the order screen of one restaurant (the article's `OrderView`):
/// the menu of the restaurant the route named. It is platform-neutral, so it runs and is
/// tested on Linux; the SwiftUI view only renders it.
@MainActor
@Observable
public final class RestaurantOrderModel {
    /// What the screen shows.
    public enum State: Equatable, Sendable {
        /// Waiting for the repository.
        case loading
        /// The restaurant's menu.
        case loaded(Menu)
        /// Loading failed; `message` says why, in words for the person using the app.
        case failed(message: String)
    }

    /// The restaurant whose menu the screen shows: the `{id}` of `/restaurants/{id}`.
    public let restaurantID: String
    /// What the screen shows now.
    public private(set) var state: State = .loading
    /// Whether a refresh is running while the screen keeps showing the menu it loaded.
    public private(set) var isRefreshing = false

    private let repository: any RestaurantOrderRepository
    private let navigator: any RestaurantOrderNavigating

    init(restaurantID: String, repository: any RestaurantOrderRepository, navigator: any RestaurantOrderNavigating) {
        self.restaurantID = restaurantID
        self.repository = repository
        self.navigator = navigator
    }

    /// Loads the menu once, when the screen first appears: coming back to it (a tab switch)
    /// keeps what it shows instead of loading again and flashing a spinner.
    public func loadIfNeeded() async {
        if case .loaded = state { return }
        await load()
    }

    /// Loads the menu: the first time, to retry after a failure, and to refresh, when the
    /// screen keeps showing the menu it has until the new one arrives. A load cancelled
    /// because the screen went away is not a failure: the screen keeps what it showed, and
    /// loads again when it comes back.
    public func load() async {
        let before = state
        if case .loaded = state {
            isRefreshing = true
        } else {
            state = .loading
        }
        defer { isRefreshing = false }
        do {
            let menu = try await repository.fetchMenu(restaurantID: restaurantID)
            try Task.checkCancellation()
            state = .loaded(menu)
        } catch {
            state = Task.isCancelled || LoadFailure.isCancellation(error)
                ? before
                : .failed(message: LoadFailure.message(for: error, fallback: RestaurantOrderStrings.menuUnavailableMessage))
        }
    }

    /// Asks the app to open `menuItem`; where that leads is the app's decision.
    public func select(_ menuItem: MenuItem) {
        navigator.navigate(to: .openMenuItem(menuItem.id))
    }
}

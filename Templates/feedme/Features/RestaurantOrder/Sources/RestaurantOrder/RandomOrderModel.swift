import Foundation
import Observation
import RestaurantOrderInterface

/// The state and logic of "Surprise me" (the article's `RandomOrderView`): loads the
/// restaurants that take orders, picks one at random and shows its menu. The randomness comes
/// from the app's `RandomSource`, so tests decide what is picked. Platform-neutral, like
/// `RestaurantOrderModel`, which shows the menu of the restaurant picked.
@MainActor
@Observable
public final class RandomOrderModel {
    /// What the screen shows.
    public enum State: Equatable, Sendable {
        /// Waiting for the list of restaurants.
        case loading
        /// A restaurant was picked; `order` shows its menu.
        case picked(restaurantID: String)
        /// No restaurant takes orders right now.
        case empty
        /// Loading failed; `message` says why, in words for the person using the app.
        case failed(message: String)
    }

    /// What the screen shows now.
    public private(set) var state: State = .loading
    /// The order screen of the restaurant picked; nil until one is picked.
    public private(set) var order: RestaurantOrderModel?

    private let repository: any RestaurantOrderRepository
    private var random: any RandomSource
    private let makeOrder: @MainActor (String) -> RestaurantOrderModel
    private var restaurantIDs: [String] = []

    init(repository: any RestaurantOrderRepository, random: any RandomSource, makeOrder: @escaping @MainActor (String) -> RestaurantOrderModel) {
        self.repository = repository
        self.random = random
        self.makeOrder = makeOrder
    }

    /// Whether "Surprise me again" can pick a different restaurant.
    public var canPickAgain: Bool {
        if case .picked = state { return restaurantIDs.count > 1 }
        return false
    }

    /// Loads the restaurants and picks one: when the screen first appears, and to retry after a
    /// failure. Once a restaurant is picked, coming back to the tab keeps it. A cancelled load
    /// is not a failure: the screen loads again when it comes back.
    public func load() async {
        if case .picked = state { return }
        state = .loading
        do {
            let restaurantIDs = try await repository.fetchRestaurantIDs()
            try Task.checkCancellation()
            self.restaurantIDs = restaurantIDs
            pick(excluding: nil)
        } catch {
            state = Task.isCancelled || LoadFailure.isCancellation(error)
                ? .loading
                : .failed(message: LoadFailure.message(for: error, fallback: RestaurantOrderStrings.pickFailedMessage))
        }
    }

    /// Picks another restaurant, never the one shown (when there are two or more).
    public func pickAgain() {
        guard case .picked(let current) = state, canPickAgain else { return }
        pick(excluding: current)
    }

    private func pick(excluding current: String?) {
        let candidates = restaurantIDs.filter { $0 != current }
        guard !candidates.isEmpty else {
            order = nil
            state = .empty
            return
        }
        let index = min(max(random.index(below: candidates.count), 0), candidates.count - 1)
        let restaurantID = candidates[index]
        order = makeOrder(restaurantID)
        state = .picked(restaurantID: restaurantID)
    }
}

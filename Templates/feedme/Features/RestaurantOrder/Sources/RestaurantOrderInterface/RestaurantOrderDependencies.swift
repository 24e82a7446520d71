import Foundation

/// Where RestaurantOrder gets menus. The app provides one (backed by its API client or a
/// cache); tests and the example app use `StubRestaurantOrderRepository` from
/// RestaurantOrderTesting.
public protocol RestaurantOrderRepository: Sendable {
    /// The identifiers of the restaurants that take orders: what "Surprise me" picks from.
    /// RestaurantOrder loads them itself rather than asking Browse, so the two features stay
    /// independent (the article accepts this second request as the cost of MFEs).
    func fetchRestaurantIDs() async throws -> [String]
    /// The menu of the restaurant `restaurantID`; throws `MenuNotFound` when there is none.
    func fetchMenu(restaurantID: String) async throws -> Menu
}

/// No restaurant has the identifier a link or a tap asked for.
public struct MenuNotFound: LocalizedError, Hashable, Sendable {
    /// The identifier that names no restaurant.
    public var restaurantID: String

    /// Creates the error for `restaurantID`.
    public init(restaurantID: String) {
        self.restaurantID = restaurantID
    }

    public var errorDescription: String? {
        "This restaurant is not taking orders. Pick another one from the list."
    }
}

/// Everything RestaurantOrder needs from the app that hosts it, in one protocol the app's
/// composition root conforms to (the `BaseDependencies` pattern of the µFeatures
/// guidelines): adding a dependency later changes this protocol, not every initializer.
public protocol RestaurantOrderDependencies: Sendable {
    /// The source of the menus RestaurantOrder shows.
    func makeRestaurantOrderRepository() -> any RestaurantOrderRepository
    /// Where "Surprise me" gets its randomness; by default the system's generator.
    func makeRandomSource() -> any RandomSource
}

extension RestaurantOrderDependencies {
    public func makeRandomSource() -> any RandomSource {
        SystemRandomSource()
    }
}

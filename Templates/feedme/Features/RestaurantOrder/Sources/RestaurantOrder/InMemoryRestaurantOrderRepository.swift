import RestaurantOrderInterface

/// A `RestaurantOrderRepository` serving fixed menus: what the app uses until it wires
/// RestaurantOrder to a backend, and for offline or demo builds.
public struct InMemoryRestaurantOrderRepository: RestaurantOrderRepository {
    private let menus: [Menu]

    /// Creates a repository serving `menus`, one per restaurant.
    public init(menus: [Menu] = []) {
        self.menus = menus
    }

    public func fetchRestaurantIDs() async throws -> [String] {
        menus.map(\.restaurantID)
    }

    public func fetchMenu(restaurantID: String) async throws -> Menu {
        guard let menu = menus.first(where: { $0.restaurantID == restaurantID }) else {
            throw MenuNotFound(restaurantID: restaurantID)
        }
        return menu
    }
}

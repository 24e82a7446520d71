/// One restaurant's menu, as RestaurantOrder shows it: the restaurant the route named and the
/// MenuItems it serves, in display order.
public struct Menu: Identifiable, Hashable, Codable, Sendable {
    /// The restaurant's identifier: the `{id}` of `/restaurants/{id}`, Browse's `Restaurant.ID`.
    public var restaurantID: String
    /// The restaurant's name, shown over its menu.
    public var restaurantName: String
    /// What the restaurant serves.
    public var items: [MenuItem]

    /// The menu's identity is its restaurant's.
    public var id: String { restaurantID }

    /// Creates a menu.
    public init(restaurantID: String, restaurantName: String, items: [MenuItem]) {
        self.restaurantID = restaurantID
        self.restaurantName = restaurantName
        self.items = items
    }
}

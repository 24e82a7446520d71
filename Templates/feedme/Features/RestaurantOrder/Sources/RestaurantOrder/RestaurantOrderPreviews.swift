#if DEBUG
import RestaurantOrderInterface

// Xcode's preview data lives outside the SwiftUI guard so that every debug build, Linux's
// included, compiles it: a requirement added to RestaurantOrderDependencies and missing here
// fails `swift build`, not only the previews in Xcode.

/// Sample data for Xcode's previews; RestaurantOrderTesting's fixtures are for tests and the
/// example app, which this module must not depend on.
struct PreviewRestaurantOrderDependencies: RestaurantOrderDependencies {
    func makeRestaurantOrderRepository() -> any RestaurantOrderRepository {
        InMemoryRestaurantOrderRepository(menus: [
            Menu(restaurantID: "becky-s-burgers", restaurantName: "Becky's Burgers", items: [
                MenuItem(id: "cheeseburger", title: "Cheeseburger", subtitle: "$11.50 · Cheddar, pickles, house sauce"),
                MenuItem(id: "sweet-potato-fries", title: "Sweet Potato Fries", subtitle: "$4.50 · With chipotle mayo"),
            ]),
            Menu(restaurantID: "pizza-palace", restaurantName: "Pizza Palace", items: [
                MenuItem(id: "margherita", title: "Margherita", subtitle: "$13.00 · Tomato, mozzarella, basil"),
            ]),
        ])
    }
}

@MainActor
final class PreviewRestaurantOrderNavigator: RestaurantOrderNavigating {
    func navigate(to request: RestaurantOrderNavigationRequest) {}
}
#endif

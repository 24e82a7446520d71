import Browse
import BrowseInterface
import RestaurantOrder
import RestaurantOrderInterface
import About
import AboutInterface

/// The composition root: the one type that satisfies every feature's dependencies. Each
/// feature declares what it needs in its `…Dependencies` protocol; only the app decides how
/// it is provided, and changes here never ripple into the features.
public struct AppDependencies: Sendable {
    /// Where Browse gets its Restaurants: sample data until Browse is wired to a backend.
    public var browseRepository: any BrowseRepository = InMemoryBrowseRepository(restaurants: AppDependencies.sampleRestaurants)

    /// Where RestaurantOrder gets each restaurant's menu: sample data until RestaurantOrder is
    /// wired to a backend.
    public var restaurantOrderRepository: any RestaurantOrderRepository = InMemoryRestaurantOrderRepository(menus: AppDependencies.sampleMenus)

    /// Where "Surprise me" gets its randomness: the system's generator; tests pass a fixed one.
    public var randomSource: any RandomSource = SystemRandomSource()

    /// Creates the app's dependencies.
    public init() {}
}

extension AppDependencies: BrowseDependencies {
    public func makeBrowseRepository() -> any BrowseRepository {
        browseRepository
    }
}

extension AppDependencies {
    /// The Restaurants the app shows until Browse is wired to a backend.
    static let sampleRestaurants: [Restaurant] = [
        Restaurant(id: "becky-s-burgers", title: "Becky's Burgers", subtitle: "Burgers · Open until 23:00"),
        Restaurant(id: "pizza-palace", title: "Pizza Palace", subtitle: "Pizza · Wood-fired since 1998"),
        Restaurant(id: "curry-corner", title: "Curry Corner", subtitle: "Indian · Vegetarian friendly"),
    ]
}

extension AppDependencies: RestaurantOrderDependencies {
    public func makeRestaurantOrderRepository() -> any RestaurantOrderRepository {
        restaurantOrderRepository
    }

    public func makeRandomSource() -> any RandomSource {
        randomSource
    }
}

extension AppDependencies {
    /// Each sample restaurant's menu, until RestaurantOrder is wired to a backend.
    static let sampleMenus: [Menu] = [
        Menu(restaurantID: "becky-s-burgers", restaurantName: "Becky's Burgers", items: [
            MenuItem(id: "cheeseburger", title: "Cheeseburger", subtitle: "$11.50 · Cheddar, pickles, house sauce"),
            MenuItem(id: "sweet-potato-fries", title: "Sweet Potato Fries", subtitle: "$4.50 · With chipotle mayo"),
        ]),
        Menu(restaurantID: "pizza-palace", restaurantName: "Pizza Palace", items: [
            MenuItem(id: "margherita", title: "Margherita", subtitle: "$13.00 · Tomato, mozzarella, basil"),
            MenuItem(id: "diavola", title: "Diavola", subtitle: "$14.50 · Spicy salami, chili oil"),
        ]),
        Menu(restaurantID: "curry-corner", restaurantName: "Curry Corner", items: [
            MenuItem(id: "dal-makhani", title: "Dal Makhani", subtitle: "$12.00 · Black lentils, butter, cream"),
            MenuItem(id: "garlic-naan", title: "Garlic Naan", subtitle: "$3.50 · From the tandoor"),
        ]),
    ]
}

/// About shows the page of Env's configuration (`aboutPageURL`, in AppDependencies+Env.swift).
extension AppDependencies: AboutDependencies {}

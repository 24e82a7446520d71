import RestaurantOrder
import RestaurantOrderTesting

#if canImport(SwiftUI)
import SwiftUI

/// Runs RestaurantOrder on its own with RestaurantOrderTesting's data, to try it without the
/// app: both of its screens, as the article's example app shows them.
@main
struct RestaurantOrderExampleApp: App {
    private let builder = RestaurantOrderBuilder(dependencies: MockRestaurantOrderDependencies())
    private let navigator = RecordingRestaurantOrderNavigator()

    var body: some Scene {
        WindowGroup {
            TabView {
                NavigationStack {
                    builder.makeView(restaurantID: RestaurantOrderFixtures.beckysBurgers.restaurantID, navigator: navigator)
                }
                .tabItem { Label("Order", systemImage: "fork.knife") }
                NavigationStack {
                    builder.makeRandomOrderView(navigator: navigator)
                }
                .tabItem { Label("Surprise me", systemImage: "shuffle") }
            }
        }
    }
}
#else
/// Runs RestaurantOrder on its own with RestaurantOrderTesting's data. Without SwiftUI (Linux),
/// it drives the models from the command line: each restaurant's menu, then "Surprise me".
@main
enum RestaurantOrderExample {
    @MainActor
    static func main() async {
        let navigator = RecordingRestaurantOrderNavigator()
        let builder = RestaurantOrderBuilder(dependencies: MockRestaurantOrderDependencies())
        for restaurant in RestaurantOrderFixtures.menus {
            let model = builder.makeModel(restaurantID: restaurant.restaurantID, navigator: navigator)
            await model.load()
            guard case .loaded(let menu) = model.state else {
                print("/restaurants/\(restaurant.restaurantID): \(model.state)")
                continue
            }
            print("/restaurants/\(menu.restaurantID) shows \(menu.restaurantName)'s \(menu.items.count) MenuItems:")
            for menuItem in menu.items {
                print("  \(menuItem.title) - \(menuItem.subtitle)")
            }
        }
        let surprise = builder.makeRandomOrderModel(navigator: navigator)
        await surprise.load()
        print("Surprise me: \(surprise.state)")
    }
}
#endif

import RestaurantOrder
import RestaurantOrderTesting
import SwiftUI

/// RestaurantOrder on its own on an iPhone or iPad, with RestaurantOrderTesting's data: the iOS
/// app that `RestaurantOrderExample.xcodeproj` builds from this folder (open it in Xcode 16 and
/// run the `RestaurantOrderExampleApp` scheme). Both screens, as the article's example app
/// shows them. `swift run RestaurantOrderExample` stays the Linux and macOS path.
@main
struct ExampleApp: App {
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

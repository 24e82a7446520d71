#if DEBUG
import Testing

@testable import RestaurantOrder

/// Xcode's previews get their data from `PreviewRestaurantOrderDependencies`, compiled on every
/// platform in debug builds; these tests check it still serves the screens the previews show.
@MainActor
@Suite("RestaurantOrder previews")
struct RestaurantOrderPreviewTests {
    @Test func previewsShowAMenuAndAnUnknownRestaurant() async {
        let builder = RestaurantOrderBuilder(dependencies: PreviewRestaurantOrderDependencies())
        let menu = builder.makeModel(restaurantID: "becky-s-burgers", navigator: PreviewRestaurantOrderNavigator())
        await menu.load()
        guard case .loaded(let shown) = menu.state else {
            Issue.record("the preview shows '\(menu.state)', not a menu")
            return
        }
        #expect(!shown.items.isEmpty)
        let unknown = builder.makeModel(restaurantID: "closed-for-good", navigator: PreviewRestaurantOrderNavigator())
        await unknown.load()
        #expect(unknown.state == .failed(message: "This restaurant is not taking orders. Pick another one from the list."))
    }
}
#endif

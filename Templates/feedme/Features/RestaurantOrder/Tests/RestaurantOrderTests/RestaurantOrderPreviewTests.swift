#if DEBUG
import Foundation
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

/// The String Catalog holds every word RestaurantOrder shows people, so a translator sees them
/// all, and the screens take them from the package's bundle, not the app's.
@Suite("RestaurantOrder strings")
struct RestaurantOrderStringTests {
    @Test func theStringCatalogHasEveryStringTheCodeUses() throws {
        let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RestaurantOrder/Resources/Localizable.xcstrings")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: catalog)) as? [String: Any]
        #expect(json?["sourceLanguage"] as? String == "en")
        let keys = Set((json?["strings"] as? [String: Any] ?? [:]).keys)
        #expect(keys == Set(RestaurantOrderStrings.keys))
        #expect(RestaurantOrderStrings.keys.count == Set(RestaurantOrderStrings.keys).count, "each key once")
        #expect(RestaurantOrderStrings.surpriseMe == "Surprise me", "English is the development language")
    }
}
#endif

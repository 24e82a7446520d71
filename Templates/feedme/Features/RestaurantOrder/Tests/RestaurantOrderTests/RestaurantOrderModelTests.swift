import Foundation
import RestaurantOrder
import RestaurantOrderTesting
import Testing

/// An error with no words for people, as a low-level client might throw.
struct Unexplained: Error {}

@MainActor
@Suite("Order screen")
struct RestaurantOrderModelTests {
    func model(_ restaurantID: String, repository: StubRestaurantOrderRepository = StubRestaurantOrderRepository(), navigator: RecordingRestaurantOrderNavigator = RecordingRestaurantOrderNavigator()) -> RestaurantOrderModel {
        RestaurantOrderBuilder(dependencies: MockRestaurantOrderDependencies(repository: repository)).makeModel(restaurantID: restaurantID, navigator: navigator)
    }

    @Test func startsLoading() {
        #expect(model("pizza-palace").state == .loading)
    }

    @Test(arguments: RestaurantOrderFixtures.menus.indices)
    func showsTheMenuOfTheRestaurantTheRouteNames(index: Int) async {
        let menu = RestaurantOrderFixtures.menus[index]
        let model = model(menu.restaurantID)
        await model.load()
        #expect(model.restaurantID == menu.restaurantID)
        #expect(model.state == .loaded(menu))
    }

    @Test func saysPlainlyWhenNoRestaurantHasTheID() async {
        let model = model("closed-for-good")
        await model.load()
        #expect(model.state == .failed(message: "This restaurant is not taking orders. Pick another one from the list."))
    }

    @Test func reportsAFailedLoad() async {
        let model = model("pizza-palace", repository: .failing)
        await model.load()
        #expect(model.state == .failed(message: "The menus could not be loaded (the stub was told to fail)."))
    }

    @Test func showsPeopleASentenceNotAnErrorsDump() async {
        let model = model("pizza-palace", repository: .failing(with: Unexplained()))
        await model.load()
        #expect(model.state == .failed(message: "The menu could not be loaded. Check your connection and try again."))
    }

    @Test(arguments: [CancellationError() as any Error & Sendable, URLError(.cancelled)])
    func aCancelledLoadIsNotAFailure(error: any Error & Sendable) async {
        let model = model("pizza-palace", repository: .failing(with: error))
        await model.load()
        #expect(model.state == .loading)
    }

    @Test func aCancelledReloadKeepsTheMenuShown() async {
        let model = model("pizza-palace")
        await model.load()
        let task = Task { await model.load() }
        task.cancel()
        await task.value
        #expect(model.state == .loaded(RestaurantOrderFixtures.pizzaPalace))
    }

    @Test func comingBackToTheScreenKeepsTheMenuWithoutLoadingAgain() async {
        let model = model("pizza-palace")
        await model.loadIfNeeded()
        #expect(model.state == .loaded(RestaurantOrderFixtures.pizzaPalace))
        #expect(!model.isRefreshing)
        await model.loadIfNeeded()
        #expect(model.state == .loaded(RestaurantOrderFixtures.pizzaPalace))
    }

    @Test func delegatesNavigationToTheApp() throws {
        let navigator = RecordingRestaurantOrderNavigator()
        let model = model("pizza-palace", navigator: navigator)
        let item = try #require(RestaurantOrderFixtures.pizzaPalace.items.first)
        model.select(item)
        #expect(navigator.requests == [.openMenuItem(item.id)])
    }
}

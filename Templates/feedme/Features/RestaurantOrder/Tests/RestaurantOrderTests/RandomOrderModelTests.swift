import Foundation
import RestaurantOrder
import RestaurantOrderTesting
import Testing

@MainActor
@Suite("Surprise me")
struct RandomOrderModelTests {
    func model(repository: StubRestaurantOrderRepository = StubRestaurantOrderRepository(), random: [Int]) -> RandomOrderModel {
        let dependencies = MockRestaurantOrderDependencies(repository: repository, random: SequenceRandomSource(random))
        return RestaurantOrderBuilder(dependencies: dependencies).makeRandomOrderModel(navigator: RecordingRestaurantOrderNavigator())
    }

    @Test func startsLoading() {
        let model = model(random: [0])
        #expect(model.state == .loading)
        #expect(model.order == nil)
    }

    @Test(arguments: RestaurantOrderFixtures.menus.indices)
    func picksTheRestaurantTheRandomSourceChoosesAndShowsItsMenu(index: Int) async throws {
        let menu = RestaurantOrderFixtures.menus[index]
        let model = model(random: [index])
        await model.load()
        #expect(model.state == .picked(restaurantID: menu.restaurantID))
        let order = try #require(model.order)
        await order.load()
        #expect(order.state == .loaded(menu))
    }

    @Test func pickingAgainNeverShowsTheSameRestaurant() async {
        let model = model(random: [0, 0, 1])
        await model.load()
        #expect(model.state == .picked(restaurantID: "becky-s-burgers"))
        model.pickAgain()
        #expect(model.state == .picked(restaurantID: "pizza-palace"))
        #expect(model.order?.restaurantID == "pizza-palace")
        model.pickAgain()
        #expect(model.state == .picked(restaurantID: "curry-corner"))
    }

    @Test func comingBackToTheTabKeepsThePick() async {
        let model = model(random: [2, 0])
        await model.load()
        await model.load()
        #expect(model.state == .picked(restaurantID: "curry-corner"))
    }

    @Test func withOneRestaurantThereIsNothingElseToPick() async {
        let model = model(repository: StubRestaurantOrderRepository(menus: [RestaurantOrderFixtures.pizzaPalace]), random: [0])
        await model.load()
        #expect(!model.canPickAgain)
        model.pickAgain()
        #expect(model.state == .picked(restaurantID: "pizza-palace"))
    }

    @Test func saysSoWhenNoRestaurantTakesOrders() async {
        let model = model(repository: StubRestaurantOrderRepository(menus: []), random: [0])
        await model.load()
        #expect(model.state == .empty)
        #expect(model.order == nil)
    }

    @Test func reportsAFailedLoadInWordsForPeople() async {
        let failing = model(repository: .failing, random: [0])
        await failing.load()
        #expect(failing.state == .failed(message: "The menus could not be loaded (the stub was told to fail)."))
        let unexplained = model(repository: .failing(with: Unexplained()), random: [0])
        await unexplained.load()
        #expect(unexplained.state == .failed(message: "No restaurant could be picked. Check your connection and try again."))
    }

    @Test(arguments: [CancellationError() as any Error & Sendable, URLError(.cancelled)])
    func aCancelledLoadIsNotAFailure(error: any Error & Sendable) async {
        let model = model(repository: .failing(with: error), random: [0])
        await model.load()
        #expect(model.state == .loading)
    }

    @Test func theSystemSourceStaysInBounds() {
        var source = MockRestaurantOrderDependencies().makeRandomSource()
        for bound in 1...20 {
            #expect((0..<bound).contains(source.index(below: bound)))
        }
    }
}

import Env
import RestaurantOrderInterface

/// Builds RestaurantOrder from the dependencies the app provides. The app keeps one builder and
/// asks it for screens; everything else in this module is internal, so the app never depends on
/// how RestaurantOrder works inside. RestaurantOrder has two screens, as in the article: the
/// order screen of the restaurant a route names, and "Surprise me", which picks one.
public struct RestaurantOrderBuilder: Sendable {
    private let dependencies: any RestaurantOrderDependencies

    /// Creates a builder that takes what RestaurantOrder needs from `dependencies`.
    public init(dependencies: any RestaurantOrderDependencies) {
        self.dependencies = dependencies
    }

    /// The state and logic of the order screen of the restaurant `restaurantID` (the `{id}` of
    /// `/restaurants/{id}`), independent of any UI framework; navigation requests go to
    /// `navigator`.
    @MainActor
    public func makeModel(restaurantID: String, navigator: any RestaurantOrderNavigating) -> RestaurantOrderModel {
        RestaurantOrderModel(restaurantID: restaurantID, repository: dependencies.makeRestaurantOrderRepository(), navigator: navigator)
    }

    /// The state and logic of "Surprise me": a random restaurant's order screen.
    @MainActor
    public func makeRandomOrderModel(navigator: any RestaurantOrderNavigating) -> RandomOrderModel {
        let repository = dependencies.makeRestaurantOrderRepository()
        return RandomOrderModel(repository: repository, random: dependencies.makeRandomSource()) { restaurantID in
            RestaurantOrderModel(restaurantID: restaurantID, repository: repository, navigator: navigator)
        }
    }
}

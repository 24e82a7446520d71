#if canImport(SwiftUI)
import SwiftUI
import RestaurantOrderInterface

/// The order screen of one restaurant: renders `RestaurantOrderModel` and forwards taps to it.
/// The screen owns its model (`@State`), so when the app redraws it, it keeps what it loaded
/// instead of starting over with a new model.
struct RestaurantOrderView: View {
    @State private var model: RestaurantOrderModel

    init(model: RestaurantOrderModel) {
        _model = State(initialValue: model)
    }

    var body: some View {
        content
            .navigationTitle(title)
            .task { await model.loadIfNeeded() }
    }

    private var title: String {
        if case .loaded(let menu) = model.state { return menu.restaurantName }
        return RestaurantOrderStrings.menu
    }

    @ViewBuilder
    private var content: some View {
        switch model.state {
        case .loading:
            ProgressView()
                .accessibilityLabel(Text(RestaurantOrderStrings.loadingMenu))
        case .loaded(let menu):
            List(menu.items) { menuItem in
                Button {
                    model.select(menuItem)
                } label: {
                    VStack(alignment: .leading) {
                        Text(menuItem.title)
                            .font(.headline)
                        Text(menuItem.subtitle)
                            .font(.subheadline)
                            .foregroundStyle(.secondary)
                    }
                }
            }
            .refreshable { await model.load() }
        case .failed(let message):
            ContentUnavailableView {
                Label(RestaurantOrderStrings.menuUnavailable, systemImage: "exclamationmark.triangle")
            } description: {
                Text(message)
            } actions: {
                Button(RestaurantOrderStrings.tryAgain) {
                    Task { await model.load() }
                }
            }
        }
    }
}

extension RestaurantOrderBuilder {
    /// The order screen of the restaurant `restaurantID`, for the app to push when a route
    /// names it; navigation requests go to `navigator`.
    @MainActor
    public func makeView(restaurantID: String, navigator: any RestaurantOrderNavigating) -> some View {
        RestaurantOrderView(model: makeModel(restaurantID: restaurantID, navigator: navigator))
    }

    /// "Surprise me": a random restaurant's order screen, for the app's tab.
    @MainActor
    public func makeRandomOrderView(navigator: any RestaurantOrderNavigating) -> some View {
        RandomOrderView(model: makeRandomOrderModel(navigator: navigator))
    }
}

#if DEBUG
#Preview("Order") {
    NavigationStack {
        RestaurantOrderBuilder(dependencies: PreviewRestaurantOrderDependencies())
            .makeView(restaurantID: "becky-s-burgers", navigator: PreviewRestaurantOrderNavigator())
    }
}

#Preview("Unknown restaurant") {
    NavigationStack {
        RestaurantOrderBuilder(dependencies: PreviewRestaurantOrderDependencies())
            .makeView(restaurantID: "closed-for-good", navigator: PreviewRestaurantOrderNavigator())
    }
}
#endif
#endif

#if canImport(SwiftUI)
import SwiftUI
import RestaurantOrderInterface

/// "Surprise me": renders `RandomOrderModel`, showing the order screen of the restaurant it
/// picked, with a button to pick another. The screen owns its model (`@State`).
struct RandomOrderView: View {
    @State private var model: RandomOrderModel

    init(model: RandomOrderModel) {
        _model = State(initialValue: model)
    }

    var body: some View {
        content
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button(RestaurantOrderStrings.surpriseMeAgain, systemImage: "shuffle") {
                        model.pickAgain()
                    }
                    .disabled(!model.canPickAgain)
                }
            }
            .task { await model.load() }
    }

    @ViewBuilder
    private var content: some View {
        switch model.state {
        case .loading:
            ProgressView()
                .accessibilityLabel(Text(RestaurantOrderStrings.picking))
                .navigationTitle(RestaurantOrderStrings.surpriseMe)
        case .picked(let restaurantID):
            if let order = model.order {
                // A new identity per pick, so the order screen adopts the new restaurant's model.
                RestaurantOrderView(model: order)
                    .id(restaurantID)
            }
        case .empty:
            ContentUnavailableView(RestaurantOrderStrings.nothingToPick, systemImage: "fork.knife", description: Text(RestaurantOrderStrings.nothingToPickMessage))
                .navigationTitle(RestaurantOrderStrings.surpriseMe)
        case .failed(let message):
            ContentUnavailableView {
                Label(RestaurantOrderStrings.surpriseMeUnavailable, systemImage: "exclamationmark.triangle")
            } description: {
                Text(message)
            } actions: {
                Button(RestaurantOrderStrings.tryAgain) {
                    Task { await model.load() }
                }
            }
            .navigationTitle(RestaurantOrderStrings.surpriseMe)
        }
    }
}

#if DEBUG
#Preview("Surprise me") {
    NavigationStack {
        RestaurantOrderBuilder(dependencies: PreviewRestaurantOrderDependencies())
            .makeRandomOrderView(navigator: PreviewRestaurantOrderNavigator())
    }
}
#endif
#endif

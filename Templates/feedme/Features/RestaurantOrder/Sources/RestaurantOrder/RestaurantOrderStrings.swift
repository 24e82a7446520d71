import Foundation

/// RestaurantOrder's words for people, localized from its String Catalog
/// (`Resources/Localizable.xcstrings`; English is the development language). A literal in a
/// SwiftUI view would be looked up in the app's bundle, not this package's, so the screens
/// take every word from here. Platform-neutral, so the models and their tests on Linux use the
/// words the screens show; the catalog is the one place a translator edits.
enum RestaurantOrderStrings {
    /// The order screen's title until the restaurant's name is known.
    static var menu: String { NSLocalizedString("Menu", bundle: .module, comment: "Title of the order screen while the menu loads") }
    /// What VoiceOver says of the spinner while the menu loads.
    static var loadingMenu: String { NSLocalizedString("Loading the menu", bundle: .module, comment: "Accessibility label of the spinner while the menu loads") }
    /// The title of the message shown when the menu cannot be loaded.
    static var menuUnavailable: String { NSLocalizedString("The menu is unavailable", bundle: .module, comment: "Title shown when the menu cannot load") }
    /// Why the menu cannot be loaded, when the error has no words of its own.
    static var menuUnavailableMessage: String {
        NSLocalizedString("The menu could not be loaded. Check your connection and try again.", bundle: .module, comment: "Shown when the menu cannot load")
    }
    /// The button that loads again.
    static var tryAgain: String { NSLocalizedString("Try Again", bundle: .module, comment: "Button that loads the menu or the restaurants again") }
    /// The title of "Surprise me", the screen that picks a restaurant.
    static var surpriseMe: String { NSLocalizedString("Surprise me", bundle: .module, comment: "Title of the screen that picks a random restaurant") }
    /// The button that picks another restaurant.
    static var surpriseMeAgain: String { NSLocalizedString("Surprise me again", bundle: .module, comment: "Button that picks another random restaurant") }
    /// What VoiceOver says of the spinner while "Surprise me" picks.
    static var picking: String { NSLocalizedString("Picking a restaurant", bundle: .module, comment: "Accessibility label of the spinner while a restaurant is picked") }
    /// The title shown when no restaurant takes orders.
    static var nothingToPick: String { NSLocalizedString("Nothing to pick", bundle: .module, comment: "Title shown when no restaurant takes orders") }
    /// Why there is nothing to pick.
    static var nothingToPickMessage: String { NSLocalizedString("No restaurant is taking orders right now.", bundle: .module, comment: "Shown when no restaurant takes orders") }
    /// The title of the message shown when "Surprise me" cannot pick.
    static var surpriseMeUnavailable: String { NSLocalizedString("Surprise me is unavailable", bundle: .module, comment: "Title shown when no restaurant could be picked") }
    /// Why no restaurant could be picked, when the error has no words of its own.
    static var pickFailedMessage: String {
        NSLocalizedString("No restaurant could be picked. Check your connection and try again.", bundle: .module, comment: "Shown when the restaurants cannot load")
    }

    /// Every key of the String Catalog, as the code uses them: RestaurantOrderTests check the
    /// catalog has each.
    static let keys = [
        "Menu", "Loading the menu", "The menu is unavailable", "The menu could not be loaded. Check your connection and try again.", "Try Again", "Surprise me", "Surprise me again",
        "Picking a restaurant", "Nothing to pick", "No restaurant is taking orders right now.", "Surprise me is unavailable",
        "No restaurant could be picked. Check your connection and try again.",
    ]
}

import RestaurantOrderInterface

/// Sample menus for tests, previews and the example app: one per restaurant of Browse's
/// fixtures, so a restaurant picked in Browse opens its own menu.
public enum RestaurantOrderFixtures {
    /// Becky's Burgers' menu.
    public static let beckysBurgers = Menu(restaurantID: "becky-s-burgers", restaurantName: "Becky's Burgers", items: [
        MenuItem(id: "cheeseburger", title: "Cheeseburger", subtitle: "$11.50 · Cheddar, pickles, house sauce"),
        MenuItem(id: "sweet-potato-fries", title: "Sweet Potato Fries", subtitle: "$4.50 · With chipotle mayo"),
        MenuItem(id: "chocolate-shake", title: "Chocolate Shake", subtitle: "$6.00 · Made with vanilla ice cream"),
    ])

    /// Pizza Palace's menu.
    public static let pizzaPalace = Menu(restaurantID: "pizza-palace", restaurantName: "Pizza Palace", items: [
        MenuItem(id: "margherita", title: "Margherita", subtitle: "$13.00 · Tomato, mozzarella, basil"),
        MenuItem(id: "diavola", title: "Diavola", subtitle: "$14.50 · Spicy salami, chili oil"),
    ])

    /// Curry Corner's menu.
    public static let curryCorner = Menu(restaurantID: "curry-corner", restaurantName: "Curry Corner", items: [
        MenuItem(id: "dal-makhani", title: "Dal Makhani", subtitle: "$12.00 · Black lentils, butter, cream"),
        MenuItem(id: "chana-masala", title: "Chana Masala", subtitle: "$11.00 · Chickpeas, tomato, ginger"),
        MenuItem(id: "garlic-naan", title: "Garlic Naan", subtitle: "$3.50 · From the tandoor"),
    ])

    /// Every restaurant's menu, in display order.
    public static let menus: [Menu] = [beckysBurgers, pizzaPalace, curryCorner]
}

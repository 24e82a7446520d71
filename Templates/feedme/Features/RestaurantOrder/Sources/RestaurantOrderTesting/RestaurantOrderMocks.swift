import Foundation
import RestaurantOrderInterface

/// A `RestaurantOrderRepository` that serves fixed menus or fails, for tests and the example app.
public struct StubRestaurantOrderRepository: RestaurantOrderRepository {
    /// The error a failing stub throws, with words for people as a real client's errors have.
    public struct Failure: LocalizedError, Equatable {
        /// Creates the error.
        public init() {}

        public var errorDescription: String? { "The menus could not be loaded (the stub was told to fail)." }
    }

    private let menus: [Menu]
    private let error: (any Error & Sendable)?

    /// Creates a stub serving `menus`.
    public init(menus: [Menu] = RestaurantOrderFixtures.menus) {
        self.menus = menus
        error = nil
    }

    private init(error: any Error & Sendable) {
        menus = []
        self.error = error
    }

    /// A stub whose every fetch throws `Failure`.
    public static var failing: StubRestaurantOrderRepository { StubRestaurantOrderRepository(error: Failure()) }

    /// A stub whose every fetch throws `error`: a network error, `CancellationError` or
    /// `URLError(.cancelled)`.
    public static func failing(with error: any Error & Sendable) -> StubRestaurantOrderRepository {
        StubRestaurantOrderRepository(error: error)
    }

    public func fetchRestaurantIDs() async throws -> [String] {
        if let error { throw error }
        return menus.map(\.restaurantID)
    }

    public func fetchMenu(restaurantID: String) async throws -> Menu {
        if let error { throw error }
        guard let menu = menus.first(where: { $0.restaurantID == restaurantID }) else {
            throw MenuNotFound(restaurantID: restaurantID)
        }
        return menu
    }
}

/// A `RandomSource` that returns fixed indices in turn (each reduced below the bound asked
/// for), so tests decide what "Surprise me" picks.
public struct SequenceRandomSource: RandomSource {
    private let indices: [Int]
    private var next = 0

    /// Creates a source returning `indices` in turn, starting over after the last; `[0]` when empty.
    public init(_ indices: [Int]) {
        self.indices = indices.isEmpty ? [0] : indices
    }

    public mutating func index(below upperBound: Int) -> Int {
        defer { next = (next + 1) % indices.count }
        return ((indices[next] % upperBound) + upperBound) % upperBound
    }
}

/// `RestaurantOrderDependencies` backed by stubs: what tests and the example app hand to
/// `RestaurantOrderBuilder`.
public struct MockRestaurantOrderDependencies: RestaurantOrderDependencies {
    /// The repository `makeRestaurantOrderRepository()` returns.
    public var repository: any RestaurantOrderRepository
    /// The randomness "Surprise me" uses.
    public var random: any RandomSource

    /// Creates dependencies serving `repository` (by default the fixtures) and picking with
    /// `random`: the system's generator by default; a `SequenceRandomSource` decides the picks.
    public init(repository: any RestaurantOrderRepository = StubRestaurantOrderRepository(), random: any RandomSource = SystemRandomSource()) {
        self.repository = repository
        self.random = random
    }

    public func makeRestaurantOrderRepository() -> any RestaurantOrderRepository {
        repository
    }

    public func makeRandomSource() -> any RandomSource {
        random
    }
}

/// Records RestaurantOrder's navigation requests instead of performing them.
@MainActor
public final class RecordingRestaurantOrderNavigator: RestaurantOrderNavigating {
    /// The requests received, oldest first.
    public private(set) var requests: [RestaurantOrderNavigationRequest] = []

    /// Creates a navigator with no requests yet.
    public init() {}

    public func navigate(to request: RestaurantOrderNavigationRequest) {
        requests.append(request)
    }
}

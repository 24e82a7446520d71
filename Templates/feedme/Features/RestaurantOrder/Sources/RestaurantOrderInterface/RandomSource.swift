/// Where "Surprise me" gets its randomness: the system's generator in the app, a fixed
/// sequence in tests (`SequenceRandomSource` in RestaurantOrderTesting), so what it picks can
/// be checked on any platform.
public protocol RandomSource: Sendable {
    /// A number in `0..<upperBound`; `upperBound` is at least 1.
    mutating func index(below upperBound: Int) -> Int
}

/// The system's random number generator.
public struct SystemRandomSource: RandomSource {
    /// Creates the source.
    public init() {}

    public mutating func index(below upperBound: Int) -> Int {
        Int.random(in: 0..<upperBound)
    }
}

/// Maps link paths to destinations with patterns such as `/restaurants/{id}`, the way the
/// Feed Me article's router matches routes: the first registered pattern that matches wins.
public struct Router<Destination: Sendable>: Sendable {
    /// The values of a pattern's `{name}` segments, by name.
    public typealias Parameters = [String: String]

    private struct Route: Sendable {
        var segments: [Substring]
        var destination: @Sendable (Parameters) -> Destination
    }

    private var routes: [Route] = []

    /// Creates a router with no routes.
    public init() {}

    /// Routes paths matching `pattern` (`/restaurants/{id}`) to `destination`, which receives
    /// the `{name}` segments' values.
    public mutating func register(_ pattern: String, to destination: @escaping @Sendable (Parameters) -> Destination) {
        routes.append(Route(segments: Self.segments(of: pattern), destination: destination))
    }

    /// The destination of the first pattern matching `path`, or nil when none does.
    public func destination(for path: String) -> Destination? {
        let segments = Self.segments(of: path)
        for route in routes where route.segments.count == segments.count {
            var parameters: Parameters = [:]
            let matches = zip(route.segments, segments).allSatisfy { pattern, segment in
                if pattern.hasPrefix("{") && pattern.hasSuffix("}") {
                    parameters[String(pattern.dropFirst().dropLast())] = String(segment)
                    return true
                }
                return pattern == segment
            }
            if matches { return route.destination(parameters) }
        }
        return nil
    }

    /// The non-empty segments of a path, without its query or fragment.
    private static func segments(of path: String) -> [Substring] {
        let end = path.firstIndex { $0 == "?" || $0 == "#" } ?? path.endIndex
        return path[..<end].split(separator: "/")
    }
}

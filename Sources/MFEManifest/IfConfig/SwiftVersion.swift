/// A version in an `#if` condition (`swift(>=5.9)`, `compiler(<6.2)`, `canImport(M, _version: 1.2)`):
/// dot-separated numbers that compare with trailing zeros ignored, so `6.0` is not below `6`.
package struct SwiftVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, most significant first; never empty.
    package var components: [Int]

    /// Creates `first.rest…`.
    package init(_ first: Int, _ rest: Int...) {
        components = [first] + rest
    }

    /// Creates the version of `components` (at least one).
    package init(components: [Int]) {
        precondition(!components.isEmpty, "a version has at least one component")
        self.components = components
    }

    /// The version written `text` (`5.9`, `6.0.1`), or nil when a component is not a number or is
    /// empty, as the compiler refuses it.
    package init?(parsing text: some StringProtocol) {
        var components: [Int] = []
        for component in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard let number = Int(component) else { return nil }
            components.append(number)
        }
        guard !components.isEmpty else { return nil }
        self.components = components
    }

    /// The components without trailing zeros (but the first), which is what comparison sees.
    private var significant: ArraySlice<Int> {
        var end = components.count
        while end > 1, components[end - 1] == 0 { end -= 1 }
        return components[..<end]
    }

    /// Earlier by the first differing significant component; a shorter version precedes a longer
    /// one it is a prefix of.
    package static func < (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool {
        lhs.significant.lexicographicallyPrecedes(rhs.significant)
    }

    /// The components joined by dots, as written.
    package var description: String { components.map(String.init).joined(separator: ".") }
}

/// The byte order `_endian(big|little)` tests.
package enum ByteOrder: String, Sendable, Hashable {
    /// Least significant byte first (x86_64, arm64).
    case little
    /// Most significant byte first.
    case big
}

import Foundation

extension ManifestFidelity {
    /// The keys whose lists SwiftPM keeps in a `Set` and prints in a new order on each run.
    static let setKeys: Set<String> = ["traits", "enabledTraits"]

    /// Whether two `dump-package` outputs are the same text except for the order of what
    /// SwiftPM keeps in sets: the same values once those lists are sorted, and the same lines
    /// (spacing, key order, escaping), counted regardless of where a set put them.
    package static func sameDump(_ first: String, _ second: String) -> Bool {
        if first == second { return true }
        guard let one = setsSorted(first), let other = setsSorted(second), one == other else { return false }
        return lines(of: first) == lines(of: second)
    }

    /// The lines of `text` sorted, each without the comma that ends all but the last element
    /// of a list (which a set's order moves).
    private static func lines(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix(",") ? $0.dropLast() : $0 }.sorted()
    }

    /// The JSON of `text` with every list under a set key sorted, keys sorted, compact: one
    /// text for every order a set was printed in.
    static func setsSorted(_ text: String) -> String? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
        return canonical(sortingSets(value, key: nil))
    }

    private static func sortingSets(_ value: Any, key: String?) -> Any {
        if let object = value as? [String: Any] {
            return object.reduce(into: [String: Any]()) { $0[$1.key] = sortingSets($1.value, key: $1.key) }
        }
        if let list = value as? [Any] {
            let items = list.map { sortingSets($0, key: nil) }
            guard let key, setKeys.contains(key) else { return items }
            return items.sorted { canonical($0) < canonical($1) }
        }
        return value
    }

    private static func canonical(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}

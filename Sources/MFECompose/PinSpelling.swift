import Foundation
import MFEManifest

/// Which spelling of a package's location `Package.resolved` records when dependents spell it
/// differently (`…/swift-algorithms` and `…/swift-algorithms.git`, `https://` and `git@`),
/// as SwiftPM 6.3.1 decides it:
/// - `DependencyManifests.requiredPackages` walks the graph from the root and keeps the first
///   spelling it meets; a later one with the same canonical location replaces it by whichever
///   string is greater, unless the kept one is the root's own spelling;
/// - the pin is the resolver's container (made for the first dependent decided) when it has
///   the same canonical location and scheme as that spelling, else that spelling.
enum PinSpelling {
    static func location(resolver: PackageLocation, spellings: [PackageLocation], declaredByRoot: Bool) -> PackageLocation {
        guard var required = spellings.first else { return resolver }
        for next in spellings.dropFirst() where next.location != required.location {
            guard canonical(next.location).description == canonical(required.location).description else { continue }
            if declaredByRoot { continue }
            if next.location > required.location { required = next }
        }
        let a = canonical(resolver.location)
        let b = canonical(required.location)
        return a.description == b.description && a.scheme == b.scheme ? resolver : required
    }

    /// SwiftPM's `CanonicalPackageLocation` / `CanonicalPackageURL`: lowercased, without
    /// scheme, user, port, query and fragment, `scp`-style `host:path` as `host/path`, no
    /// `.git` suffix; the scheme kept aside (`ssh` for `git@host:…`, `file` for paths).
    static func canonical(_ string: String) -> (description: String, scheme: String?) {
        var description = string.precomposedStringWithCanonicalMapping.lowercased()
        var detectedScheme: String?
        if let range = description.range(of: "://"), description[..<range.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }), !description[..<range.lowerBound].isEmpty {
            detectedScheme = String(description[..<range.lowerBound])
            description = String(description[range.upperBound...])
        }
        var scheme = detectedScheme
        if let at = description.firstIndex(of: "@"), description[..<at].firstIndex(of: "/") == nil {
            let user = String(description[..<at].split(separator: ":", maxSplits: 1).first ?? "")
            description = String(description[description.index(after: at)...])
            description = description.replacingOccurrences(of: "/~/", with: "/~\(user)/")
            if user == "git", scheme == nil { scheme = "ssh" }
        }
        if let hash = description.firstIndex(of: "#") { description = String(description[..<hash]) }
        if let query = description.firstIndex(of: "?") { description = String(description[..<query]) }
        // A port (`host:443/…`) goes; an scp-style `host:path` becomes `host/path`.
        if let colon = description.firstIndex(of: ":"), description[..<colon].firstIndex(of: "/") == nil {
            let rest = description[description.index(after: colon)...]
            let digits = rest.prefix { $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).first == "/" || rest.count == digits.count {
                description = String(description[..<colon]) + String(rest.dropFirst(digits.count))
            } else if detectedScheme == nil || detectedScheme == "ssh" {
                description = String(description[..<colon]) + "/" + rest
            }
        }
        var components = description.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map { String($0).removingPercentEncoding ?? String($0) }
        var last = components.popLast() ?? ""
        if last.hasSuffix(".git") { last.removeLast(4) }
        components.append(last)
        description = components.joined(separator: "/")
        if detectedScheme == "file" || string.hasPrefix("/") || string.hasPrefix("\\") {
            scheme = "file"
            description = "/" + description
        }
        return (description, scheme)
    }
}

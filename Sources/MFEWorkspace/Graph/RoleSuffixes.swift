import MFECore
import MFEManifest

/// The role suffixes of a workspace (`roles:` in the workspace `mfe.yml`): which name endings
/// make a target an interface, testing, example or source target, and so what its *stem* is.
///
/// The defaults are `Interface`, `Testing`, `Example` and none for source. A team whose
/// interfaces end in `Client` and implementations in `ClientLive` says so, and `ApiClient`
/// becomes the interface and `ApiClientLive` the source of the feature `Api`. The longest
/// matching suffix wins.
package struct RoleSuffixes: Sendable, Equatable {
    /// Suffixes of interface targets.
    package var interface: [String]
    /// Suffixes of testing targets (mocks, fixtures).
    package var testing: [String]
    /// Suffixes of example apps (executable targets only).
    package var example: [String]
    /// Suffixes of source targets, stripped to find the stem (none by default).
    package var source: [String]

    /// The defaults: `Interface`, `Testing`, `Example`, and no source suffix.
    package static let standard = RoleSuffixes(interface: ["Interface"], testing: ["Testing"], example: ["Example"], source: [])

    /// The suffix a test target's name ends in; stripped before the role suffixes.
    package static let testsSuffix = "Tests"

    /// Creates role suffixes.
    package init(interface: [String], testing: [String], example: [String], source: [String]) {
        self.interface = interface
        self.testing = testing
        self.example = example
        self.source = source
    }

    /// The suffixes of `role` (`Tests` for tests).
    package func suffixes(of role: Role) -> [String] {
        switch role {
        case .source: return source
        case .interface: return interface
        case .testing: return testing
        case .example: return example
        case .tests: return [Self.testsSuffix]
        }
    }

    /// The role and stem of a target named `name` of kind `kind`: a test target is tests
    /// (its stem is its name without `Tests`, then without any role suffix); an executable
    /// ending in an example suffix is example; else the longest matching interface, testing or
    /// source suffix decides, and a name with none is source. A name that *is* a suffix keeps
    /// the suffix's role but is its own stem.
    package func classify(_ name: String, kind: Target.Kind) -> (role: Role, stem: String) {
        if kind == .test {
            let base = Self.strip(Self.testsSuffix, from: name) ?? name
            let match = longestMatch(in: base, among: [.interface, .testing, .source, .example])
            return (.tests, match.flatMap { Self.strip($0.suffix, from: base) } ?? base)
        }
        if kind == .executable, let suffix = longest(example, in: name) {
            return (.example, Self.strip(suffix, from: name) ?? name)
        }
        guard let match = longestMatch(in: name, among: [.interface, .testing, .source]) else { return (.source, name) }
        return (match.role, Self.strip(match.suffix, from: name) ?? name)
    }

    /// The role of a target named `name` of kind `kind`.
    package func role(of name: String, kind: Target.Kind) -> Role { classify(name, kind: kind).role }

    /// The stem of a target named `name` of kind `kind`.
    package func stem(of name: String, kind: Target.Kind) -> String { classify(name, kind: kind).stem }

    /// The conventional name of the target with `role` in the feature with `stem`:
    /// `Search` + the role's first suffix.
    package func conventionalName(stem: String, role: Role) -> String {
        stem + (suffixes(of: role).first ?? "")
    }

    private func longestMatch(in name: String, among roles: [Role]) -> (role: Role, suffix: String)? {
        var best: (role: Role, suffix: String)?
        for role in roles {
            if let suffix = longest(suffixes(of: role), in: name), suffix.count > (best?.suffix.count ?? 0) {
                best = (role, suffix)
            }
        }
        return best
    }

    private func longest(_ suffixes: [String], in name: String) -> String? {
        suffixes.filter { !$0.isEmpty && name.hasSuffix($0) }.max { $0.count < $1.count }
    }

    /// `name` without `suffix` and the separators before it (`UI` of Xcode's `UI Tests`,
    /// `Home` of `Home-Tests`), when it ends in it and something is left: a stem is written
    /// to `mfe.yml` and matched against its entries, so it never ends in a space.
    private static func strip(_ suffix: String, from name: String) -> String? {
        guard name.hasSuffix(suffix), name.count > suffix.count else { return nil }
        var stem = name.dropLast(suffix.count)
        while let last = stem.last, separators.contains(last) { stem = stem.dropLast() }
        return stem.isEmpty ? nil : String(stem)
    }

    /// What separates words of a target's name: Xcode allows spaces, SwiftPM `-` and `_`.
    private static let separators: Set<Character> = [" ", "-", "_"]
}

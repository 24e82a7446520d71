import MFEManifest
import MFEWorkspace

/// Infers `roles:` from the target names a repository already uses: the suffixes it gives
/// mocks (`Mocks`, `Mock`, `TestSupport`, …), a `Client` interface with a `ClientLive` or `Live`
/// implementation (the TCA dependency-client convention), and platform variants
/// (`Home-iOS` beside `Home`), and a feature's logic and views in targets of their own
/// (`LoginCore` beside `LoginSwiftUI`). Each adopted suffix comes with the evidence that made mfe adopt
/// it, for the comment on its line.
struct RoleInference {
    /// One inferred suffix and why.
    struct Suffix: Equatable {
        var role: Role
        var suffix: String
        var reason: String
    }

    /// Suffixes that only ever name test doubles: adopted as testing when any non-test target
    /// ends in one.
    static let testingSuffixes = ["TestMocks", "Mocks", "Mock", "TestSupport", "TestHelpers", "TestUtilities", "TestUtils", "Fakes", "Stubs"]
    /// Platform-variant suffixes, adopted as source when a target `X` has a variant `X-iOS`.
    static let platformSuffixes = ["-iOS", "-macOS", "-tvOS", "-watchOS", "-visionOS", "_iOS", "_macOS"]

    /// The suffixes the targets of `packages` call for, beyond the default suffixes.
    static func infer(_ packages: [(directory: String, manifest: PackageManifest)]) -> [Suffix] {
        let targets = packages.flatMap(\.manifest.targets).filter { $0.kind != .test }
        let names = Set(targets.map(\.name))
        func examples(_ list: [String]) -> String {
            let shown = list.sorted().prefix(3).joined(separator: ", ")
            return list.count > 3 ? "\(shown) and \(list.count - 3) more" : shown
        }
        var found: [Suffix] = []

        // A Client interface and its Live implementation: XClient beside XClientLive or XLive.
        let clients = names.filter { $0.hasSuffix("Client") && $0.count > "Client".count }
        let clientLive = clients.filter { names.contains($0 + "Live") }.map { $0 + "Live" }
        let live = clients.filter { names.contains(String($0.dropLast("Client".count)) + "Live") }.map { String($0.dropLast("Client".count)) + "Live" }
        if !clientLive.isEmpty || !live.isEmpty {
            found.append(Suffix(role: .interface, suffix: "Client", reason: "\(clients.count) targets end in Client, the interfaces of their features (\(examples(Array(clients))))"))
            if !clientLive.isEmpty {
                found.append(Suffix(role: .source, suffix: "ClientLive", reason: "their live implementations: \(examples(clientLive))"))
            }
            if !live.isEmpty {
                found.append(Suffix(role: .source, suffix: "Live", reason: "live implementations beside a Client: \(examples(live))"))
            }
        }

        // Test doubles. The longest suffixes first, so PocketGraphTestMocks counts for
        // TestMocks, not for Mocks.
        var claimed: Set<String> = []
        for suffix in testingSuffixes.sorted(by: { $0.count > $1.count }) {
            let users = targets.map(\.name).filter { $0.hasSuffix(suffix) && !claimed.contains($0) }
            guard !users.isEmpty else { continue }
            claimed.formUnion(users)
            found.append(Suffix(role: .testing, suffix: suffix, reason: "test doubles: \(examples(users))"))
        }

        // Platform variants of one feature.
        for suffix in platformSuffixes {
            let variants = names.filter { $0.hasSuffix(suffix) && names.contains(String($0.dropLast(suffix.count))) }
            guard !variants.isEmpty else { continue }
            found.append(Suffix(role: .source, suffix: suffix, reason: "platform variants of one feature: \(examples(Array(variants)))"))
        }

        // A feature's logic and its views in targets of their own: `LoginCore` beside
        // `LoginSwiftUI` or `LoginUIKit` (TCA's examples). Two or more such features make the
        // suffixes part of the stem, so `Login` is one feature and not foundation for its
        // `…Core`.
        let logic = Self.logicSuffix
        let split = names.filter { $0.hasSuffix(logic) && $0.count > logic.count }.map { String($0.dropLast(logic.count)) }
            .filter { stem in viewSuffixes.contains { names.contains(stem + $0) } }
        if split.count >= 2 {
            found.append(Suffix(role: .source, suffix: logic, reason: "the logic of a feature beside its views: \(examples(split.map { $0 + logic }))"))
            for view in viewSuffixes {
                let users = split.filter { names.contains($0 + view) }
                guard !users.isEmpty else { continue }
                found.append(Suffix(role: .source, suffix: view, reason: "the views of those features: \(examples(users.map { $0 + view }))"))
            }
        }
        return found
    }

    /// The suffix of a feature's logic target when its views have targets of their own.
    static let logicSuffix = "Core"
    /// The suffixes of a feature's view targets beside its `…Core`.
    static let viewSuffixes = ["SwiftUI", "UIKit"]

    /// The role suffixes with `inferred` added to the default suffixes (the default first, so
    /// messages keep suggesting `…Interface`).
    static func roles(_ inferred: [Suffix]) -> RoleSuffixes {
        var roles = RoleSuffixes.standard
        for suffix in inferred {
            switch suffix.role {
            case .interface: roles.interface.append(suffix.suffix)
            case .testing: roles.testing.append(suffix.suffix)
            case .example: roles.example.append(suffix.suffix)
            case .source, .tests: roles.source.append(suffix.suffix)
            }
        }
        return roles
    }
}

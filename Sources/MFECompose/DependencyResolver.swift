import MFECore
import MFEManifest

/// A requirement of the root (the shell) on a package.
package struct RootRequirement: Sendable, Equatable {
    /// The package.
    package var location: PackageLocation
    /// What the root accepts.
    package var requirement: Requirement
    /// The traits the root enables on the package (`default` for its default traits).
    package var traits: Set<String>
    /// Where the requirement is written, for messages.
    package var declaration: SourceLocation?
    /// The local (`.package(path:)`) package of the root that declares it, nil for the root itself.
    package var requiredBy: String?

    /// Creates a root requirement.
    package init(location: PackageLocation, requirement: Requirement, traits: Set<String> = ["default"], declaration: SourceLocation? = nil, requiredBy: String? = nil) {
        self.location = location
        self.requirement = requirement
        self.traits = traits
        self.declaration = declaration
        self.requiredBy = requiredBy
    }
}

/// A package the resolver chose: where it lives, the pinned state, and its manifest there.
package struct ChosenPackage: Sendable, Equatable {
    /// Where the package lives.
    package var location: PackageLocation
    /// The chosen version/branch/revision and commit.
    package var state: PinState
    /// The manifest at that commit.
    package var manifest: PackageManifest

    /// Creates a chosen package.
    package init(location: PackageLocation, state: PinState, manifest: PackageManifest) {
        self.location = location
        self.state = state
        self.manifest = manifest
    }
}

/// Which existing pins may move.
package enum UpdatePolicy: Sendable, Equatable {
    /// Keep every pin that still satisfies the requirements.
    case keepPins
    /// Move every pin (`--update`).
    case all
    /// Move the pins of these identities (`--update NAME…`).
    case only(Set<String>)

    func mayMove(_ identity: String) -> Bool {
        switch self {
        case .keepPins: return false
        case .all: return true
        case .only(let identities): return identities.contains(identity)
        }
    }
}

/// No set of versions satisfies every requirement: the explanation is in MFE terms (who needs
/// which versions of what) with what would unblock it.
package struct CompositionConflict: Error, Sendable, Equatable, CustomStringConvertible {
    /// The explanation, one line per fact.
    package var message: String
    /// The identities of the packages the conflict is about.
    package var packages: [String]

    /// Creates a conflict.
    package init(message: String, packages: [String]) {
        self.message = message
        self.packages = packages
    }

    package var description: String { message }
}

/// Chooses a version (or branch/revision) of every package the root needs, transitively, the
/// way SwiftPM's resolver does: existing pins are kept while they satisfy every requirement,
/// otherwise the newest admitted version wins; a version's dependencies are read from its
/// manifest at that commit, following SwiftPM 6.3.1's rules (`DependencyRules`).
///
/// The search is depth-first with conflict-directed backjumping: when a package has no
/// admissible version, the search returns straight to the most recent decision that
/// constrained it instead of trying every combination in between. Each step is O(d) in the
/// package's dependencies; the worst case stays exponential (the problem is NP-complete), so a
/// step budget turns a pathological graph into a clear error instead of a hang.
package struct DependencyResolver: Sendable {
    let provider: any PackageSourceProvider
    let currentToolsVersion: ToolsVersion
    let stepLimit: Int

    /// Creates a resolver reading packages from `provider`; versions whose manifest needs a
    /// newer Swift than `currentToolsVersion` are skipped, as SwiftPM does.
    package init(provider: any PackageSourceProvider, currentToolsVersion: ToolsVersion = .current, stepLimit: Int = 20_000) {
        self.provider = provider
        self.currentToolsVersion = currentToolsVersion
        self.stepLimit = stepLimit
    }

    /// Resolves `requirements` of the root named `rootName`, preferring `pins` as `policy`
    /// allows. Throws `CompositionConflict` when nothing fits and an `InputError` when a
    /// repository or manifest cannot be used.
    package func resolve(rootName: String, requirements: [RootRequirement], pins: [ResolvedPin], policy: UpdatePolicy) async throws -> [ChosenPackage] {
        let search = ResolutionSearch(resolver: self, rootName: rootName, pins: Dictionary(pins.map { ($0.identity, $0) }, uniquingKeysWith: { a, _ in a }), policy: policy)
        var state = SearchState()
        for requirement in requirements {
            state.locations[requirement.location.identity] = state.locations[requirement.location.identity] ?? requirement.location
            state.spellings[requirement.location.identity, default: []].append(requirement.location)
            state.constraints[requirement.location.identity, default: []].append(
                SearchConstraint(requirement: requirement.requirement, traits: requirement.traits, origin: .root, declaration: requirement.declaration, requiredBy: requirement.requiredBy)
            )
        }
        for requirement in requirements.reversed() where !state.derived.contains(requirement.location.identity) {
            state.derived.append(requirement.location.identity)
        }
        await search.prefetch(state)
        switch try await search.solve(state) {
        case .solved(let solved):
            let rootIdentities = Set(requirements.filter { $0.requiredBy == nil }.map(\.location.identity))
            return solved.order.compactMap { identity in
                solved.decisions[identity].map {
                    let location = PinSpelling.location(resolver: solved.locations[identity]!, spellings: solved.spellings[identity] ?? [], declaredByRoot: rootIdentities.contains(identity))
                    return ChosenPackage(location: location, state: $0.state, manifest: $0.manifest)
                }
            }.sorted { $0.location.identity < $1.location.identity }
        case .failed:
            throw search.conflict()
        }
    }
}

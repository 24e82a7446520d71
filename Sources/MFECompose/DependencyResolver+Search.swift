import MFECore
import MFEManifest

/// Who imposed a constraint.
enum ConstraintOrigin: Hashable, Sendable {
    case root
    case package(String)
}

struct SearchConstraint: Sendable {
    var requirement: Requirement
    /// The traits the constraint's origin enables on the package.
    var traits: Set<String>
    var origin: ConstraintOrigin
    var declaration: SourceLocation?
    var requiredBy: String?
}

struct SearchDecision: Sendable {
    var state: PinState
    var manifest: PackageManifest
    /// The traits its dependencies were followed with; nil before they are.
    var expandedTraits: Set<String>?
    /// The dependencies already added as constraints.
    var followed: Set<String> = []
}

struct SearchState: Sendable {
    /// Where each package lives: the spelling of the first dependent that named it, as
    /// SwiftPM's resolver keeps the first container it made for an identity.
    var locations: [String: PackageLocation] = [:]
    /// Identities in the order SwiftPM's resolver first derives them (the root's dependencies
    /// last-declared first, then each decided package's the same way): it breaks ties between
    /// packages with as many versions.
    var derived: [String] = []
    var constraints: [String: [SearchConstraint]] = [:]
    var decisions: [String: SearchDecision] = [:]
    var order: [String] = []
    /// Every spelling each package was named with, root's first, for `Package.resolved`.
    var spellings: [String: [PackageLocation]] = [:]
}

enum SearchOutcome {
    case solved(SearchState)
    case failed(culprits: Set<String>)
}

/// The mutable bookkeeping of one resolution: what was learnt about conflicts, for the
/// explanation, and the step budget.
final class ResolutionSearch {
    let resolver: DependencyResolver
    let rootName: String
    let pins: [String: ResolvedPin]
    let policy: UpdatePolicy
    var steps = 0
    /// Per package: the facts that made it impossible, in the order found.
    var notes: [String: [String]] = [:]
    var noteOrder: [String] = []
    /// The states each package was held at when a requirement on it failed, in the order
    /// the search tried them: one line in the explanation, not one contradicting line each.
    var heldAt: [String: [String]] = [:]
    var names: [String: String] = [:]
    var availableVersions: [String: [Version]] = [:]
    var suggestions: [String: [String]] = [:]

    init(resolver: DependencyResolver, rootName: String, pins: [String: ResolvedPin], policy: UpdatePolicy) {
        self.resolver = resolver
        self.rootName = rootName
        self.pins = pins
        self.policy = policy
    }

    // MARK: Prefetch

    /// Warms every repository the likely solution touches, wave by wave in parallel: the
    /// pinned or newest admitted version of each package, then its dependencies. Errors are
    /// left for the search to report in context.
    func prefetch(_ state: SearchState) async {
        var seen: Set<String> = []
        var wave: [(PackageLocation, [Requirement], Set<String>)] = state.constraints.keys.sorted().map { identity in
            (state.locations[identity]!, state.constraints[identity]!.map(\.requirement), state.constraints[identity]!.reduce(Set<String>()) { $0.union($1.traits) })
        }
        let provider = resolver.provider
        let pins = self.pins
        let policy = self.policy
        while !wave.isEmpty {
            seen.formUnion(wave.map(\.0.identity))
            let next = await withTaskGroup(of: [(PackageLocation, [Requirement], Set<String>)].self) { group in
                for (location, requirements, traits) in wave {
                    group.addTask {
                        let source = await provider.source(for: location)
                        guard
                            let manifest = try? await Self.likelyManifest(
                                source: source, requirements: requirements, pin: pins[location.identity].flatMap { $0.location == location.location ? $0 : nil },
                                mayMove: policy.mayMove(location.identity))
                        else { return [] }
                        return DependencyRules.requiredDependencies(of: manifest, isRoot: false, enabledTraits: traits, baseDirectory: "/").map { ($0.location, [$0.requirement], $0.traits) }
                    }
                }
                var found: [(PackageLocation, [Requirement], Set<String>)] = []
                for await items in group { found += items }
                return found
            }
            var merged: [String: (PackageLocation, [Requirement], Set<String>)] = [:]
            for (location, requirements, traits) in next where !seen.contains(location.identity) {
                if let existing = merged[location.identity] {
                    merged[location.identity] = (existing.0, existing.1 + requirements, existing.2.union(traits))
                } else {
                    merged[location.identity] = (location, requirements, traits)
                }
            }
            wave = merged.keys.sorted().map { merged[$0]! }
        }
    }

    static func likelyManifest(source: any PackageSource, requirements: [Requirement], pin: ResolvedPin?, mayMove: Bool) async throws -> PackageManifest? {
        if let unversioned = requirements.first(where: \.isUnversioned) {
            switch unversioned {
            case .branch(let branch):
                if !mayMove, let pin, case .branch(branch, let revision) = pin.state {
                    try await trusted(pin, source: source)
                    return try await source.manifest(atRevision: revision)
                }
                return try await source.manifest(atRevision: try await source.revision(ofBranch: branch))
            case .revision(let revision):
                return try await source.manifest(atRevision: try await source.resolveRevision(revision))
            default: return nil
            }
        }
        if !mayMove, let pin, case .version(let version, let revision) = pin.state, requirements.allSatisfy({ $0.admits(version) }) {
            try await trusted(pin, source: source)
            return try await source.manifest(atRevision: revision)
        }
        let versions = try await source.versions()
        guard let best = versions.keys.filter({ v in requirements.allSatisfy { $0.admits(v) } }).max() else { return nil }
        return try await source.manifest(atRevision: versions[best]!.revision)
    }

    /// Throws `UntrustedPin` unless `pin`'s repository backs it: a kept pin is used only when
    /// its revision is a commit of that repository and, for a version, its tag's commit.
    static func trusted(_ pin: ResolvedPin, source: any PackageSource) async throws {
        let version: Version?
        if case .version(let pinned, _) = pin.state { version = pinned } else { version = nil }
        if let reason = try await source.verifyPin(revision: pin.state.revision, version: version) {
            throw UntrustedPin(identity: pin.identity, state: pin.state, reason: reason)
        }
    }

    // MARK: Search

    func describe(_ origin: ConstraintOrigin, in state: SearchState) -> String {
        switch origin {
        case .root: return OutputSink.terminal.escape(rootName)
        case .package(let identity):
            let name = self.name(identity, state)
            guard let decision = state.decisions[identity] else { return name }
            return "\(name) \(decision.state.summary)"
        }
    }

    /// The name a message gives `identity`: its manifest's name, which comes from the package's
    /// repository, so its control characters are made visible (a line break in it cannot start a
    /// line of the message).
    func name(_ identity: String, _ state: SearchState) -> String {
        OutputSink.terminal.escape(names[identity] ?? state.decisions[identity]?.manifest.name ?? state.locations[identity]?.displayName ?? identity)
    }

    var displayNames: [String: String] = [:]

    func note(_ identity: String, _ fact: String) {
        if notes[identity] == nil { noteOrder.append(identity) }
        if !(notes[identity]?.contains(fact) ?? false) { notes[identity, default: []].append(fact) }
    }

    func statement(_ constraint: SearchConstraint, on identity: String, _ state: SearchState) -> String {
        var text = "\(constraint.requiredBy.map(OutputSink.terminal.escape) ?? describe(constraint.origin, in: state)) needs \(name(identity, state)) \(constraint.requirement.summary)"
        if constraint.origin == .root, let declaration = constraint.declaration { text += " (\(declaration))" }
        return text
    }

    func solve(_ state: SearchState) async throws -> SearchOutcome {
        let undecided = state.derived.filter { state.decisions[$0] == nil }
        if undecided.isEmpty { return .solved(state) }
        steps += 1
        if steps > resolver.stepLimit {
            throw CompositionConflict(
                message: "gave up after trying \(resolver.stepLimit) combinations of versions; narrow the requirements (for example pin the foundation packages with 'exact:') and run again",
                packages: [])
        }
        // Decide the most constrained package first (fewest admissible versions, a kept pin
        // counting as one), as SwiftPM's resolver does; ties go to the first derived.
        var best: (identity: String, candidates: [PinState], pinned: Bool)?
        for identity in undecided {
            let (candidates, pinned) = try await self.candidates(for: identity, in: state)
            if best == nil || candidates.count < best!.candidates.count { best = (identity, candidates, pinned) }
            if candidates.count <= 1 { break }
        }
        var (identity, candidates, pinned) = best!
        if candidates.isEmpty {
            return .failed(culprits: culprits(of: identity, in: state))
        }
        let source = await resolver.provider.source(for: state.locations[identity]!)
        var conflictSet: Set<String> = []
        var index = 0
        while true {
            if index == candidates.count {
                guard pinned, case .version(let version, _) = candidates.first else { break }
                candidates += try await unpinnedCandidates(for: identity, in: state, excluding: version)
                pinned = false
                if index == candidates.count { break }
            }
            let candidate = candidates[index]
            index += 1
            let manifest = try await source.manifest(atRevision: candidate.revision)
            names[identity] = manifest.name
            if manifest.toolsVersion > resolver.currentToolsVersion || manifest.toolsVersion < ToolsVersion(4, 0) {
                note(
                    identity,
                    "\(OutputSink.terminal.escape(manifest.name)) \(candidate.summary) needs swift-tools-version \(manifest.toolsVersion), which this Swift (\(resolver.currentToolsVersion)) cannot use"
                )
                conflictSet.formUnion(culprits(of: identity, in: state))
                continue
            }
            var next = state
            next.decisions[identity] = SearchDecision(state: candidate, manifest: manifest)
            next.order.append(identity)
            switch expand(identity, in: &next) {
            case .failure(let culprits):
                conflictSet.formUnion(culprits.packages.subtracting([identity]))
                continue
            case .success:
                break
            }
            switch try await solve(next) {
            case .solved(let solved):
                return .solved(solved)
            case .failed(let culprits):
                if !culprits.contains(identity) {
                    // This package's choice played no part: trying its other versions cannot help.
                    return .failed(culprits: culprits)
                }
                conflictSet.formUnion(culprits.subtracting([identity]))
            }
        }
        return .failed(culprits: conflictSet.union(culprits(of: identity, in: state)))
    }

    /// The decided packages whose constraints restrict `identity`.
    func culprits(of identity: String, in state: SearchState) -> Set<String> {
        var result: Set<String> = []
        for constraint in state.constraints[identity] ?? [] {
            if case .package(let other) = constraint.origin { result.insert(other) }
        }
        return result
    }

    struct Culprits: Error { var packages: Set<String> }

    /// The traits enabled on `identity` by every constraint so far.
    func requestedTraits(_ identity: String, in state: SearchState) -> Set<String> {
        (state.constraints[identity] ?? []).reduce(Set<String>()) { $0.union($1.traits) }
    }

    /// Adds the dependencies SwiftPM follows from decided package `identity` as constraints,
    /// checking them against packages already decided; then does the same for any decided
    /// package that is now asked for more traits.
    func expand(_ identity: String, in state: inout SearchState) -> Result<Void, Culprits> {
        var work: [String] = [identity]
        while let current = work.popLast() {
            guard var decision = state.decisions[current] else { continue }
            let traits = requestedTraits(current, in: state)
            if let expanded = decision.expandedTraits, traits.isSubset(of: expanded) { continue }
            decision.expandedTraits = traits.union(decision.expandedTraits ?? [])
            let isVersioned: Bool
            if case .version = decision.state { isVersioned = true } else { isVersioned = false }
            let dependencies = DependencyRules.requiredDependencies(of: decision.manifest, isRoot: false, enabledTraits: decision.expandedTraits!, baseDirectory: "/")
            for dependency in dependencies.reversed() where !state.derived.contains(dependency.location.identity) && dependency.location.identity != current {
                state.derived.append(dependency.location.identity)
            }
            for dependency in dependencies {
                let target = dependency.location.identity
                if target == current { continue }
                let constraint = SearchConstraint(requirement: dependency.requirement, traits: dependency.traits, origin: .package(current))
                if decision.followed.contains(target) {
                    // Followed before with fewer traits: only the traits can have grown.
                    if let index = state.constraints[target]?.firstIndex(where: { $0.origin == .package(current) }) {
                        state.constraints[target]![index].traits.formUnion(dependency.traits)
                    }
                    if state.decisions[target] != nil { work.append(target) }
                    continue
                }
                decision.followed.insert(target)
                if isVersioned && dependency.requirement.isUnversioned {
                    state.decisions[current] = decision
                    note(
                        target,
                        "\(describe(.package(current), in: state)) needs \(name(target, state)) by \(dependency.requirement.summary), which SwiftPM allows only in the shell or in packages that are themselves on a branch or revision"
                    )
                    return .failure(Culprits(packages: [current]))
                }
                state.locations[target] = state.locations[target] ?? dependency.location
                state.spellings[target, default: []].append(dependency.location)
                state.constraints[target, default: []].append(constraint)
                if let existing = state.decisions[target] {
                    if !satisfies(existing.state, constraint.requirement, overridden: isOverridden(target, in: state)) {
                        state.decisions[current] = decision
                        for other in state.constraints[target]! { note(target, statement(other, on: target, state)) }
                        if !(heldAt[target]?.contains(existing.state.summary) ?? false) { heldAt[target, default: []].append(existing.state.summary) }
                        var culprits = culprits(of: target, in: state)
                        culprits.insert(target)
                        return .failure(Culprits(packages: culprits))
                    }
                    work.append(target)
                }
            }
            state.decisions[current] = decision
        }
        return .success(())
    }

    func satisfies(_ state: PinState, _ requirement: Requirement, overridden: Bool) -> Bool {
        if overridden { return true }
        switch (state, requirement) {
        case (.version(let version, _), _): return requirement.admits(version)
        case (.branch(let branch, _), .branch(let wanted)), (.branch(let branch, _), .revision(let wanted)): return branch == wanted
        case (.revision(let revision), .revision(let wanted)): return revision.hasPrefix(wanted) || wanted.hasPrefix(revision)
        case (.branch, .range), (.branch, .exact), (.revision, .range), (.revision, .exact): return false
        default: return false
        }
    }

    /// Whether `identity` has an unversioned requirement from the root or from an unversioned
    /// package, which overrides every version requirement on it (SwiftPM's overridden packages).
    func isOverridden(_ identity: String, in state: SearchState) -> Bool {
        (state.constraints[identity] ?? []).contains { constraint in
            guard constraint.requirement.isUnversioned else { return false }
            switch constraint.origin {
            case .root: return true
            case .package(let other):
                if let decision = state.decisions[other], case .version = decision.state { return false }
                return true
            }
        }
    }

    /// The states `identity` may take under its constraints, best first.
    func candidates(for identity: String, in state: SearchState) async throws -> (states: [PinState], pinned: Bool) {
        let constraints = state.constraints[identity]!
        let source = await resolver.provider.source(for: state.locations[identity]!)
        displayNames[identity] = state.locations[identity]!.displayName
        let pin = pins[identity].flatMap { $0.location == state.locations[identity]!.location ? $0 : nil }
        let mayMove = policy.mayMove(identity)
        let overriding = constraints.filter { $0.requirement.isUnversioned }
        if !overriding.isEmpty {
            let requirements = Set(overriding.map(\.requirement))
            guard requirements.count == 1, let requirement = requirements.first else {
                for constraint in overriding { note(identity, statement(constraint, on: identity, state)) }
                return ([], false)
            }
            switch requirement {
            case .branch(let branch):
                if !mayMove, let pin, case .branch(branch, let revision) = pin.state {
                    try await Self.trusted(pin, source: source)
                    return ([.branch(branch, revision: revision)], false)
                }
                // Awaited into a `let` before the tuple is built (OrderedConcurrency says why).
                let revision = try await source.revision(ofBranch: branch)
                return ([.branch(branch, revision: revision)], false)
            case .revision(let revision):
                // SwiftPM records a revision that is not the full commit hash (a short hash,
                // a tag or branch name) as a branch of that name beside the commit.
                let full = try await source.resolveRevision(revision)
                return ([full == revision ? .revision(full) : .branch(revision, revision: full)], false)
            default:
                return ([], false)
            }
        }
        let requirements = constraints.map(\.requirement)
        if !mayMove, let pin, case .version(let version, let revision) = pin.state, requirements.allSatisfy({ $0.admits(version) }) {
            try await Self.trusted(pin, source: source)
            // A pin that still satisfies is tried first and alone, without fetching: the cache
            // already knows the commit. The other versions are listed only if it fails.
            return ([.version(version, revision: revision)], true)
        }
        let candidates = try await unpinnedCandidates(for: identity, in: state, excluding: nil)
        return (candidates, false)
    }

    /// The versions `identity` may take under its constraints, newest first.
    func unpinnedCandidates(for identity: String, in state: SearchState, excluding excluded: Version?) async throws -> [PinState] {
        let constraints = state.constraints[identity]!
        let requirements = constraints.map(\.requirement)
        let source = await resolver.provider.source(for: state.locations[identity]!)
        let versions = try await source.versions()
        availableVersions[identity] = versions.keys.sorted()
        let admitted = versions.keys.filter { v in v != excluded && requirements.allSatisfy { $0.admits(v) } }.sorted(by: >)
        if admitted.isEmpty && excluded == nil {
            for constraint in constraints { note(identity, statement(constraint, on: identity, state)) }
            suggestions[identity] = suggest(identity, constraints: constraints, versions: versions.keys.sorted(), state: state)
        }
        return admitted.map { .version($0, revision: versions[$0]!.revision) }
    }

    /// What would unblock a package no version of which satisfies everyone.
    func suggest(_ identity: String, constraints: [SearchConstraint], versions: [Version], state: SearchState) -> [String] {
        let target = name(identity, state)
        if versions.isEmpty {
            return ["tag a release of \(target) (git tag 1.0.0 && git push --tags); SwiftPM only picks tagged versions for version requirements"]
        }
        var result: [String] = []
        let rootConstraints = constraints.filter { $0.origin == .root }
        let otherConstraints = constraints.filter { $0.origin != .root }
        if !rootConstraints.isEmpty, let fit = versions.filter({ v in otherConstraints.allSatisfy { $0.requirement.admits(v) } }).max() {
            result.append("change \(rootName)'s requirement on \(target) to admit \(fit) (for example from: \"\(fit)\")")
        }
        var seenOrigins: Set<String> = []
        for constraint in otherConstraints {
            guard case .package(let other) = constraint.origin, seenOrigins.insert(other).inserted else { continue }
            // A new release of `other` unblocks only if every other requirement meets at a version.
            let rest = constraints.filter { $0.origin != constraint.origin }
            if let fit = versions.filter({ v in rest.allSatisfy { $0.requirement.admits(v) } }).max() {
                result.append("release a version of \(name(other, state)) that accepts \(target) \(fit)")
            }
        }
        if result.isEmpty {
            result.append("tag a version of \(target) that every requirement above admits, or relax one of them")
        }
        return result
    }

    /// The explanation of a failed resolution.
    func conflict() -> CompositionConflict {
        let involved = noteOrder.filter { !(notes[$0]?.isEmpty ?? true) }
        guard !involved.isEmpty else {
            return CompositionConflict(message: "the requirements cannot all be satisfied", packages: [])
        }
        var lines: [String] = []
        for identity in involved.prefix(3) {
            let target = OutputSink.terminal.escape(names[identity] ?? displayNames[identity] ?? identity)
            lines.append("no version of \(target) satisfies every package that needs it:")
            for fact in notes[identity]! { lines.append("  \(fact)") }
            if let held = heldAt[identity], let last = held.last {
                lines.append(
                    held.count == 1
                        ? "  \(target) is already at \(last)"
                        : "  \(target) was tried at \(held.dropLast().joined(separator: ", ")) and \(last); none admits every requirement above")
            }
            if let versions = availableVersions[identity] {
                lines.append("  \(target) has \(versions.isEmpty ? "no version tags" : "versions " + versions.map(\.description).joined(separator: ", "))")
            }
            for suggestion in suggestions[identity] ?? [] { lines.append("  to unblock: \(suggestion)") }
        }
        return CompositionConflict(message: lines.joined(separator: "\n"), packages: involved)
    }
}

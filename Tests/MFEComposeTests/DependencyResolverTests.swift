import Foundation
import MFECore
import MFEManifest
import Testing

@testable import MFECompose

@Suite("dependency resolver")
struct DependencyResolverTests {
    static func v(_ text: String) -> Version { Version(text)! }

    func resolve(_ sources: [InMemoryPackageSource], _ requirements: [(InMemoryPackageSource, Requirement)], pins: [ResolvedPin] = [], policy: UpdatePolicy = .keepPins) async throws -> [String:
        PinState]
    {
        let resolver = DependencyResolver(provider: InMemoryProvider(sources))
        let chosen = try await resolver.resolve(
            rootName: "Shell",
            requirements: requirements.map { RootRequirement(location: $0.0.location, requirement: $0.1) },
            pins: pins, policy: policy
        )
        return Dictionary(uniqueKeysWithValues: chosen.map { ($0.manifest.name, $0.state) })
    }

    func version(_ state: PinState?) -> String? {
        if case .version(let version, _) = state { return version.description }
        return nil
    }

    @Test func picksTheNewestAdmittedVersionSkippingPreReleases() async throws {
        let env = InMemoryPackageSource("Env")
        for tag in ["0.3.0", "0.3.2", "v0.3.3", "0.4.0-beta.1", "1.0", "2"] { env.tag(tag) }
        let result = try await resolve([env], [(env, .upToNextMajor(from: Self.v("0.3.0")))])
        #expect(version(result["Env"]) == "0.3.3")
        let exact = try await resolve([env], [(env, .exact(Self.v("1.0.0")))])
        #expect(version(exact["Env"]) == "1.0.0")
        let minor = try await resolve([env], [(env, .upToNextMinor(from: Self.v("0.3.0")))])
        #expect(version(minor["Env"]) == "0.3.3")
    }

    @Test func admitsPreReleasesOnlyWhenABoundIsOne() async throws {
        let env = InMemoryPackageSource("Env")
        for tag in ["1.0.0-beta.1", "1.0.0-beta.2", "2.0.0-alpha.1"] { env.tag(tag) }
        let result = try await resolve([env], [(env, .upToNextMajor(from: Self.v("1.0.0-beta.1")))])
        #expect(version(result["Env"]) == "1.0.0-beta.2")
        #expect(Requirement.range(lowerBound: Self.v("1.0.0-beta.1"), upperBound: Self.v("2.0.0")).admits(Self.v("2.0.0-alpha.1")) == false)
        #expect(Requirement.upToNextMajor(from: Self.v("1.0.0")).admits(Self.v("1.5.0-rc.1")) == false)
    }

    @Test func prefersTheTagWithoutVWhenTwoNameTheSameVersion() async throws {
        let env = InMemoryPackageSource("Env")
        env.tag("v1.0.0")
        let plain = env.tag("1.0.0")
        let result = try await resolve([env], [(env, .exact(Self.v("1.0.0")))])
        #expect(result["Env"] == .version(Self.v("1.0.0"), revision: plain))
    }

    @Test func followsDependenciesAndBacktracks() async throws {
        let env = InMemoryPackageSource("Env")
        for tag in ["0.3.0", "0.3.3", "1.0.0", "1.2.0"] { env.tag(tag) }
        let browse = InMemoryPackageSource("Browse")
        browse.tag("1.0.0", [(env, .upToNextMajor(from: Self.v("0.3.0")))])
        browse.tag("1.1.0", [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        let result = try await resolve([env, browse], [(browse, .upToNextMajor(from: Self.v("1.0.0"))), (env, .range(lowerBound: Self.v("0.3.0"), upperBound: Self.v("1.0.0")))])
        #expect(version(result["Browse"]) == "1.0.0")
        #expect(version(result["Env"]) == "0.3.3")
        let free = try await resolve([env, browse], [(browse, .upToNextMajor(from: Self.v("1.0.0")))])
        #expect(version(free["Browse"]) == "1.1.0")
        #expect(version(free["Env"]) == "1.2.0")
    }

    @Test func resolvesBranchAndRevisionRequirements() async throws {
        let env = InMemoryPackageSource("Env")
        env.tag("1.0.0")
        let tip = env.branch("main")
        let browse = InMemoryPackageSource("Browse")
        let commit = browse.tag("1.0.0", [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        let result = try await resolve([env, browse], [(env, .branch("main")), (browse, .revision(commit))])
        #expect(result["Env"] == .branch("main", revision: tip))
        #expect(result["Browse"] == .revision(commit))
        // A short hash is pinned as SwiftPM pins it: a branch of that name beside the commit.
        let short = try await resolve([env, browse], [(env, .branch("main")), (browse, .revision(String(commit.prefix(7))))])
        #expect(short["Browse"] == .branch(String(commit.prefix(7)), revision: commit))
    }

    @Test func keepsPinsThatStillSatisfyWithoutListingTags() async throws {
        let env = InMemoryPackageSource("Env")
        let old = env.tag("0.3.2")
        env.tag("0.3.3")
        let pin = ResolvedPin(identity: "env", kind: .remoteSourceControl, location: env.location.location, state: .version(Self.v("0.3.2"), revision: old))
        let kept = try await resolve([env], [(env, .upToNextMajor(from: Self.v("0.3.0")))], pins: [pin])
        #expect(version(kept["Env"]) == "0.3.2")
        #expect(env.versionListings == 0)
        let updated = try await resolve([env], [(env, .upToNextMajor(from: Self.v("0.3.0")))], pins: [pin], policy: .only(["env"]))
        #expect(version(updated["Env"]) == "0.3.3")
        let others = try await resolve([env], [(env, .upToNextMajor(from: Self.v("0.3.0")))], pins: [pin], policy: .only(["browse"]))
        #expect(version(others["Env"]) == "0.3.2")
        let moved = try await resolve([env], [(env, .upToNextMajor(from: Self.v("0.3.3")))], pins: [pin])
        #expect(version(moved["Env"]) == "0.3.3")
    }

    /// A kept pin is used only when its repository backs it: a commit of another package, or a
    /// commit its version's tag does not name, is refused, naming the pin, and never read.
    @Test func refusesKeptPinsTheirRepositoryDoesNotBack() async throws {
        let env = InMemoryPackageSource("Env")
        let tagged = env.tag("0.3.2")
        let later = env.branch("main")
        let browse = InMemoryPackageSource("Browse")
        let other = browse.tag("1.0.0")
        let requirement = Requirement.upToNextMajor(from: Self.v("0.3.0"))
        for (revision, reason) in [(other, "is not a commit of 'https://example.com/mfe/Env.git'"), (later, "is not the commit tag '0.3.2' of 'https://example.com/mfe/Env.git' names ('\(tagged)')")] {
            let pin = ResolvedPin(identity: "env", kind: .remoteSourceControl, location: env.location.location, state: .version(Self.v("0.3.2"), revision: revision))
            await #expect(throws: UntrustedPin(identity: "env", state: pin.state, reason: reason)) {
                try await resolve([env, browse], [(env, requirement)], pins: [pin])
            }
        }
        let untagged = ResolvedPin(identity: "env", kind: .remoteSourceControl, location: env.location.location, state: .version(Self.v("0.3.1"), revision: tagged))
        await #expect(throws: UntrustedPin(identity: "env", state: untagged.state, reason: "is not backed by a tag: version 0.3.1 has no tag in 'https://example.com/mfe/Env.git'")) {
            try await resolve([env], [(env, requirement)], pins: [untagged])
        }
        let branch = ResolvedPin(identity: "env", kind: .remoteSourceControl, location: env.location.location, state: .branch("main", revision: other))
        await #expect(throws: UntrustedPin(identity: "env", state: branch.state, reason: "is not a commit of 'https://example.com/mfe/Env.git'")) {
            try await resolve([env, browse], [(env, .branch("main"))], pins: [branch])
        }
        // `--update env` moves the pin instead of trusting it.
        let moved = try await resolve(
            [env, browse], [(env, requirement)], pins: [ResolvedPin(identity: "env", kind: .remoteSourceControl, location: env.location.location, state: .version(Self.v("0.3.2"), revision: other))],
            policy: .only(["env"]))
        #expect(moved["Env"] == .version(Self.v("0.3.2"), revision: tagged))
    }

    @Test func skipsVersionsNeedingANewerSwift() async throws {
        let env = InMemoryPackageSource("Env")
        env.tag("1.0.0")
        env.tag("1.1.0", toolsVersion: ToolsVersion(9, 0))
        let result = try await resolve([env], [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        #expect(version(result["Env"]) == "1.0.0")
    }

    @Test func followsOnlyTheDependenciesOfUsedProducts() async throws {
        let snapshot = InMemoryPackageSource("SnapshotTesting")
        snapshot.tag("1.0.0")
        let env = InMemoryPackageSource("Env")
        env.tag("1.0.0")
        let browse = InMemoryPackageSource("Browse")
        let revision = browse.tag("1.0.0", [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        // Browse's tests use SnapshotTesting; the shell links only the Browse library.
        var manifest = browse.manifests[revision]!
        let here = SourceLocation(file: "Browse/Package.swift", line: 1, column: 1)
        manifest.dependencies.append(PackageDependency(.sourceControl(url: snapshot.location.location, requirement: .upToNextMajor(from: Self.v("1.0.0"))), location: here))
        manifest.targets.append(
            Target(name: "BrowseTests", kind: .test, dependencies: [TargetDependency(.product(name: "SnapshotTesting", package: "SnapshotTesting"), location: here)], location: here))
        browse.manifests[revision] = manifest
        let result = try await resolve([snapshot, env, browse], [(browse, .upToNextMajor(from: Self.v("1.0.0")))])
        #expect(Set(result.keys) == ["Browse", "Env"])
    }

    @Test func explainsAConflictInMFETerms() async throws {
        let env = InMemoryPackageSource("Env")
        for tag in ["0.3.3", "1.0.0"] { env.tag(tag) }
        let browse = InMemoryPackageSource("Browse")
        browse.tag("1.0.0", [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        let about = InMemoryPackageSource("About")
        about.tag("2.0.0", [(env, .upToNextMinor(from: Self.v("0.3.0")))])
        await #expect {
            _ = try await resolve([env, browse, about], [(browse, .upToNextMajor(from: Self.v("1.0.0"))), (about, .upToNextMajor(from: Self.v("2.0.0")))])
        } throws: { error in
            guard let conflict = error as? CompositionConflict else { return false }
            return conflict.packages.contains("env")
                && conflict.message.contains("no version of Env")
                && conflict.message.contains("Browse 1.0.0 needs Env 1.0.0..<2.0.0")
                && conflict.message.contains("About 2.0.0 needs Env 0.3.0..<0.4.0")
                && conflict.message.contains("to unblock")
        }
    }

    /// When the search holds a package at several versions in turn and each is refused, the
    /// explanation says so in one line, not one "already at" line per version.
    @Test func saysOnceWhichVersionsOfAPackageWereTried() async throws {
        let core = InMemoryPackageSource("Core")
        for tag in ["1.0.0", "1.1.0"] { core.tag(tag) }
        let search = InMemoryPackageSource("Search")
        search.tag("1.0.0", [(core, .upToNextMinor(from: Self.v("1.0.0")))])
        let profile = InMemoryPackageSource("Profile")
        profile.tag("1.0.0", [(core, .upToNextMajor(from: Self.v("1.1.0")))])
        await #expect {
            _ = try await resolve(
                [core, search, profile], [(core, .upToNextMajor(from: Self.v("1.0.0"))), (search, .upToNextMajor(from: Self.v("1.0.0"))), (profile, .upToNextMajor(from: Self.v("1.0.0")))])
        } throws: { error in
            let message = (error as? CompositionConflict)?.message ?? ""
            let lines = message.split(separator: "\n").filter { $0.contains("Core is already at") || $0.contains("Core was tried at") }
            #expect(lines.count <= 1, "\(message)")
            return message.contains("no version of Core")
                && message.contains("to unblock: release a version of Profile that accepts Core 1.0.0")
                && message.contains("to unblock: release a version of Search that accepts Core 1.1.0")
        }
    }

    @Test func heldVersionsAreOneLine() async throws {
        let core = InMemoryPackageSource("Core")
        for tag in ["1.0.0", "1.1.0"] { core.tag(tag) }
        let search = InMemoryPackageSource("Search")
        search.tag("1.0.0", [(core, .upToNextMinor(from: Self.v("1.0.0")))])
        let profile = InMemoryPackageSource("Profile")
        profile.tag("1.0.0", [(core, .upToNextMajor(from: Self.v("1.1.0")))])
        let app = InMemoryPackageSource("AppKit")
        app.tag("1.0.0", [(search, .upToNextMajor(from: Self.v("1.0.0"))), (profile, .upToNextMajor(from: Self.v("1.0.0")))])
        await #expect {
            _ = try await resolve([core, search, profile, app], [(core, .upToNextMajor(from: Self.v("1.0.0"))), (app, .upToNextMajor(from: Self.v("1.0.0")))])
        } throws: { error in
            let message = (error as? CompositionConflict)?.message ?? ""
            let held = message.split(separator: "\n").filter { $0.contains("Core is already at") || $0.contains("Core was tried at") }
            return message.contains("no version of Core") && held.count == 1
        }
    }

    @Test func explainsAMissingVersion() async throws {
        let env = InMemoryPackageSource("Env")
        env.tag("0.3.3")
        await #expect {
            _ = try await resolve([env], [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        } throws: { error in
            let message = (error as? CompositionConflict)?.message ?? ""
            return message.contains("Shell needs Env 1.0.0..<2.0.0") && message.contains("Env has versions 0.3.3")
        }
    }

    @Test func backjumpsOverUnrelatedChoices() async throws {
        // Forty independent packages with many versions each, and one impossible requirement:
        // backjumping must fail fast instead of trying every combination.
        let env = InMemoryPackageSource("Env")
        env.tag("1.0.0")
        var sources = [env]
        var requirements: [(InMemoryPackageSource, Requirement)] = []
        for index in 0..<40 {
            let feature = InMemoryPackageSource("Feature\(index)")
            for minor in 0..<5 { feature.tag("1.\(minor).0") }
            sources.append(feature)
            requirements.append((feature, .upToNextMajor(from: Self.v("1.0.0"))))
        }
        let blocker = InMemoryPackageSource("Blocker")
        blocker.tag("1.0.0", [(env, .upToNextMajor(from: Self.v("2.0.0")))])
        sources.append(blocker)
        requirements.append((blocker, .upToNextMajor(from: Self.v("1.0.0"))))
        await #expect(throws: CompositionConflict.self) {
            _ = try await resolve(sources, requirements + [(env, .upToNextMajor(from: Self.v("1.0.0")))])
        }
    }
}

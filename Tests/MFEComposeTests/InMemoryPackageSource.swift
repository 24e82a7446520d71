import Foundation
import MFECore
import MFEManifest
import MFEWorkspace

@testable import MFECompose

/// An in-memory repository for resolver tests: tagged versions, branches and a manifest per
/// commit. Counts how often its tags are listed, to prove kept pins need no fetch.
final class InMemoryPackageSource: PackageSource, @unchecked Sendable {
    let location: PackageLocation
    var tags: [String: String] = [:]
    var branches: [String: String] = [:]
    var manifests: [String: PackageManifest] = [:]
    var features: [String: FeatureConfiguration] = [:]
    private let lock = NSLock()
    private var listings = 0

    init(_ name: String) {
        location = PackageLocation(dependency: "https://example.com/mfe/\(name).git", relativeTo: "/")
    }

    var versionListings: Int { lock.withLock { listings } }

    /// Adds a commit tagged `tag` whose manifest depends on `dependencies`.
    @discardableResult
    func tag(_ tag: String, _ dependencies: [(InMemoryPackageSource, Requirement)] = [], toolsVersion: ToolsVersion = ToolsVersion(5, 9)) -> String {
        let revision = commit(dependencies, toolsVersion: toolsVersion, salt: "tag-\(tag)")
        tags[tag] = revision
        return revision
    }

    /// Adds a commit at the tip of `branch`.
    @discardableResult
    func branch(_ branch: String, _ dependencies: [(InMemoryPackageSource, Requirement)] = []) -> String {
        let revision = commit(dependencies, toolsVersion: ToolsVersion(5, 9), salt: "branch-\(branch)")
        branches[branch] = revision
        return revision
    }

    private func commit(_ dependencies: [(InMemoryPackageSource, Requirement)], toolsVersion: ToolsVersion, salt: String) -> String {
        let revision = SHA256Hex.digest(Data((location.identity + salt).utf8)).prefix(40).description
        manifests[revision] = Self.manifest(name: name, dependencies: dependencies, toolsVersion: toolsVersion)
        return revision
    }

    var name: String { location.location.split(separator: "/").last!.replacingOccurrences(of: ".git", with: "") }

    static func manifest(name: String, dependencies: [(InMemoryPackageSource, Requirement)], toolsVersion: ToolsVersion = ToolsVersion(5, 9)) -> PackageManifest {
        let here = SourceLocation(file: "\(name)/Package.swift", line: 1, column: 1)
        return PackageManifest(
            name: name,
            toolsVersion: toolsVersion,
            dependencies: dependencies.map { PackageDependency(.sourceControl(url: $0.0.location.location, requirement: $0.1), location: here) },
            targets: [Target(name: name, dependencies: dependencies.map { TargetDependency(.product(name: $0.0.name, package: $0.0.name), location: here) }, location: here)],
            products: [Product(name: name, kind: .library, targets: [name], location: here)],
            manifestPath: here.file
        )
    }

    func versions() async throws -> [Version: (tag: String, revision: String)] {
        lock.withLock { listings += 1 }
        return TagVersions.versions(fromTags: tags)
    }

    func revision(ofBranch branch: String) async throws -> String {
        guard let revision = branches[branch] else { throw ComposeError.noBranch(branch, repository: name) }
        return revision
    }

    func resolveRevision(_ revision: String) async throws -> String {
        guard let full = manifests.keys.first(where: { $0.hasPrefix(revision) }) else { throw ComposeError.noRevision(revision, repository: name) }
        return full
    }

    func manifest(atRevision revision: String) async throws -> PackageManifest {
        guard let manifest = manifests[revision] else { throw ComposeError.noRevision(revision, repository: name) }
        return manifest
    }

    func featureConfiguration(atRevision revision: String) async throws -> FeatureConfiguration? { features[revision] }

    /// Checks a pin against what the repository holds without counting a listing, as a clone
    /// in the cache answers it without fetching.
    func verifyPin(revision: String, version: Version?) async throws -> String? {
        guard CommitHash(revision) != nil else { return PinProblem.malformedRevision }
        return PinProblem.problem(revision: revision, version: version, commitThere: manifests[revision] != nil ? revision : nil, tags: TagVersions.versions(fromTags: tags), location: location)
    }
}

/// Serves `InMemoryPackageSource`s by location.
struct InMemoryProvider: PackageSourceProvider {
    let sources: [PackageLocation: InMemoryPackageSource]

    init(_ sources: [InMemoryPackageSource]) {
        self.sources = Dictionary(uniqueKeysWithValues: sources.map { ($0.location, $0) })
    }

    func source(for location: PackageLocation) async -> any PackageSource {
        sources[location] ?? InMemoryPackageSource("missing-\(location.identity)")
    }
}

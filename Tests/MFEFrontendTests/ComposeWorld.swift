import Foundation
import MFECompose
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace

@testable import MFEFrontend

/// A repository in memory: its tagged releases, each a commit with a manifest and, for an MFE,
/// the `mfe.yml` it has there. Immutable, so a provider can hand it to every part of a run.
struct MemoryRepository: PackageSource {
    /// One tagged release.
    struct Release: Sendable {
        var version: Version
        var revision: String
        var manifest: PackageManifest
        var feature: FeatureConfiguration?
    }

    let location: PackageLocation
    let releases: [Release]

    /// The package `name` at `https://example.com/acme/NAME`, released as `versions`, each
    /// depending on `dependencies` (another repository's name and requirement).
    init(_ name: String, versions: [String], dependencies: [(name: String, requirement: Requirement)] = [], layer: Layer? = nil) {
        location = PackageLocation(dependency: Self.url(name), relativeTo: "/")
        releases = versions.map { text in
            let version = Version(text)!
            let here = SourceLocation(file: "\(name)/Package.swift", line: 1, column: 1)
            let manifest = PackageManifest(
                name: name, toolsVersion: ToolsVersion(5, 9),
                dependencies: dependencies.map { PackageDependency(.sourceControl(url: Self.url($0.name), requirement: $0.requirement), location: here) },
                targets: [Target(name: name, dependencies: dependencies.map { TargetDependency(.product(name: $0.name, package: $0.name), location: here) }, location: here)],
                products: [Product(name: name, kind: .library, targets: [name], location: here)],
                manifestPath: here.file)
            return Release(
                version: version, revision: Self.revision(name, text), manifest: manifest,
                feature: layer.map { FeatureConfiguration(feature: name, layer: $0, file: "\(name)/mfe.yml") })
        }
    }

    /// The repository URL of `name`.
    static func url(_ name: String) -> String { "https://example.com/acme/\(name)" }

    /// A full commit hash standing for release `version` of `name`.
    static func revision(_ name: String, _ version: String) -> String {
        SHA256Hex.digest(Data("\(name)@\(version)".utf8)).prefix(40).description
    }

    func versions() async throws -> [Version: (tag: String, revision: String)] {
        Dictionary(uniqueKeysWithValues: releases.map { ($0.version, (tag: $0.version.description, revision: $0.revision)) })
    }

    func revision(ofBranch branch: String) async throws -> String {
        throw ComposeError.noBranch(branch, repository: location.redacted)
    }

    func resolveRevision(_ revision: String) async throws -> String {
        guard let release = releases.first(where: { $0.revision.hasPrefix(revision) }) else { throw ComposeError.noRevision(revision, repository: location.redacted) }
        return release.revision
    }

    func manifest(atRevision revision: String) async throws -> PackageManifest {
        guard let release = releases.first(where: { $0.revision == revision }) else { throw ComposeError.noRevision(revision, repository: location.redacted) }
        return release.manifest
    }

    func featureConfiguration(atRevision revision: String) async throws -> FeatureConfiguration? {
        releases.first { $0.revision == revision }?.feature
    }
}

/// Serves `MemoryRepository`s by identity; an unknown location is a repository without releases.
struct MemoryProvider: PackageSourceProvider {
    let repositories: [String: MemoryRepository]

    init(_ repositories: [MemoryRepository]) {
        self.repositories = Dictionary(uniqueKeysWithValues: repositories.map { ($0.location.identity, $0) })
    }

    func source(for location: PackageLocation) async -> any PackageSource {
        repositories[location.identity] ?? MemoryRepository(location.identity, versions: [])
    }
}

/// compose-shell's world in memory: a workspace at `/ws` with a shell package at `/ws/Shell`
/// depending on Kit (which depends on Env), the repositories, and the service run in it.
struct ComposeWorld {
    let files = InMemoryFileSystem()
    var repositories = [
        MemoryRepository("Kit", versions: ["2.0.0", "2.0.1", "2.1.0"], dependencies: [("Env", .upToNextMajor(from: Version(1, 0, 0)))]),
        MemoryRepository("Env", versions: ["1.0.0", "1.2.0"]),
    ]
    /// The workspace folder.
    let root: String
    /// The folder the service runs in: the in-memory file system's working directory.
    var currentDirectory: String {
        get { files.currentDirectory }
        nonmutating set { files.changeDirectory(to: newValue) }
    }

    /// The shell package's manifest: tools-version `tools`, `.package(url:…)` lines for
    /// `dependencies`, and a comment when `comment` is given (which moves only its hash).
    static func shellManifest(tools: String = "6.0", dependencies: [(name: String, requirement: String)] = [("Kit", "from: \"2.0.0\"")], comment: String? = nil) -> String {
        let declared = dependencies.map { ".package(url: \"\(MemoryRepository.url($0.name))\", \($0.requirement))" }.joined(separator: ", ")
        let used = dependencies.map { ".product(name: \"\($0.name)\", package: \"\($0.name)\")" }.joined(separator: ", ")
        return """
            // swift-tools-version: \(tools)
            import PackageDescription
            \(comment.map { "// \($0)\n" } ?? "")let package = Package(name: "Shell", dependencies: [\(declared)], targets: [.target(name: "Shell", dependencies: [\(used)])])

            """
    }

    /// A world with `mfe.yml` (`workspace: Demo` and `configuration` after it) and the shell.
    init(root: String = "/ws", configuration: String = "shell:\n  path: Shell\n", shell: String? = ComposeWorld.shellManifest()) throws {
        self.root = root
        files.changeDirectory(to: root)
        try files.write("workspace: Demo\n" + configuration, to: root + "/mfe.yml")
        if let shell { try files.write(shell, to: root + "/Shell/Package.swift") }
    }

    /// The service on this world, reading through `fileSystem` (the world's files by default).
    func service(variables: [String: String] = [:], fileSystem: (any FileSystem)? = nil) -> ComposeShellService {
        let provider = MemoryProvider(repositories)
        return ComposeShellService(environment: ServiceEnvironment(fileSystem: fileSystem ?? files, variables: variables)) { _ in provider }
    }

    /// Runs compose-shell with `request`.
    func run(_ request: ComposeShellService.Request) async throws -> CommandOutput {
        try await service().run(request)
    }

    /// Runs compose-shell with `request` and performs its writes.
    @discardableResult
    func compose(_ request: ComposeShellService.Request? = nil) async throws -> CommandOutput {
        let output = try await run(request ?? .init(path: root + "/Shell", noLint: true))
        try await CommandOutputWriter(fileSystem: files).perform(output)
        return output
    }

    /// The text of the file at `path`, nil when there is none.
    func text(_ path: String) -> String? {
        (try? files.contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
    }
}

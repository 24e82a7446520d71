import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFECompose

/// A pin its repository does not back is refused on every run, not only where it is kept: a
/// version with no tag but a genuine revision, which the requirements no longer admit, would
/// otherwise be replaced silently with exit 0.
@Suite("compose-shell: unbacked pins")
struct UnbackedPinTests {
    static let file = "/ws/Shell/Package.resolved"

    /// Env, released as 1.0.0 and 1.1.0, and a shell over a `Package.resolved` pinning Env at
    /// `version` with the genuine commit of 1.0.0.
    static func compose(pinnedVersion version: String, policy: UpdatePolicy = .keepPins) async throws -> Composition {
        let env = InMemoryPackageSource("Env")
        let revision = env.tag("1.0.0")
        _ = env.tag("1.1.0")
        let files = InMemoryFileSystem()
        try files.write(
            "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Shell\", dependencies: [.package(url: \"https://example.com/mfe/Env.git\", from: \"1.0.0\")], targets: [.target(name: \"Shell\")])\n",
            to: "/ws/Shell/Package.swift")
        let pin = ResolvedPin(identity: "env", kind: .remoteSourceControl, location: "https://example.com/mfe/Env.git", state: .version(Version(version)!, revision: revision))
        try files.writeAtomically(ResolvedFileWriter.render(ResolvedFile(version: 2, pins: [pin])), to: file)
        let composer = ShellComposer(provider: InMemoryProvider([env]), loader: ManifestReader(fileSystem: files, environment: [:]), fileSystem: files)
        return try await composer.compose(CompositionRequest(shell: .package(directory: "/ws/Shell"), outputPath: file, policy: policy))
    }

    @Test func aVersionWithoutATagIsRefusedWhenThePinWouldMove() async throws {
        let pin = ResolvedPin(identity: "env", kind: .remoteSourceControl, location: "https://example.com/mfe/Env.git", state: .version(Version("9.9.9")!, revision: ""))
        do {
            _ = try await Self.compose(pinnedVersion: "9.9.9")
            Issue.record("a pin of an untagged version was replaced")
        } catch let untrusted as UntrustedPins {
            #expect(untrusted.pins.map(\.identity) == [pin.identity])
            #expect(untrusted.pins.first?.reason == "is not backed by a tag: version 9.9.9 has no tag in 'https://example.com/mfe/Env.git'")
            #expect(untrusted.errorDescription?.contains("(version 9.9.9, revision '") ?? false)
        }
    }

    @Test func updateMovesAnUnbackedPinAndABackedOneMovesQuietly() async throws {
        let updated = try await Self.compose(pinnedVersion: "9.9.9", policy: .only(["env"]))
        #expect(updated.packages.map(\.state.summary).first?.contains("1.1.0") ?? false)
        // A pin the requirement admits and its tag backs is kept: nothing to refuse.
        let kept = try await Self.compose(pinnedVersion: "1.0.0")
        #expect(kept.packages.map(\.state.summary).first?.contains("1.0.0") ?? false)
    }
}

import Foundation
import MFECompose
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEFrontend

/// `ComposeShellService` in process, on an in-memory file system and in-memory repositories:
/// located, composed, checked or linted, rendered and planned, with nothing read from the
/// process's working directory. The binary's own tests (ComposeShellTests and the others in
/// MFEEndToEndTests) run it against real git.
@Suite("compose-shell in process", .hangGuard(processes: 1))
struct ComposeShellServiceTests {
    static let added = "Env 1.2.0 (added)\nKit 2.1.0 (added)\n"

    @Test func writesThePinsAndThenFindsThemUpToDate() async throws {
        let world = try ComposeWorld()
        let first = try await world.compose()
        #expect(first.standardOutput == Self.added + "wrote Shell/Package.resolved (2 pins)\n")
        #expect(first.exitCode == 0)
        guard case .replace("/ws/Shell/Package.resolved", let data, createsFolder: true) = try #require(first.writes.first), first.writes.count == 1 else {
            Issue.record("planned \(first.writes)")
            return
        }
        #expect(String(decoding: data, as: UTF8.self).contains("\"revision\" : \"\(MemoryRepository.revision("Kit", "2.1.0"))\""))
        let again = try await world.compose()
        #expect(again.standardOutput == "Shell/Package.resolved is up to date (2 pins)\n")
        #expect(again.writes.isEmpty)
        let check = try await world.run(.init(path: "/ws/Shell", check: true))
        #expect(check.printed == [CommandOutput.Text(stream: .output, text: "Shell/Package.resolved is up to date\n")])
        #expect(check.exitCode == 0)

        try world.files.write(ComposeWorld.shellManifest(dependencies: [("Kit", "exact: \"2.0.1\"")]), to: "/ws/Shell/Package.swift")
        let stale = try await world.run(.init(path: "/ws/Shell", check: true))
        #expect(stale.exitCode == 1)
        #expect(stale.standardOutput.hasPrefix("--- a/Shell/Package.resolved\n+++ b/Shell/Package.resolved\n"))
        #expect(stale.standardError == "error: Shell/Package.resolved is stale (Kit 2.1.0 → 2.0.1); run 'mfe compose-shell' to update it\n")
        #expect(stale.writes.isEmpty, "--check writes nothing")
    }

    /// An XcodeGen shell: the spec's `packages:` are the requirements, and the pins go where
    /// Xcode reads them in the project XcodeGen generates (`Shop.xcodeproj` for `name: Shop`).
    @Test func anXcodeGenShellIsPinnedInTheProjectItGenerates() async throws {
        let world = try ComposeWorld(configuration: "shell:\n  project: App/project.yml\n", shell: nil)
        let spec = """
            name: Shop
            packages:
              Kit:
                url: \(MemoryRepository.url("Kit"))
                from: 2.0.0
            targets:
              Shop:
                type: application
                platform: iOS
                dependencies:
                  - package: Kit

            """
        try world.files.write(spec, to: "/ws/App/project.yml")
        let output = try await world.compose(.init(path: "/ws", noLint: true))
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(output.standardOutput == Self.added + "wrote App/Shop.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved (2 pins)\n")
        let check = try await world.run(.init(path: "/ws", check: true))
        #expect(check.exitCode == 0, "\(check.standardError)")
    }

    /// A local package of the spec (`path:`, relative to it) brings its own requirements.
    @Test func anXcodeGenShellsLocalPackagesAreReadBesideTheSpec() async throws {
        let world = try ComposeWorld(configuration: "shell:\n  project: App/project.yml\n", shell: nil)
        let feature = """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(
                name: "Feature", products: [.library(name: "Feature", targets: ["Feature"])], dependencies: [.package(url: "\(MemoryRepository.url("Kit"))", from: "2.0.0")],
                targets: [.target(name: "Feature", dependencies: [.product(name: "Kit", package: "Kit")])])

            """
        try world.files.write(feature, to: "/ws/App/Modules/Feature/Package.swift")
        let spec = "name: Shop\npackages:\n  Feature:\n    path: Modules/Feature\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n    dependencies:\n      - package: Feature\n"
        try world.files.write(spec, to: "/ws/App/project.yml")
        let output = try await world.compose(.init(path: "/ws", noLint: true))
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(output.standardOutput == Self.added + "wrote App/Shop.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved (2 pins)\n")
    }

    /// The JSON summary is a contract: its bytes, key order and spacing are kept.
    @Test func theJSONSummaryIsTheContract() async throws {
        let world = try ComposeWorld()
        try await world.compose()
        let json = try await world.run(.init(path: "/ws/Shell", check: true, format: .json))
        #expect(
            json.standardOutput == """
                {
                  "changes": [],
                  "file": "Shell/Package.resolved",
                  "pins": [
                    {
                      "identity": "env",
                      "kind": "remoteSourceControl",
                      "location": "https://example.com/acme/Env",
                      "package": "Env",
                      "revision": "\(MemoryRepository.revision("Env", "1.2.0"))",
                      "version": "1.2.0"
                    },
                    {
                      "identity": "kit",
                      "kind": "remoteSourceControl",
                      "location": "https://example.com/acme/Kit",
                      "package": "Kit",
                      "revision": "\(MemoryRepository.revision("Kit", "2.1.0"))",
                      "version": "2.1.0"
                    }
                  ],
                  "status": "up-to-date"
                }

                """)
        #expect(json.standardError.isEmpty)
    }

    /// Paths given relative, and the paths printed, are the environment's current directory's:
    /// the in-memory world has no folder where the process runs.
    @Test func relativePathsAreTheEnvironmentsNotTheProcesss() async throws {
        let world = try ComposeWorld()
        world.currentDirectory = "/ws/Shell"
        let output = try await world.compose(.init(path: nil, output: "../Pins/Package.resolved", noLint: true))
        #expect(output.writes.map(\.path) == ["/ws/Pins/Package.resolved"])
        #expect(output.standardOutput.hasSuffix("wrote /ws/Pins/Package.resolved (2 pins)\n"), "outside the current directory: its absolute path")
        world.currentDirectory = "/ws"
        #expect(try await world.run(.init(path: "Shell", output: "Pins/Package.resolved", check: true)).standardOutput == "Pins/Package.resolved is up to date\n")
    }

    /// The shell is found, composed, linted and written with the workspace `mfe.yml` parsed
    /// once: `findWorkspaceRoot` hands its configuration on.
    @Test func theWorkspaceMfeYmlIsReadOnce() async throws {
        let world = try ComposeWorld(configuration: "shell:\n  path: Shell\nlayers:\n  product: [Shell]\n  foundation: [Kit, Env]\n")
        let counting = ReadCountingFileSystem(world.files)
        let output = try await world.service(fileSystem: counting).run(.init(path: "/ws"))
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(output.writes.count == 1)
        #expect(counting.counts.reads(of: "/ws/mfe.yml") == 1)
        #expect(counting.counts.reads(of: "/ws/Shell/Package.swift") >= 1)
    }

    @Test func aConflictSaysSoBeforeItsSummary() async throws {
        var world = try ComposeWorld(shell: ComposeWorld.shellManifest(dependencies: [("Kit", "from: \"2.0.0\""), ("Env", "exact: \"0.9.0\"")]))
        world.repositories = [world.repositories[0], MemoryRepository("Env", versions: ["0.9.0"])]
        let output = try await world.run(.init(path: "/ws/Shell", format: .json))
        #expect(output.exitCode == 1)
        #expect(output.writes.isEmpty)
        #expect(output.printed.map(\.stream) == [.error, .output])
        #expect(output.standardError.hasPrefix("error: the MFEs' requirements conflict; /ws/Shell/Package.resolved is unchanged\nno version of Env satisfies"))
        #expect(output.standardOutput.contains("\n  \"conflictPackages\": [\n    \"env\"\n  ],\n  \"file\": \"/ws/Shell/Package.resolved\",\n"))
    }

    @Test func aLintFailureWritesNothing() async throws {
        let world = try ComposeWorld(configuration: "shell:\n  path: Shell\nlayers:\n  product: [Shell, Kit]\n  foundation: [Env]\n")
        for format in ComposeShellService.Format.allCases {
            let output = try await world.run(.init(path: "/ws/Shell", format: format))
            #expect(output.exitCode == 1)
            #expect(output.writes.isEmpty)
            #expect(output.standardOutput.isEmpty, "no summary in \(format)")
            #expect(output.standardError.contains("error: Shell depends on Kit, the implementation of another product feature; depend on KitInterface [product-to-product]\n"))
            #expect(output.standardError.hasSuffix("error: the composed graph breaks the layer rules; Shell/Package.resolved is unchanged (use --no-lint to write it anyway)\n"))
        }
        #expect(try await world.run(.init(path: "/ws/Shell", noLint: true)).exitCode == 0, "--no-lint does not lint")
    }

    @Test func untrustedPinsStopARunAndFailACheck() async throws {
        let world = try ComposeWorld()
        try await world.compose()
        let bytes = try #require(world.text("/ws/Shell/Package.resolved"))
        try world.files.write(bytes.replacingOccurrences(of: MemoryRepository.revision("Kit", "2.1.0"), with: "abc"), to: "/ws/Shell/Package.resolved")
        await #expect {
            try await world.run(.init(path: "/ws/Shell", noLint: true))
        } throws: { error in
            (error as? UntrustedPins)?.errorDescription?.hasPrefix("'Shell/Package.resolved': the pin of 'kit' (version 2.1.0, revision 'abc') is no commit hash") == true
        }
        let check = try await world.run(.init(path: "/ws/Shell", check: true, format: .json))
        #expect(check.exitCode == 1)
        #expect(check.printed.map(\.stream) == [.error, .output])
        #expect(check.standardError.hasPrefix("error: Shell/Package.resolved is not backed by the repositories it pins, so it is stale:\n'Shell/Package.resolved': the pin of 'kit'"))
        #expect(check.standardOutput.contains("\"status\": \"untrusted\""))
        // `--update kit` moves the pin, so the malformed one is never used.
        let repaired = try await world.compose(.init(path: "/ws/Shell", update: ["kit"], noLint: true))
        #expect(repaired.exitCode == 0)
        #expect(world.text("/ws/Shell/Package.resolved") == bytes)
    }

    @Test func updateNamesThatAreNoPackageAreRefused() async throws {
        let world = try ComposeWorld()
        await #expect(throws: ComposeShellError.unknownUpdateNames(unknown: ["Kot"], nearest: "Kit", known: ["Env", "Kit"], folder: nil)) {
            try await world.run(.init(path: "/ws/Shell", update: ["Kot"], noLint: true))
        }
        await #expect(throws: ComposeShellError.unknownUpdateNames(unknown: ["Shell"], nearest: nil, known: ["Env", "Kit"], folder: "Shell")) {
            try await world.run(.init(path: "/ws", update: ["Shell"], noLint: true))
        }
    }

    @Test func theXcodeMirrorsGetTheSamePins() async throws {
        let world = try ComposeWorld()
        try world.files.write(XcodeFixtures.classic(name: "App", objectVersion: 77, localPackage: ".."), to: "/ws/Shell/App/App.xcodeproj/project.pbxproj")
        let mirror = "/ws/Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        let output = try await world.compose()
        #expect(output.standardOutput.hasSuffix("wrote Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved, the same pins for Xcode\n"))
        #expect(output.writes.map(\.path) == ["/ws/Shell/Package.resolved", mirror])
        #expect(world.text(mirror) == world.text("/ws/Shell/Package.resolved"))
        try world.files.write("{}\n", to: mirror)
        let check = try await world.run(.init(path: "/ws/Shell", check: true))
        #expect(check.exitCode == 1)
        #expect(check.standardError.contains("error: Shell/Package.resolved and Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved disagree"))
        #expect(try await world.compose().writes.map(\.path) == [mirror], "only the mirror that disagrees is written")
    }

    @Test func aWorkspaceLoaderTheCommandLineDidNotChooseIsNoted() async throws {
        let world = try ComposeWorld(configuration: "shell:\n  path: Shell\nloader: swiftpm\n")
        let noted = try await world.run(.init(path: "/ws/Shell", noLint: true))
        #expect(noted.printed.first?.stream == .error)
        #expect(noted.standardError.hasPrefix("note: mfe.yml:4: 'loader: swiftpm' was not applied"))
        #expect(try await world.run(.init(path: "/ws/Shell", noLint: true, loader: .static)).standardError.isEmpty)
    }
}

extension PlannedWrite {
    /// The file a write is to.
    var path: String? {
        switch self {
        case .replace(let path, _, _), .create(let path, _, _), .append(let path, _, _), .remove(let path): return path
        case .scaffold: return nil
        }
    }
}

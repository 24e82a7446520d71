import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import Testing

@testable import MFECompose

/// Every `CompositionOutcome` in both formats: what goes to standard output, what goes to
/// standard error, the exit code and the files changed. The JSON summary is a contract, so
/// its expected bytes are written out in full.
@Suite("compose-shell: outcomes rendered")
struct CompositionRendererTests {
    static let file = "/ws/Shell/Package.resolved"
    static let mirror = "/ws/Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
    static let context = CompositionRenderContext(currentDirectory: "/ws")

    /// Env, released as 1.0.0 and 1.1.0.
    static let env: InMemoryPackageSource = {
        let env = InMemoryPackageSource("Env")
        env.tag("1.0.0")
        env.tag("1.1.0")
        return env
    }()

    /// The shell package depending on Env with `requirement` (none: nothing to pin).
    static func manifest(_ requirement: String?, comment: String = "") -> String {
        let dependency = requirement.map { ".package(url: \"https://example.com/mfe/Env.git\", \($0))" } ?? ""
        return "// swift-tools-version: 6.0\nimport PackageDescription\n\(comment)let package = Package(name: \"Shell\", dependencies: [\(dependency)], targets: [.target(name: \"Shell\")])\n"
    }

    /// The composition of the shell with `manifest`, over the `Package.resolved` bytes of a
    /// composition of `previous` (none: no file yet).
    static func composition(_ manifest: String, previous: String? = nil) async throws -> Composition {
        let files = InMemoryFileSystem()
        let composer = ShellComposer(provider: InMemoryProvider([env]), loader: ManifestReader(fileSystem: files, environment: [:]), fileSystem: files)
        let request = CompositionRequest(shell: .package(directory: "/ws/Shell"), outputPath: file)
        if let previous {
            try files.write(previous, to: "/ws/Shell/Package.swift")
            let old = try await composer.compose(request)
            if old.file != nil { try files.writeAtomically(old.bytes, to: file) }
        }
        try files.write(manifest, to: "/ws/Shell/Package.swift")
        return try await composer.compose(request)
    }

    static func revision(_ tag: String) -> String { env.tags[tag]! }

    /// Text and JSON of `outcome`: (standard output, standard error) each.
    static func rendered(_ outcome: CompositionOutcome) -> (text: (String, String), json: (String, String)) {
        (
            (CompositionTextRenderer().render(outcome, context: context), CompositionTextRenderer().diagnostics(outcome, context: context)),
            (CompositionJSONRenderer().render(outcome, context: context), CompositionJSONRenderer().diagnostics(outcome, context: context))
        )
    }

    /// The JSON summary of Env pinned at `version`, with `changes` and `extra` keys (sorted
    /// among the others by the caller's choice of place).
    static func summary(status: String, file: String = "Shell/Package.resolved", version: String, changes: String = "[]", diff: String? = nil) -> String {
        """
        {
          "changes": \(changes),
        \(diff.map { "  \"diff\": \($0),\n" } ?? "")  "file": "\(file)",
          "pins": [
            {
              "identity": "env",
              "kind": "remoteSourceControl",
              "location": "https://example.com/mfe/Env.git",
              "package": "Env",
              "revision": "\(revision(version))",
              "version": "\(version)"
            }
          ],
          "status": "\(status)"
        }

        """
    }

    static let added = """
        [
            {
              "identity": "env",
              "package": "Env",
              "to": "1.1.0"
            }
          ]
        """

    @Test func written() async throws {
        let composition = try await Self.composition(Self.manifest("from: \"1.0.0\""))
        let outcome = CompositionOutcome.written(composition, file: Self.file, mirrors: [Self.mirror])
        let (text, json) = Self.rendered(outcome)
        #expect(
            text.0 == "Env 1.1.0 (added)\nwrote Shell/Package.resolved (1 pins)\nwrote Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved, the same pins for Xcode\n")
        #expect(text.1 == "")
        #expect(json.0 == Self.summary(status: "written", version: "1.1.0", changes: Self.added))
        #expect(json.1 == "")
        #expect(outcome.exitCode == 0)
        #expect(!outcome.errorsFirst)
        #expect(outcome.changes == [ResolvedFileState(path: Self.file, bytes: composition.bytes), ResolvedFileState(path: Self.mirror, bytes: composition.bytes)])
    }

    @Test func upToDate() async throws {
        let manifest = Self.manifest("from: \"1.0.0\"")
        let composition = try await Self.composition(manifest, previous: manifest)
        #expect(composition.isUpToDate)
        let outcome = CompositionOutcome.upToDate(composition, file: Self.file, mirrors: [Self.mirror])
        let (text, json) = Self.rendered(outcome)
        #expect(text.0 == "Shell/Package.resolved is up to date (1 pins)\nwrote Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved, the same pins for Xcode\n")
        #expect(json.0 == Self.summary(status: "up-to-date", version: "1.1.0"))
        #expect(text.1 == "" && json.1 == "")
        #expect(outcome.exitCode == 0)
        #expect(outcome.changes == [ResolvedFileState(path: Self.mirror, bytes: composition.bytes)], "the file itself is not written again")
    }

    @Test func originHashRefreshed() async throws {
        let composition = try await Self.composition(Self.manifest("from: \"1.0.0\"", comment: "// pinned by mfe\n"), previous: Self.manifest("from: \"1.0.0\""))
        #expect(composition.onlyOriginHashChanged)
        let outcome = CompositionOutcome.originHashRefreshed(composition, file: Self.file, mirrors: [])
        let (text, json) = Self.rendered(outcome)
        #expect(text.0 == "refreshed the originHash of Shell/Package.resolved (the shell's Package.swift changed, no pin moved)\n")
        #expect(json.0 == Self.summary(status: "written", version: "1.1.0"))
        #expect(outcome.exitCode == 0)
        #expect(outcome.changes == [ResolvedFileState(path: Self.file, bytes: composition.bytes)])
    }

    @Test func removed() async throws {
        let composition = try await Self.composition(Self.manifest(nil), previous: Self.manifest("exact: \"1.0.0\""))
        let outcome = CompositionOutcome.removed(composition, file: Self.file, mirrors: [Self.mirror])
        let (text, json) = Self.rendered(outcome)
        // Package.resolved keeps no package names: a removed pin is named by its identity.
        #expect(
            text.0
                == "env 1.0.0 (removed)\nremoved Shell/Package.resolved: nothing to pin\nwrote Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved, the same pins for Xcode\n"
        )
        let removedChange = "[\n    {\n      \"from\": \"1.0.0\",\n      \"identity\": \"env\",\n      \"package\": \"env\"\n    }\n  ]"
        #expect(json.0 == "{\n  \"changes\": \(removedChange),\n  \"file\": \"Shell/Package.resolved\",\n  \"pins\": [],\n  \"status\": \"written\"\n}\n")
        #expect(outcome.changes == [ResolvedFileState(path: Self.file, bytes: nil), ResolvedFileState(path: Self.mirror, bytes: nil)], "SwiftPM removes the file: so do the mirrors")
    }

    @Test func checked() async throws {
        let manifest = Self.manifest("from: \"1.0.0\"")
        let outcome = CompositionOutcome.checked(try await Self.composition(manifest, previous: manifest), file: Self.file)
        let (text, json) = Self.rendered(outcome)
        #expect(text.0 == "Shell/Package.resolved is up to date\n")
        #expect(json.0 == Self.summary(status: "up-to-date", version: "1.1.0"))
        #expect(text.1 == "" && json.1 == "")
        #expect(outcome.exitCode == 0)
        #expect(outcome.changes.isEmpty, "--check writes nothing")
    }

    @Test func staleWithADiffAndTheMirrorsThatDisagree() async throws {
        let composition = try await Self.composition(Self.manifest("exact: \"1.1.0\""), previous: Self.manifest("exact: \"1.0.0\""))
        let mirror = ResolvedFileState(path: Self.mirror, bytes: Data("{}\n".utf8))
        let outcome = CompositionOutcome.stale(composition, file: Self.file, disagreeing: [mirror])
        let (text, json) = Self.rendered(outcome)
        let old = String(decoding: try #require(composition.previousBytes), as: UTF8.self)
        let new = String(decoding: composition.bytes, as: UTF8.self)
        let diff = UnifiedDiff.render(old: old, new: new, oldLabel: "a/Shell/Package.resolved", newLabel: "b/Shell/Package.resolved")
        let mirrorLabel = "Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        let mirrorDiff = UnifiedDiff.render(old: "{}\n", new: new, oldLabel: "a/" + mirrorLabel, newLabel: "b/" + mirrorLabel)
        #expect(diff.contains("-        \"revision\" : \"\(Self.revision("1.0.0"))\""))
        #expect(text.0 == diff + mirrorDiff)
        let disagreement = "error: Shell/Package.resolved and \(mirrorLabel) disagree: Xcode builds the app with the pins of \(mirrorLabel); run 'mfe compose-shell' to write the same pins to both\n"
        #expect(text.1 == "error: Shell/Package.resolved is stale (Env 1.0.0 → 1.1.0); run 'mfe compose-shell' to update it\n" + disagreement)
        let changed = "[\n    {\n      \"from\": \"1.0.0\",\n      \"identity\": \"env\",\n      \"package\": \"Env\",\n      \"to\": \"1.1.0\"\n    }\n  ]"
        #expect(json.0 == Self.summary(status: "stale", version: "1.1.0", changes: changed, diff: JSONValue.string(diff).formatted().dropLast().description))
        #expect(json.1 == disagreement, "the summary says the file is stale; only the mirrors are named")
        #expect(outcome.exitCode == 1)
        #expect(outcome.changes.isEmpty)
    }

    @Test func staleForItsOriginHashAlone() async throws {
        let composition = try await Self.composition(Self.manifest("from: \"1.0.0\"", comment: "// pinned\n"), previous: Self.manifest("from: \"1.0.0\""))
        let outcome = CompositionOutcome.stale(composition, file: Self.file, disagreeing: [ResolvedFileState(path: Self.mirror, bytes: nil)])
        let (text, json) = Self.rendered(outcome)
        #expect(text.0.hasPrefix("--- a/Shell/Package.resolved\n+++ b/Shell/Package.resolved\n"))
        #expect(!text.0.contains("App.xcodeproj"), "the refreshed hash is the whole story")
        #expect(
            text.1
                == "error: Shell/Package.resolved is stale: only its originHash changed (the shell's Package.swift was edited, no pin moves); run 'mfe compose-shell' to refresh the hash, or 'swift package resolve' re-resolves on every run until it is refreshed\n"
        )
        #expect(json.0.contains("\"status\": \"stale\""))
        #expect(json.1.hasPrefix("error: Shell/Package.resolved and Shell/App/App.xcodeproj/"))
    }

    @Test func mirrorsDisagree() async throws {
        let manifest = Self.manifest("from: \"1.0.0\"")
        let composition = try await Self.composition(manifest, previous: manifest)
        let second = "/ws/Shell/Shell.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"
        let outcome = CompositionOutcome.mirrorsDisagree(
            composition, file: Self.file, disagreeing: [ResolvedFileState(path: Self.mirror, bytes: nil), ResolvedFileState(path: second, bytes: Data("{}\n".utf8))])
        let (text, json) = Self.rendered(outcome)
        let new = String(decoding: composition.bytes, as: UTF8.self)
        let labels = ["Shell/App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", "Shell/Shell.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved"]
        let diffs = [
            UnifiedDiff.render(old: "", new: new, oldLabel: "a/" + labels[0], newLabel: "b/" + labels[0]),
            UnifiedDiff.render(old: "{}\n", new: new, oldLabel: "a/" + labels[1], newLabel: "b/" + labels[1]),
        ]
        let errors = labels.map {
            "error: Shell/Package.resolved and \($0) disagree: Xcode builds the app with the pins of \($0); run 'mfe compose-shell' to write the same pins to both\n"
        }
        #expect(text.0 == diffs.joined())
        #expect(text.1 == errors.joined())
        #expect(json.0 == Self.summary(status: "stale", file: labels[0], version: "1.1.0", diff: JSONValue.string(diffs[0]).formatted().dropLast().description))
        #expect(json.1 == errors.joined())
        #expect(outcome.exitCode == 1)
    }

    @Test func conflict() {
        let outcome = CompositionOutcome.conflict(CompositionConflict(message: "no version of Env fits:\n  Shell needs Env 2.0.0", packages: ["env"]), file: Self.file)
        let (text, json) = Self.rendered(outcome)
        #expect(text.0 == "")
        let error = "error: the MFEs' requirements conflict; /ws/Shell/Package.resolved is unchanged\nno version of Env fits:\n  Shell needs Env 2.0.0\n"
        #expect(text.1 == error)
        #expect(
            json.0
                == "{\n  \"changes\": [],\n  \"conflict\": \"no version of Env fits:\\n  Shell needs Env 2.0.0\",\n  \"conflictPackages\": [\n    \"env\"\n  ],\n  \"file\": \"/ws/Shell/Package.resolved\",\n  \"pins\": [],\n  \"status\": \"conflict\"\n}\n"
        )
        #expect(json.1 == error)
        #expect(outcome.exitCode == 1)
        #expect(outcome.errorsFirst)
    }

    @Test func untrusted() {
        let pin = UntrustedPin(identity: "env", state: .version(Version(1, 0, 0), revision: "abc"), reason: PinProblem.malformedRevision)
        let outcome = CompositionOutcome.untrusted(UntrustedPins(file: "Shell/Package.resolved", pins: [pin]), file: Self.file)
        let (text, json) = Self.rendered(outcome)
        #expect(text.0 == "")
        let error =
            "error: Shell/Package.resolved is not backed by the repositories it pins, so it is stale:\n'Shell/Package.resolved': the pin of 'env' (version 1.0.0, revision 'abc') is no commit hash (a revision is 40 lowercase hexadecimal digits); run 'mfe compose-shell --update env' to pin a commit of its repository, and find out who changed the file\n"
        #expect(text.1 == error)
        #expect(
            json.0
                == "{\n  \"changes\": [],\n  \"file\": \"Shell/Package.resolved\",\n  \"pins\": [],\n  \"status\": \"untrusted\",\n  \"untrustedPins\": [\n    {\n      \"identity\": \"env\",\n      \"reason\": \"is no commit hash (a revision is 40 lowercase hexadecimal digits)\",\n      \"revision\": \"abc\",\n      \"version\": \"1.0.0\"\n    }\n  ]\n}\n"
        )
        #expect(json.1 == error)
        #expect(outcome.exitCode == 1)
        #expect(outcome.errorsFirst)
    }

    @Test func lintFailed() {
        let outcome = CompositionOutcome.lintFailed(file: Self.file, findings: "Shell/Package.swift:3:1: error: … [product-to-product]\n")
        let (text, json) = Self.rendered(outcome)
        let error = "Shell/Package.swift:3:1: error: … [product-to-product]\nerror: the composed graph breaks the layer rules; Shell/Package.resolved is unchanged (use --no-lint to write it anyway)\n"
        #expect(text == ("", error))
        #expect(json == ("", error), "no summary: the run stopped before the pins were final")
        #expect(outcome.exitCode == 1)
        #expect(outcome.changes.isEmpty)
    }

    /// A package's manifest name and the shell's folder come from input: in text their control
    /// characters are visible and a line break cannot start a line (a GitHub Actions workflow
    /// command such as `::error::`, say) of its own.
    @Test func namesFromRepositoriesCannotStartALine() async throws {
        var composition = try await Self.composition(Self.manifest("from: \"1.0.0\""))
        composition.changes = [PinChange(package: "Env\n::error::pwned\u{1B}[2J", identity: "env", from: "1.0.0", to: "1.1.0")]
        let context = CompositionRenderContext(currentDirectory: "/ws")
        let file = "/ws/Shell\n::warning::x/Package.resolved"
        let outcomes: [CompositionOutcome] = [
            .written(composition, file: file, mirrors: [file]), .upToDate(composition, file: file, mirrors: []), .checked(composition, file: file),
            .stale(composition, file: file, disagreeing: [ResolvedFileState(path: file, bytes: nil)]),
        ]
        for outcome in outcomes {
            let text = CompositionTextRenderer().render(outcome, context: context) + CompositionTextRenderer().diagnostics(outcome, context: context)
            #expect(!text.unicodeScalars.contains { OutputEscaping.isControl($0) && $0 != "\n" }, "\(text)")
            for line in text.split(separator: "\n") { #expect(!line.hasPrefix("::"), "\(text)") }
        }
        #expect(composition.changes[0].summary == "Env\\u{A}::error::pwned\\u{1B}[2J 1.0.0 → 1.1.0")
    }
}

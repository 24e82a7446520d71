import Foundation
import MFEKit
import Testing

/// `mfe create` finishes or can be finished: concurrent creates all end wired, a create killed
/// outright leaves nothing the next run trips on, `--wire-only` finishes one stopped before
/// its wiring, and a shell or template mfe cannot handle safely is refused with a message.
@Suite("create that finishes or can be finished", .timeLimit(.minutes(3)))
struct CreateSafetyEndToEndTests {
    static let composition = "Shell/Sources/DemoComposition"

    /// A workspace `Demo` made by the built mfe, with no feature yet.
    static func workspace() async throws -> (ScratchFolder, String) {
        let folder = try ScratchFolder()
        let result = try await MFEBinary.run(["init", "Demo"], in: folder.path)
        #expect(result.status == 0, "\(result.standardError)")
        return (folder, PathUtilities.join(folder.path, "Demo"))
    }

    static func text(_ root: String, _ relative: String) throws -> String {
        try String(contentsOfFile: PathUtilities.join(root, relative), encoding: .utf8)
    }

    /// Whether `name` is wired into every shell file.
    static func expectWired(_ name: String, in root: String) throws {
        let lower = name.lowercased()
        #expect(try text(root, "Shell/Package.swift").contains(".package(path: \"../Features/\(name)\")"), "\(name) not in Package.swift")
        #expect(try text(root, "Shell/Package.swift").contains(".product(name: \"\(name)Interface\", package: \"\(name)\")"))
        #expect(try text(root, "\(composition)/AppRouter.swift").contains("links.register(\"/\(lower)\") { _ in .\(lower) }"), "\(name) has no route")
        #expect(try text(root, "\(composition)/AppComposition.swift").contains("public var \(lower): \(name)Builder {"), "\(name) has no builder")
        #expect(try text(root, "\(composition)/AppDependencies.swift").contains("extension AppDependencies: \(name)Dependencies {"))
        #expect(try text(root, "\(composition)/AppRootView.swift").contains("case .\(lower):"))
    }

    @Test func fourCreatesAtOnceAllEndWired() async throws {
        let (folder, root) = try await Self.workspace()
        _ = folder
        let names = ["Alpha", "Beta", "Gamma", "Delta"]
        let statuses = try await withThrowingTaskGroup(of: (String, ProcessResult).self) { group in
            for name in names {
                group.addTask {
                    let result = try await MFEBinary.run(["create", name, "--no-example"], in: root)
                    return (name, result)
                }
            }
            var results: [String: ProcessResult] = [:]
            for try await (name, result) in group { results[name] = result }
            return results
        }
        for name in names {
            #expect(statuses[name]?.status == 0, "\(name): \(statuses[name]?.standardError ?? "")")
            try Self.expectWired(name, in: root)
        }
        #expect(!FileManager.default.fileExists(atPath: PathUtilities.join(root, ".mfe-create.lock")))
        #expect(SafetyEndToEndTests.temporaryFolders(below: root).isEmpty)
    }

    /// `kill -9` while create has its files in its temporary folder and holds the workspace
    /// lock: no handler runs, so the folder and the lock file stay. The next create removes the
    /// folder (its pid is gone), takes the lock, and creates the same feature.
    @Test(.enabled(if: MFEBinary.hasTestHooks, "needs the debug build's pause before the rename"))
    func aCreateKilledOutrightLeavesNothingTheNextRunTripsOn() async throws {
        let (folder, root) = try await Self.workspace()
        _ = folder
        let process = Process()
        process.executableURL = URL(fileURLWithPath: MFEBinary.path)
        process.arguments = ["create", "Zed"]
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        var environment = ProcessInfo.processInfo.environment
        environment["MFE_TEST_PAUSE_BEFORE_RENAME"] = "60"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var temporary: String?
        for _ in 0..<400 where temporary == nil {
            temporary = SafetyEndToEndTests.temporaryFolders(below: root + "/Features").first { FileManager.default.fileExists(atPath: $0 + "/README.md") }
            if temporary == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = try #require(temporary)
        #expect(FileManager.default.fileExists(atPath: left), "kill -9 leaves the temporary folder")
        #expect(FileManager.default.fileExists(atPath: root + "/.mfe-create.lock"), "and the lock file")

        let again = try await MFEBinary.run(["create", "Zed"], in: root)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(!FileManager.default.fileExists(atPath: left))
        #expect(SafetyEndToEndTests.temporaryFolders(below: root).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/.mfe-create.lock"))
        try Self.expectWired("Zed", in: root)
    }

    /// A create stopped after its package was written and before the wiring (simulated with
    /// `--no-wire`): a plain re-run says how to finish, `--wire-only` finishes, and then both
    /// refuse, as there is nothing left to do.
    @Test func wireOnlyFinishesACreateStoppedBeforeItsWiring() async throws {
        let (folder, root) = try await Self.workspace()
        let created = try await MFEBinary.run(["create", "Zed", "--no-wire"], in: root)
        #expect(created.status == 0, "\(created.standardError)")
        let before = try folder.snapshot()
        let rerun = try await MFEBinary.run(["create", "Zed"], in: root)
        #expect(rerun.status == 2)
        #expect(
            rerun.standardError.contains(
                "error: 'Features/Zed' already exists; mfe never overwrites: choose another name, or remove the folder first; it is not wired into the shell yet (an interrupted 'mfe create'?): run 'mfe create Zed --wire-only' to wire it\n"
            ), "\(rerun.standardError)")
        #expect(try folder.snapshot() == before)

        let dryRun = try await MFEBinary.run(["create", "Zed", "--wire-only", "--dry-run"], in: root)
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        // The manifest, four composition root files, the Linux entry point and the shell's tests.
        #expect(dryRun.standardOutput.hasPrefix("Would edit 7 files (dry run, nothing written):\n"), "\(dryRun.standardOutput)")
        #expect(try folder.snapshot() == before)

        let wired = try await MFEBinary.run(["create", "Zed", "--wire-only"], in: root + "/Features")
        #expect(wired.status == 0, "\(wired.standardError)")
        #expect(wired.standardOutput.hasPrefix("--- a/Shell/Package.swift\n"), "\(wired.standardOutput)")
        #expect(
            wired.standardOutput.hasSuffix(
                "Edited \(Self.composition)/AppRouter.swift: Zed wired in\nEdited Shell/Sources/DemoApp/DemoApp.swift: Zed in the walk-through\nEdited Shell/Tests/DemoCompositionTests/AppCompositionTests.swift: Zed's route tested\n\nNext:\n  swift test --package-path ../Shell\n"
            ), "\(wired.standardOutput)")
        try Self.expectWired("Zed", in: root)

        let after = try folder.snapshot()
        for arguments in [["create", "Zed", "--wire-only"], ["create", "Zed"]] {
            let again = try await MFEBinary.run(arguments, in: root)
            #expect(again.status == 2)
            #expect(!again.standardError.contains("--wire-only' to wire it"), "\(again.standardError)")
            #expect(
                again.standardError.contains(
                    arguments.count == 3
                        ? "error: 'Zed' (Features/Zed) is already wired into the shell; nothing to do\n"
                        : "error: 'Features/Zed' already exists; mfe never overwrites: choose another name, or remove the folder first\n"), "\(again.standardError)")
        }
        #expect(try folder.snapshot() == after)
        let flags = try await MFEBinary.run(["create", "Zed", "--wire-only", "--web", "https://example.com"], in: root)
        #expect(flags.status == 64)
        #expect(flags.standardError.contains("'--wire-only' wires the package NAME as it is; drop '--web'"), "\(flags.standardError)")
    }

    /// Stale temporaries of runs whose pid is gone are removed where the next create writes;
    /// a live run's, and names mfe does not give, are left alone.
    @Test func theNextCreateRemovesTemporariesOfDeadRuns() async throws {
        let (folder, root) = try await Self.workspace()
        let dead = "2147483646"
        let alive = "\(getpid())"
        for relative in ["Features/.mfe-Old-\(dead)-1/README.md", "\(Self.composition)/.AppRouter.swift.mfe-\(dead)-5", "Features/.mfe-Live-\(alive)-2/README.md", "Features/.mfe-notes/keep.txt"] {
            try folder.write("x\n", to: "Demo/" + relative)
        }
        let result = try await MFEBinary.run(["create", "Zed"], in: root)
        #expect(result.status == 0, "\(result.standardError)")
        let left = SafetyEndToEndTests.temporaryFolders(below: root).map { PathUtilities.relative($0, to: root) }.sorted()
        #expect(left == ["Features/.mfe-Live-\(alive)-2", "Features/.mfe-notes"], "\(left)")
    }

    /// A shell whose router registers its routes only under `#if DEBUG`: mfe cannot tell where
    /// the route goes in release builds, so the package is created, the steps are printed and
    /// mfe exits 1, with the shell as it was.
    @Test func aShellMfeCannotWireSafelyIsExitOneWithTheSteps() async throws {
        let (folder, root) = try await Self.workspace()
        _ = folder
        let router = PathUtilities.join(root, "\(Self.composition)/AppRouter.swift")
        let original = try String(contentsOfFile: router, encoding: .utf8)
        let guarded = original.replacingOccurrences(of: "        links.register(\"/\") { _ in .root }\n", with: "        #if DEBUG\n        links.register(\"/\") { _ in .root }\n        #endif\n")
        #expect(guarded != original)
        try Data(guarded.utf8).write(to: URL(fileURLWithPath: router))
        let shell = try ScratchFolderSnapshot(root + "/Shell")
        let result = try await MFEBinary.run(["create", "Zed"], in: root)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "mfe did not wire Zed into the shell: \(Self.composition)/AppRouter.swift: 'AppRouter' registers its routes only under '#if' branches that do not cover every platform; mfe cannot tell where the route '/zed' belongs in the others; no shell file was changed. Wire it by hand:\n  - in Shell/Package.swift: add"
            ), "\(result.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: root + "/Features/Zed/Package.swift"))
        #expect(try ScratchFolderSnapshot(root + "/Shell") == shell)
    }

    @Test(arguments: [
        (
            "App",
            "error: the feature name 'App' makes the type 'AppDependencies', which Shell/Sources/DemoComposition/AppDependencies.swift declares too; wiring it into the shell would not build, so choose another feature name, e.g. 'AppFeature'\n"
        ),
        (
            "Root",
            "error: the feature name 'Root' needs the route case and builder 'root', and the shell already has 'case root' of AppRoute in Shell/Sources/DemoComposition/AppRouter.swift; choose another feature name, e.g. 'RootFeature'\n"
        ),
        ("Demo", "error: the feature name 'Demo' is the workspace's name"),
    ])
    func aNameClashingWithTheShellIsExitTwoAndWritesNothing(name: String, message: String) async throws {
        let (folder, root) = try await Self.workspace()
        let before = try folder.snapshot()
        let result = try await MFEBinary.run(["create", name], in: root)
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try folder.snapshot() == before)
    }

    /// A team template with a link to a file outside its folder, or nested deeper than the
    /// renderer can go: exit 2 naming the link or the file and line, nothing written, no crash.
    @Test func aHostileTeamTemplateIsExitTwoNamingTheFile() async throws {
        let folder = try ScratchFolder()
        try folder.write("description: ours\n", to: "team/feature/template.yml")
        try folder.write("secret\n", to: "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/team/feature/copied.txt", withDestinationPath: folder.path + "/secret.txt")
        let before = try folder.snapshot()
        let linked = try await MFEBinary.run(["create", "Search", "--templates", "team"], in: folder.path)
        #expect(linked.status == 2)
        #expect(linked.standardError.hasPrefix("error: '\(folder.path)/team/feature/copied.txt' is a symbolic link to '"), "\(linked.standardError)")
        #expect(try folder.snapshot() == before)

        try FileManager.default.removeItem(atPath: folder.path + "/team/feature/copied.txt")
        try folder.write("// {{name}}\n" + String(repeating: "{{#a}}", count: 80_000) + String(repeating: "{{/a}}", count: 80_000) + "\n", to: "team/feature/Deep.swift.mustache")
        let deep = try await MFEBinary.run(["create", "Search", "--templates", "team"], in: folder.path, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(deep.status == 2)
        #expect(deep.standardError == "error: \(folder.path)/team/feature/Deep.swift.mustache:2: sections nest more than 64 deep (mfe renders at most 64); simplify the template\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/Search"))
    }
}

/// Every file below a folder with its bytes (symbolic links as their destinations).
struct ScratchFolderSnapshot: Equatable {
    var files: [String: Data] = [:]

    init(_ root: String) throws {
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let path = PathUtilities.join(root, relative)
            if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                files[relative] = Data(("-> " + destination).utf8)
            } else {
                files[relative] = FileManager.default.contents(atPath: path) ?? Data()
            }
        }
    }
}

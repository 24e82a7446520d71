import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFECompose

/// Every kind of shell `ShellLocator` finds, and every reason it finds none, on an in-memory
/// file system: nothing here reads the process's working directory.
@Suite("compose-shell: the shell located")
struct ShellLocatorTests {
    static let manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"Shell\")\n"
    static let xcodeResolved = "project.xcworkspace/xcshareddata/swiftpm/Package.resolved"

    /// A file system with `files` (path: text) below `/ws`.
    static func world(_ files: [String: String]) throws -> InMemoryFileSystem {
        let system = InMemoryFileSystem()
        try system.createDirectory("/ws")
        for (path, text) in files { try system.write(text, to: "/ws/" + path) }
        return system
    }

    static func locate(_ files: [String: String], path: String?, output: String? = nil, update: [String]? = nil, in currentDirectory: String = "/ws") throws -> LocatedShell {
        try ShellLocator(fileSystem: try world(files), currentDirectory: currentDirectory).locate(path: path, output: output, update: update)
    }

    @Test func aFolderWithAPackageIsTheShellPackage() throws {
        let shell = try Self.locate(["mfe.yml": "workspace: W\n", "Shell/Package.swift": Self.manifest], path: "Shell")
        #expect(shell.request == CompositionRequest(shell: .package(directory: "/ws/Shell"), outputPath: "/ws/Shell/Package.resolved", policy: .keepPins))
        #expect(shell.shellFolder == "/ws/Shell")
        #expect(shell.workspace?.directory == "/ws")
        #expect(shell.workspace?.configuration.name == "W", "the workspace mfe.yml comes parsed with its root")
        #expect(shell.mirrors.isEmpty)
        #expect(shell.outputLabel == "Shell/Package.resolved")
    }

    @Test func theWorkspaceRootComposesTheShellItsMfeYmlNames() throws {
        let files = ["mfe.yml": "workspace: W\nshell:\n  path: Apps/Shell\n", "Package.swift": Self.manifest, "Apps/Shell/Package.swift": Self.manifest, "Docs/readme.md": ""]
        // From the root, whose own Package.swift is not the shell, and from a folder inside.
        for path in [nil, ".", "/ws", "Docs"] {
            let shell = try Self.locate(files, path: path)
            #expect(shell.shellFolder == "/ws/Apps/Shell", "from \(path ?? "nil")")
            #expect(shell.request.outputPath == "/ws/Apps/Shell/Package.resolved")
        }
        // A folder of its own with a Package.swift is the shell it names.
        #expect(try Self.locate(files, path: "/ws/Apps/Shell/../Shell").shellFolder == "/ws/Apps/Shell")
    }

    @Test func aPackageAtTheRootIsTheShellWhenTheWorkspaceNamesNoOther() throws {
        let shell = try Self.locate(["mfe.yml": "workspace: W\n", "Package.swift": Self.manifest], path: nil)
        #expect(shell.shellFolder == "/ws")
        // Outside any workspace, the folder given is the shell, and no workspace comes with it.
        let lone = try Self.locate(["Shell/Package.swift": Self.manifest], path: "Shell")
        #expect(lone.shellFolder == "/ws/Shell")
        #expect(lone.workspace == nil)
    }

    @Test func shellFeaturesNeedAnOutputOrAProject() throws {
        let configuration = "workspace: W\nshell:\n  features:\n    - url: https://example.com/acme/Kit\n      from: 2.0.0\n"
        // `shell.features` wins over a Package.swift at the root.
        let shell = try Self.locate(["mfe.yml": configuration, "Package.swift": Self.manifest], path: nil, output: "App.resolved")
        guard case .features(let features, let file) = shell.request.shell else {
            Issue.record("\(shell.request.shell)")
            return
        }
        #expect(features.map(\.url) == ["https://example.com/acme/Kit"])
        #expect(file == "/ws/mfe.yml")
        #expect(shell.request.outputPath == "/ws/App.resolved")
        #expect(shell.shellFolder == nil)
        let withProject = try Self.locate(["mfe.yml": configuration, "App.xcodeproj/project.pbxproj": XcodeFixtures.classic(name: "App")], path: nil)
        #expect(withProject.request.outputPath == "/ws/App.xcodeproj/" + Self.xcodeResolved)
        #expect(throws: ComposeShellError.outputNeeded(configurationFile: "/ws/mfe.yml")) { try Self.locate(["mfe.yml": configuration], path: nil) }
    }

    @Test func anXcodeProjectOrWorkspaceIsTheShell() throws {
        let project = XcodeFixtures.classic(name: "App")
        let named = try Self.locate(["mfe.yml": "workspace: W\nshell:\n  project: App/App.xcodeproj\n", "App/App.xcodeproj/project.pbxproj": project], path: nil)
        #expect(named.request.shell == .xcode(path: "/ws/App/App.xcodeproj"))
        #expect(named.request.outputPath == "/ws/App/App.xcodeproj/" + Self.xcodeResolved)
        let workspace = try Self.locate(["mfe.yml": "workspace: W\nshell:\n  project: App.xcworkspace\n", "App.xcworkspace/contents.xcworkspacedata": ""], path: nil)
        #expect(workspace.request.outputPath == "/ws/App.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        // Found in the folder given: the one project, or the workspace Xcode opens over it.
        let found = try Self.locate(["App/App.xcodeproj/project.pbxproj": project], path: "App", output: "out/Package.resolved")
        #expect(found.request.shell == .xcode(path: "/ws/App/App.xcodeproj"))
        #expect(found.request.outputPath == "/ws/out/Package.resolved")
        let both = try Self.locate(["App/App.xcodeproj/project.pbxproj": project, "App/App.xcworkspace/contents.xcworkspacedata": ""], path: "App")
        #expect(both.request.shell == .xcode(path: "/ws/App/App.xcworkspace"))
    }

    @Test func anXcodeGenSpecIsTheShellWithThePinsOfTheProjectItGenerates() throws {
        let spec = "name: Shop\ntargets:\n  Shop:\n    type: application\n    platform: iOS\n"
        let shell = try Self.locate(["mfe.yml": "workspace: W\nshell:\n  project: App/project.yml\n", "App/project.yml": spec], path: nil)
        #expect(shell.request.shell == .xcode(path: "/ws/App/project.yml"))
        #expect(shell.request.outputPath == "/ws/App/Shop.xcodeproj/" + Self.xcodeResolved)
    }

    @Test func theXcodeProjectsOfTheShellPackageAreItsMirrors() throws {
        let files = [
            "Shell/Package.swift": Self.manifest,
            "Shell/App/App.xcodeproj/project.pbxproj": XcodeFixtures.classic(name: "App", localPackage: ".."),
            "Shell/Shell.xcodeproj/project.pbxproj": XcodeFixtures.classic(name: "Shell", localPackage: "."),
            "Shell/Other.xcodeproj/project.pbxproj": XcodeFixtures.classic(name: "Other"),
        ]
        let shell = try Self.locate(files, path: "Shell")
        #expect(shell.mirrors == ["/ws/Shell/App/App.xcodeproj/" + Self.xcodeResolved, "/ws/Shell/Shell.xcodeproj/" + Self.xcodeResolved])
        // `--output` writes elsewhere: Xcode's files are left alone.
        #expect(try Self.locate(files, path: "Shell", output: "Other.resolved").mirrors.isEmpty)
    }

    @Test func relativePathsResolveAgainstTheCurrentDirectoryGiven() throws {
        let files = ["mfe.yml": "workspace: W\nshell:\n  path: Shell\n", "Shell/Package.swift": Self.manifest]
        let shell = try Self.locate(files, path: ".", output: "../Pins/Package.resolved", in: "/ws/Shell")
        #expect(shell.shellFolder == "/ws/Shell")
        #expect(shell.request.outputPath == "/ws/Pins/Package.resolved")
        #expect(shell.outputLabel == "/ws/Pins/Package.resolved", "outside the current directory a file is named by its absolute path")
        #expect(try Self.locate(files, path: nil, in: "/ws/Shell").outputLabel == "Package.resolved")
    }

    @Test func updateNamesBecomeThePolicy() throws {
        let files = ["Shell/Package.swift": Self.manifest]
        #expect(try Self.locate(files, path: "Shell").request.policy == .keepPins)
        #expect(try Self.locate(files, path: "Shell", update: []).request.policy == .all)
        let named = try Self.locate(files, path: "Shell", update: ["Env.git", "https://example.com/acme/Kit", "Shell"])
        #expect(named.request.policy == .only(["env", "kit", "shell"]))
        #expect(named.updateNames == ["Env.git", "https://example.com/acme/Kit", "Shell"])
        #expect(named.updateFolders == ["Shell"], "a name that is a folder is the usual mistake, pointed out later")
    }

    @Test func noFolderIsNamedAsGiven() throws {
        #expect(throws: ComposeShellError.notAFolder(given: "Nothing", exists: false)) { try Self.locate([:], path: "Nothing") }
        #expect(throws: ComposeShellError.notAFolder(given: "mfe.yml", exists: true)) { try Self.locate(["mfe.yml": "workspace: W\n"], path: "mfe.yml") }
    }

    @Test func noShellIsNamedWithTheFolderAnUpdateNameMayHaveMeant() throws {
        let files = ["mfe.yml": "workspace: W\n", "Shell/Package.swift": Self.manifest, "Two/A.xcodeproj/project.pbxproj": "", "Two/B.xcodeproj/project.pbxproj": ""]
        #expect(throws: ComposeShellError.noShell(given: ".", updateFolder: "Shell")) { try Self.locate(files, path: nil, update: ["Env", "Shell"]) }
        #expect(throws: ComposeShellError.noShell(given: ".", updateFolder: nil), "--path was given, so the names are packages") {
            try Self.locate(files, path: ".", update: ["Shell"])
        }
        #expect(throws: ComposeShellError.noShell(given: "Two", updateFolder: nil), "two projects and no workspace: no shell") { try Self.locate(files, path: "Two") }
    }

    @Test func aShellProjectThatIsNoProjectIsAWorkspaceError() throws {
        let files = ["mfe.yml": "workspace: W\nshell:\n  project: App.xcodeproj\n"]
        #expect(throws: WorkspaceError.projectsEntryWithoutProject("App.xcodeproj", key: "shell.project:", at: SourceLocation(file: "/ws/mfe.yml", line: 3, column: 12))) {
            try Self.locate(files, path: nil)
        }
    }

    @Test func anUnreadableMfeYmlStopsTheSearchWithItsLine() throws {
        #expect {
            try Self.locate(["mfe.yml": "workspace: W\nshell: [\n", "Shell/Package.swift": Self.manifest], path: "Shell")
        } throws: { error in
            guard case .malformedYAML(_, let at) = error as? WorkspaceError else { return false }
            return at.file == "/ws/mfe.yml"
        }
    }
}

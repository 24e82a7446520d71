import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFECompose

/// `ShellLocator` on Tuist shells: Tuist resolves `Tuist/Package.swift` with SwiftPM and keeps
/// the pins beside it, so that is where compose-shell reads and writes, however the shell is
/// named.
@Suite("compose-shell: a Tuist shell located")
struct TuistShellLocatorTests {
    static let packages = "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"App\", dependencies: [])\n"
    static let project = "import ProjectDescription\nlet project = Project(name: \"App\", targets: [])\n"

    static func locate(_ files: [String: String], path: String?, output: String? = nil) throws -> LocatedShell {
        try ShellLocator(fileSystem: try ShellLocatorTests.world(files), currentDirectory: "/ws").locate(path: path, output: output, update: nil)
    }

    @Test func aTuistRootGivenIsTheShellWithThePinsBesideTuistPackageSwift() throws {
        let files = ["App/Project.swift": Self.project, "App/Tuist/Package.swift": Self.packages]
        let shell = try Self.locate(files, path: "App")
        #expect(shell.request == CompositionRequest(shell: .tuist(directory: "/ws/App/Tuist"), outputPath: "/ws/App/Tuist/Package.resolved", policy: .keepPins))
        #expect(shell.shellFolder == nil, "the Tuist folder is no package of the graph")
        #expect(shell.outputLabel == "App/Tuist/Package.resolved")
        // `--output` writes elsewhere, as for every shell.
        #expect(try Self.locate(files, path: "App", output: "pins.resolved").request.outputPath == "/ws/pins.resolved")
    }

    @Test func aGeneratedWorkspaceBesideTheManifestsIsNotTheShell() throws {
        // `tuist generate` leaves App.xcworkspace beside Project.swift; Tuist's pins are not in it.
        let files = ["Project.swift": Self.project, "Tuist/Package.swift": Self.packages, "App.xcworkspace/contents.xcworkspacedata": "", "mfe.yml": "workspace: W\n"]
        #expect(try Self.locate(files, path: nil).request.shell == .tuist(directory: "/ws/Tuist"))
    }

    @Test func aRootWithOnlyTuistSwiftIsATuistRoot() throws {
        let shell = try Self.locate(["App/Tuist.swift": "import ProjectDescription\nlet tuist = Tuist()\n", "App/Project.swift": Self.project], path: "App")
        #expect(shell.request.shell == .tuist(directory: "/ws/App/Tuist"))
    }

    @Test func shellProjectNamesATuistManifestOrRoot() throws {
        let files = [
            "mfe.yml": "workspace: W\nshell:\n  project: Projects/App/Project.swift\n", "Tuist/Package.swift": Self.packages, "Projects/App/Project.swift": Self.project,
            "Projects/App/App.xcodeproj/project.pbxproj": XcodeFixtures.classic(name: "App"),
        ]
        // The root is the folder above the project holding `Tuist/`, from anywhere in the workspace.
        for path in [nil, "Projects/App"] {
            #expect(try Self.locate(files, path: path).request.shell == .tuist(directory: "/ws/Tuist"), "from \(path ?? "nil")")
        }
        var named = files
        named["mfe.yml"] = "workspace: W\nshell:\n  project: Workspace.swift\n"
        named["Workspace.swift"] = "import ProjectDescription\nlet workspace = Workspace(name: \"W\", projects: [\"Projects/*\"])\n"
        #expect(try Self.locate(named, path: nil).request.outputPath == "/ws/Tuist/Package.resolved")
        // The folder holding the project, as `init --adopt` writes `shell.project:`.
        named["mfe.yml"] = "workspace: W\nshell:\n  project: Projects/App\n"
        #expect(try Self.locate(named, path: nil).request.shell == .tuist(directory: "/ws/Tuist"))
        named["mfe.yml"] = "workspace: W\nshell:\n  project: .\n"
        #expect(try Self.locate(named, path: nil).request.shell == .tuist(directory: "/ws/Tuist"))
    }

    @Test func shellFeaturesWinAndArePinnedWhereTuistReadsThem() throws {
        let files = [
            "mfe.yml": "workspace: W\nshell:\n  features:\n    - url: https://example.com/Search.git\n      from: 1.0.0\n", "Project.swift": Self.project, "Tuist/Package.swift": Self.packages,
        ]
        let shell = try Self.locate(files, path: nil)
        guard case .features(let features, _) = shell.request.shell else {
            Issue.record("expected shell.features, got \(shell.request.shell)")
            return
        }
        #expect(features.count == 1)
        #expect(shell.request.outputPath == "/ws/Tuist/Package.resolved")
    }
}

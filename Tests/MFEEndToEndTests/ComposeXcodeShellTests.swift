import Foundation
import MFEKit
import MFETestSupport
import Testing

/// `mfe compose-shell` on a shell that is an Xcode project, and on a shell package that an
/// Xcode project references (the layout `mfe init` writes), against real git repositories.
@Suite("mfe compose-shell on Xcode shells", .hangGuard(processes: 5))
struct ComposeXcodeShellTests {
    static let xcodeResolved = "project.xcworkspace/xcshareddata/swiftpm/Package.resolved"

    /// Kit with releases 2.0.1 and 2.1.0.
    static func makeKit(_ fixture: ComposeFixture) async throws {
        try await fixture.release("Kit", manifest: fixture.manifest("Kit"), tags: ["2.0.1"])
        try await fixture.release("Kit", manifest: fixture.manifest("Kit"), tags: ["2.1.0"])
    }

    @Test func pinsAnXcodeProjectWhereXcodeReadsThemAndKeepsTheFileVersion() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeKit(fixture)
        let project = fixture.root + "/App/App.xcodeproj"
        try fixture.write(XcodeFixtures.classic(name: "App", url: "file://" + fixture.path("Kit")), to: project + "/project.pbxproj")

        let result = try await fixture.mfe(["compose-shell", "App"])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try #require(fixture.contents(project + "/" + Self.xcodeResolved))
        // Object version 55 is Xcode 13's format, whose Package.resolved is version 2.
        #expect(written.contains("\"version\" : 2\n"))
        #expect(!written.contains("originHash"))
        #expect(written.contains("\"version\" : \"2.0.1\""))

        // An Xcode 16 project keeps the version 2 file it has, as Xcode does.
        try fixture.write(XcodeFixtures.classic(name: "App", url: "file://" + fixture.path("Kit"), objectVersion: 77), to: project + "/project.pbxproj")
        let check = try await fixture.mfe(["compose-shell", "App", "--check"])
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(fixture.contents(project + "/" + Self.xcodeResolved) == written)
    }

    @Test func aNewFileForAnXcode16ProjectIsVersion3() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeKit(fixture)
        let project = fixture.root + "/App/App.xcodeproj"
        try fixture.write(XcodeFixtures.classic(name: "App", url: "file://" + fixture.path("Kit"), objectVersion: 77), to: project + "/project.pbxproj")
        try fixture.write("workspace: App\nshell:\n  project: App/App.xcodeproj\n", to: fixture.root + "/mfe.yml")

        let result = try await fixture.mfe(["compose-shell"])
        #expect(result.status == 0, "\(result.standardError)")
        let written = try #require(fixture.contents(project + "/" + Self.xcodeResolved))
        #expect(written.contains("\"version\" : 3\n"))
        #expect(written.contains("\"originHash\""))
    }

    @Test func theShellPackageAndItsXcodeProjectHoldTheSamePins() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeKit(fixture)
        let shell = try fixture.shell(tools: "6.0", dependencies: [("file://" + fixture.path("Kit"), "from: \"2.0.0\"", "Kit")])
        try fixture.write(XcodeFixtures.classic(name: "Shell", objectVersion: 77, localPackage: "."), to: shell + "/Shell.xcodeproj/project.pbxproj")

        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 0, "\(result.standardError)")
        let package = try #require(fixture.contents(shell + "/Package.resolved"))
        let xcode = shell + "/Shell.xcodeproj/" + Self.xcodeResolved
        #expect(fixture.contents(xcode) == package)
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--check"]).status == 0)

        try fixture.write(package.replacingOccurrences(of: "2.1.0", with: "2.0.1"), to: xcode)
        let check = try await fixture.mfe(["compose-shell", "Shell", "--check"])
        #expect(check.status == 1)
        #expect(check.standardError.contains("Shell/Package.resolved and Shell/Shell.xcodeproj/\(Self.xcodeResolved) disagree"), "\(check.standardError)")
        let json = try await fixture.mfe(["compose-shell", "Shell", "--check", "--format", "json"])
        #expect(json.status == 1)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any], "\(json.standardOutput)")
        #expect(summary["status"] as? String == "stale")
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--no-lint"]).status == 0)
        #expect(fixture.contents(xcode) == package)
    }

    /// The app in its own folder (`Shell/App/App.xcodeproj` referencing the package at `..`,
    /// the layout `mfe init` writes) holds the same pins as the shell package.
    @Test func anAppInItsOwnFolderHoldsTheShellPackagesPins() async throws {
        let fixture = try ComposeFixture()
        try await Self.makeKit(fixture)
        let shell = try fixture.shell(tools: "6.0", dependencies: [("file://" + fixture.path("Kit"), "from: \"2.0.0\"", "Kit")])
        try fixture.write(XcodeFixtures.classic(name: "App", objectVersion: 77, localPackage: ".."), to: shell + "/App/App.xcodeproj/project.pbxproj")

        let result = try await fixture.mfe(["compose-shell", "Shell", "--no-lint"])
        #expect(result.status == 0, "\(result.standardError)")
        let package = try #require(fixture.contents(shell + "/Package.resolved"))
        #expect(fixture.contents(shell + "/App/App.xcodeproj/" + Self.xcodeResolved) == package)
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--check"]).status == 0)
    }

    @Test func aProjectThatDoesNotParseIsExit2NamingIt() async throws {
        let fixture = try ComposeFixture()
        try fixture.write("{ objects = { <<<<<<< HEAD\n", to: fixture.root + "/App/App.xcodeproj/project.pbxproj")
        let result = try await fixture.mfe(["compose-shell", "App"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("App.xcodeproj/project.pbxproj:1:1: the project holds a merge conflict marker ('<<<<<<< HEAD')"), "\(result.standardError)")
    }
}

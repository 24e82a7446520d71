import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEScaffold

/// `--platform NAME:VERSION` on `mfe create` and `mfe init`, and a workspace's `platforms:`
/// default: what `Package.swift` and the Xcode project's deployment target say.
@Suite("platforms of generated packages")
struct PlatformOptionTests {
    @Test(arguments: [
        ("iOS:17", ".iOS(.v17)"), ("ios 17.4", ".iOS(\"17.4\")"), ("macOS:10.15", ".macOS(.v10_15)"), ("MACOS:15.0", ".macOS(.v15)"),
        ("visionOS:2", ".visionOS(.v2)"), ("driverKit:24", ".driverKit(.v24)"), ("iOS:26", ".iOS(\"26\")"), ("watchOS:4", ".watchOS(.v4)"),
    ])
    func parsesNamesInAnyCaseAndWritesWhatPackageDescriptionNames(text: String, entry: String) throws {
        #expect(try PlatformRequirement.parse(text).get().manifestEntry == entry)
    }

    @Test(arguments: [
        ("iOS", PlatformError.notAPlatform("iOS")),
        ("linux:6", .unknownPlatform("linux")),
        ("iOS:17.x", .notAVersion("17.x", platform: "iOS", newestMajor: 18)),
        ("iOS:1.2.3.4", .notAVersion("1.2.3.4", platform: "iOS", newestMajor: 18)),
        ("tvOS:11.4", .tooOld(platform: "tvOS", version: "11.4", minimum: "12")),
    ])
    func refusesWhatSwiftPMWouldNot(text: String, expected: PlatformError) {
        #expect(PlatformRequirement.parse(text) == .failure(expected))
    }

    static func plan(_ request: CreateRequest, in directory: String) async throws -> ScaffoldPlan {
        try await FeatureScaffolder(catalog: .builtin, manifestLoader: ManifestReader(environment: [:]), currentDirectory: directory).plan(request)
    }

    static func file(_ path: String, of plan: ScaffoldPlan) -> String {
        plan.files.first { $0.path == path }?.contents ?? ""
    }

    @Test func platformFlagsSetThePackageAndTheDeploymentTarget() async throws {
        let directory = try TemporaryDirectory()
        let plan = try await Self.plan(CreateRequest(name: "Search", platforms: ["iOS:18.2", "macOS:15"]), in: directory.path)
        #expect(Self.file("Package.swift", of: plan).contains("    platforms: [.iOS(\"18.2\"), .macOS(.v15)],\n"))
        #expect(Self.file("SearchExample/SearchExample.xcodeproj/project.pbxproj", of: plan).contains("IPHONEOS_DEPLOYMENT_TARGET = 18.2;"))
        let macOnly = try await Self.plan(CreateRequest(name: "Search", platforms: ["macOS:14"]), in: directory.path)
        #expect(Self.file("Package.swift", of: macOnly).contains("    platforms: [.macOS(.v14)],\n"))
        #expect(!macOnly.files.contains { $0.path.contains(".xcodeproj/") }, "no iOS, no iOS app")
    }

    @Test func everyBadPlatformIsReportedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        do {
            _ = try await Self.plan(CreateRequest(name: "Search", platforms: ["iOS:17", "ios:16", "beos:5"]), in: directory.path)
            Issue.record("expected problems")
        } catch let error as InputErrors {
            #expect(
                error
                    == InputErrors([
                        PlatformError.entry("'--platform ios:16'", .givenTwice(platform: "iOS", first: "17", second: "16")),
                        PlatformError.entry("'--platform beos:5'", .unknownPlatform("beos")),
                    ]))
        }
    }

    @Test func initWritesThePlatformsAndCreateFollowsThemUnlessTold() async throws {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo", platforms: ["iOS:16", "macOS:13"])))
        let root = PathUtilities.join(directory.path, "Demo")
        let yaml = try String(contentsOfFile: root + "/mfe.yml", encoding: .utf8)
        #expect(yaml.hasSuffix("platforms: [iOS 16, macOS 13]\n"))
        let shell = try String(contentsOfFile: root + "/Shell/Package.swift", encoding: .utf8)
        #expect(shell.contains("platforms: [.iOS(.v16), .macOS(.v13)],"))
        #expect(try String(contentsOfFile: root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj", encoding: .utf8).contains("IPHONEOS_DEPLOYMENT_TARGET = 16.0;"))

        let inherited = try await Self.plan(CreateRequest(name: "Search"), in: root)
        #expect(Self.file("Package.swift", of: inherited).contains("platforms: [.iOS(.v16), .macOS(.v13)],"))
        #expect(Self.file("SearchExample/SearchExample.xcodeproj/project.pbxproj", of: inherited).contains("IPHONEOS_DEPLOYMENT_TARGET = 16.0;"))
        let told = try await Self.plan(CreateRequest(name: "Search", platforms: ["iOS:18"]), in: root)
        #expect(Self.file("Package.swift", of: told).contains("platforms: [.iOS(.v18)],"))
    }

    @Test func initWithoutPlatformsWritesTheDefaults() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        #expect(Self.file("mfe.yml", of: plan).hasSuffix("platforms: [iOS 17, macOS 14]\n"))
    }
}

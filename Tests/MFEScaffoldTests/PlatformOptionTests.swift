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
        ("iOS:17", ".iOS(.v17)"), ("ios 17.4", ".iOS(\"17.4\")"), ("macOS:14", ".macOS(.v14)"), ("MACOS:15.0", ".macOS(.v15)"),
        ("visionOS:1", ".visionOS(.v1)"), ("driverKit:24", ".driverKit(.v24)"), ("iOS:26", ".iOS(\"26\")"), ("watchOS:10", ".watchOS(.v10)"), ("tvOS:17", ".tvOS(.v17)"),
        ("macCatalyst:17", ".macCatalyst(.v17)"),
    ])
    func parsesNamesInAnyCaseAndWritesWhatPackageDescriptionNames(text: String, entry: String) throws {
        #expect(try PlatformRequirement.parse(text).get().manifestEntry == entry)
    }

    @Test(arguments: [
        ("iOS", PlatformError.notAPlatform("iOS")),
        ("linux:6", .unknownPlatform("linux")),
        ("iOS:17.x", .notAVersion("17.x", platform: "iOS", newestMajor: 18)),
        ("iOS:1.2.3.4", .notAVersion("1.2.3.4", platform: "iOS", newestMajor: 18)),
        ("driverKit:18", .tooOld(platform: "driverKit", version: "18", minimum: "19")),
    ])
    func refusesWhatSwiftPMWouldNot(text: String, expected: PlatformError) {
        #expect(PlatformRequirement.parse(text) == .failure(expected))
    }

    /// The generated SwiftUI needs iOS 17 / macOS 14 (`@Observable`, `@Bindable`,
    /// `ContentUnavailableView`, `onChange(of:initial:_:)`), so an older minimum is refused
    /// with the minimum and why, on every platform those APIs exist on.
    @Test(arguments: [
        ("iOS:16.4", "iOS", "16.4", "17"), ("macOS:13", "macOS", "13", "14"), ("macOS:10.15", "macOS", "10.15", "14"), ("macCatalyst:16", "macCatalyst", "16", "17"),
        ("tvOS:16", "tvOS", "16", "17"), ("watchOS:9.6", "watchOS", "9.6", "10"), ("visionOS:0.9", "visionOS", "0.9", "1"),
    ])
    func refusesVersionsOlderThanTheGeneratedCodeNeeds(text: String, platform: String, version: String, minimum: String) {
        let expected = PlatformError.tooOld(platform: platform, version: version, minimum: minimum)
        #expect(PlatformRequirement.parse(text) == .failure(expected))
        let message = expected.errorDescription ?? ""
        #expect(message.contains("use \(platform) \(minimum) or later") && message.contains("@Observable"), "\(message)")
    }

    @Test func aListWithoutMacOSGetsTheMacOSTheGeneratedCodeNeeds() async throws {
        let directory = try TemporaryDirectory()
        let iOSOnly = try await Self.plan(CreateRequest(name: "Search", platforms: ["iOS:17"]), in: directory.path)
        #expect(Self.file("Package.swift", of: iOSOnly).contains("    platforms: [.iOS(.v17), .macOS(.v14)],\n"), "swift build on a Mac builds for macOS")
        let newer = try await Self.plan(CreateRequest(name: "Search", platforms: ["macOS:15", "iOS:18"]), in: directory.path)
        #expect(Self.file("Package.swift", of: newer).contains("    platforms: [.macOS(.v15), .iOS(.v18)],\n"), "a macOS given is kept as given")

        let initPlan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo", platforms: ["iOS:17"]))
        #expect(Self.file("mfe.yml", of: initPlan).hasSuffix("platforms: [iOS 17, macOS 14]\n"))
        #expect(Self.file("Shell/Package.swift", of: initPlan).contains("platforms: [.iOS(.v17), .macOS(.v14)],"))

        // A hand-written workspace list without macOS: create adds it too.
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Hand")))
        let root = PathUtilities.join(directory.path, "Hand")
        let yaml = try String(contentsOfFile: root + "/mfe.yml", encoding: .utf8)
        try Data(yaml.replacingOccurrences(of: "platforms: [iOS 17, macOS 14]", with: "platforms: [iOS 18]").utf8).write(to: URL(fileURLWithPath: root + "/mfe.yml"))
        let inherited = try await Self.plan(CreateRequest(name: "Search"), in: root)
        #expect(Self.file("Package.swift", of: inherited).contains("platforms: [.iOS(.v18), .macOS(.v14)],"))
    }

    @Test func initAndTheWorkspaceRefuseTooOldPlatforms() async throws {
        let directory = try TemporaryDirectory()
        #expect(throws: InputErrors([PlatformError.entry("'--platform iOS:16'", .tooOld(platform: "iOS", version: "16", minimum: "17"))])) {
            try WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo", platforms: ["iOS:16"]))
        }
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo")))
        let root = PathUtilities.join(directory.path, "Demo")
        let yaml = try String(contentsOfFile: root + "/mfe.yml", encoding: .utf8)
        try Data(yaml.replacingOccurrences(of: "platforms: [iOS 17, macOS 14]", with: "platforms: [iOS 17, macOS 13]").utf8).write(to: URL(fileURLWithPath: root + "/mfe.yml"))
        do {
            _ = try await Self.plan(CreateRequest(name: "Search"), in: root)
            Issue.record("expected the workspace's macOS 13 to be refused")
        } catch {
            let message = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
            #expect(message.contains("mfe.yml:") && message.contains("macOS 13 is too old") && message.contains("use macOS 14 or later"), "\(message)")
        }
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
            _ = try await Self.plan(CreateRequest(name: "Search", platforms: ["iOS:17", "ios:18", "beos:5"]), in: directory.path)
            Issue.record("expected problems")
        } catch let error as InputErrors {
            #expect(
                error
                    == InputErrors([
                        PlatformError.entry("'--platform ios:18'", .givenTwice(platform: "iOS", first: "17", second: "18")),
                        PlatformError.entry("'--platform beos:5'", .unknownPlatform("beos")),
                    ]))
        }
    }

    @Test func initWritesThePlatformsAndCreateFollowsThemUnlessTold() async throws {
        let directory = try TemporaryDirectory()
        try ScaffoldWriter().write(WorkspaceScaffolder(catalog: .builtin, currentDirectory: directory.path).plan(InitRequest(name: "Demo", platforms: ["iOS:17.4", "macOS:15"])))
        let root = PathUtilities.join(directory.path, "Demo")
        let yaml = try String(contentsOfFile: root + "/mfe.yml", encoding: .utf8)
        #expect(yaml.hasSuffix("platforms: [iOS 17.4, macOS 15]\n"))
        let shell = try String(contentsOfFile: root + "/Shell/Package.swift", encoding: .utf8)
        #expect(shell.contains("platforms: [.iOS(\"17.4\"), .macOS(.v15)],"))
        #expect(try String(contentsOfFile: root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj", encoding: .utf8).contains("IPHONEOS_DEPLOYMENT_TARGET = 17.4;"))

        let inherited = try await Self.plan(CreateRequest(name: "Search"), in: root)
        #expect(Self.file("Package.swift", of: inherited).contains("platforms: [.iOS(\"17.4\"), .macOS(.v15)],"))
        #expect(Self.file("SearchExample/SearchExample.xcodeproj/project.pbxproj", of: inherited).contains("IPHONEOS_DEPLOYMENT_TARGET = 17.4;"))
        let told = try await Self.plan(CreateRequest(name: "Search", platforms: ["iOS:18"]), in: root)
        #expect(Self.file("Package.swift", of: told).contains("platforms: [.iOS(.v18), .macOS(.v14)],"))
    }

    @Test func initWithoutPlatformsWritesTheDefaults() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        #expect(Self.file("mfe.yml", of: plan).hasSuffix("platforms: [iOS 17, macOS 14]\n"))
    }
}

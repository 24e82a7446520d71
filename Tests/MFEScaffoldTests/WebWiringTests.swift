import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// Wiring web features into a shell: the router answers `opensInApp(_:)` once however many
/// web features it serves, and the shell app says why web pages may use the camera, the
/// microphone and the local network, as `mfe init` writes it for a shell with a web feature.
@Suite("wiring web features")
struct WebWiringTests {
    static func web(_ name: String, url: String? = nil) -> FeatureSpecification {
        FeatureSpecification(name: name, layer: .product, template: TemplateName.web, example: true, webURL: url ?? "https://example.com/\(name.lowercased())")
    }

    /// Wires `feature` into the shell of the workspace at `root` and writes the edits.
    @discardableResult
    static func wire(_ feature: FeatureSpecification, into root: String) throws -> WiringOutcome {
        let folder = "Features/" + feature.name
        let requirement = FeatureScaffolder.requirement(folder: folder, products: [feature.name, feature.name + "Interface"], shellFolder: "Shell")
        let outcome = ShellWiring(workspaceRoot: root, shellFolder: "Shell", fileSystem: LocalFileSystem()).wire(WiredFeature(feature), featureFolder: folder, requirements: [requirement])
        #expect(outcome.refusal == nil, "\(outcome.refusal ?? ""): \(outcome.manualSteps)")
        for edit in outcome.edits { try LocalFileSystem().writeAtomically(Data(edit.bytes), to: edit.path) }
        return outcome
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func count(_ text: String, _ part: String) -> Int {
        text.components(separatedBy: part).count - 1
    }

    /// The shell's Xcode project and app tests as `mfe init` writes them for `features`.
    static func initShell(_ features: [FeatureSpecification]) throws -> (project: String, tests: String) {
        let shell = ShellSpecification(workspace: "Demo", features: features, shellFolder: "Shell", scheme: "demo")
        let files = try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: TemplateName.shell), context: shell.templateContext, prefix: "Shell")
        let all = try XcodeAppProject.adding(to: files, prefix: "Shell", app: shell.iOSApp)
        let project = try #require(all.first { $0.path == "Shell/Demo/Demo.xcodeproj/project.pbxproj" })
        let tests = try #require(all.first { $0.path == "Shell/Demo/DemoTests/AppBundleTests.swift" })
        return (project.contents, tests.contents)
    }

    @Test func twoWebFeaturesShareOneOpensInApp() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        try Self.wire(Self.web("Page"), into: root)
        try Self.wire(Self.web("Docs"), into: root)
        let router = try Self.text(root + "/Shell/Sources/DemoComposition/AppRouter.swift")
        #expect(Self.count(router, "func opensInApp(") == 1, "\(router)")
        #expect(router.contains("extension AppRouter: PageNavigating {") && router.contains("extension AppRouter: DocsNavigating {"))
    }

    /// A shell mfe wrote before `AppRouter` declared `opensInApp(_:)` itself has it in its first
    /// web feature's extension: the next web feature uses that one.
    @Test func aShellWithOpensInAppInAFeaturesExtensionKeepsThatOne() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        let path = root + "/Shell/Sources/DemoComposition/AppRouter.swift"
        var router = try Self.text(path)
        let declaration = try #require(router.range(of: "    /// Whether a screen of the app shows `link`"))
        let end = try #require(router.range(of: "    }\n\n", range: declaration.upperBound..<router.endIndex))
        router.removeSubrange(declaration.lowerBound..<end.upperBound)
        #expect(!router.contains("opensInApp"))
        let older =
            "\nextension AppRouter: AboutNavigating {\n    public func navigate(to request: AboutNavigationRequest) {}\n\n    public func opensInApp(_ url: URL) -> Bool {\n        route(for: url.absoluteString) != nil\n    }\n}\n"
        try Data((router + older).utf8).write(to: URL(fileURLWithPath: path))
        try Self.wire(Self.web("Docs"), into: root)
        let wired = try Self.text(path)
        #expect(Self.count(wired, "func opensInApp(") == 1, "\(wired)")
        #expect(
            wired.contains(
                "extension AppRouter: DocsNavigating {\n    public func navigate(to request: DocsNavigationRequest) {\n        switch request {\n        case .openLink(let url):\n            open(url)\n        }\n    }\n}"
            ))

        // A router without it at all gets it with the first web feature's conformance.
        var feature = WiredFeature(Self.web("Docs"))
        #expect(feature.navigatingConformance.contains("public func opensInApp(_ url: URL) -> Bool"))
        feature.routerOpensInApp = true
        #expect(!feature.navigatingConformance.contains("opensInApp"))
    }

    @Test func aWebFeatureGivesAShellCreatedWithoutOneWhatInitWrites() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        let pbxproj = root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj"
        let tests = root + "/Shell/Demo/DemoTests/AppBundleTests.swift"
        #expect(try !Self.text(pbxproj).contains("NSCameraUsageDescription"))
        let outcome = try Self.wire(Self.web("Page"), into: root)
        #expect(outcome.edits.compactMap(\.label).contains("Shell/Demo/Demo.xcodeproj/project.pbxproj"))
        #expect(outcome.steps.isEmpty)
        let expected = try Self.initShell([Self.web("Page")])
        let project = try Self.text(pbxproj)
        #expect(project == expected.project, "\(GoldenFile.diff(expected.project, project))")
        #expect(Self.count(project, "INFOPLIST_KEY_NSCameraUsageDescription = ") == 2 && Self.count(project, "INFOPLIST_KEY_NSMicrophoneUsageDescription = ") == 2, "Debug and Release")
        let bundleTests = try Self.text(tests)
        #expect(bundleTests == expected.tests, "\(GoldenFile.diff(expected.tests, bundleTests))")
        #expect(bundleTests.contains("@Test func theAppSaysWhyWebPagesMayUseTheCameraAndMicrophone()"))

        // A second web feature finds them there: the project and its tests stay as they are.
        let again = try Self.wire(Self.web("Docs"), into: root)
        #expect(!again.edits.contains { $0.label?.contains(".xcodeproj") == true || $0.label?.hasSuffix("AppBundleTests.swift") == true })
        #expect(try Self.text(pbxproj) == expected.project)
    }

    @Test func aPageOnTheLocalNetworkMakesTheAppSayWhyItReachesIt() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        try Self.wire(Self.web("Docs"), into: root)
        let pbxproj = root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj"
        #expect(try !Self.text(pbxproj).contains("NSLocalNetworkUsageDescription"))
        try Self.wire(Self.web("Dev", url: "http://devbox.local:8080/app"), into: root)
        let project = try Self.text(pbxproj)
        #expect(Self.count(project, "INFOPLIST_KEY_NSLocalNetworkUsageDescription = \"Web pages in this app come from a server on your local network.\";") == 2)
        #expect(Self.count(project, "INFOPLIST_KEY_NSCameraUsageDescription") == 2, "each key once per configuration")
        // Sorted among the other settings, as Xcode and mfe init keep them.
        let local = try #require(project.range(of: "INFOPLIST_KEY_NSLocalNetworkUsageDescription"))
        let microphone = try #require(project.range(of: "INFOPLIST_KEY_NSMicrophoneUsageDescription"))
        #expect(local.lowerBound < microphone.lowerBound)
        let expected = try Self.initShell([Self.web("Dev", url: "http://devbox.local:8080/app")])
        #expect(project == expected.project, "\(GoldenFile.diff(expected.project, project))")
    }

    @Test(arguments: [
        ("http://devbox.local:8080", true), ("http://devbox", true), ("https://printer.local.", true), ("https://192.168.1.20/app", true), ("https://10.0.0.2", true),
        ("https://172.20.1.1", true), ("https://[fe80::1%25en0]:8080", true), ("https://[fd12::1]", true), ("http://localhost:8080", false), ("https://127.0.0.1", false),
        ("https://[::1]", false), ("https://example.com", false), ("https://172.32.0.1", false), ("https://8.8.8.8", false),
    ])
    func whichPagesAreOnTheLocalNetwork(url: String, local: Bool) {
        #expect(Self.web("Page", url: url).pageOnLocalNetwork == local)
    }

    @Test func anAppWithAHandWrittenInfoPlistGetsAStep() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        let pbxproj = root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj"
        let original = try Self.text(pbxproj)
        try Data(original.replacingOccurrences(of: "\t\t\t\tGENERATE_INFOPLIST_FILE = YES;\n", with: "").utf8).write(to: URL(fileURLWithPath: pbxproj))
        let outcome = try Self.wire(Self.web("Page"), into: root)
        #expect(!outcome.edits.contains { $0.label?.contains(".xcodeproj") == true })
        #expect(
            outcome.steps == [
                "add NSCameraUsageDescription, NSMicrophoneUsageDescription to the Info.plist of the app target 'Demo' in Shell/Demo/Demo.xcodeproj/project.pbxproj: web pages in Page may use what they guard, and iOS ends an app that does so without saying why"
            ])
    }

    @Test func buildSettingsNotLaidOutAsXcodeWritesThemAreRefused() throws {
        let (directory, root) = try ShellWiringTests.demoShell()
        _ = directory
        let pbxproj = root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj"
        let original = try Self.text(pbxproj)
        let oneLine = original.replacingOccurrences(of: "\t\t\t\tASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;\n", with: "").replacingOccurrences(
            of: "\t\t\tbuildSettings = {\n\t\t\t\tASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME",
            with: "\t\t\tbuildSettings = {ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;\n\t\t\t\tASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME")
        #expect(oneLine != original)
        try Data(oneLine.utf8).write(to: URL(fileURLWithPath: pbxproj))
        let folder = "Features/Page"
        let requirement = FeatureScaffolder.requirement(folder: folder, products: ["Page", "PageInterface"], shellFolder: "Shell")
        let outcome = ShellWiring(workspaceRoot: root, shellFolder: "Shell", fileSystem: LocalFileSystem()).wire(WiredFeature(Self.web("Page")), featureFolder: folder, requirements: [requirement])
        #expect(outcome.edits.isEmpty, "all or nothing")
        #expect(
            outcome.refusal?.contains("Shell/Demo/Demo.xcodeproj/project.pbxproj: the build settings of the 'Debug' configuration of the target 'Demo' are not laid out as Xcode writes them") == true,
            "\(outcome.refusal ?? "")")
    }
}

import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEXcode

/// What of a project's definition `mfe affected` compares between revisions, and the versions
/// Xcode accepts in package references.
@Suite("Xcode project fingerprints and requirements")
struct XcodeProjectFingerprintTests {
    static func fingerprint(_ text: String) throws -> XcodeProjectFingerprint {
        try #require(XcodeProjectFingerprint(Data(text.utf8), projectPath: "/w/App/Classic.xcodeproj", pbxprojPath: "App/Classic.xcodeproj/project.pbxproj"))
    }

    @Test func onlyWhatBuildsChangesATarget() throws {
        let base = try Self.fingerprint(XcodeFixtures.classic())
        // The format version builds nothing; a package reference's URL changes the target linking it.
        #expect(XcodeProjectFingerprint.changedTargets(from: base, to: try Self.fingerprint(XcodeFixtures.classic(objectVersion: 56))).isEmpty)
        #expect(XcodeProjectFingerprint.changedTargets(from: base, to: try Self.fingerprint(XcodeFixtures.classic(url: "https://example.com/acme/Kit2"))) == ["Classic"])
        // A renamed target is a new one.
        #expect(XcodeProjectFingerprint.changedTargets(from: base, to: try Self.fingerprint(XcodeFixtures.classic(name: "Renamed"))) == ["Renamed"])
        #expect(XcodeProjectFingerprint(Data("<<<<<<< HEAD\n".utf8), projectPath: "/w/App/Classic.xcodeproj", pbxprojPath: "App/Classic.xcodeproj/project.pbxproj") == nil)
    }

    @Test func synchronizedFoldersAndExceptionsAreComparedWithoutLooping() throws {
        let base = try Self.fingerprint(XcodeFixtures.synchronized)
        #expect(base.targets.keys.sorted() == ["App", "AppTests", "Search"])
        let excluded = XcodeFixtures.synchronized.replacingOccurrences(of: "\t\t\t\tInfo.plist,\n", with: "\t\t\t\tInfo.plist,\n\t\t\t\tDebug.swift,\n")
        #expect(XcodeProjectFingerprint.changedTargets(from: base, to: try Self.fingerprint(excluded)) == ["App"])
    }

    @Test(arguments: [("1.2", Version(1, 2, 0)), ("v2", Version(2, 0, 0)), ("1.2.3", Version(1, 2, 3)), (" 4.5.6-beta.1", Version(4, 5, 6, prereleaseIdentifiers: ["beta", "1"]))])
    func versionsAreReadAsXcodeReadsThem(text: String, version: Version) throws {
        let location = SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 7, column: 1)
        #expect(try XcodeRequirement.exact(text).requirement(url: "https://example.com/a", at: location) == .exact(version))
        #expect(try XcodeRequirement.upToNextMajor(text).requirement(url: "https://example.com/a", at: location) == .upToNextMajor(from: version))
    }

    /// A UI test bundle as Xcode's template writes it (`BUNDLE_LOADER = $(TEST_HOST)`, no
    /// `TEST_HOST`) has no host and needs no note; a loader naming an unset variable keeps it.
    @Test(arguments: [("$(TEST_HOST)", false), ("$(APP_PATH)/App", true)])
    func aTestBundleWithoutHost(loader: String, noted: Bool) throws {
        let text = XcodeFixtures.classic()
            .replacingOccurrences(of: "\t\t\tname = Classic;\n", with: "\t\t\tbuildConfigurationList = C00000000000000000000001;\n\t\t\tname = Classic;\n")
            .replacingOccurrences(
                of: "/* Begin PBXProject section */",
                with: "\t\tC00000000000000000000001 = {isa = XCConfigurationList; buildConfigurations = (C00000000000000000000002); };\n"
                    + "\t\tC00000000000000000000002 = {isa = XCBuildConfiguration; buildSettings = {BUNDLE_LOADER = \"\(loader)\";}; name = Debug; };\n/* Begin PBXProject section */"
            )
            .replacingOccurrences(of: "com.apple.product-type.application", with: "com.apple.product-type.bundle.ui-testing")
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectPath: "/w/Classic.xcodeproj", pbxprojPath: "Classic.xcodeproj/project.pbxproj")
        #expect(project.targets.first?.testHost == nil)
        #expect(project.notes.contains { $0.contains("BUNDLE_LOADER") } == noted, "\(project.notes)")
    }

    @Test func aMergeConflictIsRefusedAtItsLine() {
        var lines = XcodeFixtures.classic().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(contentsOf: ["<<<<<<< HEAD", "\t\t\tname = Mine;", "=======", "\t\t\tname = Theirs;", ">>>>>>> feature"], at: 12)
        let location = SourceLocation(file: "Classic.xcodeproj/project.pbxproj", line: 13, column: 1)
        #expect(throws: XcodeError.mergeConflict(marker: "<<<<<<< HEAD", at: location)) {
            try XcodeProjectReader.parse(Data(lines.joined(separator: "\n").utf8), projectPath: "/w/Classic.xcodeproj", pbxprojPath: "Classic.xcodeproj/project.pbxproj")
        }
        #expect(XcodeError.mergeConflict(marker: "<<<<<<< HEAD", at: location).errorDescription?.hasPrefix("Classic.xcodeproj/project.pbxproj:13:1: the project holds a merge conflict marker") == true)
    }

    /// Foundation names line 1 for any error: mfe finds the line itself.
    @Test(arguments: [
        // The missing ';' shows on the next line; the unterminated string runs to the next '"'.
        ("\t\t\tname = Classic", "';'", 1), ("\t\t\tname = \"Classic;", "';'", 4), ("\t\t\tname Classic;", "'='", 0),
    ])
    func aSyntaxErrorIsRefusedAtItsLine(broken: String, expected: String, offset: Int) throws {
        let text = XcodeFixtures.classic()
        let number = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "\t\t\tname = Classic;" }) + 1
        let broken = text.replacingOccurrences(of: "\t\t\tname = Classic;\n", with: broken + "\n")
        #expect(PBXSyntax.firstError(in: text) == nil)
        #expect(throws: XcodeError.syntaxError(expected: expected, at: SourceLocation(file: "Classic.xcodeproj/project.pbxproj", line: number + offset, column: 1))) {
            try XcodeProjectReader.parse(Data(broken.utf8), projectPath: "/w/Classic.xcodeproj", pbxprojPath: "Classic.xcodeproj/project.pbxproj")
        }
    }

    /// Xcode 16 bases a configuration on an `.xcconfig` inside a synchronized folder by the
    /// folder and a relative path (NetNewsWire); what it includes is the target's too.
    @Test func anXcconfigAnchoredInASynchronizedFolderIsRead() throws {
        let text = XcodeFixtures.synchronized
            .replacingOccurrences(
                of: "\t\t\tname = App;\n", with: "\t\t\tbuildConfigurationList = C00000000000000000000001;\n\t\t\tname = App;\n"
            )
            .replacingOccurrences(
                of: "/* Begin PBXProject section */",
                with: "\t\tC00000000000000000000001 = {isa = XCConfigurationList; buildConfigurations = (C00000000000000000000002); };\n"
                    + "\t\tC00000000000000000000002 = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = A00000000000000000000021; "
                    + "baseConfigurationReferenceRelativePath = Config/App.xcconfig; buildSettings = {}; name = Debug; };\n/* Begin PBXProject section */")
        let fileSystem = InMemoryFileSystem()
        try fileSystem.write("#include \"Shared.xcconfig\"\nPRODUCT_MODULE_NAME = AppModule\n", to: "/w/App/Config/App.xcconfig")
        try fileSystem.write("SWIFT_VERSION = 6.0\n", to: "/w/App/Config/Shared.xcconfig")
        let project = try XcodeProjectReader.parse(Data(text.utf8), projectPath: "/w/App.xcodeproj", pbxprojPath: "App.xcodeproj/project.pbxproj", fileSystem: fileSystem)
        let app = try #require(project.targets.first { $0.name == "App" })
        #expect(app.productName == "AppModule")
        #expect(app.configurationFiles == ["App/Config/App.xcconfig", "App/Config/Shared.xcconfig"])
        #expect(app.ownedPaths.contains("App/Config/Shared.xcconfig"))
    }

    /// NetNewsWire's macOS and iOS apps both build NetNewsWire.app: the iOS tests' TEST_HOST
    /// names the one they depend on.
    @Test func aTestHostTwoAppsBuildIsTheOneTheBundleDependsOn() {
        let location = SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 1, column: 1)
        var mac = XcodeTarget(name: "NetNewsWire", productType: .application, location: location)
        var iOS = XcodeTarget(name: "NetNewsWire-iOS", productType: .application, location: location)
        mac.builtProductName = "NetNewsWire"
        iOS.builtProductName = "NetNewsWire"
        var tests = XcodeTarget(name: "NetNewsWire-iOSTests", productType: .unitTestBundle, location: location, dependencies: [XcodeTargetDependency(target: "NetNewsWire-iOS", location: location)])
        tests.testHost = "/BUILT_PRODUCTS_DIR/NetNewsWire.app/NetNewsWire"
        let project = XcodeProject(path: "/w/App.xcodeproj", pbxprojPath: location.file, name: "App", rootDirectory: "/w", objectVersion: 77, targets: [mac, iOS, tests])
        let stems = project.applicationStems(roles: .standard)
        #expect(stems["NetNewsWire-iOSTests"] == stems["NetNewsWire-iOS"])
        #expect(stems["NetNewsWire-iOS"] != stems["NetNewsWire"])
    }

    @Test func aVersionXcodeRejectsIsAnErrorAtTheReference() {
        let location = SourceLocation(file: "App.xcodeproj/project.pbxproj", line: 7, column: 1)
        #expect(throws: XcodeError.invalidVersion("1.x", url: "https://example.com/a", at: location)) {
            try XcodeRequirement.exact("1.x").requirement(url: "https://example.com/a", at: location)
        }
    }
}

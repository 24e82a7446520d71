import Foundation
import MFECore
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEXcode

/// Build settings as Xcode resolves them (levels, `.xcconfig` includes, `$(inherited)`,
/// operators), and the feature and role Xcode's settings and phases give targets.
@Suite("Xcode build settings", .timeLimit(.minutes(20)))
struct XcodeBuildSettingsTests {
    /// A macOS-style project: an app whose names come from `.xcconfig` files, the widget it
    /// embeds, a helper app the tests depend on first, a unit-test bundle hosted by the app
    /// through TEST_HOST, a command-line tool, an aggregate target, and a framework whose
    /// module name names a variable nothing defines.
    static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tD01 = {isa = PBXGroup; children = (D02, D03, D04, D05); sourceTree = "<group>"; };
        \t\tD02 /* Project.xcconfig */ = {isa = PBXFileReference; path = Config/Project.xcconfig; sourceTree = "<group>"; };
        \t\tD03 /* App.xcconfig */ = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = "<group>"; };
        \t\tD04 /* Tests.xcconfig */ = {isa = PBXFileReference; path = Config/Tests.xcconfig; sourceTree = "<group>"; };
        \t\tD05 /* Missing.xcconfig */ = {isa = PBXFileReference; path = Config/Missing.xcconfig; sourceTree = "<group>"; };
        \t\tD10 /* Widget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; path = Widget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tD11 /* Widget.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = D10; };
        \t\tD12 /* Embed Foundation Extensions */ = {isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (D11); name = "Embed Foundation Extensions"; };
        \t\tD20 /* App */ = {isa = PBXNativeTarget; buildConfigurationList = D40; buildPhases = (D12); dependencies = (); name = App; productType = "com.apple.product-type.application"; };
        \t\tD21 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = D41; buildPhases = (); dependencies = (); name = Widget; productReference = D10; productType = "com.apple.product-type.app-extension"; };
        \t\tD22 /* sandbox-test-tool */ = {isa = PBXNativeTarget; buildConfigurationList = D41; buildPhases = (); dependencies = (); name = "sandbox-test-tool"; productType = "com.apple.product-type.application"; };
        \t\tD23 /* Unit Tests */ = {isa = PBXNativeTarget; buildConfigurationList = D42; buildPhases = (); dependencies = (D30, D31); name = "Unit Tests"; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tD24 /* tests-server */ = {isa = PBXNativeTarget; buildConfigurationList = D41; buildPhases = (); dependencies = (); name = "tests-server"; productType = "com.apple.product-type.tool"; };
        \t\tD25 /* Secrets */ = {isa = PBXAggregateTarget; buildConfigurationList = D41; buildPhases = (); dependencies = (); name = Secrets; };
        \t\tD26 /* Kit */ = {isa = PBXNativeTarget; buildConfigurationList = D43; buildPhases = (); dependencies = (); name = Kit; productType = "com.apple.product-type.framework"; };
        \t\tD30 = {isa = PBXTargetDependency; target = D22; };
        \t\tD31 = {isa = PBXTargetDependency; target = D20; };
        \t\tD39 /* Project object */ = {isa = PBXProject; buildConfigurationList = D44; mainGroup = D01; targets = (D20, D21, D22, D23, D24, D25, D26); };
        \t\tD40 = {isa = XCConfigurationList; buildConfigurations = (D50, D51); };
        \t\tD41 = {isa = XCConfigurationList; buildConfigurations = (D52); };
        \t\tD42 = {isa = XCConfigurationList; buildConfigurations = (D53, D54); };
        \t\tD43 = {isa = XCConfigurationList; buildConfigurations = (D55); };
        \t\tD44 = {isa = XCConfigurationList; buildConfigurations = (D56, D57); };
        \t\tD50 = {isa = XCBuildConfiguration; baseConfigurationReference = D03; buildSettings = {OTHER_SWIFT_FLAGS = "$(inherited) -DAPP"; }; name = Debug; };
        \t\tD51 = {isa = XCBuildConfiguration; baseConfigurationReference = D03; buildSettings = {}; name = Release; };
        \t\tD52 = {isa = XCBuildConfiguration; buildSettings = {}; name = Debug; };
        \t\tD53 = {isa = XCBuildConfiguration; baseConfigurationReference = D04; buildSettings = {}; name = Debug; };
        \t\tD54 = {isa = XCBuildConfiguration; baseConfigurationReference = D04; buildSettings = {}; name = Release; };
        \t\tD55 = {isa = XCBuildConfiguration; baseConfigurationReference = D05; buildSettings = {PRODUCT_MODULE_NAME = "$(NOWHERE)"; }; name = Debug; };
        \t\tD56 = {isa = XCBuildConfiguration; baseConfigurationReference = D02; buildSettings = {OTHER_SWIFT_FLAGS = "$(inherited) -DPROJECT"; }; name = Debug; };
        \t\tD57 = {isa = XCBuildConfiguration; baseConfigurationReference = D02; buildSettings = {}; name = Release; };
        \t};
        \trootObject = D39 /* Project object */;
        }

        """

    static func workspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(project, to: "App.xcodeproj/project.pbxproj")
        try directory.write("OTHER_SWIFT_FLAGS = -DBASE // a comment\nPRODUCT_NAME_PREFIX = Wrong\n", to: "Config/Project.xcconfig")
        try directory.write(
            "#include \"Shared/Base.xcconfig\"\n#include? \"Local.xcconfig\"\nPRODUCT_NAME = $(PRODUCT_NAME_PREFIX)\nPRODUCT_NAME[config=Release][sdk=*] = $(PRODUCT_NAME_PREFIX) Store\nPRODUCT_MODULE_NAME = $(MODULE_OVERRIDE:default=$(DEFAULT_MODULE_NAME));\n",
            to: "Config/App.xcconfig")
        try directory.write("PRODUCT_NAME_PREFIX = My App\nDEFAULT_MODULE_NAME = My_App_Module\nOTHER_SWIFT_FLAGS = $(inherited) -DSHARED\n", to: "Config/Shared/Base.xcconfig")
        try directory.write(
            "TEST_HOST=$(BUILT_PRODUCTS_DIR)/My App.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/My App\nTEST_HOST[config=Release] = $(BUILT_PRODUCTS_DIR)/sandbox-test-tool.app/sandbox-test-tool\n",
            to: "Config/Tests.xcconfig")
        return directory
    }

    @Test func productAndModuleNamesComeFromIncludedConfigurationFiles() throws {
        let directory = try Self.workspace()
        let project = try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "App.xcodeproj"))
        let app = try #require(project.targets.first { $0.name == "App" })
        #expect(project.configuration == "Debug")
        #expect(app.builtProductName == "My App")
        #expect(app.productName == "My_App_Module")
        let widget = try #require(project.targets.first { $0.name == "Widget" })
        #expect(widget.productName == "Widget")
        #expect(app.embedded == ["Widget"])
        #expect(project.targets.first { $0.name == "Secrets" }?.productType == .aggregate)
    }

    @Test func testHostNamesTheApplicationAndDifferencesInReleaseAreNotes() throws {
        let directory = try Self.workspace()
        let project = try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "App.xcodeproj"))
        let tests = try #require(project.targets.first { $0.name == "Unit Tests" })
        #expect(tests.testHost == "/BUILT_PRODUCTS_DIR/My App.app//My App")
        #expect(tests.testHostProductName == "My App")
        #expect(project.notes.contains { $0.hasPrefix("TEST_HOST of target 'Unit Tests' is ") && $0.hasSuffix("in Release; mfe uses Debug") })
    }

    @Test func anUnknownVariableFallsBackToTheTargetsNameWithANote() throws {
        let directory = try Self.workspace()
        let project = try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "App.xcodeproj"))
        #expect(project.targets.first { $0.name == "Kit" }?.productName == "Kit")
        #expect(project.notes.contains { $0.contains("PRODUCT_MODULE_NAME of target 'Kit'") && $0.contains("'$(NOWHERE)'") })
        #expect(project.notes.contains { $0.contains("Config/Missing.xcconfig' does not exist") })
    }

    @Test func testBundlesExtensionsAndToolsGetTheFeatureXcodeGivesThem() throws {
        let directory = try Self.workspace()
        let project = try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "App.xcodeproj"))
        let stems = project.applicationStems(roles: .standard)
        // The first app dependency is the helper; TEST_HOST names the app.
        #expect(stems["Unit Tests"] == "App")
        #expect(stems["Widget"] == "App")
        #expect(stems["sandbox-test-tool"] == "sandbox-test-tool")
        #expect(stems["tests-server"] == nil)
        #expect(stems["Secrets"] == nil)
        let notes = project.standaloneToolNotes(roles: .standard)
        #expect(notes.count == 2)
        #expect(notes.contains { $0.hasPrefix("'tests-server' of ") && $0.contains("command-line tool") })
        #expect(notes.contains { $0.hasPrefix("'Secrets' of ") && $0.contains("aggregate target") })
    }

    @Test func inheritedIsTheValueOfTheLevelBelow() {
        let assignments = [
            BuildSettingAssignment(conditionedKey: "FLAGS", value: "-A"),
            BuildSettingAssignment(conditionedKey: "FLAGS", value: "$(inherited) -B"),
            BuildSettingAssignment(conditionedKey: "FLAGS[config=Debug]", value: "$(inherited) -C"),
            BuildSettingAssignment(conditionedKey: "NAME", value: "${TARGET_NAME:rfc1034identifier}.$(PROJECT:lower)"),
            BuildSettingAssignment(conditionedKey: "PROJECT", value: "Acme Kit"),
            BuildSettingAssignment(conditionedKey: "SELF", value: "$(SELF) -D"),
            BuildSettingAssignment(conditionedKey: "LOOP", value: "$(OTHER)"),
            BuildSettingAssignment(conditionedKey: "OTHER", value: "$(LOOP)"),
        ]
        let resolver = BuildSettingsResolver(assignments: assignments.filter { $0.applies(to: "Debug") }, builtins: ["TARGET_NAME": "My_App 2"])
        #expect(resolver.value(of: "FLAGS") == .init(value: "-A -B -C", unresolved: []))
        #expect(resolver.value(of: "NAME").value == "My-App-2.acme kit")
        #expect(resolver.value(of: "SELF") == .init(value: " -D", unresolved: []))
        #expect(!resolver.value(of: "LOOP").unresolved.isEmpty)
        #expect(BuildSettingsResolver.c99Identifier("1Password App") == "_Password_App")
        #expect(!BuildSettingAssignment(conditionedKey: "X[sdk=iphoneos*]", value: "").applies(to: "Debug"))
        #expect(!BuildSettingAssignment(conditionedKey: "X[config=Rel*]", value: "").applies(to: "Debug"))
        #expect(BuildSettingAssignment(conditionedKey: "X[config=Rel*][arch=*]", value: "").applies(to: "Release"))
    }
}

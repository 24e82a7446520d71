import Foundation
import MFECore
import MFEWorkspace
import Testing

@testable import MFEScaffold

/// The Xcode 16 projects mfe writes beside example apps and the shell, read back as Xcode
/// reads them: `project.pbxproj` is an OpenStep property list, which Foundation parses on
/// Linux too, so every object reference and setting Xcode needs is checked here.
@Suite("Xcode app projects")
struct XcodeAppProjectTests {
    /// The parsed `project.pbxproj`: its objects by identifier, and the root object.
    struct Project {
        let objects: [String: [String: Any]]
        let root: [String: Any]
        let objectVersion: String?

        init(_ text: String) throws {
            let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
            let top = try #require(plist as? [String: Any])
            objects = try #require(top["objects"] as? [String: [String: Any]])
            let rootID = try #require(top["rootObject"] as? String)
            root = try #require(objects[rootID])
            objectVersion = top["objectVersion"] as? String
        }

        func object(_ id: Any?) throws -> [String: Any] {
            let key = try #require(id as? String)
            return try #require(objects[key])
        }

        func list(_ ids: Any?) throws -> [[String: Any]] {
            try (ids as? [String] ?? []).map { try object($0) }
        }

        /// Build settings of configuration `name` in the configuration list `listID`.
        func settings(_ listID: Any?, _ name: String) throws -> [String: Any] {
            let configurations = try list(try object(listID)["buildConfigurations"])
            let configuration = try #require(configurations.first { $0["name"] as? String == name })
            return try #require(configuration["buildSettings"] as? [String: Any])
        }
    }

    static func featureFiles(platforms: [PlatformRequirement] = PlatformRequirement.defaults, example: Bool = true, template: String = TemplateName.feature) throws -> [PlannedFile] {
        let specification = FeatureSpecification(
            name: "Home", layer: .product, template: template, example: example, webURL: template == TemplateName.web ? "https://example.com/home" : nil, platforms: platforms)
        let rendered = try TemplateRenderer().render(try TemplateCatalog.builtin.template(named: template), context: specification.templateContext)
        return try XcodeAppProject.adding(to: rendered, prefix: "", app: specification.iOSApp)
    }

    static func contents(_ path: String, in files: [PlannedFile]) throws -> String {
        try #require(files.first { $0.path == path }?.contents, "no '\(path)' among \(files.map(\.path))")
    }

    @Test(arguments: [TemplateName.feature, TemplateName.web])
    func anExampleAppIsAnIOSAppTargetLinkingThePackageBesideIt(template: String) throws {
        let files = try Self.featureFiles(template: template)
        let project = try Project(try Self.contents("HomeExample/HomeExample.xcodeproj/project.pbxproj", in: files))
        #expect(project.objectVersion == "77")
        #expect(project.root["isa"] as? String == "PBXProject")
        #expect(project.root["preferredProjectObjectVersion"] as? String == "77")

        let targets = try project.list(project.root["targets"])
        #expect(targets.map { $0["name"] as? String } == ["HomeExampleApp", "HomeExampleAppTests"])
        let target = try #require(targets.first)
        #expect(target["isa"] as? String == "PBXNativeTarget")
        #expect(target["name"] as? String == "HomeExampleApp")
        #expect(target["productType"] as? String == "com.apple.product-type.application")
        #expect(try project.object(target["productReference"])["path"] as? String == "HomeExampleApp.app")

        // The app in its own folder, as the article's BrowseExample: its sources a synchronized
        // folder beside the project, which the template filled.
        let groups = try project.list(target["fileSystemSynchronizedGroups"])
        #expect(groups.map { $0["isa"] as? String } == ["PBXFileSystemSynchronizedRootGroup"])
        #expect(groups.first?["path"] as? String == "HomeExampleApp")
        #expect(files.contains { $0.path == "HomeExample/HomeExampleApp/ExampleApp.swift" })
        let mainGroup = try project.object(project.root["mainGroup"])
        let groupID = try #require((target["fileSystemSynchronizedGroups"] as? [String])?.first)
        #expect((mainGroup["children"] as? [String])?.contains(groupID) == true)

        // The package beside the project, and the products the app imports, linked.
        let packages = try project.list(project.root["packageReferences"])
        #expect(packages.map { $0["isa"] as? String } == ["XCLocalSwiftPackageReference"])
        #expect(packages.first?["relativePath"] as? String == "..", "the package, one folder up from the project's")
        let dependencies = try project.list(target["packageProductDependencies"])
        #expect(dependencies.map { $0["productName"] as? String } == ["Home", "HomeTesting"])
        #expect(dependencies.allSatisfy { $0["package"] as? String == (project.root["packageReferences"] as? [String])?.first })
        let phases = try project.list(target["buildPhases"])
        #expect(phases.map { $0["isa"] as? String } == ["PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase"])
        let linked = try project.list(phases[1]["files"]).map { $0["productRef"] as? String }
        #expect(linked == target["packageProductDependencies"] as? [String])

        // iOS only, generated Info.plist, automatic signing, no team.
        for configuration in ["Debug", "Release"] {
            let projectSettings = try project.settings(project.root["buildConfigurationList"], configuration)
            #expect(projectSettings["SDKROOT"] as? String == "iphoneos")
            #expect(projectSettings["IPHONEOS_DEPLOYMENT_TARGET"] as? String == "17.0")
            let targetSettings = try project.settings(target["buildConfigurationList"], configuration)
            #expect(targetSettings["GENERATE_INFOPLIST_FILE"] as? String == "YES")
            #expect(targetSettings["INFOPLIST_KEY_UILaunchScreen_Generation"] as? String == "YES")
            #expect(targetSettings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"] as? String == "YES")
            #expect(targetSettings["CODE_SIGN_STYLE"] as? String == "Automatic")
            #expect(targetSettings["DEVELOPMENT_TEAM"] == nil)
            #expect(targetSettings["PRODUCT_BUNDLE_IDENTIFIER"] as? String == "com.example.HomeExampleApp")
            #expect(targetSettings["SWIFT_VERSION"] as? String == "6.0")
            #expect(targetSettings["ASSETCATALOG_COMPILER_APPICON_NAME"] as? String == "AppIcon")
            #expect(targetSettings["ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME"] as? String == "AccentColor")
            #expect(targetSettings["INFOPLIST_FILE"] == nil, "no URL schemes, no Info.plist of its own")
        }
    }

    @Test func theAppHasAnAssetCatalogWithAppIconAndAccentColor() throws {
        let files = try Self.featureFiles()
        let catalog = "HomeExample/HomeExampleApp/Assets.xcassets/"
        func json(_ path: String) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: Data(try Self.contents(catalog + path, in: files).utf8)) as? [String: Any])
        }
        #expect((try json("Contents.json")["info"] as? [String: Any])?["version"] as? Int == 1)
        let icons = try #require(try json("AppIcon.appiconset/Contents.json")["images"] as? [[String: Any]])
        #expect(icons.count == 3 && icons.allSatisfy { $0["size"] as? String == "1024x1024" && $0["platform"] as? String == "ios" && $0["idiom"] as? String == "universal" })
        #expect(icons.compactMap { ($0["appearances"] as? [[String: String]])?.first?["value"] } == ["dark", "tinted"])
        #expect((try json("AccentColor.colorset/Contents.json")["colors"] as? [[String: Any]])?.first?["idiom"] as? String == "universal")
    }

    @Test func theUnitTestTargetIsHostedByTheAppAndInTheSchemesTestAction() throws {
        let files = try Self.featureFiles()
        let project = try Project(try Self.contents("HomeExample/HomeExample.xcodeproj/project.pbxproj", in: files))
        let targets = try project.list(project.root["targets"])
        let (app, tests) = (targets[0], targets[1])
        let appID = try #require((project.root["targets"] as? [String])?.first)
        let testsID = try #require((project.root["targets"] as? [String])?.last)
        #expect(tests["productType"] as? String == "com.apple.product-type.bundle.unit-test")
        #expect(try project.object(tests["productReference"])["path"] as? String == "HomeExampleAppTests.xctest")
        #expect(try project.list(tests["fileSystemSynchronizedGroups"]).map { $0["path"] as? String } == ["HomeExampleAppTests"])
        let dependency = try #require(try project.list(tests["dependencies"]).first)
        #expect(dependency["isa"] as? String == "PBXTargetDependency" && dependency["target"] as? String == appID)
        let proxy = try project.object(dependency["targetProxy"])
        #expect(proxy["remoteGlobalIDString"] as? String == appID && proxy["proxyType"] as? String == "1" && proxy["remoteInfo"] as? String == app["name"] as? String)
        #expect(((project.root["attributes"] as? [String: Any])?["TargetAttributes"] as? [String: [String: String]])?[testsID]?["TestTargetID"] == appID)
        for configuration in ["Debug", "Release"] {
            let settings = try project.settings(tests["buildConfigurationList"], configuration)
            #expect(settings["TEST_HOST"] as? String == "$(BUILT_PRODUCTS_DIR)/HomeExampleApp.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/HomeExampleApp")
            #expect(settings["BUNDLE_LOADER"] as? String == "$(TEST_HOST)")
        }
        let products = try project.object(project.root["productRefGroup"])
        #expect((products["children"] as? [String])?.count == 2)
        let scheme = try Self.contents("HomeExample/HomeExample.xcodeproj/xcshareddata/xcschemes/HomeExampleApp.xcscheme", in: files)
        let testAction = try #require(scheme.components(separatedBy: "<TestAction").last?.components(separatedBy: "</TestAction>").first)
        #expect(testAction.contains("BlueprintIdentifier = \"\(testsID)\"") && testAction.contains("BuildableName = \"HomeExampleAppTests.xctest\""))
        let source = try Self.contents("HomeExample/HomeExampleAppTests/AppBundleTests.swift", in: files)
        #expect(source.contains("#expect(Bundle.main.bundleIdentifier == \"com.example.HomeExampleApp\")"))
        #expect(!source.contains("CFBundleURLTypes"))
    }

    @Test func theShellRegistersItsURLSchemeInItsInfoPlist() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let text = try Self.contents("Shell/FeedMe/Info.plist", in: plan.files)
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil) as? [String: Any])
        let types = try #require(plist["CFBundleURLTypes"] as? [[String: Any]])
        #expect(types.first?["CFBundleURLSchemes"] as? [String] == ["feedme"])
        #expect(types.first?["CFBundleURLName"] as? String == "com.example.FeedMe")
        #expect(try Self.contents("Shell/Sources/FeedMeComposition/AppRouter.swift", in: plan.files).contains("scheme: String = \"\(FeedMeExample.urlScheme)\""), "the scheme the router opens")
        let project = try Project(try Self.contents("Shell/FeedMe/FeedMe.xcodeproj/project.pbxproj", in: plan.files))
        let app = try #require(try project.list(project.root["targets"]).first)
        #expect(try project.settings(app["buildConfigurationList"], "Release")["INFOPLIST_FILE"] as? String == "Info.plist")
        #expect(try Self.contents("Shell/FeedMe/FeedMeTests/AppBundleTests.swift", in: plan.files).contains("schemes.isSuperset(of: [\"feedme\"])"))
        let generic = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "Demo"))
        let genericPlist = try #require(
            try PropertyListSerialization.propertyList(from: Data(try Self.contents("Shell/Demo/Info.plist", in: generic.files).utf8), options: [], format: nil) as? [String: Any])
        #expect((genericPlist["CFBundleURLTypes"] as? [[String: Any]])?.first?["CFBundleURLSchemes"] as? [String] == ["demo"], "every shell opens links of its own scheme")
        #expect(try Self.contents("Shell/Sources/DemoComposition/AppRouter.swift", in: generic.files).contains("scheme: String = \"demo\""))
    }

    @Test func everyReferenceNamesAnObjectAndIdentifiersAreUnique() throws {
        let text = try Self.contents("HomeExample/HomeExample.xcodeproj/project.pbxproj", in: try Self.featureFiles())
        let project = try Project(text)
        let identifiers = text.split(whereSeparator: { !$0.isHexDigit }).filter { $0.count == 24 }.map(String.init)
        #expect(!identifiers.isEmpty)
        for identifier in Set(identifiers) {
            #expect(project.objects[identifier] != nil, "'\(identifier)' names no object")
        }
        #expect(project.objects.count == 31)
    }

    @Test func theSharedSchemeBuildsAndRunsTheAppTarget() throws {
        let files = try Self.featureFiles()
        let project = try Project(try Self.contents("HomeExample/HomeExample.xcodeproj/project.pbxproj", in: files))
        let targetID = try #require((project.root["targets"] as? [String])?.first)
        let scheme = try Self.contents("HomeExample/HomeExample.xcodeproj/xcshareddata/xcschemes/HomeExampleApp.xcscheme", in: files)
        #expect(scheme.components(separatedBy: "BlueprintIdentifier = \"\(targetID)\"").count == 4)
        #expect(scheme.components(separatedBy: "ReferencedContainer = \"container:HomeExample.xcodeproj\"").count == 5)
        #expect(scheme.contains("BuildableName = \"HomeExampleApp.app\""))
        #expect(scheme.contains("<LaunchAction\n      buildConfiguration = \"Debug\""))
    }

    @Test func theShellAppLinksItsCompositionLibrary() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let project = try Project(try Self.contents("Shell/FeedMe/FeedMe.xcodeproj/project.pbxproj", in: plan.files))
        let target = try #require(try project.list(project.root["targets"]).first)
        #expect(target["name"] as? String == "FeedMe")
        #expect(try project.list(target["packageProductDependencies"]).map { $0["productName"] as? String } == ["FeedMeComposition"])
        #expect(try Self.contents("Shell/Package.swift", in: plan.files).contains(".library(name: \"FeedMeComposition\", targets: [\"FeedMeComposition\"])"))
        #expect(plan.files.contains { $0.path == "Shell/FeedMe/FeedMe/ShellApp.swift" })
        for app in ["Features/Browse/BrowseExample", "Features/RestaurantOrder/RestaurantOrderExample", "Features/About/AboutExample"] {
            let name = String(app.split(separator: "/").last ?? "")
            #expect(plan.files.contains { $0.path == app + "/" + name + ".xcodeproj/project.pbxproj" }, "no project for \(app)")
        }
        #expect(!plan.files.contains { $0.path.hasPrefix("Foundation/Env/") && $0.path.contains(".xcodeproj/") })
    }

    @Test func withoutIOSOrWithoutAnExampleThereIsNoProject() throws {
        for files in [try Self.featureFiles(platforms: [PlatformRequirement(swiftName: "macOS", version: "14")]), try Self.featureFiles(example: false)] {
            #expect(!files.contains { $0.path.contains(".xcodeproj/") || $0.path.hasPrefix("HomeExample/") }, "\(files.map(\.path))")
        }
    }

    @Test func theDeploymentTargetFollowsThePlatforms() throws {
        let files = try Self.featureFiles(platforms: [PlatformRequirement(swiftName: "iOS", version: "18.2")])
        let project = try Project(try Self.contents("HomeExample/HomeExample.xcodeproj/project.pbxproj", in: files))
        #expect(try project.settings(project.root["buildConfigurationList"], "Debug")["IPHONEOS_DEPLOYMENT_TARGET"] as? String == "18.2")
        #expect(try Self.contents("Package.swift", in: files).contains("platforms: [.iOS(\"18.2\")],"))
    }

    @Test func theSameNamesGiveTheSameBytesAndOtherNamesOtherIdentifiers() throws {
        #expect(try Self.featureFiles() == Self.featureFiles())
        let home = XcodeAppProject(projectName: "HomeExample", targetName: "HomeExampleApp", products: [], deploymentTarget: "17.0", bundleIdentifier: "a")
        let search = XcodeAppProject(projectName: "SearchExample", targetName: "SearchExampleApp", products: [], deploymentTarget: "17.0", bundleIdentifier: "a")
        #expect(home.identifier("target") != search.identifier("target"))
        #expect(home.identifier("target").count == 24)
        #expect(home.identifier("target").allSatisfy { $0.isHexDigit && !$0.isLowercase })
    }

    @Test(arguments: [
        ("Home", "Home"), ("$(TARGET_NAME)", "\"$(TARGET_NAME)\""), ("com.apple.product-type.application", "\"com.apple.product-type.application\""),
        ("", "\"\""), ("a \"b\"", "\"a \\\"b\\\"\""), ("<group>", "\"<group>\""),
    ])
    func stringsAreQuotedAsXcodeQuotesThem(value: String, written: String) {
        #expect(XcodeAppProject.quoted(value) == written)
    }
}

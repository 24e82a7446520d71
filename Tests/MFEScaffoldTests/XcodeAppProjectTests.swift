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
        let project = try Project(try Self.contents("HomeExample.xcodeproj/project.pbxproj", in: files))
        #expect(project.objectVersion == "77")
        #expect(project.root["isa"] as? String == "PBXProject")
        #expect(project.root["preferredProjectObjectVersion"] as? String == "77")

        let targets = try project.list(project.root["targets"])
        #expect(targets.count == 1)
        let target = try #require(targets.first)
        #expect(target["isa"] as? String == "PBXNativeTarget")
        #expect(target["name"] as? String == "HomeExampleApp")
        #expect(target["productType"] as? String == "com.apple.product-type.application")
        #expect(try project.object(target["productReference"])["path"] as? String == "HomeExampleApp.app")

        // The app's sources: the iOSApp/ folder, synchronized, which the template filled.
        let groups = try project.list(target["fileSystemSynchronizedGroups"])
        #expect(groups.map { $0["isa"] as? String } == ["PBXFileSystemSynchronizedRootGroup"])
        #expect(groups.first?["path"] as? String == "iOSApp")
        #expect(files.contains { $0.path == "iOSApp/ExampleApp.swift" })
        let mainGroup = try project.object(project.root["mainGroup"])
        let groupID = try #require((target["fileSystemSynchronizedGroups"] as? [String])?.first)
        #expect((mainGroup["children"] as? [String])?.contains(groupID) == true)

        // The package beside the project, and the products the app imports, linked.
        let packages = try project.list(project.root["packageReferences"])
        #expect(packages.map { $0["isa"] as? String } == ["XCLocalSwiftPackageReference"])
        #expect(packages.first?["relativePath"] as? String == ".")
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
        }
    }

    @Test func everyReferenceNamesAnObjectAndIdentifiersAreUnique() throws {
        let text = try Self.contents("HomeExample.xcodeproj/project.pbxproj", in: try Self.featureFiles())
        let project = try Project(text)
        let identifiers = text.split(whereSeparator: { !$0.isHexDigit }).filter { $0.count == 24 }.map(String.init)
        #expect(!identifiers.isEmpty)
        for identifier in Set(identifiers) {
            #expect(project.objects[identifier] != nil, "'\(identifier)' names no object")
        }
        #expect(project.objects.count == 20)
    }

    @Test func theSharedSchemeBuildsAndRunsTheAppTarget() throws {
        let files = try Self.featureFiles()
        let project = try Project(try Self.contents("HomeExample.xcodeproj/project.pbxproj", in: files))
        let targetID = try #require((project.root["targets"] as? [String])?.first)
        let scheme = try Self.contents("HomeExample.xcodeproj/xcshareddata/xcschemes/HomeExampleApp.xcscheme", in: files)
        #expect(scheme.components(separatedBy: "BlueprintIdentifier = \"\(targetID)\"").count == 4)
        #expect(scheme.components(separatedBy: "ReferencedContainer = \"container:HomeExample.xcodeproj\"").count == 4)
        #expect(scheme.contains("BuildableName = \"HomeExampleApp.app\""))
        #expect(scheme.contains("<LaunchAction\n      buildConfiguration = \"Debug\""))
    }

    @Test func theShellAppLinksItsCompositionLibrary() throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let project = try Project(try Self.contents("Shell/FeedMe.xcodeproj/project.pbxproj", in: plan.files))
        let target = try #require(try project.list(project.root["targets"]).first)
        #expect(target["name"] as? String == "FeedMe")
        #expect(try project.list(target["packageProductDependencies"]).map { $0["productName"] as? String } == ["FeedMeComposition"])
        #expect(try Self.contents("Shell/Package.swift", in: plan.files).contains(".library(name: \"FeedMeComposition\", targets: [\"FeedMeComposition\"])"))
        #expect(plan.files.contains { $0.path == "Shell/iOSApp/ShellApp.swift" })
        for app in ["Features/Browse/BrowseExample", "Features/RestaurantOrder/RestaurantOrderExample", "Features/About/AboutExample"] {
            #expect(plan.files.contains { $0.path == app + ".xcodeproj/project.pbxproj" }, "no project for \(app)")
        }
        #expect(!plan.files.contains { $0.path.hasPrefix("Foundation/Env/") && $0.path.contains(".xcodeproj/") })
    }

    @Test func withoutIOSOrWithoutAnExampleThereIsNoProject() throws {
        for files in [try Self.featureFiles(platforms: [PlatformRequirement(swiftName: "macOS", version: "14")]), try Self.featureFiles(example: false)] {
            #expect(!files.contains { $0.path.contains(".xcodeproj/") || $0.path.hasPrefix("iOSApp/") }, "\(files.map(\.path))")
        }
    }

    @Test func theDeploymentTargetFollowsThePlatforms() throws {
        let files = try Self.featureFiles(platforms: [PlatformRequirement(swiftName: "iOS", version: "18.2")])
        let project = try Project(try Self.contents("HomeExample.xcodeproj/project.pbxproj", in: files))
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

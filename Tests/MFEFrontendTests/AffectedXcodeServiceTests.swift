import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// An app built from one Xcode project in a real git repository: `App` (application) links
/// `Kit` (framework), `AppTests` runs in `App`, and `Other` (framework) depends on nothing.
/// Classic groups and Sources phases, as Xcode 13–15 write them.
enum XcodeAppRepository {
    /// The project's `project.pbxproj`: Kit compiles `kitFiles` (in `Kit/`) with
    /// `OTHER_SWIFT_FLAGS` = `kitFlags`; Other compiles `otherFiles` (in `Other/`); `idPrefix`
    /// gives every identifier's first characters, as a regenerating tool would change them.
    static func pbxproj(kitFiles: [String] = ["Kit.swift", "Old.swift"], otherFiles: [String] = ["Other.swift"], kitFlags: String = "", appName: String = "App", idPrefix: String = "AA")
        -> String
    {
        func id(_ suffix: String) -> String { idPrefix + String(repeating: "0", count: 22 - suffix.count) + suffix }
        var files: [(id: String, build: String, name: String, group: String, target: String)] = [
            (id("101"), id("201"), "AppDelegate.swift", "App", "App"), (id("102"), id("202"), "AppTests.swift", "AppTests", "AppTests"),
        ]
        for (index, name) in kitFiles.enumerated() { files.append((id("11\(index)"), id("21\(index)"), name, "Kit", "Kit")) }
        for (index, name) in otherFiles.enumerated() { files.append((id("12\(index)"), id("22\(index)"), name, "Other", "Other")) }
        let targets: [(name: String, type: String, dependencies: [String], settings: String)] = [
            (appName, "application", ["Kit"], "PRODUCT_NAME = \"$(TARGET_NAME)\";"),
            ("Kit", "framework", [], "OTHER_SWIFT_FLAGS = \"\(kitFlags)\";"),
            ("Other", "framework", [], "PRODUCT_NAME = Other;"),
            ("AppTests", "bundle.unit-test", [appName], "TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/\(appName).app/\(appName)\";"),
        ]
        let groups = ["App", "Kit", "Other", "AppTests", "Configs"]
        func targetID(_ name: String) -> String { id("3\(targets.firstIndex { $0.name == name }!)") }
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n"
        for file in files {
            text += "\t\t\(file.build) /* \(file.name) in Sources */ = {isa = PBXBuildFile; fileRef = \(file.id) /* \(file.name) */; };\n"
            text += "\t\t\(file.id) /* \(file.name) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(file.name); sourceTree = \"<group>\"; };\n"
        }
        text += "\t\t\(id("1")) = {isa = PBXGroup; children = (\(groups.indices.map { id("4\($0)") }.joined(separator: ", "))); sourceTree = \"<group>\"; };\n"
        for (index, group) in groups.enumerated() {
            let children = group == "Configs" ? id("130") : files.filter { $0.group == group }.map(\.id).joined(separator: ", ")
            text += "\t\t\(id("4\(index)")) /* \(group) */ = {isa = PBXGroup; children = (\(children)); path = \(group); sourceTree = \"<group>\"; };\n"
        }
        text += "\t\t\(id("130")) /* Kit.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Kit.xcconfig; sourceTree = \"<group>\"; };\n"
        for (index, target) in targets.enumerated() {
            let sources = files.filter { $0.target == (index == 0 ? "App" : target.name) }.map(\.build).joined(separator: ", ")
            let dependencies = target.dependencies.map { id("6\(index)\(targetID($0).suffix(1))") }
            text += "\t\t\(id("3\(index)")) /* \(target.name) */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = \(id("7\(index)"));\n"
            text += "\t\t\tbuildPhases = (\n\t\t\t\t\(id("5\(index)")),\n\t\t\t);\n\t\t\tdependencies = (\n"
            text += dependencies.map { "\t\t\t\t\($0) /* PBXTargetDependency */,\n" }.joined() + "\t\t\t);\n"
            text += "\t\t\tname = \(target.name);\n\t\t\tproductType = \"com.apple.product-type.\(target.type)\";\n\t\t};\n"
            text += "\t\t\(id("5\(index)")) /* Sources */ = {isa = PBXSourcesBuildPhase; files = (\(sources)); };\n"
            for (dependency, name) in zip(dependencies, target.dependencies) {
                text += "\t\t\(dependency) /* PBXTargetDependency */ = {isa = PBXTargetDependency; target = \(targetID(name)) /* \(name) */; };\n"
            }
            text += "\t\t\(id("7\(index)")) = {isa = XCConfigurationList; buildConfigurations = (\(id("8\(index)"))); };\n"
            let base = target.name == "Kit" ? "baseConfigurationReference = \(id("130")); " : ""
            text += "\t\t\(id("8\(index)")) /* Debug */ = {isa = XCBuildConfiguration; \(base)buildSettings = {\(target.settings)}; name = Debug; };\n"
        }
        text += "\t\t\(id("79")) = {isa = XCConfigurationList; buildConfigurations = (\(id("89"))); };\n"
        text += "\t\t\(id("89")) /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 5.0;}; name = Debug; };\n"
        text += "\t\t\(id("0")) /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tbuildConfigurationList = \(id("79"));\n\t\t\tmainGroup = \(id("1"));\n"
        text += "\t\t\tprojectDirPath = \"\";\n\t\t\ttargets = (\(targets.indices.map { id("3\($0)") }.joined(separator: ", ")));\n\t\t};\n"
        text += "\t};\n\trootObject = \(id("0")) /* Project object */;\n}\n"
        return text
    }

    /// The repository, committed on `main` with `feature` checked out.
    static func make() async throws -> GitWorkspace {
        var files: [(String, String)] = [
            ("App.xcodeproj/project.pbxproj", pbxproj()), ("Configs/Kit.xcconfig", "#include \"Shared/Swift.xcconfig\"\n"), ("Configs/Shared/Swift.xcconfig", "SWIFT_VERSION = 6.0\n"),
        ]
        for file in ["App/AppDelegate.swift", "AppTests/AppTests.swift", "Kit/Kit.swift", "Kit/Old.swift", "Other/Other.swift"] {
            files.append((file, "// \(file)\n"))
        }
        return try await GitWorkspace(files: files)
    }

    /// `mfe affected --format json --explain` against `main`, parsed.
    static func affected(_ repository: GitWorkspace) async throws -> (json: [String: Any], standardError: String) {
        let result = await InProcessMFE(in: repository.path).affected(.init(base: "main", format: .json, explain: true))
        #expect(result.status == 0, "\(result.standardError)")
        return (try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]), result.standardError)
    }
}

/// `mfe affected` on an Xcode project: schemes and user state build nothing, a project change
/// affects the targets whose definition changed, and files deleted or renamed out of a target
/// belong to the target that owned them at the base revision.
@Suite("affected in process: Xcode projects in a real git repository")
struct AffectedXcodeServiceTests {
    @Test func schemesAndUserStateAffectNothing() async throws {
        let repository = try await XcodeAppRepository.make()
        let state = [
            "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme", "App.xcodeproj/xcuserdata/me.xcuserdatad/xcschemes/xcschememanagement.plist",
            "App.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist", "App.xcodeproj/project.xcworkspace/xcshareddata/WorkspaceSettings.xcsettings",
            "App.xcworkspace/xcuserdata/me.xcuserdatad/UserInterfaceState.xcuserstate",
        ]
        for file in state { try repository.write("<changed/>\n", to: file) }
        let (json, standardError) = try await XcodeAppRepository.affected(repository)
        #expect(json["affected"] as? [String] == [])
        #expect(json["targets"] as? [String] == [])
        #expect(json["outsidePackages"] as? [String] == [])
        #expect(json["ignored"] as? [String] == state.sorted())
        #expect(standardError.contains("changed in Xcode's schemes or user state, which build nothing, so they affect nothing"))
    }

    @Test func aProjectChangeAffectsTheTargetsWhoseDefinitionChanged() async throws {
        let repository = try await XcodeAppRepository.make()
        try repository.write(XcodeAppRepository.pbxproj(kitFlags: "-DKIT"), to: "App.xcodeproj/project.pbxproj")
        let (json, _) = try await XcodeAppRepository.affected(repository)
        // Kit's settings changed: Kit, and what depends on it, but not Other.
        #expect(json["targets"] as? [String] == ["App", "AppTests", "Kit"])
        let because = try #require(json["because"] as? [[String: Any]])
        #expect(because.first { $0["target"] as? String == "Kit" }?["reason"] as? String == "its definition in 'App.xcodeproj/project.pbxproj' changed")

        // A file of the target says more than its definition.
        try repository.write("// changed\n", to: "Kit/Kit.swift")
        let both = try await XcodeAppRepository.affected(repository)
        let reasons = try #require(both.json["because"] as? [[String: Any]])
        #expect(reasons.first { $0["target"] as? String == "Kit" }?["reason"] as? String == "'Kit/Kit.swift' changed")

        // The same project with every identifier regenerated changes no target.
        try await repository.git("checkout", "--", "Kit/Kit.swift")
        try repository.write(XcodeAppRepository.pbxproj(idPrefix: "BB"), to: "App.xcodeproj/project.pbxproj")
        let regenerated = try await XcodeAppRepository.affected(repository)
        #expect(regenerated.json["targets"] as? [String] == [])
        #expect(regenerated.json["changed"] as? [String] == ["App"])
    }

    @Test func anXcconfigAffectsTheTargetsBasedOnItAndOnWhatIncludesIt() async throws {
        let repository = try await XcodeAppRepository.make()
        try repository.write("SWIFT_VERSION = 5.0\n", to: "Configs/Shared/Swift.xcconfig")
        let (json, _) = try await XcodeAppRepository.affected(repository)
        #expect(json["outsidePackages"] as? [String] == [])
        #expect(json["targets"] as? [String] == ["App", "AppTests", "Kit"])
    }

    @Test func aProjectThatCannotBeComparedAffectsTheWholeProject() async throws {
        let repository = try await XcodeAppRepository.make()
        try repository.write("<<<<<<< HEAD\n", to: "App.xcodeproj/project.pbxproj")
        try await repository.commitAll("conflict")
        try repository.write(XcodeAppRepository.pbxproj(kitFlags: "-DKIT"), to: "App.xcodeproj/project.pbxproj")
        let result = await InProcessMFE(in: repository.path).affected(.init(base: "HEAD", format: .json))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"targets\": [\n    \"App\",\n    \"AppTests\",\n    \"Kit\",\n    \"Other\"\n  ]"))
    }

    @Test func aFileDeletedFromATargetBelongsToTheTargetThatOwnedIt() async throws {
        let repository = try await XcodeAppRepository.make()
        try await repository.git("rm", "--quiet", "Kit/Old.swift")
        try repository.write(XcodeAppRepository.pbxproj(kitFiles: ["Kit.swift"]), to: "App.xcodeproj/project.pbxproj")
        let (json, standardError) = try await XcodeAppRepository.affected(repository)
        #expect(json["outsidePackages"] as? [String] == [])
        #expect(json["targets"] as? [String] == ["App", "AppTests", "Kit"])
        #expect(!standardError.contains("every package is affected"))
    }

    @Test func aRenameBetweenTargetsCountsBothSides() async throws {
        let repository = try await XcodeAppRepository.make()
        try await repository.git("mv", "Kit/Old.swift", "Other/Moved.swift")
        try repository.write(XcodeAppRepository.pbxproj(kitFiles: ["Kit.swift"], otherFiles: ["Other.swift", "Moved.swift"]), to: "App.xcodeproj/project.pbxproj")
        let (json, _) = try await XcodeAppRepository.affected(repository)
        #expect(json["outsidePackages"] as? [String] == [])
        #expect(json["targets"] as? [String] == ["App", "AppTests", "Kit", "Other"])
        let because = try #require(json["because"] as? [[String: Any]])
        #expect(because.first { $0["target"] as? String == "Other" }?["file"] as? String != nil)
    }
}

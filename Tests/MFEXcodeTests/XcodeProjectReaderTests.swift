import Foundation
import MFECore
import MFEManifest
import MFETestSupport
import MFEWorkspace
import MFEXcode
import Testing

/// The static reader of `project.pbxproj` and `contents.xcworkspacedata`, on hand-written
/// projects in the shapes Xcode 13–16 write.
@Suite("Xcode project reader", .hangGuard(processes: 1))
struct XcodeProjectReaderTests {
    /// The 1-based line of the first line of `text` containing `needle` after `after`.
    static func line(of needle: String, in text: String, after: String? = nil) -> Int {
        let lines = text.components(separatedBy: "\n")
        let start = after.flatMap { marker in lines.firstIndex { $0.contains(marker) } } ?? 0
        return (lines[start...].firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    static func synchronizedWorkspace() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write(XcodeFixtures.synchronized, to: "App.xcodeproj/project.pbxproj")
        try directory.write(XcodeFixtures.package("Browse"), to: "Packages/Browse/Package.swift")
        try directory.write("", to: "Packages/Browse/Sources/Browse/Browse.swift")
        return directory
    }

    @Test func readsAnXcode16ProjectWithSynchronizedFolders() throws {
        let directory = try Self.synchronizedWorkspace()
        let project = try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "App.xcodeproj"))
        #expect(project.name == "App")
        #expect(project.objectVersion == 77)
        #expect(project.compatibilityVersion == nil)
        #expect(project.targets.map(\.name) == ["App", "Search", "AppTests"])
        #expect(project.targets.map(\.productType) == [.application, .framework, .unitTestBundle])
        let app = project.targets[0]
        #expect(app.dependencies.map(\.target) == ["Search"])
        #expect(app.packageProducts.map(\.product) == ["Env", "Browse"])
        #expect(app.packageProducts.map(\.package) == [0, 1])
        #expect(app.folders == ["App"])
        #expect(app.excluded == ["App/Info.plist"])
        #expect(project.targets[2].dependencies.map(\.target) == ["App"])
        #expect(project.packageReferences.map(\.kind) == [.remote(url: "https://example.com/acme/Env.git", requirement: .upToNextMajor("1.2.0")), .local(relativePath: "Packages/Browse")])
        let text = XcodeFixtures.synchronized
        #expect(app.packageProducts[0].location.line == Self.line(of: "A00000000000000000000060 /* Env */,", in: text))
        #expect(app.dependencies[0].location.line == Self.line(of: "A00000000000000000000040 /* PBXTargetDependency */,", in: text))
        #expect(app.location.line == Self.line(of: "A00000000000000000000031 /* App */ = {", in: text))
    }

    @Test func readsAClassicXcode13Project() throws {
        let directory = try TemporaryDirectory()
        try directory.write(XcodeFixtures.classic(), to: "Classic.xcodeproj/project.pbxproj")
        let project = try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "Classic.xcodeproj"))
        #expect(project.objectVersion == 55)
        #expect(project.compatibilityVersion == "Xcode 13.0")
        #expect(project.targets.count == 1)
        #expect(project.targets[0].files == ["Classic/AppDelegate.swift"])
        #expect(project.targets[0].folders.isEmpty)
        #expect(project.packageReferences.map(\.kind) == [.remote(url: "https://example.com/acme/Kit", requirement: .exact("2.0.1"))])
        let manifest = try project.manifest()
        #expect(manifest.dependencies.map(\.identity) == ["kit"])
        #expect(manifest.dependencies.first?.kind == .sourceControl(url: "https://example.com/acme/Kit", requirement: .exact(Version(2, 0, 1))))
        #expect(manifest.targets.map(\.kind) == [.executable])
    }

    @Test func readsAWorkspaceOfTwoProjects() throws {
        let directory = try TemporaryDirectory()
        try directory.write(XcodeFixtures.classic(name: "One"), to: "One/One.xcodeproj/project.pbxproj")
        try directory.write(XcodeFixtures.classic(name: "Two"), to: "Apps/Two/Two.xcodeproj/project.pbxproj")
        try directory.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace
               version = "1.0">
               <FileRef
                  location = "group:One/One.xcodeproj">
               </FileRef>
               <Group
                  location = "container:Apps"
                  name = "Apps">
                  <FileRef
                     location = "group:Two/Two.xcodeproj">
                  </FileRef>
               </Group>
            </Workspace>

            """, to: "All.xcworkspace/contents.xcworkspacedata")
        let workspace = try XcodeWorkspaceReader().read(workspaceAt: PathUtilities.join(directory.path, "All.xcworkspace"))
        let root = PathUtilities.normalize(directory.path)
        #expect(workspace.projects == [root + "/One/One.xcodeproj", root + "/Apps/Two/Two.xcodeproj"])
    }

    @Test func aProjectInTheGraphHasItsTargetsAndEdgesAtPbxprojLines() async throws {
        let directory = try Self.synchronizedWorkspace()
        let loaded = try await WorkspaceLoader(manifestLoader: ManifestReader(environment: [:])).load(at: directory.path)
        let graph = TargetGraph(workspace: loaded)
        let app = try #require(graph.nodeIndex(named: "App", inPackageAt: "App.xcodeproj"))
        let names = graph.successors[app].map { graph.nodes[$0].name }
        #expect(names.sorted() == ["Browse", "Search"])
        let browseEdge = try #require(graph.edges.first { $0.from == app && graph.nodes[$0.to].name == "Browse" })
        #expect(browseEdge.location.file.hasSuffix("App.xcodeproj/project.pbxproj"))
        #expect(browseEdge.location.line == Self.line(of: "A00000000000000000000061 /* Browse */,", in: XcodeFixtures.synchronized))
        let project = try #require(loaded.packages.first { $0.directory == "App.xcodeproj" })
        #expect(project.featureLayers["App"] == .shell)
        let tests = try #require(graph.nodeIndex(named: "AppTests", inPackageAt: "App.xcodeproj"))
        #expect(graph.nodes[tests].stem == "App")
    }

    @Test func aPropertyListThatDoesNotParseNamesTheFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("{ objects = { <<<<<<< HEAD", to: "Broken.xcodeproj/project.pbxproj")
        #expect {
            try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "Broken.xcodeproj"))
        } throws: { error in
            guard case .mergeConflict("<<<<<<< HEAD", let location)? = error as? XcodeError else { return false }
            return location.file.hasSuffix("Broken.xcodeproj/project.pbxproj") && location.line == 1
        }
    }

    @Test func aLocalReferenceToAMissingFolderIsAnError() throws {
        let directory = try TemporaryDirectory()
        try directory.write(XcodeFixtures.synchronized, to: "App.xcodeproj/project.pbxproj")
        #expect {
            try XcodeProjectReader().read(projectAt: PathUtilities.join(directory.path, "App.xcodeproj"))
        } throws: { error in
            let message = (error as? any LocalizedError)?.errorDescription ?? ""
            return message.contains("project.pbxproj:") && message.contains("'Packages/Browse'")
        }
    }

    @Test func aProjectWithoutTargetsIsAnError() throws {
        let text = XcodeFixtures.classic().replacingOccurrences(of: "\t\t\t\tB00000000000000000000030 /* Classic */,\n\t\t\t);\n\t\t};\n/* End PBXProject", with: "\t\t\t);\n\t\t};\n/* End PBXProject")
        #expect(text != XcodeFixtures.classic())
        #expect(throws: XcodeError.noTargets(file: "X.xcodeproj/project.pbxproj")) {
            try XcodeProjectReader.parse(Data(text.utf8), projectPath: "/tmp/X.xcodeproj", pbxprojPath: "X.xcodeproj/project.pbxproj")
        }
    }

    /// A framework whose product is named by its build settings, and a test bundle that links
    /// it in its frameworks phase without a target dependency (Xcode's implicit dependency).
    static let linkedFramework = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 54;
        \tobjects = {
        \t\tC1 /* Kit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = C2 /* Kit.framework */; };
        \t\tC2 /* Kit.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tC3 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        \t\tC4 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tC1 /* Kit.framework in Frameworks */,
        \t\t\t);
        \t\t};
        \t\tC5 /* Kit-iOS */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = C8;
        \t\t\tbuildPhases = ();
        \t\t\tdependencies = ();
        \t\t\tname = "Kit-iOS";
        \t\t\tproductReference = C2 /* Kit.framework */;
        \t\t\tproductType = "com.apple.product-type.framework";
        \t\t};
        \t\tC6 /* KitTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tC4 /* Frameworks */,
        \t\t\t);
        \t\t\tdependencies = ();
        \t\t\tname = KitTests;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        \t\tC7 /* Project object */ = {isa = PBXProject; mainGroup = C3; targets = (C5, C6); };
        \t\tC8 = {isa = XCConfigurationList; buildConfigurations = (C9); };
        \t\tC9 = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = Kit; }; name = Debug; };
        \t};
        \trootObject = C7 /* Project object */;
        }

        """

    @Test func aLinkedProductIsADependencyAndTheProductNamesTheModule() throws {
        let project = try XcodeProjectReader.parse(Data(Self.linkedFramework.utf8), projectPath: "/tmp/Kit.xcodeproj", pbxprojPath: "Kit.xcodeproj/project.pbxproj")
        #expect(project.targets.map(\.productName) == ["Kit", "KitTests"])
        #expect(project.targets[1].dependencies.map(\.target) == ["Kit-iOS"])
        #expect(project.targets[1].dependencies.first?.location.line == Self.line(of: "C1 /* Kit.framework in Frameworks */,", in: Self.linkedFramework))
        #expect(try project.manifest().targets.map(\.kind) == [.regular, .test])
    }
}

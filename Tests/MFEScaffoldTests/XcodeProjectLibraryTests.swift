import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEScaffold

/// The generated Xcode projects read by a maintained third-party parser, PyPI's `pbxproj`
/// (installed by `.ci/run` into `.build/pbxproj-venv`; `MFE_PBXPROJ_PYTHON` names another
/// Python that has it), so they are checked by more than mfe's own idea of the format.
@Suite(
    "Xcode projects as PyPI's pbxproj reads them",
    .enabled(if: PbxprojPython.path != nil, "PyPI's pbxproj is not installed: run .ci/run, or 'python3 -m venv .build/pbxproj-venv && .build/pbxproj-venv/bin/pip install pbxproj'"))
struct XcodeProjectLibraryTests {
    /// What the script reports of one project.
    struct Summary: Decodable, Equatable {
        struct Target: Decodable, Equatable {
            var name: String
            var productType: String
            var product: String
            var packageProducts: [String]
            var packagesOfProducts: [String]
            var linkedProducts: [String]
            var synchronizedFolders: [String]
            var bundleIdentifiers: [String]
            var generatesInfoPlist: [String]
        }

        var objectVersion: String
        var sdks: [String]
        var deploymentTargets: [String]
        var localPackages: [String]
        var targets: [Target]
        var schemes: [[String]]
        var warnings: String
    }

    static let script = #"""
        import contextlib, io, json, os, sys, xml.etree.ElementTree as ET
        from pbxproj import XcodeProject

        bundle = sys.argv[1]
        warnings = io.StringIO()
        with contextlib.redirect_stderr(warnings):
            project = XcodeProject.load(os.path.join(bundle, "project.pbxproj"))
        objects = project.objects
        root = objects[project.rootObject]

        def configurations(list_id):
            return [objects[c] for c in objects[list_id].buildConfigurations]

        targets = []
        for target in objects.get_targets():
            dependencies = [objects[d] for d in target.packageProductDependencies]
            linked = []
            for phase_id in target.buildPhases:
                phase = objects[phase_id]
                if phase.isa == "PBXFrameworksBuildPhase":
                    linked += [objects[objects[f].productRef].productName for f in phase.files]
            settings = [c.buildSettings for c in configurations(target.buildConfigurationList)]
            targets.append({
                "name": target.name,
                "productType": target.productType,
                "product": objects[target.productReference].path,
                "packageProducts": [d.productName for d in dependencies],
                "packagesOfProducts": [objects[d.package].relativePath for d in dependencies],
                "linkedProducts": linked,
                "synchronizedFolders": [objects[g].path for g in target.fileSystemSynchronizedGroups],
                "bundleIdentifiers": [s["PRODUCT_BUNDLE_IDENTIFIER"] for s in settings],
                "generatesInfoPlist": [s["GENERATE_INFOPLIST_FILE"] for s in settings],
            })
        project_settings = [c.buildSettings for c in configurations(root.buildConfigurationList)]
        schemes = []
        scheme_folder = os.path.join(bundle, "xcshareddata", "xcschemes")
        for name in sorted(os.listdir(scheme_folder)):
            for reference in ET.parse(os.path.join(scheme_folder, name)).getroot().iter("BuildableReference"):
                blueprint = reference.get("BlueprintIdentifier")
                schemes.append([name, objects[blueprint].name if blueprint in objects.get_keys() else "missing " + blueprint, reference.get("BuildableName"), reference.get("ReferencedContainer")])
        print(json.dumps({
            "objectVersion": str(project.objectVersion),
            "sdks": [s["SDKROOT"] for s in project_settings],
            "deploymentTargets": [s["IPHONEOS_DEPLOYMENT_TARGET"] for s in project_settings],
            "localPackages": [objects[p].relativePath for p in root.packageReferences],
            "targets": targets,
            "schemes": schemes,
            "warnings": warnings.getvalue(),
        }))
        """#

    static func summary(of files: [PlannedFile], bundle: String) async throws -> Summary {
        let folder = try TemporaryDirectory()
        for file in files where file.path.hasPrefix(bundle + "/") {
            try folder.write(file.contents, to: file.path)
        }
        let python = try #require(PbxprojPython.path)
        let result = try await SubprocessRunner().run(python, ["-c", script, PathUtilities.join(folder.path, bundle)])
        #expect(result.status == 0, "\(result.standardError)")
        var summary = try JSONDecoder().decode(Summary.self, from: Data(result.standardOutput.utf8))
        // pbxproj lists targets by object identifier; name order reads better and is as stable.
        summary.targets.sort { $0.name < $1.name }
        return summary
    }

    @Test func theExampleAppsProjectHasTheAppTargetThePackageAndTheScheme() async throws {
        let files = try XcodeAppProjectTests.featureFiles()
        let summary = try await Self.summary(of: files, bundle: "HomeExample/HomeExample.xcodeproj")
        #expect(
            summary
                == Summary(
                    objectVersion: "77",
                    sdks: ["iphoneos", "iphoneos"],
                    deploymentTargets: ["17.0", "17.0"],
                    localPackages: [".."],
                    targets: [
                        Summary.Target(
                            name: "HomeExampleApp",
                            productType: "com.apple.product-type.application",
                            product: "HomeExampleApp.app",
                            packageProducts: ["Home", "HomeTesting"],
                            packagesOfProducts: ["..", ".."],
                            linkedProducts: ["Home", "HomeTesting"],
                            synchronizedFolders: ["HomeExampleApp"],
                            bundleIdentifiers: ["com.example.HomeExampleApp", "com.example.HomeExampleApp"],
                            generatesInfoPlist: ["YES", "YES"]
                        ),
                        Summary.Target(
                            name: "HomeExampleAppTests",
                            productType: "com.apple.product-type.bundle.unit-test",
                            product: "HomeExampleAppTests.xctest",
                            packageProducts: [],
                            packagesOfProducts: [],
                            linkedProducts: [],
                            synchronizedFolders: ["HomeExampleAppTests"],
                            bundleIdentifiers: ["com.example.HomeExampleAppTests", "com.example.HomeExampleAppTests"],
                            generatesInfoPlist: ["YES", "YES"]
                        ),
                    ],
                    schemes: [["HomeExampleApp.xcscheme", "HomeExampleApp", "HomeExampleApp.app", "container:HomeExample.xcodeproj"]]
                        + [["HomeExampleApp.xcscheme", "HomeExampleAppTests", "HomeExampleAppTests.xctest", "container:HomeExample.xcodeproj"]]
                        + Array(repeating: ["HomeExampleApp.xcscheme", "HomeExampleApp", "HomeExampleApp.app", "container:HomeExample.xcodeproj"], count: 2),
                    warnings: ""
                ))
    }

    @Test func theShellsProjectLinksTheComposition() async throws {
        let plan = try WorkspaceScaffolder(catalog: .builtin, currentDirectory: "/work").plan(InitRequest(name: "FeedMe", example: "feedme"))
        let files = plan.files.filter { $0.path.hasPrefix("Shell/") }.map { PlannedFile(path: String($0.path.dropFirst("Shell/".count)), contents: $0.contents) }
        let summary = try await Self.summary(of: files, bundle: "FeedMe/FeedMe.xcodeproj")
        let target = try #require(summary.targets.first)
        #expect(summary.targets.map(\.name) == ["FeedMe", "FeedMeTests"])
        #expect(target.name == "FeedMe")
        #expect(target.productType == "com.apple.product-type.application")
        #expect(target.packageProducts == ["FeedMeComposition"])
        #expect(target.linkedProducts == ["FeedMeComposition"])
        #expect(summary.localPackages == [".."])
        #expect(summary.sdks == ["iphoneos", "iphoneos"])
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
    }
}

/// The Python that has PyPI's `pbxproj`: `MFE_PBXPROJ_PYTHON`, the venv `.ci/run` makes under
/// `.build`, or `python3`; nil when none can import it.
enum PbxprojPython {
    static let path = PythonModule.interpreter(importing: "pbxproj", venv: "pbxproj-venv", variable: "MFE_PBXPROJ_PYTHON")
}

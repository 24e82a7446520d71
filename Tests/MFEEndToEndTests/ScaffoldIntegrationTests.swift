import Foundation
import MFEKit
import MFETestSupport
import Testing

/// What `mfe init` and `mfe create` generate, built, tested, run and linted for real: the
/// real `swift` on the packages the built `mfe` writes. Each scenario generates once and checks
/// several things on the same build. `MFE_SKIP_INTEGRATION=1` skips them for a quick run.
@Suite("generated packages build, test and lint clean", .enabled(if: ProcessInfo.processInfo.environment["MFE_SKIP_INTEGRATION"] == nil))
struct ScaffoldIntegrationTests {
    /// Runs `swift arguments…` in `directory`, failing the test with its output on a non-zero
    /// exit; returns standard output and error together.
    @discardableResult
    static func swift(_ arguments: [String], in directory: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await SubprocessRunner().run("swift", arguments, workingDirectory: directory)
        let output = result.standardOutput + result.standardError
        #expect(result.status == 0, "swift \(arguments.joined(separator: " ")) in \(directory) failed:\n\(output.suffix(4000))", sourceLocation: sourceLocation)
        return output
    }

    /// `mfe …` in `directory`, expected to succeed.
    static func mfe(_ arguments: [String], in directory: String) async throws {
        let result = try await MFEBinary.run(arguments, in: directory)
        #expect(result.status == 0, "mfe \(arguments.joined(separator: " ")) failed:\n\(result.standardError)")
    }

    /// Runs the built `mfe lint-graph` on the workspace at `root`, with and without
    /// `--imports`: exit 0 and not a single finding.
    static func expectLintClean(_ root: String) async throws {
        for extra in [[], ["--imports"]] {
            let result = try await MFEBinary.run(["lint-graph"] + extra, in: root)
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("0 errors, 0 warnings, 0 notices in "), "\(result.standardOutput)")
            #expect(result.standardOutput.split(separator: "\n").count == 1, "\(result.standardOutput)")
        }
    }

    /// Compiler warnings in build output (there must be none: generated code is warning-free
    /// in the Swift 6 language mode).
    static func warnings(in output: String) -> [String] {
        output.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
    }

    @Test(.hangGuard())
    func aWorkspaceWithCreatedFeatures() async throws {
        let folder = try ScratchFolder()
        try await Self.mfe(["init", "Demo"], in: folder.path)
        let root = folder.path + "/Demo"
        try await Self.mfe(["create", "Core", "--layer", "foundation"], in: root)
        try await Self.mfe(["create", "Search", "--dependency", "Core"], in: root)
        try await Self.mfe(["create", "Api", "--kind", "networking"], in: root)
        try await Self.mfe(["create", "Look", "--kind", "ui"], in: root)
        try await Self.mfe(["create", "Home", "--dependency", "Core", "--dependency", "Search", "--dependency", "Api"], in: root)
        let home = root + "/Features/Home"

        // The manifest as SwiftPM itself reads it: the five targets, wired the µFeature way.
        let dump = try await Self.swift(["package", "dump-package"], in: home)
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [String: Any])
        var targets: [String: (type: String, dependencies: [String])] = [:]
        for target in manifest["targets"] as? [[String: Any]] ?? [] {
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { entry -> String? in
                if let byName = entry["byName"] as? [Any] { return byName.first as? String }
                if let product = entry["product"] as? [Any] { return "\(product[0]) from \(product[1])" }
                return nil
            }
            targets[target["name"] as? String ?? ""] = (target["type"] as? String ?? "", dependencies)
        }
        #expect(targets.keys.sorted() == ["Home", "HomeExample", "HomeInterface", "HomeTesting", "HomeTests"])
        #expect(targets["Home"]?.dependencies == ["HomeInterface", "Core from Core", "SearchInterface from Search", "Api from Api"])
        // Home's dependencies refine Core's base dependencies (the BaseDependencies pattern).
        #expect(targets["HomeInterface"]?.dependencies == ["Core from Core", "Api from Api"])
        // Home's mocks hand out Core's and Api's test doubles (MockCoreServices, MockApiServices).
        #expect(targets["HomeTesting"]?.dependencies == ["HomeInterface", "Core from Core", "CoreTesting from Core", "Api from Api", "ApiTesting from Api"])
        #expect(targets["HomeTests"]?.dependencies == ["Home", "HomeTesting"])
        #expect(targets["HomeTests"]?.type == "test")
        #expect(targets["HomeExample"]?.dependencies == ["Home", "HomeTesting"])
        #expect(targets["HomeExample"]?.type == "executable")
        let products = (manifest["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(products == ["Home", "HomeInterface", "HomeTesting"])

        // Builds (with Core and Search), warning-free; tests pass; the example runs on Linux.
        let build = try await Self.swift(["build", "--build-tests"], in: home)
        #expect(Self.warnings(in: build).isEmpty, "\(Self.warnings(in: build))")
        let test = try await Self.swift(["test", "--skip-build"], in: home)
        #expect(test.contains("Test run with 11 tests") && test.contains("Suite \"Home previews\" passed"), "\(test)")
        #expect(test.contains("Test theStringCatalogHasEveryStringTheCodeUses() passed") && test.contains("Test namesItsTabForTheApp() passed"), "\(test)")
        // The iOS app Xcode builds beside the package: its own folder, outside SwiftPM's targets.
        for file in [
            "HomeExample/HomeExample.xcodeproj/project.pbxproj", "HomeExample/HomeExample.xcodeproj/xcshareddata/xcschemes/HomeExampleApp.xcscheme", "HomeExample/HomeExampleApp/ExampleApp.swift",
            "HomeExample/HomeExampleApp/Assets.xcassets/AppIcon.appiconset/Contents.json", "HomeExample/HomeExampleApp/Assets.xcassets/AppIcon.appiconset/AppIcon.png",
            "HomeExample/HomeExampleAppTests/AppBundleTests.swift", "Sources/Home/Resources/Localizable.xcstrings",
        ] {
            #expect(FileManager.default.fileExists(atPath: home + "/" + file), "no \(file)")
        }
        let run = try await Self.swift(["run", "HomeExample"], in: home)
        #expect(run.contains("Home shows 3 HomeItems:"), "\(run)")
        let core = try await Self.swift(["test"], in: root + "/Foundation/Core")
        #expect(Self.warnings(in: core).isEmpty, "\(Self.warnings(in: core))")
        #expect(core.contains("Test run with 7 tests") && core.contains("Test testServicesRecordWhatFeaturesLog() passed"), "\(core)")
        // A networking foundation package: URLSession through FoundationNetworking, tested on Linux.
        let api = try await Self.swift(["test"], in: root + "/Foundation/Api")
        #expect(Self.warnings(in: api).isEmpty, "\(Self.warnings(in: api))")
        #expect(api.contains("Suite \"Api HTTP client\" passed") && api.contains("Test run with 5 tests"), "\(api)")
        // A UI foundation package: its tokens tested on Linux, its SwiftUI card compiled out.
        let look = try await Self.swift(["test"], in: root + "/Foundation/Look")
        #expect(Self.warnings(in: look).isEmpty, "\(Self.warnings(in: look))")
        #expect(look.contains("Suite \"Look theme\" passed") && look.contains("Test run with 5 tests"), "\(look)")

        // Search and Home were wired into the shell as they were created; Notes, created with
        // --no-wire, leaves every shell byte as it was.
        let shellBefore = try Self.snapshot(root + "/Shell")
        try await Self.mfe(["create", "Notes", "--no-wire"], in: root)
        #expect(try Self.snapshot(root + "/Shell") == shellBefore)
        let shellBuild = try await Self.swift(["build", "--build-tests"], in: root + "/Shell")
        #expect(Self.warnings(in: shellBuild).isEmpty, "\(Self.warnings(in: shellBuild))")
        let shellTest = try await Self.swift(["test", "--skip-build"], in: root + "/Shell")
        // The shell tests Search's and Home's routes as it would had init wired them; its router
        // never hands its own scheme back to iOS, nor a script.
        #expect(shellTest.contains("Test run with 9 tests") && shellTest.contains("Test keepsAHistoryPerTabAndPopsItToTheRoot() passed"), "\(shellTest)")
        for passed in [
            "searchLeadsWhereTheRouterDecides() passed", "homeLeadsWhereTheRouterDecides() passed", "neverHandsItsOwnLinksOrScriptsToTheSystem() passed",
            "routesNoLinkWithoutAHostOrOfAnotherScheme(link:) with 8 test cases passed",
        ] {
            #expect(shellTest.contains("Test " + passed), "\(passed): \(shellTest)")
        }
        let walkThrough = try await Self.swift(["run", "DemoApp"], in: root + "/Shell")
        #expect(walkThrough.contains("/search → Search: 3 SearchItems") && walkThrough.contains("/home → Home: 3 HomeItems"), "the Linux entry point shows each created feature: \(walkThrough)")
        let shellManifest = try String(contentsOfFile: root + "/Shell/Package.swift", encoding: .utf8)
        #expect(shellManifest.contains(".package(path: \"../Features/Home\")") && !shellManifest.contains("Notes"), "\(shellManifest)")
        // The composition root supplies Core's base dependencies once, for Home and any later feature.
        #expect(shellManifest.contains(".package(path: \"../Foundation/Core\")"), "\(shellManifest)")
        let appDependencies = try String(contentsOfFile: root + "/Shell/Sources/DemoComposition/AppDependencies.swift", encoding: .utf8)
        #expect(appDependencies.components(separatedBy: "extension AppDependencies: CoreBaseDependencies {").count == 2, "\(appDependencies)")
        #expect(appDependencies.contains("extension AppDependencies: ApiBaseDependencies {") && shellManifest.contains(".package(path: \"../Foundation/Api\")"), "\(appDependencies)")

        try await Self.expectLintClean(root)
    }

    /// A web feature whose `--web` URL Foundation rewrites (an IPv6 zone id, `^`, `<`, a
    /// stray `%`, a space, a quote) passes its own tests; and a shell whose files have a byte
    /// order mark, CRLF or CR-only line endings, a symbolic link and its composition root in an
    /// `#if os(Linux)` / `#else` pair still builds and passes its tests once `--wire-only` has
    /// wired a feature into it. (An invalid UTF-8 byte is kept too, but no Swift file holding
    /// one compiles: the unit tests check it.)
    @Test(.hangGuard())
    func rewrittenURLsAndUnusualShellFilesStillBuild() async throws {
        let folder = try ScratchFolder()
        try await Self.mfe(["init", "Demo"], in: folder.path)
        let root = folder.path + "/Demo"
        let composition = root + "/Shell/Sources/DemoComposition"
        func edit(_ file: String, _ change: (String) -> [UInt8]) throws {
            let path = composition + "/" + file
            try Data(change(try String(contentsOfFile: path, encoding: .utf8))).write(to: URL(fileURLWithPath: path))
        }
        try edit("AppRouter.swift") { SourceLayoutBytes.byteOrderMark + Array($0.replacingOccurrences(of: "\n", with: "\r\n").utf8) }
        try edit("AppComposition.swift") { Array($0.replacingOccurrences(of: "\n", with: "\r").utf8) }
        try edit("AppDependencies.swift") { text in
            let declaration = "public struct AppDependencies: Sendable {\n    /// Creates the app's dependencies.\n    public init() {}\n}\n"
            #expect(text.contains(declaration))
            return Array(text.replacingOccurrences(of: declaration, with: "#if os(Linux)\n" + declaration + "#else\n" + declaration + "#endif\n").utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/Shared", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: composition + "/AppRootView.swift", toPath: root + "/Shared/AppRootView.swift")
        try FileManager.default.createSymbolicLink(atPath: composition + "/AppRootView.swift", withDestinationPath: "../../../Shared/AppRootView.swift")

        let url = "https://[fe80::1%en0]:8080/a^b<c>%zz d\"q"
        let created = try await MFEBinary.run(["create", "Page", "--web", url, "--no-wire"], in: root)
        #expect(created.status == 0, "\(created.standardError)")
        #expect(created.standardOutput.contains("is written as 'https://[fe80::1%25en0]:8080/a%5Eb%3Cc%3E%25zz%20d%22q'"), "\(created.standardOutput)")
        let page = try await Self.swift(["test"], in: root + "/Features/Page")
        #expect(page.contains("Test loadsThePageTheAppChooses() passed"), "\(page)")
        try await Self.mfe(["create", "Page", "--wire-only"], in: root)

        let router = try Data(contentsOf: URL(fileURLWithPath: composition + "/AppRouter.swift"))
        #expect(router.starts(with: [0xEF, 0xBB, 0xBF]) && !String(decoding: router, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "").contains("\n"), "BOM first, CRLF only")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: composition + "/AppRootView.swift") == "../../../Shared/AppRootView.swift")
        let compositionFile = try Data(contentsOf: URL(fileURLWithPath: composition + "/AppComposition.swift"))
        #expect(!compositionFile.contains(UInt8(ascii: "\n")) && String(decoding: compositionFile, as: UTF8.self).contains("public var page: PageBuilder {"), "CR only, wired")
        let dependencies = try String(contentsOfFile: composition + "/AppDependencies.swift", encoding: .utf8)
        #expect(dependencies.components(separatedBy: "extension AppDependencies: PageDependencies {}").count == 3, "\(dependencies)")
        // The shell was made without a web feature: wiring Page gave its app the usage
        // descriptions a page may need; a second web feature shares the router's opensInApp.
        let project = try String(contentsOfFile: root + "/Shell/Demo/Demo.xcodeproj/project.pbxproj", encoding: .utf8)
        #expect(project.components(separatedBy: "INFOPLIST_KEY_NSCameraUsageDescription = ").count == 3 && project.components(separatedBy: "INFOPLIST_KEY_NSMicrophoneUsageDescription = ").count == 3)
        #expect(try String(contentsOfFile: root + "/Shell/Demo/DemoTests/AppBundleTests.swift", encoding: .utf8).contains("func theAppSaysWhyWebPagesMayUseTheCameraAndMicrophone()"))
        try await Self.mfe(["create", "Docs", "--web", "https://example.com/docs"], in: root)
        let wiredRouter = try String(contentsOfFile: composition + "/AppRouter.swift", encoding: .utf8)
        #expect(wiredRouter.components(separatedBy: "func opensInApp(").count == 2 && wiredRouter.contains("extension AppRouter: DocsNavigating {"), "\(wiredRouter)")
        let shell = try await Self.swift(["build", "--build-tests"], in: root + "/Shell")
        #expect(Self.warnings(in: shell).isEmpty, "\(Self.warnings(in: shell))")
        let shellTest = try await Self.swift(["test", "--skip-build"], in: root + "/Shell")
        #expect(shellTest.contains("Test run with") && shellTest.contains("Test docsPageLinksStayInTheAppWhenAFeatureOwnsThem() passed"), "\(shellTest)")
    }

    /// Every file below `folder` but build products, with its bytes.
    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try LocalFileSystem().filesBelow(folder) where !path.hasPrefix(".build/") && !path.hasPrefix(".swiftpm/") && path != "Package.resolved" {
            files[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
        }
        return files
    }

    @Test(.hangGuard())
    func theFeedMeExample() async throws {
        let folder = try ScratchFolder()
        try await Self.mfe(["init", "FeedMe", "--example", "feedme"], in: folder.path)
        let root = folder.path + "/FeedMe"

        // The article's polyrepo: Env and each MFE its own git repository tagged 1.0.0, which
        // the shell requires by URL and version; compose-shell pins all four, and SwiftPM
        // accepts the file as it is.
        for package in ["Foundation/Env", "Features/Browse", "Features/RestaurantOrder", "Features/About"] {
            let tags = try await SubprocessRunner().run("git", ["tag", "--list"], workingDirectory: root + "/" + package)
            #expect(tags.standardOutput == "1.0.0\n", "\(package): \(tags.standardOutput)\(tags.standardError)")
        }
        try await Self.expectLintClean(root)
        let compose = try await MFEBinary.run(["compose-shell"], in: root)
        #expect(compose.status == 0, "\(compose.standardOutput)\(compose.standardError)")
        for name in ["About", "Browse", "Env", "RestaurantOrder"] {
            #expect(compose.standardOutput.contains("\(name) 1.0.0 (added)"), "\(compose.standardOutput)")
        }
        let composed = try Data(contentsOf: URL(fileURLWithPath: root + "/Shell/Package.resolved"))
        let pins = try #require(try JSONSerialization.jsonObject(with: composed) as? [String: Any])["pins"] as? [[String: Any]]
        #expect(pins?.compactMap { $0["identity"] as? String } == ["about", "browse", "env", "restaurantorder"])
        try await Self.swift(["package", "resolve"], in: root + "/Shell")
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/Shell/Package.resolved")) == composed, "swift package resolve changed the file mfe composed")

        // The shell builds every feature; its tests check the wiring; the app runs on Linux.
        let build = try await Self.swift(["build", "--build-tests"], in: root + "/Shell")
        #expect(Self.warnings(in: build).isEmpty, "\(Self.warnings(in: build))")
        let test = try await Self.swift(["test", "--skip-build"], in: root + "/Shell")
        #expect(test.contains("Test run with 14 tests"), "\(test)")
        #expect(test.contains("Test neverHandsItsOwnLinksOrScriptsToTheSystem() passed"), "no deep-link loop: \(test)")
        #expect(test.contains("Test eachRestaurantInBrowseOpensItsOwnMenu() passed"), "\(test)")
        #expect(test.contains("Test eachTabKeepsItsOwnHistory() passed"), "\(test)")
        let run = try await Self.swift(["run", "FeedMeApp"], in: root + "/Shell")
        // Each restaurant opens its own menu: the id travels in the route.
        #expect(run.contains("selecting 'Becky's Burgers' shows /restaurants/becky-s-burgers: Cheeseburger, Sweet Potato Fries"), "\(run)")
        #expect(run.contains("selecting 'Pizza Palace' shows /restaurants/pizza-palace: Margherita, Diavola"), "\(run)")
        #expect(run.contains("/random → Surprise me: picked /restaurants/"), "\(run)")
        #expect(run.contains("/about → About: hosts https://demo.microfrontends.com/about"), "\(run)")
        // RestaurantOrder on its own: a menu per restaurant and "Surprise me", decided by a
        // random source the tests inject.
        let order = try await Self.swift(["test"], in: root + "/Features/RestaurantOrder")
        #expect(order.contains("Suite \"Order screen\" passed") && order.contains("Suite \"Surprise me\" passed"), "\(order)")
        #expect(Self.warnings(in: order).isEmpty, "\(Self.warnings(in: order))")

        // Env's Router and Configuration, and About's JSON bridge, tested on Linux.
        let env = try await Self.swift(["test"], in: root + "/Foundation/Env")
        #expect(env.contains("Suite \"Env router\" passed"), "\(env)")
        let about = try await Self.swift(["test"], in: root + "/Features/About")
        #expect(about.contains("Suite \"About message bridge\" passed"), "\(about)")
        #expect(about.contains("Test run with 22 tests") && about.contains("Suite \"About previews\" passed"), "\(about)")
        // The bridge's policy and the page's failure states, decided in platform-neutral code.
        for name in [
            "opensALinkForThePageOnlyJustAfterTheUsersTap", "tappedLinksOnTheSiteStayInTheWebViewUnlessTheAppShowsThemItself", "tappedLinksOffTheSiteOpenInTheBrowser",
            "redirectsAndScriptsStayOnTheSite", "aNeighbourOnASharedHostIsAnotherSite", "answersOnlyTheMainFrameOfItsSite", "theSiteIsTheRegistrableDomainPlusTheHostsTheAppAdds",
            "aStoppedLoadWithNothingShownIsAFailureNotAnEndlessSpinner", "aStoppedNavigationLeavesThePageShown", "aLostWebContentProcessLoadsThePageAgain",
            "theStringCatalogHasEveryStringTheCodeUses",
        ] {
            #expect(about.contains("Test \(name)() passed"), "\(name): \(about)")
        }
        // A second web feature: the router answers opensInApp once, so the shell still builds,
        // on Linux too, and tests both features' links.
        try await Self.mfe(["create", "Search", "--web", "https://example.com"], in: root)
        let router = try String(contentsOfFile: root + "/Shell/Sources/FeedMeComposition/AppRouter.swift", encoding: .utf8)
        #expect(router.components(separatedBy: "func opensInApp(").count == 2, "\(router)")
        let rebuilt = try await Self.swift(["build", "--build-tests"], in: root + "/Shell")
        #expect(Self.warnings(in: rebuilt).isEmpty, "\(Self.warnings(in: rebuilt))")
        let retested = try await Self.swift(["test", "--skip-build"], in: root + "/Shell")
        #expect(retested.contains("Test run with 15 tests") && retested.contains("Test searchPageLinksStayInTheAppWhenAFeatureOwnsThem() passed"), "\(retested)")

        // One workflow, at the root: nested .github folders never run.
        #expect(FileManager.default.fileExists(atPath: root + "/.github/workflows/ci.yml"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Features/About/.github"))
        #expect(Self.warnings(in: env + about).isEmpty, "\(Self.warnings(in: env + about))")
    }
}

/// The UTF-8 byte order mark, as editors write it.
enum SourceLayoutBytes {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}

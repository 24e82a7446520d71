import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// `mfe graph` on a shell repository shaped like the article's ShellApp: an Xcode app target
/// linking a package product its project pins in Xcode's `Package.resolved`.
@Suite("mfe graph: the packages a shell composes")
struct GraphExternalServiceTests {
    static let revision = String(repeating: "a", count: 40)

    /// The repository, and an empty compose cache (so the products are the ones linked).
    static func shellApp() throws -> (TemporaryDirectory, ServiceEnvironment) {
        let directory = try TemporaryDirectory()
        try directory.write(XcodeFixtures.classic(name: "ShellApp", url: "https://github.com/micro-frontends-mobile/About"), to: "ShellApp.xcodeproj/project.pbxproj")
        try directory.write("import SwiftUI\n", to: "ShellApp/AppDelegate.swift")
        try directory.write(
            """
            {"pins": [{"identity": "about", "kind": "remoteSourceControl", "location": "https://github.com/micro-frontends-mobile/About", "state": {"revision": "\(revision)", "version": "2.0.1"}}], "version": 2}
            """, to: "ShellApp.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        return (directory, ServiceEnvironment(variables: ["XDG_CACHE_HOME": directory.path + "/cache"]))
    }

    @Test func theShellTargetDependsOnThePinnedProductItLinks() async throws {
        let (directory, environment) = try Self.shellApp()
        let output = try await GraphService(environment: environment).run(GraphService.Request(path: directory.path, format: .json))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let packages = try #require(json["packages"] as? [[String: Any]])
        let external = try #require(packages.first { $0["external"] as? Bool == true }, "\(output.standardOutput)")
        #expect(external["name"] as? String == "About" && external["pin"] as? String == "2.0.1" && external["layer"] is NSNull)
        let shell = try #require(packages.first { $0["name"] as? String == "ShellApp" })
        let app = try #require((shell["targets"] as? [[String: Any]])?.first { $0["name"] as? String == "ShellApp" })
        #expect(app["dependencies"] as? [String] == ["Kit"], "the product the app links:\n\(output.standardOutput)")
        #expect(
            output.standardError.contains(
                "note: the products shown of About are the ones the workspace links: its manifest is not in the compose cache at the pinned revision; 'mfe compose-shell' reads it"),
            "\(output.standardError)")

        let hidden = try await GraphService(environment: environment).run(GraphService.Request(path: directory.path, format: .json, includeExternal: false))
        #expect(!hidden.standardOutput.contains("\"external\""), "--no-external shows only the workspace")
        let lint = try await LintGraphService(environment: environment).run(LintGraphService.Request(path: directory.path, format: .json))
        #expect(!lint.standardOutput.contains("About"), "external packages are never linted")
    }
}

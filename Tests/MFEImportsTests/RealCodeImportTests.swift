import Foundation
import MFECore
import MFELint
import MFEManifest
import MFETestSupport
import MFEWorkspace
import Testing

@testable import MFEImports

/// Shapes met in real repositories that `--imports` once got wrong: two packages sharing a
/// `name:` (apollo-ios-dev's `TestApp`s), and a product that vends a binary target
/// (brave-ios's `JitsiMeet` → `JitsiMeetSDK`).
@Suite("imports on real code shapes")
struct RealCodeImportTests {
    static func manifest(_ name: String, products: String = "", dependencies: String = "", targets: String) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [\(products)],
            dependencies: [\(dependencies)],
            targets: [
                \(targets)
            ]
        )

        """
    }

    static func findings(in directory: TemporaryDirectory) async throws -> [Finding] {
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: directory.path)
        return try await ImportRules.findings(in: workspace, graph: TargetGraph(workspace: workspace))
    }

    /// Two packages named `TestApp` in two folders, each importing the one library it
    /// declares: neither is read as the other, whichever folder sorts first.
    @Test(arguments: [("Configurations/EmbeddedInTarget", "Configurations/SwiftPackageManager"), ("Configurations/Zed", "Configurations/Alpha")])
    func packagesSharingANameAreKeptApartByFolder(first: String, second: String) async throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            Self.manifest("Lib", products: ".library(name: \"LibA\", targets: [\"LibA\"]), .library(name: \"LibB\", targets: [\"LibB\"])", targets: ".target(name: \"LibA\"), .target(name: \"LibB\")"),
            to: "Lib/Package.swift")
        try directory.write("public let a = 1\n", to: "Lib/Sources/LibA/A.swift")
        try directory.write("public let b = 1\n", to: "Lib/Sources/LibB/B.swift")
        for (folder, library) in [(first, "LibA"), (second, "LibB")] {
            try directory.write(
                Self.manifest(
                    "TestApp", dependencies: ".package(path: \"../../Lib\")",
                    targets: ".target(name: \"TestApp\", dependencies: [.product(name: \"\(library)\", package: \"Lib\")])"
                ), to: "\(folder)/Package.swift")
            try directory.write("import \(library)\n", to: "\(folder)/Sources/TestApp/App.swift")
        }
        let findings = try await Self.findings(in: directory)
        #expect(findings.isEmpty, "\(findings.map(\.message))")

        // A real mistake in the second one is reported there, with its own manifest.
        try directory.write("import LibA\n", to: "\(second)/Sources/TestApp/App.swift")
        let wrong = try await Self.findings(in: directory)
        #expect(
            wrong.map { "\($0.rule) \($0.file)" }.sorted() == [
                "implicit-dependency \(second)/Sources/TestApp/App.swift",
                "unused-dependency \(second)/Package.swift",
            ])
        #expect(wrong.first { $0.rule == ImplicitDependencyRule.id }?.message.contains("in \(second)/Package.swift") == true)
    }

    /// `JitsiMeet` (a package with a Swift target and a binary target, vended by one product)
    /// as brave-ios declares it.
    static func writeJitsi(to directory: TemporaryDirectory, modulemap: String?, appImports: String) throws {
        try directory.write(
            Self.manifest(
                "JitsiMeet", products: ".library(name: \"JitsiMeet\", targets: [\"JitsiMeet\", \"JitsiMeetSDK\"])",
                targets: ".target(name: \"JitsiMeet\"), .binaryTarget(name: \"JitsiMeetSDK\", path: \"JitsiMeetSDK.xcframework\")"
            ), to: "ThirdParty/JitsiMeet/Package.swift")
        try directory.write("public let jitsi = 1\n", to: "ThirdParty/JitsiMeet/Sources/JitsiMeet/JitsiMeet.swift")
        if let modulemap {
            for slice in ["ios-arm64", "ios-arm64_x86_64-simulator"] {
                try directory.write(modulemap, to: "ThirdParty/JitsiMeet/JitsiMeetSDK.xcframework/\(slice)/JitsiMeetSDK.framework/Modules/module.modulemap")
            }
            try directory.write("<plist/>\n", to: "ThirdParty/JitsiMeet/JitsiMeetSDK.xcframework/Info.plist")
        }
        try directory.write(
            Self.manifest(
                "Brave", dependencies: ".package(name: \"JitsiMeet\", path: \"../ThirdParty/JitsiMeet\")",
                targets: ".target(name: \"BraveTalk\", dependencies: [\"JitsiMeet\"])"
            ), to: "Brave/Package.swift")
        try directory.write(appImports, to: "Brave/Sources/BraveTalk/Talk.swift")
    }

    @Test func importingAProductsBinaryModuleUsesTheDependency() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeJitsi(to: directory, modulemap: "framework module JitsiMeetSDK {\n  umbrella header \"JitsiMeetSDK.h\"\n  export *\n}\n", appImports: "import Foundation\nimport JitsiMeetSDK\n")
        #expect(try await Self.findings(in: directory).isEmpty)
        // Not imported at all, the dependency is unused, and the finding names the Swift target.
        try directory.write("import Foundation\n", to: "Brave/Sources/BraveTalk/Talk.swift")
        #expect(try await Self.findings(in: directory).map { "\($0.rule) \($0.to ?? "")" } == ["unused-dependency JitsiMeet"])
    }

    @Test func aBinaryModuleIsWhatItsFrameworkDeclares() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeJitsi(to: directory, modulemap: "framework module JitsiKit {\n  export *\n  module * { export * }\n}\n", appImports: "import JitsiKit\n")
        #expect(try await Self.findings(in: directory).isEmpty)
        let target = Target(name: "JitsiMeetSDK", kind: .binary, path: "JitsiMeetSDK.xcframework", location: SourceLocation(file: "Package.swift", line: 1, column: 1))
        let reader = WorkspaceImportReader()
        #expect(try reader.moduleNames(of: target, inPackage: directory.path + "/ThirdParty/JitsiMeet") == ["JitsiKit"])
        // Without the framework on disk (a `url:` target, not downloaded), the name stands for the module.
        #expect(try reader.moduleNames(of: target, inPackage: directory.path + "/Elsewhere") == ["JitsiMeetSDK"])
    }

    @Test func aBinaryModuleWithoutItsFrameworkOnDiskIsTheTargetsName() async throws {
        let directory = try TemporaryDirectory()
        try Self.writeJitsi(to: directory, modulemap: nil, appImports: "import JitsiMeetSDK\n")
        #expect(try await Self.findings(in: directory).isEmpty)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// What real repositories showed, in process: a `Package.swift` that is a source file is no
/// package; a path dependency that names no folder is refused as SwiftPM refuses it.
@Suite("real code in process")
struct RealCodeServiceTests {
    /// A Vapor server whose Fluent model is named `Package`: linted and adopted as one
    /// package, with no word about the model.
    @Test(.hangGuard(processes: 2)) func aFluentModelNamedPackageIsNoManifest() async throws {
        let fixture = try HostileInputFixture()
        try FileManager.default.removeItem(atPath: fixture.path + "/mfe.yml")
        try fixture.write(HostileInputFixture.manifest("Server", targets: ".target(name: \"Server\"), .testTarget(name: \"ServerTests\", dependencies: [\"Server\"])"), to: "Server/Package.swift")
        try fixture.write("public let server = 1\n", to: "Server/Sources/Server/Server.swift")
        try fixture.write("import Foundation\n\npublic final class Package {\n    public static let schema = \"packages\"\n}\n", to: "Server/Sources/Server/Models/Package.swift")
        let lint = await InProcessMFE(in: fixture.path).lintGraph(.init(format: .json))
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(lint.standardOutput.contains("\"packages\": 3"), "\(lint.standardOutput.suffix(300))")
        let adopt = await InProcessMFE(in: fixture.path).initialize(.init(adopt: true, loader: .static, dryRun: true))
        #expect(adopt.status == 0, "\(adopt.standardError)")
        #expect(!adopt.standardOutput.contains("Models"), "\(adopt.standardOutput)")
    }

    @Test(.hangGuard(processes: 1)) func aPathDependencyNamingNoFolderIsExitTwo() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write(
            HostileInputFixture.manifest(
                "Home", dependencies: ".package(name: \"Env\", path: \"../Nope\")",
                targets: """
                    .target(name: "HomeInterface"),
                            .target(name: "Home", dependencies: ["HomeInterface", .product(name: "Env", package: "Env")])
                    """), to: "Home/Package.swift")
        let result = await InProcessMFE(in: fixture.path).lintGraph(.init())
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("Home/Package.swift:7:20: the package at '\(fixture.path)/Nope' cannot be accessed: '../Nope' names no folder, and SwiftPM refuses it too"),
            "\(result.standardError)")
    }
}

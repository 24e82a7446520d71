import Foundation
import MFEKit
import Testing

/// What real repositories showed, run through the built binary: a source file the parser
/// reads only slowly is a note and the run goes on; a `Package.swift` that is a source file
/// is no package; a path dependency that names no folder is refused as SwiftPM refuses it.
@Suite("real code, end to end")
struct RealCodeEndToEndTests {
    /// A fixture whose `Home` target has one file the parser reads slowly (a chain of `<`,
    /// one per line, before its last import, so the whole file is parsed).
    static func slowFixture() throws -> HostileInputFixture {
        let fixture = try HostileInputFixture()
        try fixture.write("let x = \(String(repeating: "a <\n", count: 3_000))b\nimport Foundation\n", to: "Home/Sources/Home/Generated.swift")
        return fixture
    }

    static let note =
        "'Home/Sources/Home/Generated.swift' (target Home) was not checked: parsing it took more than 0.2 seconds of processor time, so its imports were not read and no dependency of Home is reported unused; allow more time with MFE_PARSE_TIME_LIMIT=SECONDS"

    @Test(.timeLimit(.minutes(20))) func aFileThatCannotBeReadInTimeIsANoteAndTheRunGoesOn() async throws {
        let fixture = try Self.slowFixture()
        let environment = ["MFE_PARSE_TIME_LIMIT": "0.2"]
        let json = try await MFEBinary.run(["lint-graph", "--imports", "--format", "json"], in: fixture.path, environment: environment)
        #expect(json.status == 0, "\(json.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        #expect((object?["notes"] as? [String])?.contains(Self.note) == true, "\(json.standardOutput)")
        let text = try await MFEBinary.run(["lint-graph", "--imports"], in: fixture.path, environment: environment)
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("note: \(Self.note)\n"), "\(text.standardOutput)")
        let sarif = try await MFEBinary.run(["lint-graph", "--imports", "--format", "sarif"], in: fixture.path, environment: environment)
        #expect(sarif.standardOutput.contains("Generated.swift' (target Home) was not checked"))
    }

    @Test(.timeLimit(.minutes(20))) func underStrictAFileThatCannotBeReadInTimeIsExitTwo() async throws {
        let fixture = try Self.slowFixture()
        let result = try await MFEBinary.run(["lint-graph", "--imports", "--strict"], in: fixture.path, environment: ["MFE_PARSE_TIME_LIMIT": "0.2"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: 'Home/Sources/Home/Generated.swift' (target Home) was not checked: parsing it took more than 0.2 seconds of processor time, and '--strict' does not pass a check that was not made; allow more time with MFE_PARSE_TIME_LIMIT=SECONDS, or run without '--strict' to go on with a note\n"
        )
    }

    /// A Vapor server whose Fluent model is named `Package`: linted and adopted as one
    /// package, with no word about the model.
    @Test(.timeLimit(.minutes(20))) func aFluentModelNamedPackageIsNoManifest() async throws {
        let fixture = try HostileInputFixture()
        try FileManager.default.removeItem(atPath: fixture.path + "/mfe.yml")
        try fixture.write(HostileInputFixture.manifest("Server", targets: ".target(name: \"Server\"), .testTarget(name: \"ServerTests\", dependencies: [\"Server\"])"), to: "Server/Package.swift")
        try fixture.write("public let server = 1\n", to: "Server/Sources/Server/Server.swift")
        try fixture.write("import Foundation\n\npublic final class Package {\n    public static let schema = \"packages\"\n}\n", to: "Server/Sources/Server/Models/Package.swift")
        let lint = try await MFEBinary.run(["lint-graph", "--format", "json"], in: fixture.path)
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(lint.standardOutput.contains("\"packages\": 3"), "\(lint.standardOutput.suffix(300))")
        let adopt = try await MFEBinary.run(["init", "--adopt", "--dry-run", "--loader", "static"], in: fixture.path)
        #expect(adopt.status == 0, "\(adopt.standardError)")
        #expect(!adopt.standardOutput.contains("Models"), "\(adopt.standardOutput)")
    }

    @Test(.timeLimit(.minutes(20))) func aPathDependencyNamingNoFolderIsExitTwo() async throws {
        let fixture = try HostileInputFixture()
        try fixture.write(
            HostileInputFixture.manifest(
                "Home", dependencies: ".package(name: \"Env\", path: \"../Nope\")",
                targets: """
                    .target(name: "HomeInterface"),
                            .target(name: "Home", dependencies: ["HomeInterface", .product(name: "Env", package: "Env")])
                    """), to: "Home/Package.swift")
        let result = try await MFEBinary.run(["lint-graph"], in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("Home/Package.swift:7:20: the package at '\(fixture.path)/Nope' cannot be accessed: '../Nope' names no folder, and SwiftPM refuses it too"),
            "\(result.standardError)")
    }
}

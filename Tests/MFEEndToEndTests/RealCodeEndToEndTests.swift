import Foundation
import MFEKit
import MFETestSupport
import Testing

/// What real repositories showed, run through the built binary: a source file the parser
/// reads only slowly is a note and the run goes on. A parse mfe gives up cannot be stopped
/// (its thread ends with the process), so these run the binary; the rest is in process
/// (MFEFrontendTests, `RealCodeServiceTests`).
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

    @Test(.hangGuard(processes: 3)) func aFileThatCannotBeReadInTimeIsANoteAndTheRunGoesOn() async throws {
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

    @Test(.hangGuard(processes: 3)) func underStrictAFileThatCannotBeReadInTimeIsExitTwo() async throws {
        let fixture = try Self.slowFixture()
        let result = try await MFEBinary.run(["lint-graph", "--imports", "--strict"], in: fixture.path, environment: ["MFE_PARSE_TIME_LIMIT": "0.2"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: 'Home/Sources/Home/Generated.swift' (target Home) was not checked: parsing it took more than 0.2 seconds of processor time, and '--strict' does not pass a check that was not made; allow more time with MFE_PARSE_TIME_LIMIT=SECONDS, or run without '--strict' to go on with a note\n"
        )
    }
}

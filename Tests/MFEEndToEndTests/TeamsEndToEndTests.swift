import Foundation
import MFEKit
import MFETestSupport
import Testing

/// The Teams article as processes: the flags that exclude each other. What the commands print
/// is checked in process (MFEFrontendTests, `TeamsServiceTests`).
@Suite("teams, end to end", .serialized)
struct TeamsEndToEndTests {
    /// The generated workspace with `owners:`, committed on `main` with `feature` checked out.
    static func workspace() async throws -> TemporaryDirectory {
        try await TeamsWorkspace.make()
    }

    @Test(.hangGuard(processes: 4)) func explainAndBaseRefuseTheFormatsTheyCannotShow() async throws {
        let directory = try await Self.workspace()
        let refused = try await MFEBinary.run(["affected", "--explain", "--format", "matrix"], in: directory.path)
        #expect(refused.status == 64)
        let page = try await MFEBinary.run(["graph", "--format", "json", "--base", "main"], in: directory.path)
        #expect(page.status == 64)
    }
}

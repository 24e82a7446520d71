import Foundation
import MFEKit
import MFETestSupport
import Testing

/// `mfe init` as a process: its argument checks. Adopting a repository is checked in process
/// (MFEFrontendTests, `AdoptServiceTests`).
@Suite("mfe init --adopt")
struct AdoptEndToEndTests {
    @Test func initStillNeedsAName() async throws {
        let repository = try TemporaryDirectory()
        try LegacyAppFixture.write(to: repository)
        let missing = try await MFEBinary.run(["init"], in: repository.path)
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("missing the workspace NAME"))
    }
}

import Foundation
import MFEKit
import MFETestSupport
import Testing

/// The composed graph compose-shell lints is the workspace `WorkspaceLoader.assemble` builds,
/// as lint-graph's is: under the workspace root, layered by its `layers:`, its problems kept.
@Suite("mfe compose-shell: the composed workspace", .hangGuard(processes: 5))
struct ComposeWorkspaceEndToEndTests {
    /// Env (foundation) and Browse (product, on Env), and a shell package on Browse.
    static func makeWorld(_ fixture: ComposeFixture) async throws -> String {
        let envURL = "file://" + fixture.path("Env")
        try await fixture.release("Env", manifest: fixture.manifest("Env"), tags: ["1.0.0"], layer: "foundation")
        try await fixture.release("Browse", manifest: fixture.manifest("Browse", dependencies: [(envURL, "from: \"1.0.0\"", "Env")]), tags: ["1.0.0"], layer: "product")
        return try fixture.shell(tools: "6.0", dependencies: [("file://" + fixture.path("Browse"), "from: \"1.0.0\"", "Browse")])
    }

    @Test func theShellIsTheShellUnlessTheWorkspaceLayersItOtherwise() async throws {
        let fixture = try ComposeFixture()
        let shell = try await Self.makeWorld(fixture)
        try fixture.write("workspace: World\n", to: fixture.root + "/mfe.yml")
        let asShell = try await fixture.mfe(["compose-shell", "Shell", "--check"])
        #expect(asShell.status == 1, "stale (no file yet), not a lint failure: \(asShell.standardError)")
        let composed = try await fixture.mfe(["compose-shell", "Shell"])
        #expect(composed.status == 0, "\(composed.standardError)")
        #expect(FileManager.default.fileExists(atPath: shell + "/Package.resolved"))

        // `layers:` names the shell package a product: it is one, and a product may not depend
        // on another product's implementation.
        try FileManager.default.removeItem(atPath: shell + "/Package.resolved")
        try fixture.write("workspace: World\nlayers:\n  product: [Shell]\n", to: fixture.root + "/mfe.yml")
        let asProduct = try await fixture.mfe(["compose-shell", "Shell"])
        #expect(asProduct.status == 1)
        #expect(asProduct.standardError.contains("[product-to-product]"), "\(asProduct.standardError)")
        #expect(asProduct.standardError.contains("breaks the layer rules"))
        #expect(!FileManager.default.fileExists(atPath: shell + "/Package.resolved"))
    }

    @Test func layerProblemsOfTheComposedGraphStopTheRun() async throws {
        let fixture = try ComposeFixture()
        let shell = try await Self.makeWorld(fixture)
        // Env's own mfe.yml (at its pinned revision) says foundation.
        try fixture.write("workspace: World\nlayers:\n  product: [Env]\n", to: fixture.root + "/mfe.yml")
        let result = try await fixture.mfe(["compose-shell", "Shell"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("'Env' is in layer 'product' here but in layer 'foundation' in"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: shell + "/Package.resolved"))
        // --no-lint does not build the composed graph.
        #expect(try await fixture.mfe(["compose-shell", "Shell", "--no-lint"]).status == 0)
    }
}

import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEFrontend

/// Feed Me on disk with two violations and two targets named `Formatting`: Browse depends on
/// RestaurantOrder's implementation (product-to-product) and RestaurantOrder on its testing
/// target (production-to-testing); Browse and the unassigned Tooling package each have a
/// `Formatting` target; the shell package FeedMe composes the features.
struct GraphPageWorkspace {
    let path: String

    init(browseTarget: String = "Browse") throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("mfe-page-\(UUID().uuidString)").path
        try write("workspace: FeedMe\npackages: [Foundation/*, Features/*, Tooling, Shell]\nlayers:\n  foundation: [Env]\n  product: [Browse, RestaurantOrder]\nshell:\n  path: Shell\n", to: "mfe.yml")
        try write(GitWorkspace.manifest("Env", products: ["Env"], targets: [".target(name: \"Env\")"]), to: "Foundation/Env/Package.swift")
        try write(
            GitWorkspace.manifest(
                "Browse", products: [browseTarget], dependencies: ["../../Foundation/Env", "../RestaurantOrder"],
                targets: [
                    ".target(name: \"BrowseInterface\")",
                    ".target(name: \"Formatting\")",
                    ".target(name: \"\(browseTarget)\", dependencies: [\"BrowseInterface\", \"Formatting\", .product(name: \"Env\", package: \"Env\"), .product(name: \"RestaurantOrder\", package: \"RestaurantOrder\")])",
                    ".testTarget(name: \"BrowseTests\", dependencies: [\"\(browseTarget)\"])",
                ]), to: "Features/Browse/Package.swift")
        try write(
            GitWorkspace.manifest(
                "RestaurantOrder", products: ["RestaurantOrder", "RestaurantOrderInterface"],
                targets: [
                    ".target(name: \"RestaurantOrderInterface\")",
                    ".target(name: \"RestaurantOrderTesting\", dependencies: [\"RestaurantOrderInterface\"])",
                    ".target(name: \"RestaurantOrder\", dependencies: [\"RestaurantOrderInterface\", \"RestaurantOrderTesting\"])",
                ]), to: "Features/RestaurantOrder/Package.swift")
        try write(GitWorkspace.manifest("Tooling", products: ["Formatting"], targets: [".target(name: \"Formatting\")"]), to: "Tooling/Package.swift")
        try write(
            GitWorkspace.manifest(
                "FeedMe", products: [], dependencies: ["../Features/Browse", "../Features/RestaurantOrder", "../Tooling"],
                targets: [
                    ".target(name: \"FeedMeComposition\", dependencies: [.product(name: \"\(browseTarget)\", package: \"Browse\"), .product(name: \"RestaurantOrder\", package: \"RestaurantOrder\"), .product(name: \"Formatting\", package: \"Tooling\")])"
                ]), to: "Shell/Package.swift")
    }

    func write(_ text: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes `mfe graph --format html` of the workspace to `graph.html` and returns its path.
    func page() async throws -> String {
        let result = await InProcessMFE().graph(.init(path: path, format: .html))
        #expect(result.status == 0, "\(result.standardError)")
        let page = path + "/graph.html"
        try Data(result.standardOutput.utf8).write(to: URL(fileURLWithPath: page))
        return page
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// `mfe graph --format html` in process, the page loaded in headless Chromium.
@Suite("graph --format html in process")
struct GraphPageServiceTests {
    /// Without a browser: the data block holds the graph and the page loads nothing.
    @Test func thePageIsSelfContainedAndDeterministic() async throws {
        let workspace = try GraphPageWorkspace()
        defer { workspace.remove() }
        let first = await InProcessMFE().graph(.init(path: workspace.path, format: .html))
        let second = await InProcessMFE(in: workspace.path).graph(.init(format: .html))
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == second.standardOutput)
        #expect(first.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(first.standardOutput.components(separatedBy: "<script type=\"application/json\" id=\"mfe-graph-data\">").count == 2)
        for external in ["http://", "https://", "src=", "url("] {
            #expect(!first.standardOutput.replacingOccurrences(of: "http-equiv", with: "").contains(external))
        }
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, "no chromium on PATH (.ci/run installs Debian's chromium); set MFE_CHROMIUM to use another"))
    func chromiumShowsTheNodesAndTheViolations() async throws {
        let workspace = try GraphPageWorkspace()
        defer { workspace.remove() }
        let lint = await InProcessMFE().lintGraph(.init(path: workspace.path, format: .json))
        #expect(lint.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])
        let lintFindings = try #require(report["findings"] as? [[String: Any]])
        let lintSummary = try #require(report["summary"] as? [String: Any])
        let productToProduct = try #require(lintFindings.first { $0["rule"] as? String == "product-to-product" })

        let page = try await workspace.page()
        let dom = try await HeadlessChromium.dumpDOM(of: page, scratch: workspace.path)
        let summary = try #require(try HeadlessChromium.summary(inDOM: dom), "no summary in the DOM: \(dom.prefix(500))")
        #expect(summary["status"] as? String == "ready", "\(summary)")
        #expect(summary["workspace"] as? String == "FeedMe")
        #expect(summary["packages"] as? Int == lintSummary["packages"] as? Int)
        #expect(summary["targets"] as? Int == lintSummary["targets"] as? Int)
        #expect(summary["edges"] as? Int == lintSummary["dependencies"] as? Int)
        let names = try #require(summary["targetNames"] as? [String])
        for name in ["Browse/Browse", "Env/Env", "Browse/Formatting", "Tooling/Formatting", "FeedMe/FeedMeComposition"] {
            #expect(names.contains(name), "\(name) is not on the page: \(names)")
        }
        let findings = try #require(summary["findings"] as? [String: Any])
        #expect(findings["error"] as? Int == lintSummary["errors"] as? Int)
        #expect(findings["total"] as? Int == lintFindings.count)
        #expect(findings["onEdges"] as? Int == 2)
        let violations = try #require(summary["violations"] as? [[String: Any]])
        #expect(
            violations.contains { violation in
                violation["rule"] as? String == "product-to-product" && violation["severity"] as? String == "error"
                    && violation["from"] as? String == "Browse/Browse" && violation["to"] as? String == "RestaurantOrder/RestaurantOrder"
                    && violation["location"] as? String == "\(productToProduct["file"] ?? ""):\(productToProduct["line"] ?? "")"
            }, "\(violations)")
        #expect(violations.contains { $0["rule"] as? String == "production-to-testing" && $0["to"] as? String == "RestaurantOrder/RestaurantOrderTesting" })
        // What a person sees: the Problems panel lists each with its message.
        #expect(dom.contains("<div class=\"finding error\" data-rule=\"product-to-product\""))
        #expect(dom.contains(try #require(productToProduct["message"] as? String)))

        let selected = try #require(try HeadlessChromium.summary(inDOM: try await HeadlessChromium.dumpDOM(of: page, fragment: "#select=Browse/Browse", scratch: workspace.path)))
        let selection = try #require(selected["selection"] as? [String: Any], "\(selected)")
        #expect((selection["dependsOnDirect"] as? [String])?.contains("RestaurantOrder/RestaurantOrder") == true, "\(selection)")
        #expect((selection["dependsOnDirect"] as? [String])?.contains("Browse/Formatting") == true)
        #expect((selection["usedByDirect"] as? [String])?.contains("FeedMe/FeedMeComposition") == true, "\(selection)")
    }

    @Test(.enabled(if: HeadlessChromium.executable != nil, "no chromium on PATH (.ci/run installs Debian's chromium); set MFE_CHROMIUM to use another"))
    func aHostileTargetNameIsShownAsData() async throws {
        // SwiftPM would not build this target, but the reader takes the name as written.
        let hostile = "A</script><script>document.title='owned'</script><!--"
        let workspace = try GraphPageWorkspace(browseTarget: hostile)
        defer { workspace.remove() }
        let page = try await workspace.page()
        let summary = try #require(try HeadlessChromium.summary(inDOM: try await HeadlessChromium.dumpDOM(of: page, scratch: workspace.path)))
        #expect(summary["status"] as? String == "ready", "\(summary)")
        #expect((summary["targetNames"] as? [String])?.contains("Browse/" + hostile) == true)
    }
}

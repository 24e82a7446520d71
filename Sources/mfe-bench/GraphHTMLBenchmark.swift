import Foundation
import MFEKit

/// `mfe-bench graph-html`: `mfe graph --format html` of the 1,050-package / 5,250-target
/// workspace of `lint` (with a few violations): the time to generate the page in process, its
/// size, and — when a headless Chromium is installed — its time to first render (the page's own
/// `timingsMs.firstRender`: from navigation start to the first rasterised frame, median of 3)
/// and a screenshot a person can look at.
enum GraphHTMLBenchmark: Benchmark {
    static let name = "graph-html"
    static let summary = "mfe graph --format html on 1,050 packages / 5,250 targets: generation time, file size, first render and a screenshot in headless Chromium"

    static let renderRuns = 3

    static func run() async throws {
        let root = disk.temporaryPath("mfe-bench-graph-html-\(UUID().uuidString)")
        defer { try? disk.remove(root) }
        _ = try LintBenchmark.generateWorkspace(at: root, violations: true)
        // The page and screenshots stay after the run, for a person to open.
        let output = disk.temporaryPath("mfe-bench-graph-html")
        try disk.createDirectory(output)
        let pagePath = output + "/graph.html"

        let service = GraphService(environment: ServiceEnvironment())
        let clock = ContinuousClock()
        var page = ""
        var generation: [Duration] = []
        for _ in 0..<3 {
            generation.append(try await clock.measure { page = try await service.run(GraphService.Request(path: root, format: .html)).standardOutput })
        }
        try disk.writeAtomically(Data(page.utf8), to: pagePath)
        let json = try await service.run(GraphService.Request(path: root, format: .json)).standardOutput
        let gzipped = try await SubprocessRunner().run("sh", ["-c", "gzip -9 -c \"$0\" | wc -c", pagePath])
        var rows: [(String, String)] = [
            ("page size (graph data and page)", megabytes(page.utf8.count)),
            ("page size gzip -9 (as a CI artifact is stored)", gzipped.status == 0 ? megabytes(Int(gzipped.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) : "n/a"),
            ("`mfe graph --format json` of the same graph, for comparison", megabytes(json.utf8.count)),
            ("generate (load + lint + render html, in process), best of 3", LintBenchmark.format(generation.min() ?? .zero)),
        ]

        if let chromium = Chromium.find() {
            var firstRenders: [Int] = []
            var walls: [Duration] = []
            var summary: [String: Any] = [:]
            for _ in 0..<renderRuns {
                let start = clock.now
                let dom = try await chromium.run(["--dump-dom", URL(fileURLWithPath: pagePath).absoluteString], scratch: root)
                walls.append(clock.now - start)
                summary = Chromium.summary(inDOM: dom) ?? [:]
                if let timings = summary["timingsMs"] as? [String: Any], let first = timings["firstRender"] as? Int { firstRenders.append(first) }
            }
            let counts =
                "\(summary["packages"] ?? "?") packages, \(summary["targets"] ?? "?") targets, \(summary["edges"] ?? "?") dependencies, \((summary["findings"] as? [String: Any])?["total"] ?? "?") findings"
            rows.append(
                (
                    "first render in headless Chromium (page's timingsMs.firstRender), median of \(renderRuns): \(counts)",
                    firstRenders.isEmpty
                        ? "n/a (\(summary["status"] ?? "no summary"))" : "\(firstRenders.sorted()[firstRenders.count / 2]) ms (\(firstRenders.map(String.init).joined(separator: ", ")))"
                ))
            rows.append(("whole `\(chromium.name) --dump-dom` process, median of \(renderRuns)", LintBenchmark.format(walls.sorted()[walls.count / 2])))
            var screenshots: [String] = []
            for (file, fragment) in [("graph.png", ""), ("graph-selected.png", "#select=feature:P7")] {
                let path = output + "/" + file
                try? disk.remove(path)
                _ = try await chromium.run(["--screenshot=" + path, URL(fileURLWithPath: pagePath).absoluteString + fragment], scratch: root)
                if disk.exists(path) { screenshots.append(path) }
            }
            rows.append(("screenshots (1600×1000)", screenshots.isEmpty ? "none written" : screenshots.joined(separator: ", ")))
        } else {
            rows.append(("first render in headless Chromium", "skipped: no chromium on PATH (apt-get install chromium, or set MFE_CHROMIUM)"))
        }
        rows.append(("the page", pagePath))

        print("| measurement | value |")
        print("| --- | --- |")
        for row in rows { print("| \(row.0) | \(row.1) |") }
        #if DEBUG
            print("\n(debug build: numbers are not representative)")
        #endif
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? String(format: "%.2f MB", Double(bytes) / 1_000_000) : String(format: "%.0f KB", Double(bytes) / 1_000)
    }

    /// A headless Chromium: `MFE_CHROMIUM`, else the first of the usual names on PATH.
    struct Chromium {
        let path: String
        let name: String
        let headlessArguments: [String]

        static func find() -> Chromium? {
            let names = [ProcessInfo.processInfo.environment["MFE_CHROMIUM"]].compactMap { $0 } + ["chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"]
            guard let path = PathUtilities.firstExecutable(among: names, environment: ProcessState.environment) else { return nil }
            let name = (path as NSString).lastPathComponent
            return Chromium(path: path, name: name, headlessArguments: name.hasSuffix("headless-shell") ? [] : ["--headless=new"])
        }

        /// Runs Chromium with a fresh profile at 1600×1000, at most 120 s; its standard output.
        func run(_ arguments: [String], scratch: String) async throws -> String {
            let profile = scratch + "/chromium-profile-\(UUID().uuidString)"
            defer { try? disk.remove(profile) }
            let result = try await SubprocessRunner().run(
                "timeout",
                ["120", path] + headlessArguments + [
                    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars", "--no-first-run",
                    "--disable-extensions", "--disable-background-networking", "--user-data-dir=" + profile, "--window-size=1600,1000",
                ] + arguments, workingDirectory: scratch, environment: [:])
            return result.standardOutput
        }

        /// The page's `mfe-summary` JSON from a dumped DOM.
        static func summary(inDOM dom: String) -> [String: Any]? {
            guard let start = dom.range(of: "id=\"mfe-summary\">"), let end = dom.range(of: "</script>", range: start.upperBound..<dom.endIndex) else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(dom[start.upperBound..<end.lowerBound].utf8))) as? [String: Any]
        }
    }
}

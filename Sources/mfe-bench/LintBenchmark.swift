import Foundation
import MFEKit
import MFETestSupport

/// `mfe-bench lint`: the whole `mfe lint-graph` pipeline on a synthetic 1,050-package /
/// 5,250-target µFeature workspace (in process, and the `mfe` binary beside mfe-bench as a
/// user runs it), against SwiftPM loading the same manifests, plus a 50,000-target ring that
/// must come out as one cycle and a 50,000-target chain manifest read from disk and linted.
/// `MFE_BENCH_KEEP=1` keeps the generated workspaces and prints where they are.
enum LintBenchmark: Benchmark {
    static let name = "lint"
    static let summary = "mfe lint-graph on 1,050 packages / 5,250 targets vs. SwiftPM dump-package, a 50,000-target ring and a 50,000-target manifest"

    static let foundationCount = 150
    static let productCount = 899
    static let swiftPMSampleSize = 20
    static let ringSize = 50_000

    static func run() async throws {
        let root = disk.temporaryPath("mfe-bench-lint-\(UUID().uuidString)")
        let keep = ProcessInfo.processInfo.environment["MFE_BENCH_KEEP"] == "1"
        defer { if !keep { try? disk.remove(root) } }
        if keep { print("(workspace kept at \(root))\n") }
        let manifests = try generateWorkspace(at: root)
        var rows: [(String, String, String, String)] = []

        // (a) The whole pipeline, in process: load (static reader) + lint + render JSON.
        resetPeakMemory()
        let service = LintGraphService(environment: ServiceEnvironment())
        let clock = ContinuousClock()
        var linted: LintReport?
        let pipelineTime = try await clock.measure {
            linted = try await service.lint(LintGraphService.Request(path: root, format: .json)).report
        }
        let peak = peakMemoryBytes()
        guard let linted else { return }
        let summary = linted.summary
        guard summary.packages == foundationCount + productCount + 1, summary.targets == 5 * summary.packages else {
            throw PlainInputError(
                "the generated workspace has \(summary.packages) packages and \(summary.targets) targets, expected \(foundationCount + productCount + 1) and \(5 * (foundationCount + productCount + 1))"
            )
        }
        // Where the time goes: the same stages run one by one.
        let loadTime = try await clock.measure { _ = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: root) }
        let workspace = try await WorkspaceLoader(manifestLoader: ManifestReader()).load(at: root)
        var report: LintReport?
        let lintTime = clock.measure { report = Linter().lint(workspace) }
        let renderTime = clock.measure { _ = JSONReportRenderer().render(report!) }

        rows.append(
            (
                "`mfe lint-graph` \(summary.packages.formatted()) packages / \(summary.targets.formatted()) targets / \(summary.dependencies.formatted()) dependencies (load + lint + render, in process)",
                format(pipelineTime), "≤ 1 s", pipelineTime <= .seconds(1) ? "pass" : "FAIL"
            ))
        rows.append(("— load: find packages, parse mfe.yml and Package.swift (static reader)", format(loadTime), "", ""))
        rows.append(("— lint: target graph, rules, cycles", format(lintTime), "", ""))
        rows.append(("— render JSON", format(renderTime), "", ""))
        rows.append(
            ("peak memory (VmHWM) of the pipeline", peak.map { String(format: "%.0f MB", Double($0) / 1_048_576) } ?? "n/a", "≤ 300 MB", peak.map { $0 <= 300 * 1_048_576 ? "pass" : "FAIL" } ?? "n/a"))

        // The same as users run it: the `mfe` binary beside this one, median of 5 runs.
        let binary = mfeBinary()
        var binaryTime: Duration?
        if let binary {
            binaryTime = try await medianRun(binary, ["lint-graph", "--format", "json"], in: root, runs: 5, expectedStatus: 0)
            rows.append(("`mfe lint-graph --format json`, the binary (process start to exit), median of 5", format(binaryTime!), "≤ 1 s", binaryTime! <= .seconds(1) ? "pass" : "FAIL"))
        }

        // (b) SwiftPM loading the same manifests cold, on a sample, extrapolated.
        let sample = stride(from: 0, to: manifests.count, by: max(1, manifests.count / swiftPMSampleSize)).prefix(swiftPMSampleSize).map { manifests[$0] }
        var swiftPMTotal = Duration.zero
        var failures = 0
        for directory in sample {
            let start = clock.now
            let result = try await SubprocessRunner().run("swift", ["package", "--package-path", directory, "--manifest-cache", "none", "dump-package"])
            swiftPMTotal += clock.now - start
            if result.status != 0 { failures += 1 }
        }
        let perManifest = swiftPMTotal / sample.count
        let extrapolated = perManifest * manifests.count
        let ratio = seconds(extrapolated) / max(seconds(pipelineTime), 1e-9)
        rows.append(
            (
                "`swift package --manifest-cache none dump-package`, \(sample.count) manifests measured (\(format(perManifest)) each\(failures > 0 ? ", \(failures) failed" : "")), extrapolated to \(manifests.count.formatted())",
                format(extrapolated), "", ""
            ))
        rows.append(("speed-up of `mfe lint-graph` (in process) over SwiftPM loading alone", "\(Int(ratio.rounded()).formatted())×", "≥ 100×", ratio >= 100 ? "pass" : "FAIL"))
        if let binaryTime {
            let binaryRatio = seconds(extrapolated) / max(seconds(binaryTime), 1e-9)
            rows.append(("speed-up of the `mfe lint-graph` binary over SwiftPM loading alone", "\(Int(binaryRatio.rounded()).formatted())×", "≥ 100×", binaryRatio >= 100 ? "pass" : "FAIL"))
        }

        // (c) A 50,000-target ring: one cycle, found without recursion.
        let ring = ringWorkspace(size: ringSize)
        var ringReport: LintReport?
        let ringTime = clock.measure { ringReport = Linter().lint(ring) }
        let cycles = ringReport?.findings.filter { $0.rule == CycleRule.id } ?? []
        let oneCycle = cycles.count == 1 && cycles[0].path?.count == ringSize + 1
        rows.append(
            (
                "\(ringSize.formatted())-target ring (graph + lint, in process): \(cycles.count) cycle finding, path of \((cycles.first?.path.map { $0.count - 1 } ?? 0).formatted()) targets",
                format(ringTime), "≤ 5 s, one cycle", ringTime <= .seconds(5) && oneCycle ? "pass" : "FAIL"
            ))

        // (c2) Growth: the binary on a quarter, half, the whole and twice the workspace. Linear
        // work doubles with the workspace; the time per package must not grow.
        if let binary {
            var perPackage: [(packages: Int, time: Duration)] = []
            for scale in [0.25, 0.5, 1, 2] {
                let foundations = Int(Double(foundationCount) * scale)
                let products = Int(Double(productCount) * scale)
                let scaled = root + "-x\(scale)"
                defer { try? disk.remove(scaled) }
                let generated = try GeneratedWorkspace.write(at: scaled, foundations: foundations, products: products)
                let time = try await medianRun(binary, ["lint-graph", "--format", "json"], in: scaled, runs: 3, expectedStatus: 0)
                perPackage.append((generated.packageDirectories.count, time))
            }
            let growth = perPackage.map { "\($0.packages.formatted()): \(format($0.time))" }.joined(separator: ", ")
            let ratio = seconds(perPackage[3].time) / max(seconds(perPackage[2].time), 1e-9)
            rows.append(
                ("growth of the binary's time with the workspace (packages: median of 3) — \(growth)", String(format: "×%.2f for ×2", ratio), "≤ ×2.5 (linear)", ratio <= 2.5 ? "pass" : "FAIL"))
        }

        // (d) A 50,000-target chain in one manifest, one `.target` per line: plain data the
        // reader's bounds (which grow with the text) must let through, read and linted by the
        // binary.
        if let binary {
            let chain = root + "-chain"
            defer { if !keep { try? disk.remove(chain) } }
            try writeChain(at: chain, size: ringSize)
            let chainTime = try await medianRun(binary, ["lint-graph", "--format", "json"], in: chain, runs: 3, expectedStatus: 0)
            rows.append(
                (
                    "\(ringSize.formatted())-target chain manifest (\(chainBytes(size: ringSize) / 1_000_000) MB), read and linted by the binary, median of 3", format(chainTime), "≤ 5 s",
                    chainTime <= .seconds(5) ? "pass" : "FAIL"
                ))
        }

        print("| measurement | value | budget | result |")
        print("| --- | --- | --- | --- |")
        for row in rows { print("| \(row.0) | \(row.1) | \(row.2) | \(row.3) |") }
        #if DEBUG
            print("\n(debug build: numbers are not representative)")
        #endif
    }

    /// Writes the benchmark's workspace (`GeneratedWorkspace`, shared with the tests that
    /// check what lint-graph says about it) and returns its package folders.
    static func generateWorkspace(at root: String, violations: Bool = false) throws -> [String] {
        try GeneratedWorkspace.write(at: root, foundations: foundationCount, products: productCount, violations: violations).packageDirectories
    }

    /// The `mfe` executable in mfe-bench's own folder (the same build), if there is one.
    static func mfeBinary() -> String? {
        let executable = disk.realPath(CommandLine.arguments[0]) ?? CommandLine.arguments[0]
        let candidate = PathUtilities.join((executable as NSString).deletingLastPathComponent, "mfe")
        return disk.isExecutableFile(candidate) ? candidate : nil
    }

    /// The median wall time of `runs` runs of `binary arguments` in `directory`; each must exit
    /// with `expectedStatus`.
    static func medianRun(_ binary: String, _ arguments: [String], in directory: String, runs: Int, expectedStatus: Int32) async throws -> Duration {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<runs {
            let start = clock.now
            let result = try await SubprocessRunner().run(binary, arguments, workingDirectory: directory)
            times.append(clock.now - start)
            guard result.status == expectedStatus else {
                throw PlainInputError("'\(binary) \(arguments.joined(separator: " "))' in '\(directory)' exited \(result.status): \(result.standardError.prefix(500))")
            }
        }
        return times.sorted()[times.count / 2]
    }

    /// The chain manifest's text: `size` targets, one per line, each depending on the one before.
    static func chainManifest(size: Int) -> String {
        var text = "// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(name: \"Chain\", targets: [\n"
        for index in 0..<size {
            text += "    .target(name: \"T\(index)\"\(index > 0 ? ", dependencies: [\"T\(index - 1)\"]" : "")),\n"
        }
        return text + "])\n"
    }

    static func chainBytes(size: Int) -> Int { chainManifest(size: size).utf8.count }

    /// Writes the chain package at `directory`.
    static func writeChain(at directory: String, size: Int) throws {
        try disk.write(chainManifest(size: size), to: directory + "/Package.swift")
    }

    /// One package of `size` targets, each depending on the next, the last on the first.
    static func ringWorkspace(size: Int) -> Workspace {
        let file = "/ring/Ring/Package.swift"
        let targets = (0..<size).map { index in
            Target(
                name: "T\(index)", dependencies: [TargetDependency(.byName("T\((index + 1) % size)"), location: SourceLocation(file: file, line: index + 10, column: 17))],
                location: SourceLocation(file: file, line: index + 10, column: 9))
        }
        let manifest = PackageManifest(name: "Ring", toolsVersion: ToolsVersion(6, 0), targets: targets, manifestPath: file)
        return Workspace(root: "/ring", configuration: nil, packages: [WorkspacePackage(manifest: manifest, directory: "Ring", layer: .foundation)])
    }

    static func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    static func format(_ duration: Duration) -> String {
        let value = seconds(duration)
        return value >= 10 ? String(format: "%.0f s", value) : value >= 1 ? String(format: "%.2f s", value) : String(format: "%.0f ms", value * 1000)
    }

    /// Resets the kernel's peak-RSS mark (VmHWM) so it measures what follows.
    static func resetPeakMemory() {
        // Written in place: /proc has no room for a temporary file beside it.
        try? disk.append(Data("5".utf8), to: "/proc/self/clear_refs")
    }

    /// VmHWM from `/proc/self/status` on Linux; getrusage's ru_maxrss elsewhere.
    static func peakMemoryBytes() -> Int? {
        #if os(Linux)
            guard let status = (try? disk.contents(of: "/proc/self/status")).map({ String(decoding: $0, as: UTF8.self) }),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { return nil }
            return kilobytes * 1024
        #else
            var usage = rusage()
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
            return Int(usage.ru_maxrss)
        #endif
    }
}

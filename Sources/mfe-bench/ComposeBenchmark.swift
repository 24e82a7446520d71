import Foundation
import MFEKit

/// Composes a shell of 50 MFE repositories (generated with real git, tagged, all depending on
/// two foundation packages) with the built `mfe compose-shell`, and resolves the same shell
/// with `swift package resolve`, both cold, in the same run; then times `--check` on the warm
/// cache. Budgets: mfe at least 5× faster than SwiftPM cold; `--check` warm ≤ 0.2 s.
enum ComposeBenchmark: Benchmark {
    static let name = "compose"
    static let summary = "mfe compose-shell vs 'swift package resolve' (cold) on a shell of 50 MFE repositories; --check on a warm cache"

    static let featureCount = 50
    static let runner = SubprocessRunner()
    /// mfe's hardened git runner, with the identity of the generated commits.
    static let gitRunner = Git(environment: ProcessState.environment, options: .local(configuration: ["user.name=mfe", "user.email=mfe@example.com"]))

    static func run() async throws {
        let work = disk.temporaryPath("mfe-bench-compose-\(UUID().uuidString.prefix(8))")
        // MFE_BENCH_KEEP=1 keeps the generated repositories for profiling.
        defer { if ProcessInfo.processInfo.environment["MFE_BENCH_KEEP"] == nil { try? disk.remove(work) } else { print("kept \(work)") } }
        let mfe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mfe").path
        guard disk.isExecutableFile(mfe) else {
            throw PlainInputError("'\(mfe)' is missing; build it first ('swift build -c release --product mfe')")
        }
        try await generate(in: work)

        // mfe, cold: an empty cache and no Package.resolved.
        let mfeShell = work + "/ShellForMFE"
        try disk.copyFolder(work + "/Shell", to: mfeShell)
        let environment: [String: String?] = ["XDG_CACHE_HOME": work + "/mfe-cache", "NO_COLOR": "1"]
        let (mfeCold, composed) = try await time { try await runner.run(mfe, ["compose-shell", mfeShell], workingDirectory: work, environment: environment) }
        guard composed.status == 0 else { throw PlainInputError("mfe compose-shell failed: \(composed.standardError)") }

        if ProcessInfo.processInfo.environment["MFE_BENCH_SKIP_SWIFTPM"] != nil {
            print("mfe cold: \(format(mfeCold))")
            for _ in 0..<3 {
                let (elapsed, _) = try await time { try await runner.run(mfe, ["compose-shell", mfeShell, "--check"], workingDirectory: work, environment: environment) }
                print("mfe --check warm: \(format(elapsed))")
            }
            return
        }

        // SwiftPM, cold: its own empty caches, no .build, no Package.resolved.
        let swiftShell = work + "/ShellForSwiftPM"
        try disk.copyFolder(work + "/Shell", to: swiftShell)
        let (swiftCold, resolved) = try await time {
            try await runner.run("swift", ["package", "resolve", "--cache-path", work + "/swiftpm-cache", "--disable-dependency-cache"], workingDirectory: swiftShell, environment: [:])
        }
        guard resolved.status == 0 else { throw PlainInputError("swift package resolve failed: \(resolved.standardError)") }
        let same = (try? disk.contents(of: mfeShell + "/Package.resolved")) == (try? disk.contents(of: swiftShell + "/Package.resolved"))

        // --check, warm: the median of five runs.
        var checks: [Duration] = []
        for _ in 0..<5 {
            let (elapsed, result) = try await time { try await runner.run(mfe, ["compose-shell", mfeShell, "--check"], workingDirectory: work, environment: environment) }
            guard result.status == 0 else { throw PlainInputError("mfe compose-shell --check failed: \(result.standardOutput)\(result.standardError)") }
            checks.append(elapsed)
        }
        let check = checks.sorted()[checks.count / 2]
        let ratio = seconds(swiftCold) / seconds(mfeCold)

        print("| \(featureCount) MFEs + 2 foundation packages | time | budget | |")
        print("|---|---:|---:|---|")
        print("| `swift package resolve` (cold) | \(format(swiftCold)) | | |")
        print("| `mfe compose-shell` (cold) | \(format(mfeCold)) | ≥ 5× faster | \(String(format: "%.1f×", ratio)) \(ratio >= 5 ? "✅" : "❌") |")
        print("| `mfe compose-shell --check` (warm, median of 5) | \(format(check)) | ≤ 0.2 s | \(seconds(check) <= 0.2 ? "✅" : "❌") |")
        print("")
        print("Package.resolved identical to SwiftPM's: \(same ? "yes" : "NO")")
    }

    /// Env and DesignSystem (foundation, three releases each) and Feature00…Feature49, each
    /// with two releases depending on both; the shell depends on every feature.
    static func generate(in work: String) async throws {
        let repos = work + "/repos"
        try await repository(repos + "/Env", name: "Env", dependencies: [], tags: ["1.0.0", "1.1.0", "1.2.0"])
        try await repository(repos + "/DesignSystem", name: "DesignSystem", dependencies: [], tags: ["2.0.0", "2.1.0", "v2.2.0"])
        let foundation = [("file://\(repos)/Env", "from: \"1.0.0\"", "Env"), ("file://\(repos)/DesignSystem", "from: \"2.0.0\"", "DesignSystem")]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<featureCount {
                let name = String(format: "Feature%02d", index)
                group.addTask { try await repository(repos + "/" + name, name: name, dependencies: foundation, tags: ["1.0.0", "1.1.0"]) }
                if index % 4 == 3 { try await group.next() }
            }
            try await group.waitForAll()
        }
        let features = (0..<featureCount).map { String(format: "Feature%02d", $0) }
        try write(manifest(name: "Shell", dependencies: features.map { ("file://\(repos)/\($0)", "from: \"1.0.0\"", $0) }, executable: true), to: work + "/Shell/Package.swift")
        try write("print(\"shell\")\n", to: work + "/Shell/Sources/Shell/main.swift")
    }

    static func repository(_ directory: String, name: String, dependencies: [(String, String, String)], tags: [String]) async throws {
        try write(manifest(name: name, dependencies: dependencies, executable: false), to: directory + "/Package.swift")
        try await git(["init", "-q", "-b", "main"], in: directory)
        for (index, tag) in tags.enumerated() {
            try write("public let release\(index) = \(index)\n", to: directory + "/Sources/\(name)/Release\(index).swift")
            try await git(["add", "-A"], in: directory)
            try await git(["commit", "-q", "-m", tag], in: directory)
            try await git(["tag", tag], in: directory)
        }
    }

    static func manifest(name: String, dependencies: [(String, String, String)], executable: Bool) -> String {
        let declared = dependencies.map { "        .package(url: \"\($0.0)\", \($0.1)),\n" }.joined()
        let used = dependencies.map { ".product(name: \"\($0.2)\", package: \"\($0.2)\")" }.joined(separator: ", ")
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
            \(executable ? "" : "    products: [.library(name: \"\(name)\", targets: [\"\(name)\"])],\n")    dependencies: [
            \(declared)    ],
                targets: [.\(executable ? "executableTarget" : "target")(name: "\(name)", dependencies: [\(used)])]
            )

            """
    }

    static func git(_ arguments: [String], in directory: String) async throws {
        let result = try await gitRunner.run(arguments, in: directory)
        guard result.status == 0 else { throw PlainInputError("git \(arguments.joined(separator: " ")) failed: \(result.standardError)") }
    }

    static func write(_ text: String, to path: String) throws {
        try disk.write(text, to: path)
    }

    static func time<T>(_ body: () async throws -> T) async throws -> (Duration, T) {
        let clock = ContinuousClock()
        let start = clock.now
        let value = try await body()
        return (clock.now - start, value)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ duration: Duration) -> String {
        String(format: "%.2f s", seconds(duration))
    }
}

import Foundation
import MFEKit

/// One shell per package mirrored in /opt/swift-packages, requiring it `from:` its latest
/// release tag, composed by the built `mfe compose-shell` and resolved by
/// `swift package resolve`, both cold (empty caches, no Package.resolved). Counts the shells
/// whose files are identical, those that differ (with why) and those that fail, and the
/// cold-time ratio over the whole sweep. SwiftPM's results are kept in the sweep folder
/// (`MFE_SWEEP_DIR`) and reused by later runs, since they do not depend on mfe.
enum ComposeSweepBenchmark: Benchmark {
    static let name = "compose-sweep"
    static let summary = "one shell per mirrored package (from: its latest tag): mfe compose-shell vs 'swift package resolve', both cold, file for file"

    static let mirrors = "/opt/swift-packages"
    static let runner = SubprocessRunner()

    struct Outcome: Sendable {
        var name: String
        var mfeSeconds: Double?
        var swiftSeconds: Double?
        /// nil when identical; else why not.
        var difference: String?
        var failure: String?
    }

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let sweep = environment["MFE_SWEEP_DIR"] ?? disk.temporaryPath("mfe-sweep-\(UUID().uuidString.prefix(8))")
        let jobs = max(1, Int(environment["MFE_SWEEP_JOBS"] ?? "") ?? 2)
        let loader = environment["MFE_SWEEP_LOADER"] ?? "auto"
        let mfe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("mfe").path
        guard disk.isExecutableFile(mfe) else {
            throw PlainInputError("'\(mfe)' is missing; build it first ('swift build --product mfe')")
        }
        // `MFE_SWEEP_ONLY=vapor/vapor,apple/swift-syntax` sweeps just those mirrors.
        let only = Set((environment["MFE_SWEEP_ONLY"] ?? "").split(separator: ",").map { $0.lowercased().replacingOccurrences(of: ".git", with: "") })
        let packages = try mirroredPackages().filter { only.isEmpty || only.contains($0.lowercased().replacingOccurrences(of: ".git", with: "")) }
        var outcomes: [Outcome] = []
        var pending = packages[...]
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            for _ in 0..<jobs {
                guard let next = pending.popFirst() else { break }
                group.addTask { try await sweepOne(next, sweep: sweep, mfe: mfe, loader: loader) }
            }
            while let outcome = try await group.next() {
                outcomes.append(outcome)
                Terminal.writeError("\(outcome.name): \(outcome.failure ?? outcome.difference ?? "identical")\n")
                if let next = pending.popFirst() {
                    group.addTask { try await sweepOne(next, sweep: sweep, mfe: mfe, loader: loader) }
                }
            }
        }
        report(outcomes.sorted { $0.name < $1.name }, loader: loader, sweep: sweep)
    }

    /// `owner/repo.git` of every mirror that is a folder (the lower-case aliases are symlinks).
    static func mirroredPackages() throws -> [String] {
        var result: [String] = []
        for owner in try disk.contentsOfDirectory(mirrors) {
            let ownerPath = mirrors + "/" + owner
            guard let repositories = try? disk.contentsOfDirectory(ownerPath) else { continue }
            for repository in repositories.sorted() where repository.hasSuffix(".git") {
                if disk.isSymbolicLink(ownerPath + "/" + repository) { continue }
                result.append(owner + "/" + repository)
            }
        }
        return result
    }

    /// The newest release tag of a mirror, as `MAJOR.MINOR.PATCH`.
    static func latestRelease(_ package: String) async throws -> String? {
        let tags = try await Git(environment: ProcessState.environment, options: .local()).run(["tag"], in: mirrors + "/" + package)
        let versions = tags.standardOutput.split(separator: "\n").compactMap { tag -> [Int]? in
            let text = tag.hasPrefix("v") ? tag.dropFirst() : tag[...]
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count) else { return nil }
            let numbers = parts.compactMap { Int($0) }
            guard numbers.count == parts.count, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else { return nil }
            return numbers + (numbers.count == 2 ? [0] : [])
        }
        guard let newest = versions.max(by: { $0.lexicographicallyPrecedes($1) }) else { return nil }
        return newest.map(String.init).joined(separator: ".")
    }

    static func sweepOne(_ package: String, sweep: String, mfe: String, loader: String) async throws -> Outcome {
        let owner = String(package.split(separator: "/")[0])
        let repository = String(package.split(separator: "/")[1])
        let name = owner + "+" + repository.dropLast(4)
        let directory = sweep + "/" + name
        var outcome = Outcome(name: name)
        let shell = directory + "/shell"
        if !disk.exists(shell + "/Package.swift") {
            guard let release = try await latestRelease(package) else {
                outcome.failure = "skipped: no release tag"
                return outcome
            }
            try write(
                """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "Shell",
                    dependencies: [
                        .package(url: "https://github.com/\(owner)/\(repository)", from: "\(release)"),
                    ],
                    targets: [.executableTarget(name: "Shell")]
                )

                """, to: shell + "/Package.swift")
            try write("print(\"shell\")\n", to: shell + "/Sources/Shell/main.swift")
        }

        // SwiftPM, cold, once per sweep folder.
        if let seconds = read(directory + "/swiftpm.seconds").flatMap({ Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            outcome.swiftSeconds = seconds
        } else {
            try? disk.remove(directory + "/swiftpm")
            try disk.copyFolder(shell, to: directory + "/swiftpm")
            let (elapsed, result) = try await ComposeBenchmark.time {
                try await runner.run(
                    "swift", ["package", "resolve", "--cache-path", directory + "/swiftpm-cache", "--disable-dependency-cache"], workingDirectory: directory + "/swiftpm", environment: [:])
            }
            try write("\(result.status)\n", to: directory + "/swiftpm.status")
            try write(result.standardError, to: directory + "/swiftpm.stderr")
            try? disk.remove(directory + "/swiftpm-cache")
            try? disk.remove(directory + "/swiftpm/.build")
            outcome.swiftSeconds = ComposeBenchmark.seconds(elapsed)
            try write("\(outcome.swiftSeconds!)\n", to: directory + "/swiftpm.seconds")
        }
        let swiftStatus = read(directory + "/swiftpm.status").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"

        // mfe, cold: a fresh cache and no Package.resolved.
        let mfeShell = directory + "/mfe"
        try? disk.remove(mfeShell)
        try? disk.remove(directory + "/mfe-cache")
        try disk.copyFolder(shell, to: mfeShell)
        let (elapsed, composed) = try await ComposeBenchmark.time {
            try await runner.run(
                mfe, ["compose-shell", mfeShell, "--no-lint", "--loader", loader], workingDirectory: directory, environment: ["XDG_CACHE_HOME": directory + "/mfe-cache", "NO_COLOR": "1"])
        }
        try? disk.remove(directory + "/mfe-cache")
        try write(composed.standardError, to: directory + "/mfe.stderr")
        outcome.mfeSeconds = ComposeBenchmark.seconds(elapsed)

        let swiftFile = try? disk.contents(of: directory + "/swiftpm/Package.resolved")
        let mfeFile = try? disk.contents(of: mfeShell + "/Package.resolved")
        if swiftStatus != "0" {
            outcome.failure = "swiftpm failed: " + firstLine(read(directory + "/swiftpm.stderr") ?? "")
        } else if composed.status != 0 {
            outcome.failure = "mfe exit \(composed.status): " + firstLine(composed.standardError)
        } else if swiftFile != mfeFile {
            outcome.difference = explain(swift: swiftFile, mfe: mfeFile)
        }
        return outcome
    }

    /// Why two Package.resolved files differ, pin by pin.
    static func explain(swift: Data?, mfe: Data?) -> String {
        guard let swift, let mfe else { return swift == nil ? "SwiftPM wrote no file" : "mfe wrote no file" }
        guard let a = try? ResolvedFileReader.parse(swift, path: "swiftpm"), let b = try? ResolvedFileReader.parse(mfe, path: "mfe") else { return "unreadable file" }
        var reasons: [String] = []
        let mine = Dictionary(b.pins.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        let theirs = Dictionary(a.pins.map { ($0.identity, $0) }, uniquingKeysWith: { first, _ in first })
        let missing = a.pins.map(\.identity).filter { mine[$0] == nil }
        let extra = b.pins.map(\.identity).filter { theirs[$0] == nil }
        if !missing.isEmpty { reasons.append("missing \(missing.joined(separator: ", "))") }
        if !extra.isEmpty { reasons.append("extra \(extra.joined(separator: ", "))") }
        for pin in a.pins {
            guard let other = mine[pin.identity] else { continue }
            if pin.state != other.state { reasons.append("\(pin.identity) \(other.state.summary) instead of \(pin.state.summary)") }
            if pin.location != other.location { reasons.append("\(pin.identity) at '\(other.location)' instead of '\(pin.location)'") }
        }
        if a.originHash != b.originHash { reasons.append("originHash") }
        return reasons.isEmpty ? "formatting" : reasons.joined(separator: "; ")
    }

    static func report(_ outcomes: [Outcome], loader: String, sweep: String) {
        let identical = outcomes.filter { $0.failure == nil && $0.difference == nil }
        let different = outcomes.filter { $0.failure == nil && $0.difference != nil }
        let failed = outcomes.filter { $0.failure != nil }
        let compared = outcomes.filter { $0.failure == nil }
        let swiftTotal = compared.compactMap(\.swiftSeconds).reduce(0, +)
        let mfeTotal = compared.compactMap(\.mfeSeconds).reduce(0, +)
        print("| \(outcomes.count) shells (`--loader \(loader)`) | count |")
        print("|---|---:|")
        print("| identical to SwiftPM's Package.resolved | \(identical.count) |")
        print("| different | \(different.count) |")
        print("| failed (mfe or SwiftPM) | \(failed.count) |")
        print("")
        print(String(format: "Cold time over the %d compared shells: SwiftPM %.1f s, mfe %.1f s (%.1f× faster).", compared.count, swiftTotal, mfeTotal, mfeTotal > 0 ? swiftTotal / mfeTotal : 0))
        for outcome in different { print("- different: \(outcome.name): \(outcome.difference!)") }
        for outcome in failed { print("- failed: \(outcome.name): \(outcome.failure!)") }
        print("\nFiles kept in \(sweep).")
    }

    static func firstLine(_ text: String) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        return lines.first { $0.hasPrefix("error") } ?? lines.first ?? ""
    }

    static func read(_ path: String) -> String? {
        (try? disk.contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func write(_ text: String, to path: String) throws {
        try ComposeBenchmark.write(text, to: path)
    }
}

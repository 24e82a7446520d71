import Foundation
import MFECore
import MFEManifest

/// Measures how faithfully the static `ManifestReader` reproduces `swift package dump-package`
/// on real packages: each package is exact, refused (a located error) or wrong (a different
/// graph, which must never happen).
package enum ManifestFidelity {
    /// How the static reader did on one package.
    package enum Verdict: Sendable, Equatable {
        /// Same graph as SwiftPM.
        case exact
        /// The reader refused with a located error (the message).
        case refused(String)
        /// The reader returned a different graph (the differences).
        case wrong([String])
        /// SwiftPM itself could not load the manifest (its message); not counted.
        case swiftPMFailed(String)
    }

    /// The outcome for one package.
    package struct Outcome: Sendable {
        /// `owner/name` of the mirror.
        package var package: String
        /// The verdict.
        package var verdict: Verdict
        /// Seconds the static reader took.
        package var staticSeconds: Double
        /// Seconds `swift package dump-package` took.
        package var dumpPackageSeconds: Double
        /// Whether `mfe dump-package`'s text is SwiftPM's, byte for byte but for the order of
        /// sets (nil when not compared); when false, the first line that differs.
        package var byteEqual: Bool? = nil
        /// The first line of SwiftPM's output that mfe's lacks, when not byte-equal.
        package var firstDifference: String? = nil
    }

    /// The git mirrors under `root` (`OWNER/NAME.git`), one per repository when the same one is
    /// mirrored under differently cased names, sorted case-insensitively.
    package static func mirrors(in root: String = "/opt/swift-packages", fileSystem: any FileSystem = LocalFileSystem()) -> [String] {
        var byKey: [String: String] = [:]
        for owner in (try? fileSystem.contentsOfDirectory(root)) ?? [] where !owner.hasPrefix(".") {
            let ownerPath = PathUtilities.join(root, owner)
            guard fileSystem.isDirectory(ownerPath) else { continue }
            for name in (try? fileSystem.contentsOfDirectory(ownerPath)) ?? [] where name.hasSuffix(".git") {
                let path = PathUtilities.join(ownerPath, name)
                let key = "\(owner)/\(name)".lowercased()
                // Keep the first spelling in sorted order (upper case sorts first: the GitHub spelling).
                if byKey[key] == nil { byKey[key] = path }
            }
        }
        return byKey.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Writes `Package.swift` and every `Package@swift-*.swift` at `HEAD` of `gitDirectory` into
    /// `directory`.
    package static func exportManifests(of gitDirectory: String, to directory: String, runner: any ProcessRunning = SubprocessRunner(), fileSystem: any FileSystem = LocalFileSystem()) async throws {
        let git = Git(runner: runner, environment: [:], options: .local())
        let listing = try await git.run(["ls-tree", "--name-only", "HEAD"], in: gitDirectory)
        guard listing.status == 0 else { throw PlainInputError("cannot list '\(gitDirectory)' at HEAD: \(listing.standardError)") }
        let names = listing.standardOutput.split(separator: "\n").map(String.init).filter {
            $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
        }
        try fileSystem.createDirectory(directory)
        for name in names {
            let shown = try await git.run(["show", "HEAD:\(name)"], in: gitDirectory)
            guard shown.status == 0 else { throw PlainInputError("cannot read '\(name)' in '\(gitDirectory)': \(shown.standardError)") }
            try fileSystem.writeAtomically(Data(shown.standardOutput.utf8), to: PathUtilities.join(directory, name))
        }
    }

    /// Exports the manifests of `gitDirectory` into `workDirectory` and compares the static
    /// reader with `swift package dump-package` there.
    package static func measure(gitDirectory: String, workDirectory: String, runner: any ProcessRunning = SubprocessRunner()) async -> Outcome {
        let components = gitDirectory.split(separator: "/")
        let package = components.suffix(2).joined(separator: "/").replacingOccurrences(of: ".git", with: "")
        do {
            try await exportManifests(of: gitDirectory, to: workDirectory, runner: runner)
        } catch {
            return Outcome(package: package, verdict: .swiftPMFailed("export failed: \(error.localizedDescription)"), staticSeconds: 0, dumpPackageSeconds: 0)
        }
        let clock = ContinuousClock()
        var staticResult: Result<PackageManifest, any Error>!
        let staticDuration = await clock.measure {
            do {
                let manifest = try await ManifestReader(environment: [:], readsEverythingDumpPackageShows: true).loadManifest(inPackageDirectory: workDirectory)
                staticResult = .success(manifest)
            } catch {
                staticResult = .failure(error)
            }
        }
        var dumpResult: Result<PackageManifest, any Error>!
        var dumpText = ""
        let dumpDuration = await clock.measure {
            do {
                let result = try await runner.run("swift", ["package", "--manifest-cache", "none", "dump-package"], workingDirectory: workDirectory, environment: [:])
                guard result.status == 0 else { throw PlainInputError("dump-package failed\n" + result.standardError) }
                dumpText = result.standardOutput
                let manifestPath = try ManifestReader.manifestPath(inPackageDirectory: workDirectory, fileSystem: LocalFileSystem())
                dumpResult = .success(
                    try DumpPackageManifestLoader.manifest(fromDumpPackageOutput: Data(dumpText.utf8), manifestPath: manifestPath, packageDirectory: workDirectory, source: nil))
            } catch {
                dumpResult = .failure(error)
            }
        }
        var byteEqual: Bool?
        let verdict: Verdict
        let prefix = PathUtilities.absolute(workDirectory, relativeTo: FileManager.default.currentDirectoryPath) + "/"
        func firstLine(of text: String, skipping: Int = 0) -> String {
            Self.firstLine(of: text, skipping: skipping).replacingOccurrences(of: prefix, with: "")
        }
        switch (staticResult!, dumpResult!) {
        case (_, .failure(let error)):
            verdict = .swiftPMFailed(firstLine(of: error.localizedDescription, skipping: 1))
        case (.failure(let error), .success):
            verdict = .refused(firstLine(of: error.localizedDescription))
        case (.success(let mine), .success(let theirs)):
            let differences = compare(mine, theirs, packageDirectory: workDirectory)
            verdict = differences.isEmpty ? .exact : .wrong(differences)
            byteEqual = sameDump((try? DumpPackageJSON.text(of: mine, origin: PathOrigin(LocalFileSystem()))) ?? "", dumpText)
        }
        return Outcome(
            package: package, verdict: verdict, staticSeconds: seconds(staticDuration), dumpPackageSeconds: seconds(dumpDuration), byteEqual: byteEqual)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func firstLine(of text: String, skipping: Int = 0) -> String {
        let lines = text.split(separator: "\n").map(String.init)
        return lines.dropFirst(min(skipping, max(lines.count - 1, 0))).first ?? text
    }

    /// The differences between two readings of the same manifest, as `-`/`+` lines (`-` the
    /// first, `+` the second): name and tools version, targets with kinds, paths, excludes,
    /// sources and dependencies (kind, name, package, conditions), package dependencies
    /// (identity, kind, location, requirement, name) and products.
    package static func compare(_ first: PackageManifest, _ second: PackageManifest, packageDirectory: String) -> [String] {
        let left = summary(of: first, packageDirectory: packageDirectory)
        let right = summary(of: second, packageDirectory: packageDirectory)
        guard left != right else { return [] }
        var differences: [String] = []
        let rightSet = Set(right)
        let leftSet = Set(left)
        differences += left.filter { !rightSet.contains($0) }.map { "- " + $0 }
        differences += right.filter { !leftSet.contains($0) }.map { "+ " + $0 }
        if differences.isEmpty { differences = ["same declarations in a different order"] }
        return differences
    }

    /// One line per compared fact, in declaration order.
    package static func summary(of manifest: PackageManifest, packageDirectory: String) -> [String] {
        var lines = ["package \(manifest.name) tools-version \(manifest.toolsVersion)"]
        lines.append("platforms " + manifest.platforms.map { "\($0.name) \($0.version)" }.joined(separator: ", "))
        for dependency in manifest.dependencies {
            let kind: String
            switch dependency.kind {
            case .fileSystem(let path): kind = "fileSystem \(PathUtilities.absolute(path, relativeTo: PathUtilities.absolute(packageDirectory, relativeTo: "/")))"
            case .sourceControl(let url, let requirement):
                // A local `url:` is a path: SwiftPM resolves it against the package folder.
                let location =
                    DumpPackageJSON.isRemote(url)
                    ? url : PathUtilities.absolute(url.hasPrefix("file://") ? String(url.dropFirst("file://".count)) : url, relativeTo: PathUtilities.absolute(packageDirectory, relativeTo: "/"))
                kind = "sourceControl \(location) \(describe(requirement))"
            case .registry(let id, let requirement): kind = "registry \(id.lowercased()) \(describe(requirement))"
            }
            let traits = " traits=" + dependency.traits.map { $0.name + ($0.condition.map { "?" + $0.sorted().joined(separator: "|") } ?? "") }.sorted().joined(separator: ",")
            lines.append("dependency \(dependency.identity) \(kind)\(dependency.explicitName.map { " name=\($0)" } ?? "")\(traits)")
        }
        for target in manifest.targets {
            lines.append("target \(target.name) \(target.kind.rawValue)")
            lines.append("target \(target.name) path=\(target.path ?? "-") exclude=\(target.exclude.joined(separator: ",")) sources=\(target.sources?.joined(separator: ",") ?? "-")")
            for dependency in target.dependencies {
                let kind: String
                switch dependency.kind {
                case .byName(let name): kind = "byName \(name)"
                case .target(let name): kind = "target \(name)"
                case .product(let name, let package): kind = "product \(name) \(package ?? "-")"
                }
                let platforms = dependency.platforms.map { " platforms=\($0.joined(separator: ","))" } ?? ""
                let traits = dependency.traits.map { " traits=\($0.sorted().joined(separator: ","))" } ?? ""
                let aliases = dependency.moduleAliases.map { " moduleAliases=\($0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))" } ?? ""
                lines.append("target \(target.name) depends on \(kind)\(platforms)\(traits)\(aliases)")
            }
        }
        for trait in manifest.traits.sorted(by: { $0.name < $1.name }) {
            lines.append("trait \(trait.name) enables \(trait.enabledTraits.sorted().joined(separator: ","))")
        }
        for product in manifest.products {
            lines.append("product \(product.name) \(product.kind.rawValue) \(product.targets.joined(separator: ","))")
        }
        return lines
    }

    static func describe(_ requirement: Requirement) -> String {
        switch requirement {
        case .exact(let version): return "exact \(version)"
        case .range(let lower, let upper): return "\(lower)..<\(upper)"
        case .branch(let name): return "branch \(name)"
        case .revision(let name): return "revision \(name)"
        }
    }

    /// A Markdown report: counts, then one line per package that is not exact.
    package static func report(_ outcomes: [Outcome]) -> String {
        let measured = outcomes.filter { if case .swiftPMFailed = $0.verdict { return false } else { return true } }
        let exact = measured.filter { $0.verdict == .exact }.count
        let refused = measured.filter { if case .refused = $0.verdict { return true } else { return false } }
        let wrong = measured.filter { if case .wrong = $0.verdict { return true } else { return false } }
        let failed = outcomes.count - measured.count
        let compared = measured.filter { $0.byteEqual != nil }
        let byteEqual = compared.filter { $0.byteEqual == true }.count
        let percent = { (count: Int) in measured.isEmpty ? "0.0" : String(format: "%.1f", Double(count) * 100 / Double(measured.count)) }
        let staticTotal = measured.reduce(0) { $0 + $1.staticSeconds }
        let dumpTotal = measured.reduce(0) { $0 + $1.dumpPackageSeconds }
        var text = """
            | packages | exact | refused | wrong | byte-equal | SwiftPM failed |
            |---:|---:|---:|---:|---:|---:|
            | \(measured.count) | \(exact) (\(percent(exact))%) | \(refused.count) (\(percent(refused.count))%) | \(wrong.count) | \(compared.isEmpty ? "–" : "\(byteEqual) (\(percent(byteEqual))%)") | \(failed) |

            | reader | total | per package |
            |---|---:|---:|
            | static `ManifestReader` | \(String(format: "%.3f", staticTotal)) s | \(String(format: "%.2f", measured.isEmpty ? 0 : staticTotal * 1000 / Double(measured.count))) ms |
            | `swift package dump-package` | \(String(format: "%.3f", dumpTotal)) s | \(String(format: "%.2f", measured.isEmpty ? 0 : dumpTotal * 1000 / Double(measured.count))) ms |

            """
        let notExact = outcomes.filter { $0.verdict != .exact || $0.byteEqual == false }
        if !notExact.isEmpty {
            text += "\n| package | verdict | detail |\n|---|---|---|\n"
            for outcome in notExact {
                let (verdict, detail): (String, String)
                switch outcome.verdict {
                case .exact: (verdict, detail) = ("not byte-equal", "first differing line of SwiftPM's: \(outcome.firstDifference ?? "?")")
                case .refused(let message): (verdict, detail) = ("refused", message)
                case .wrong(let differences): (verdict, detail) = ("**wrong**", differences.prefix(6).joined(separator: "<br>"))
                case .swiftPMFailed(let message): (verdict, detail) = ("SwiftPM failed", message)
                }
                text += "| \(outcome.package) | \(verdict) | \(detail.replacingOccurrences(of: "|", with: "\\|")) |\n"
            }
        }
        return text
    }
}

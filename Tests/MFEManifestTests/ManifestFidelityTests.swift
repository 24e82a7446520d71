import Foundation
import MFECore
import MFETestSupport
import Testing

@testable import MFEManifest

/// The fidelity benchmark's comparison on a fixed sample of the local package mirrors: the
/// static reader must never return a graph that differs from `swift package dump-package`.
@Suite("manifest fidelity against swift package dump-package", .serialized)
struct ManifestFidelityTests {
    static let mirrorRoot = "/opt/swift-packages"

    /// Manifests the reader must read exactly, and one it must refuse.
    static let sample: [(mirror: String, expected: String)] = [
        ("apple/swift-log", "exact"),  // a settings-only loop over package.targets
        ("apple/swift-argument-parser", "exact"),
        ("vapor/vapor", "exact"),  // many products and conditions
        ("JohnSundell/Files", "exact"),  // an old tools version
        ("pointfreeco/swift-clocks", "exact"),  // Package.swift needs 6.4: Package@swift-6.0.swift is read
        ("mxcl/Version", "exact"),  // `let pkg = Package(...)` and a Package@swift-5.3.swift
        ("apple/swift-nio", "exact"),  // depends on Context.environment, read from mfe's
        ("groue/GRDB.swift", "exact"),  // an `if` on a ProcessInfo environment variable
        ("apple/swift-collections", "exact"),  // calls methods of a struct the manifest declares
        ("OpenCombine/OpenCombine", "exact"),  // calls a method the manifest adds to Array
    ]

    @Test(.enabled(if: FileManager.default.fileExists(atPath: mirrorRoot), "needs the package mirrors in /opt/swift-packages"))
    func theStaticReaderIsNeverWrongOnTheSample() async throws {
        let work = try TemporaryDirectory()
        let outcomes = try await withThrowingTaskGroup(of: (Int, ManifestFidelity.Outcome).self) { group in
            for (index, entry) in Self.sample.enumerated() {
                let gitDirectory = "\(Self.mirrorRoot)/\(entry.mirror).git"
                group.addTask { (index, await ManifestFidelity.measure(gitDirectory: gitDirectory, workDirectory: "\(work.path)/\(index)")) }
            }
            var results = [ManifestFidelity.Outcome?](repeating: nil, count: Self.sample.count)
            for try await (index, outcome) in group { results[index] = outcome }
            return results.compactMap { $0 }
        }
        for (entry, outcome) in zip(Self.sample, outcomes) {
            switch outcome.verdict {
            case .exact:
                #expect(entry.expected == "exact", "\(entry.mirror) was read exactly but was expected to be \(entry.expected)")
                #expect(outcome.byteEqual == true, "\(entry.mirror): mfe dump-package is not SwiftPM's output byte for byte")
            case .refused(let message):
                #expect(entry.expected == "refused", "\(entry.mirror) was refused: \(message)")
                #expect(message.contains("cannot be read without running the manifest"), "\(message)")
            case .wrong(let differences):
                Issue.record("\(entry.mirror): the static reader differs from SwiftPM:\n\(differences.joined(separator: "\n"))")
            case .swiftPMFailed(let message):
                Issue.record("\(entry.mirror): SwiftPM could not load the manifest: \(message)")
            }
        }
    }

    /// The whole cached corpus (`MFE_FIDELITY_CORPUS`: `cases/` and SwiftPM's `dumps/`, as
    /// `mfe-bench manifest-corpus` reads it): never a wrong graph, and `dump-package` SwiftPM's
    /// text byte for byte (sets sorted) wherever the graph is exact.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MFE_FIDELITY_CORPUS"] != nil, "set MFE_FIDELITY_CORPUS to a cached corpus"))
    func theCachedCorpusIsReadExactlyAndPrintedByteForByte() async throws {
        let root = try #require(ProcessInfo.processInfo.environment["MFE_FIDELITY_CORPUS"])
        let outcomes = await ManifestFidelity.measureCorpus(root: root)
        try #require(!outcomes.isEmpty, "no cases under \(root)/cases")
        for outcome in outcomes {
            if case .wrong(let differences) = outcome.verdict {
                Issue.record("\(outcome.package): the static reader differs from SwiftPM:\n\(differences.joined(separator: "\n"))")
            }
            #expect(outcome.byteEqual != false, "\(outcome.package): not SwiftPM's text; first differing line: \(outcome.firstDifference ?? "?")")
        }
    }

    @Test func sameDumpIgnoresOnlyTheOrderOfSets() {
        let swiftPM = "{\n  \"name\" : \"P\",\n  \"traits\" : [\n    \"A\",\n    \"B\"\n  ]\n}"
        #expect(ManifestFidelity.sameDump(swiftPM, swiftPM.replacingOccurrences(of: "\"A\",\n    \"B\"", with: "\"B\",\n    \"A\"")))
        #expect(!ManifestFidelity.sameDump(swiftPM, swiftPM.replacingOccurrences(of: "\"name\" : ", with: "\"name\": ")))
        #expect(!ManifestFidelity.sameDump(swiftPM, swiftPM.replacingOccurrences(of: "\"P\"", with: "\"Q\"")))
    }

    @Test func comparisonReportsEveryDifference() {
        let location = SourceLocation(file: "/p/Package.swift", line: 1, column: 1)
        let mine = PackageManifest(
            name: "P", toolsVersion: ToolsVersion(6, 0),
            dependencies: [
                PackageDependency(.fileSystem(path: "../Env"), location: location)
            ],
            targets: [
                Target(name: "A", dependencies: [TargetDependency(.byName("B"), platforms: ["linux"], location: location)], location: location)
            ], manifestPath: "/p/Package.swift")
        var theirs = mine
        #expect(ManifestFidelity.compare(mine, theirs, packageDirectory: "/p").isEmpty)
        theirs.dependencies[0].kind = .fileSystem(path: "/Env")
        #expect(ManifestFidelity.compare(mine, theirs, packageDirectory: "/p").isEmpty, "'../Env' from '/p' is '/Env'")
        theirs.targets[0].dependencies[0].platforms = ["macos"]
        #expect(
            ManifestFidelity.compare(mine, theirs, packageDirectory: "/p") == [
                "- target A depends on byName B platforms=linux", "+ target A depends on byName B platforms=macos",
            ])
    }
}

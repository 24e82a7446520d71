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

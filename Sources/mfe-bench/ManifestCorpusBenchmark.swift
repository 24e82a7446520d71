import Foundation
import MFEKit
import MFETestSupport

/// The static reader against cached `swift package dump-package` output on a corpus of real
/// manifests (mirrors at several tags, public app repositories), then the speed of
/// `mfe dump-package`'s reading against the real `dump-package` on a sample of them.
enum ManifestCorpusBenchmark: Benchmark {
    static let name = "manifest-corpus"
    static let summary = "static reader vs cached 'swift package dump-package' on $MFE_FIDELITY_CORPUS (cases/, dumps/), and their speed"

    static func run() async throws {
        let root = ProcessInfo.processInfo.environment["MFE_FIDELITY_CORPUS"] ?? "/work/corpus/fidelity"
        let outcomes = await ManifestFidelity.measureCorpus(root: root)
        guard !outcomes.isEmpty else {
            print("No cases under \(root)/cases; set MFE_FIDELITY_CORPUS to a folder with cases/ and dumps/.")
            return
        }
        print(ManifestFidelity.report(outcomes))

        // Speed: the same manifests read by the static reader and by a fresh
        // `swift package dump-package` (manifest cache off, one process at a time).
        let sampleSize = Int(ProcessInfo.processInfo.environment["MFE_FIDELITY_SPEED_SAMPLE"] ?? "") ?? 10
        let exact = outcomes.filter { $0.verdict == .exact }.map(\.package)
        let sample = stride(from: 0, to: exact.count, by: max(1, exact.count / max(sampleSize, 1))).prefix(sampleSize).map { "\(root)/cases/\(exact[$0])" }
        let clock = ContinuousClock()
        let service = DumpPackageService(environment: ServiceEnvironment())
        let rounds = 20
        let staticDuration = try await clock.measure {
            for _ in 0..<rounds {
                for directory in sample { _ = try await service.run(DumpPackageService.Request(path: directory, loader: .static)) }
            }
        }
        let swiftPM = DumpPackageManifestLoader(usesManifestCache: false, concurrency: 1)
        let dumpDuration = try await clock.measure {
            for directory in sample { _ = try await swiftPM.loadManifest(inPackageDirectory: directory) }
        }
        let staticMilliseconds = seconds(staticDuration) * 1000 / Double(max(sample.count * rounds, 1))
        let dumpMilliseconds = seconds(dumpDuration) * 1000 / Double(max(sample.count, 1))
        print(
            """
            | reader (\(sample.count) exact manifests) | per manifest |
            |---|---:|
            | `mfe dump-package` reading (static, JSON rendered) | \(String(format: "%.2f", staticMilliseconds)) ms |
            | `swift package dump-package` (no manifest cache) | \(String(format: "%.0f", dumpMilliseconds)) ms |
            | ratio | \(String(format: "%.0f", dumpMilliseconds / max(staticMilliseconds, 0.001)))× |
            """)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

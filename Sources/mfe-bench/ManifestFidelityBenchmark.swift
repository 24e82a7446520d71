import Foundation
import MFEKit
import MFETestSupport

/// Reads the manifest of every local package mirror with the static reader and with
/// `swift package dump-package`, and counts how often they agree.
enum ManifestFidelityBenchmark: Benchmark {
    static let name = "manifest-fidelity"
    static let summary = "static ManifestReader vs 'swift package dump-package' on every mirror in /opt/swift-packages"

    static func run() async throws {
        let root = ProcessInfo.processInfo.environment["MFE_PACKAGE_MIRRORS"] ?? "/opt/swift-packages"
        let mirrors = ManifestFidelity.mirrors(in: root)
        guard !mirrors.isEmpty else {
            print("No mirrors under \(root); set MFE_PACKAGE_MIRRORS to a folder of OWNER/NAME.git repositories.")
            return
        }
        let work = disk.temporaryPath("mfe-bench-fidelity-\(UUID().uuidString)")
        defer { try? disk.remove(work) }
        // Two at a time: dump-package compiles each manifest, and the machine is shared.
        let outcomes = try await OrderedConcurrency.map(count: mirrors.count, width: 2) { index in
            await ManifestFidelity.measure(gitDirectory: mirrors[index], workDirectory: "\(work)/\(index)")
        }
        print(ManifestFidelity.report(outcomes))

        // The static reader alone, with nothing else running: every exported manifest read
        // `rounds` times in a row.
        let rounds = 20
        let directories = mirrors.indices.map { "\(work)/\($0)" }.filter { disk.exists($0 + "/Package.swift") }
        let reader = ManifestReader(environment: ProcessState.environment)
        var reads = 0
        let clock = ContinuousClock()
        let elapsed = await clock.measure {
            for _ in 0..<rounds {
                for directory in directories {
                    _ = try? await reader.loadManifest(inPackageDirectory: directory)
                    reads += 1
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "Static reader alone: \(reads) manifest reads in \(String(format: "%.3f", seconds)) s, \(String(format: "%.3f", seconds * 1000 / Double(max(reads, 1)))) ms per manifest (file read, parse, evaluate)."
        )
    }
}
